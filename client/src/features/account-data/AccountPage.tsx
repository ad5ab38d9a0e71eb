import { toastFailure } from "@/lib/failure-toast";
import { endSignInSession, exportAccount, getAccountOverview, requestAccountDeletion, signOutEverywhere, type SignInSession } from "@common/api/account-data";
import { EMERGENCY_BOUNDS, plans, storageText } from "@common/plan-catalogue";
import { ACCOUNT_DELETION_LINK_MINUTES, EVENT_RETENTION_DAYS, PRODUCT_SLUG } from "@common/product";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Download, Globe, HardDrive, Lock, LogOut, Monitor, Trash2, UserRound } from "lucide-react";
import { Button } from "@/components/ui/button";
import { SectionCard } from "@/components/ui/section-card";
import { DeviceTokens } from "@/features/dashboard/DeviceTokens";
import { EncryptionSection } from "@/features/encryption/EncryptionSection";
import { call, endpointKey, endpointQuery } from "@/lib/api-client";
import { formatDate, formatDateTime } from "@/lib/dates";
import { errorMessage } from "@/lib/queryClient";
import { saveBlob } from "@/lib/save-file";
import { toast } from "@/lib/use-toast";
import { useAuth } from "@/features/accounts/useAuth";

const OVERVIEW_KEY = endpointKey(getAccountOverview);


function showError(fallback: string) {
  return (error: unknown) => {
    toastFailure(error, fallback);
  };
}


/**
 * `/account`: the signed-in person's account (decision 137): profile and storage, the browsers
 * signed in and the devices connected (each can be ended, or all at once), the export of everything,
 * and deleting the account by a mailed link.
 */
export default function AccountPage() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const overview = useQuery(endpointQuery(getAccountOverview));
  const endSession = useMutation({
    mutationFn: (session: SignInSession) => call(endSignInSession, { params: { id: session.id } }),
    onSuccess: (_answer, session) => {
      if (session.current) window.location.assign("/");
      else {
        toast({ title: "Signed out", description: `${session.description ?? "That browser"} is signed out.` });
        void queryClient.invalidateQueries({ queryKey: OVERVIEW_KEY });
      }
    },
    onError: showError("The session could not be ended."),
  });
  const everywhere = useMutation({
    mutationFn: () => call(signOutEverywhere),
    onSuccess: () => window.location.assign("/"),
    onError: showError("Signing out everywhere failed."),
  });
  const exportData = useMutation({
    mutationFn: () => call(exportAccount),
    onSuccess: (data) => {
      // Checked against the contract on the way in; saved as the server's file name says.
      saveBlob(new Blob([JSON.stringify(data, null, 2)], { type: "application/json" }), `${PRODUCT_SLUG}-export-${data.exportedAt.slice(0, 10)}.json`);
      toast({ title: "Export ready", description: `${data.backups.length} backups, ${data.events.length} events and your settings are in the file.` });
    },
    onError: showError("The export failed."),
  });
  const deletion = useMutation({ mutationFn: () => call(requestAccountDeletion), onError: showError("The email could not be sent.") });
  if (!user) return null;
  const plan = plans[user.planType];
  const storage = overview.data?.storage;

  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Account</h1>
      <p className="mt-2 text-lg text-slate-600">Your profile, where you are signed in, your data and your account.</p>

      <div className="mt-8 grid grid-cols-1 gap-6">
        <SectionCard id="profile" icon={UserRound} title="Profile">
          <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-3">
            <div>
              <dt className="text-slate-500">Email</dt>
              <dd className="font-medium break-all text-slate-900">{user.email}</dd>
            </div>
            <div>
              <dt className="text-slate-500">Plan</dt>
              <dd className="font-medium text-slate-900">
                {plan.name}
                {user.team?.planFromTeam ? (
                  <span className="font-normal text-slate-500"> through your team {user.team.name}</span>
                ) : user.planExpiresAt ? (
                  <span className="font-normal text-slate-500"> until {formatDate(user.planExpiresAt)}</span>
                ) : null}
              </dd>
            </div>
            <div>
              <dt className="text-slate-500">Member since</dt>
              <dd className="font-medium text-slate-900">{formatDate(user.createdAt)}</dd>
            </div>
          </dl>
          {storage ? (
            <div className="mt-4 text-sm">
              <p className="flex items-center gap-2 text-slate-700">
                <HardDrive className="size-4 text-slate-400" aria-hidden="true" />
                Backups use {storageText(storage.usedBytes)} of {storageText(storage.quotaBytes)}
              </p>
              <div className="mt-2 h-2 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
                <div className="h-full bg-brand-500" style={{ width: `${Math.min(100, (storage.usedBytes / storage.quotaBytes) * 100)}%` }} />
              </div>
              <p className="mt-2 text-xs text-slate-500">
                When storage is full, manual saves are refused; automatic and emergency backups make room by removing the oldest automatic
                backups first, and an emergency backup may go {Math.round(EMERGENCY_BOUNDS.overStorageShare * 100)}% past it. Protection events are kept for{" "}
                {EVENT_RETENTION_DAYS} days.
              </p>
            </div>
          ) : null}
        </SectionCard>

        <SectionCard id="browser-sessions" icon={Monitor} title="Signed-in browsers">
          <p className="mt-1 text-sm text-slate-600">Each browser stays signed in for 30 days. Sign out one you no longer use.</p>
          {overview.isError ? <p className="mt-3 text-sm text-red-700">{errorMessage(overview.error, "The list could not be loaded.")}</p> : null}
          <ul className="mt-3 divide-y divide-slate-100">
            {overview.data?.sessions.map((session) => (
              <li key={session.id} className="flex items-center justify-between gap-3 py-2 text-sm">
                <span className="min-w-0">
                  <span className="block font-medium break-words text-slate-900">
                    {session.description ?? "A browser"}
                    {session.current ? (
                      <span className="ml-2 inline-block rounded bg-brand-50 px-1.5 py-0.5 text-xs font-medium whitespace-nowrap text-brand-700">This browser</span>
                    ) : null}
                  </span>
                  <span className="block text-xs text-slate-500">
                    Signed in {formatDateTime(session.createdAt)}
                    {session.lastUsedAt ? ` · Last used ${formatDateTime(session.lastUsedAt)}` : ""}
                  </span>
                </span>
                <Button variant="ghost" size="sm" onClick={() => endSession.mutate(session)} aria-label={`Sign out ${session.description ?? "a browser"}${session.current ? " (this browser)" : ""}`}>
                  <LogOut aria-hidden="true" />
                  Sign out
                </Button>
              </li>
            ))}
          </ul>
        </SectionCard>

        <DeviceTokens />

        <SectionCard id="everywhere" icon={Globe} title="Sign out everywhere">
          <p className="mt-1 text-sm text-slate-600">Signs out every browser, this one too, and disconnects every app and extension.</p>
          <Button className="mt-3" variant="outline" onClick={() => everywhere.mutate()} disabled={everywhere.isPending}>
            <LogOut aria-hidden="true" />
            Sign out everywhere
          </Button>
        </SectionCard>

        {user ? (
          <SectionCard id="encryption" icon={Lock} title="End-to-end encryption">
            <EncryptionSection email={user.email} />
          </SectionCard>
        ) : null}

        <SectionCard id="export" icon={Download} title="Your data">
          <p className="mt-1 text-sm text-slate-600">
            One JSON file with your account, every backup with its tabs, form data, tags and notes, your settings, automation rules, team, events, payments and devices.
          </p>
          <Button className="mt-3" variant="outline" onClick={() => exportData.mutate()} disabled={exportData.isPending}>
            <Download aria-hidden="true" />
            Export all my data
          </Button>
        </SectionCard>

        <SectionCard id="delete" icon={Trash2} title="Delete my account">
          <p className="mt-1 text-sm text-slate-600">
            We email you a link; when you confirm on our site, your account, backups, settings, events, devices and sessions are deleted at once.
            Payment records are kept without your name or address, as the law requires.
          </p>
          {deletion.isSuccess ? (
            <p role="status" className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
              {deletion.data.message}
            </p>
          ) : (
            <Button className="mt-3" variant="destructive" onClick={() => deletion.mutate()} disabled={deletion.isPending}>
              <Trash2 aria-hidden="true" />
              Email me a deletion link
            </Button>
          )}
          <p className="mt-2 text-xs text-slate-500">The link works once, for {ACCOUNT_DELETION_LINK_MINUTES} minutes.</p>
        </SectionCard>
      </div>
    </div>
  );
}
