import { sectionCardLook } from "@/components/ui/section-card";
import { toastFailure } from "@/lib/failure-toast";
import { getProtectionStatus } from "@common/api/backups";
import { toggleProtection } from "@common/api/protection";
import { PRODUCT_NAME } from "@common/product";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ArchiveRestore, Download, Keyboard, LogIn, Puzzle, ShieldAlert, ShieldCheck, ShieldOff, Zap } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "wouter";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Switch } from "@/components/ui/switch";
import { toast } from "@/lib/use-toast";
import { useAuth } from "@/features/accounts/useAuth";
import { loginHref } from "@/features/accounts/sign-in-links";
import { isStandaloneDisplay } from "@/features/install/platform";
import { cn } from "@/lib/class-names";
import { call, endpointQuery } from "@/lib/api-client";
import { ensureBlockerRunning } from "./blocker";
import { ExtensionLiveStatePanel } from "./ExtensionLiveStatePanel";
import { isLocked, SetByYourTeam } from "./TeamPolicyLock";
import { adoptProtectionSettings, useProtectionSettings } from "./protection-state";
import { isBlocking, type LocalProtection, writeLocalProtection } from "./storage-keys";
import { useBlockedAttempts } from "./useBlockedAttempts";
import { useLocalProtection } from "./useLocalProtection";
import { formatDateTime } from "@/lib/dates";

// Issue 16 point 4: the page says what the in-page blocker (blocker.ts) and the extension do, nothing more. No
// browser lets a page or an extension block a close-all in other tabs (w3c/webextensions#812).
const browsers = ["Chrome", "Edge", "Brave", "Opera", "Firefox", "Firefox for Android (one window)"];
const steps = [
  { icon: Keyboard, title: "Catches close-all here", text: "On TabVault's own pages, Ctrl+Shift+W, Ctrl+Alt+W, Alt+F4 and window.close() are caught." },
  {
    icon: ShieldCheck,
    title: "Blocks or backs up",
    text: "In Block mode they are stopped and counted. In Backup mode they go through, and a signed-in account gets an emergency backup first.",
  },
  {
    icon: Puzzle,
    title: "The extension covers the rest",
    text: "Everywhere else the TabVault browser extension keeps every tab backed up and brings a closed window back in one click.",
  },
];

/** spec 2 §9: the status banner refreshes every 5 s. */
const STATUS_REFRESH_MS = 5000;

/** What the blocker does now: blocks (on, Block mode), lets Clear All through after a backup (Backup mode), or nothing. */
type BlockerState = "blocking" | "backup" | "off";

/** `/clear-all-blocker`: the blocker's switch, its count, a test, and how it works. */
export default function ClearAllBlockerPage() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const protection = useLocalProtection();
  // A team policy that sets the protection mode locks this switch (decision 185): shown, never changed here.
  const teamPolicy = useProtectionSettings(Boolean(user))?.teamPolicy ?? null;
  const lockedByTeam = isLocked(teamPolicy, "enabled") || isLocked(teamPolicy, "mode");
  const blockedAttempts = useBlockedAttempts(Boolean(user));
  const state: BlockerState = isBlocking(protection) ? "blocking" : protection.enabled ? "backup" : "off";

  // Tests pressed on this page: counted here, apart from the blocked attempts.
  const [testsBlocked, setTestsBlocked] = useState(0);

  // spec 2 §4: the page starts the in-page blocker on load if it is not running yet.
  useEffect(() => ensureBlockerRunning(), []);

  // spec 2 §9: leaving this page while it blocks asks first (the browser shows its own question).
  useEffect(() => {
    if (state !== "blocking") return;
    const confirmLeaving = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", confirmLeaving);
    return () => window.removeEventListener("beforeunload", confirmLeaving);
  }, [state]);

  function toggle(on: boolean) {
    // spec 2 §3: the switch writes the mode with it. This page acts at once; an account that cannot save it
    // gets this browser's previous state back.
    const previous: Pick<LocalProtection, "enabled" | "mode"> = { enabled: protection.enabled, mode: protection.mode };
    const next = { enabled: on, mode: on ? "block" : "backup" } as const;
    writeLocalProtection(next);
    if (user) {
      call(toggleProtection, { body: next })
        .then((saved) => adoptProtectionSettings(queryClient, { enabled: saved.enabled, mode: saved.mode, ...(saved.mode === "block" ? { autoBackup: false } : {}) }))
        .catch((error: unknown) => {
          writeLocalProtection(previous);
          toastFailure(error, "Failed to toggle protection");
        });
    }
    if (on) toast({ title: "Clear All Blocking Enabled", description: "Close-all shortcuts are blocked on TabVault's pages" });
    else toast({ title: "Clear All Blocking Disabled", description: "Clear All buttons will now work normally", variant: "destructive" });
  }

  function test() {
    if (state === "blocking") {
      // A test is not an attempt: it never reaches the account's count, its events or its analytics.
      setTestsBlocked((count) => count + 1);
      toast({ title: "Test blocked", description: `${PRODUCT_NAME} would have stopped that Clear All. Tests are not counted as blocked attempts.` });
    } else {
      const description = state === "backup" ? "Backup mode - tabs would be cleared after a backup" : "Protection is disabled - tabs would be cleared";
      toast({ title: "Clear All Would Work", description, variant: "destructive" });
    }
  }

  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Clear All Blocker</h1>
      <p className="mt-2 text-slate-600">One switch between your tabs and an accidental Clear All.</p>

      <section className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8" aria-labelledby="blocker-status">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <div>
            <h2 id="blocker-status" className="text-lg font-semibold text-slate-900">Protection status</h2>
            <Badge className="mt-2" variant={state === "blocking" ? "success" : state === "backup" ? "warning" : "destructive"}>
              {state === "blocking" ? "BLOCKING ACTIVE" : state === "backup" ? "BACKUP MODE" : "PROTECTION OFF"}
            </Badge>
          </div>
          <label className="flex items-center gap-4">
            <span id="block-switch-label" className="font-medium text-slate-900">
              Block Clear All Buttons
              {lockedByTeam ? <SetByYourTeam /> : null}
            </span>
            <Switch size="lg" checked={state === "blocking"} onCheckedChange={toggle} disabled={lockedByTeam} aria-labelledby="block-switch-label" />
          </label>
        </div>

        {state === "blocking" ? (
          <div className="mt-6 flex items-center gap-4 rounded-xl border border-emerald-200 bg-emerald-50 p-5 text-emerald-900">
            <ShieldCheck className="size-8 shrink-0" aria-hidden="true" />
            <div>
              {blockedAttempts === null ? (
                <p className="text-3xl font-bold" aria-label="Loading blocked attempts">—</p>
              ) : (
                <p className="text-3xl font-bold" aria-label={`${blockedAttempts} blocked attempts`}>
                  {blockedAttempts}
                </p>
              )}
              <p className="text-sm">{user ? "Clear All attempts blocked on all your devices" : "Clear All attempts blocked in this browser"}</p>
              {testsBlocked > 0 ? (
                <p className="mt-1 text-sm" aria-live="polite">
                  Tests blocked on this page: {testsBlocked} (not counted above)
                </p>
              ) : null}
            </div>
          </div>
        ) : state === "backup" ? (
          <div className="mt-6 flex items-center gap-4 rounded-xl border border-amber-200 bg-amber-50 p-5 text-amber-900">
            <ArchiveRestore className="size-8 shrink-0" aria-hidden="true" />
            <p className="text-sm">
              <strong className="font-semibold">Clear All is let through in Backup mode.</strong>{" "}
              {user ? (
                <>
                  Your tabs are backed up first; restore them from the <Link href="/sessions" className="font-medium underline">Session Manager</Link>.
                </>
              ) : (
                "Backups need an account: sign in to keep one."
              )}
            </p>
          </div>
        ) : (
          <div role="alert" className="mt-6 flex items-center gap-4 rounded-xl border border-red-200 bg-red-50 p-5 text-red-900">
            <ShieldAlert className="size-8 shrink-0" aria-hidden="true" />
            <p className="text-sm">
              <strong className="font-semibold">Your tabs are vulnerable.</strong> One tap on Clear All will close them all.
            </p>
          </div>
        )}

        <Button className="mt-6" variant={state === "blocking" ? "default" : "destructive"} onClick={test}>
          <Zap aria-hidden="true" />
          {state === "blocking" ? "Test Clear All Block" : "Test (Would Clear Tabs)"}
        </Button>
        {user ? <StatusBanner email={user.email} /> : null}
        <ExtensionLiveStatePanel />
      </section>

      <section className="mt-10">
        <h2 className="text-xl font-semibold text-slate-900">How it works</h2>
        <ol className="mt-4 grid gap-4 sm:grid-cols-3">
          {steps.map(({ icon: Icon, title, text }, index) => (
            <li key={title} className={sectionCardLook}>
              <span className="flex items-center gap-2 text-sm font-semibold text-brand-700">
                <span className="inline-flex size-7 items-center justify-center rounded-full bg-brand-100">{index + 1}</span>
                <Icon className="size-4" aria-hidden="true" />
              </span>
              <h3 className="mt-3 font-semibold text-slate-900">{title}</h3>
              <p className="mt-1 text-sm text-slate-600">{text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="mt-10">
        <h2 className="text-xl font-semibold text-slate-900">Browsers the extension protects</h2>
        <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {browsers.map((browser) => (
            <li key={browser} className="rounded-xl border border-slate-200 bg-white px-4 py-3 text-center text-sm font-medium text-slate-800 shadow-sm">
              {browser}
            </li>
          ))}
        </ul>
      </section>

      {isStandaloneDisplay() ? null : (
        <section className="mt-10 flex flex-col gap-4 rounded-2xl bg-gradient-to-br from-brand-600 to-brand-800 p-6 text-white sm:flex-row sm:items-center sm:justify-between sm:p-8">
          <div>
            <h2 className="text-xl font-semibold">Get Protection</h2>
            <p className="mt-1 text-brand-100">Install the browser extension: it backs up every tab in every window and restores them in one click.</p>
          </div>
          <div className="flex flex-wrap gap-3">
            <Button asChild variant="inverse">
              <Link href="/download">
                <Download aria-hidden="true" />
                Get the browser extension
              </Link>
            </Button>
            {user ? null : (
              <Button asChild variant="outline" className={cn("border-white/40 text-white hover:bg-white/10 hover:text-white")}>
                <a href={loginHref()}>
                  <LogIn aria-hidden="true" />
                  Sign In
                </a>
              </Button>
            )}
          </div>
        </section>
      )}
    </div>
  );
}

/** The blocked-status banner: what the server holds for this account, refreshed every 5 s. */
function StatusBanner({ email }: { email: string }) {
  const { data } = useQuery({
    ...endpointQuery(getProtectionStatus, { params: { userEmail: email } }),
    refetchInterval: STATUS_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
  if (!data) return null;
  return (
    <p className="mt-6 flex items-center gap-2 text-sm text-slate-600" role="status">
      {data.isActive ? <ShieldCheck className="size-4 text-emerald-600" aria-hidden="true" /> : <ShieldOff className="size-4 text-red-600" aria-hidden="true" />}
      {data.sessionCount} {data.sessionCount === 1 ? "backup" : "backups"} saved
      {data.lastBackup ? `, the latest ${formatDateTime(data.lastBackup)}` : ""}.
    </p>
  );
}
