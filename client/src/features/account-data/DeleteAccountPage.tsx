import { deleteAccount, describeAccountDeletion } from "@common/api/account-data";
import { ACCOUNT_DELETION_LINK_MINUTES } from "@common/product";
import { useMutation, useQuery } from "@tanstack/react-query";
import { AlertCircle, CheckCircle2, Loader2, Trash2 } from "lucide-react";
import { Link } from "wouter";
import { AccountScreen } from "@/features/accounts/AccountScreen";
import { linkCheckScreen, useFragmentToken } from "@/features/accounts/mailed-link";
import { Button } from "@/components/ui/button";
import { call, endpointQuery } from "@/lib/api-client";
import { errorMessage } from "@/lib/queryClient";

/**
 * `/account/delete`: where a mailed deletion link lands (decision 137). Opening it deletes nothing: the
 * person sees which account it is for and deletes it with a click, which the server takes only from
 * this site.
 */
export default function DeleteAccountPage() {
  const token = useFragmentToken();
  if (!token) return <LinkUnusable />;
  return <Confirmation token={token} />;
}

function LinkUnusable() {
  return (
    <AccountScreen
      icon={AlertCircle}
      tone="warning"
      title="This deletion link can't be used"
      description={`It has expired or was already used. Links work once, for ${ACCOUNT_DELETION_LINK_MINUTES} minutes. Ask for a new one on your Account page.`}
    >
      <Button asChild className="w-full" size="lg">
        <Link href="/account">Go to my account</Link>
      </Button>
    </AccountScreen>
  );
}

function Confirmation({ token }: { token: string }) {
  const link = useQuery({ ...endpointQuery(describeAccountDeletion, { body: { token } }), retry: false, staleTime: Infinity });
  const remove = useMutation({ mutationFn: () => call(deleteAccount, { body: { token } }) });

  if (remove.isSuccess) {
    return (
      <AccountScreen
        icon={CheckCircle2}
        tone="success"
        title="Your account is deleted"
        description="Your backups, settings, events, devices and sessions are gone. Signing in with the address again starts a new, empty account."
      >
        {/* A full load: no screen keeps the deleted account's data in memory. */}
        <Button className="w-full" size="lg" onClick={() => window.location.assign("/")}>
          Go to the home page
        </Button>
      </AccountScreen>
    );
  }
  const problem = linkCheckScreen(link, remove.error, { icon: Trash2, tone: "warning", checkingTitle: "Checking your deletion link", unusable: <LinkUnusable /> });
  if (problem || !link.data) return problem;
  const { email } = link.data;
  return (
    <AccountScreen
      icon={Trash2}
      tone="warning"
      title={`Delete the account of ${email}?`}
      description={
        <p>
          This deletes the TabVault account of <strong className="font-semibold break-all text-slate-900">{email}</strong> now: every backup with its
          tabs and form data, your settings, events, devices and sessions. It cannot be undone. Payment records are kept without your name or
          address, as the law requires.
        </p>
      }
    >
      {remove.isError ? (
        <p role="alert" className="mb-4 flex gap-2 rounded-lg bg-red-50 p-3 text-sm leading-6 text-red-800">
          <AlertCircle className="mt-1 size-4 shrink-0" aria-hidden="true" />
          {errorMessage(remove.error, "Deleting failed. Please try again in a moment.")}
        </p>
      ) : null}
      <div className="flex flex-col gap-3">
        <Button size="lg" variant="destructive" onClick={() => remove.mutate()} disabled={remove.isPending}>
          {remove.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Trash2 aria-hidden="true" />}
          Delete my account
        </Button>
        <Button asChild variant="ghost" size="lg">
          <Link href="/account">Keep my account</Link>
        </Button>
      </div>
    </AccountScreen>
  );
}
