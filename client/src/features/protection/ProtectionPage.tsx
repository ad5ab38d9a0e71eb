import { Activity, Loader2, RotateCcw, ScanSearch, Stethoscope } from "lucide-react";
import { useState } from "react";
import { protectionTests } from "./protection-tests";
import { Button } from "@/components/ui/button";
import { useAuth } from "@/features/accounts/useAuth";
import { loginHref } from "@/features/accounts/sign-in-links";
import { errorMessage } from "@/lib/queryClient";
import { formatClockTime } from "@/lib/dates";

/** spec 2 §2: the activity log keeps the latest 10 lines. */
const LOG_LINES = 10;

/** `/protection`: the second test page — detection, status and restore with an activity log and counters. */
export default function ProtectionPage() {
  const { user } = useAuth();
  const [log, setLog] = useState<string[]>([]);
  const [counts, setCounts] = useState({ detections: 0, checks: 0, restores: 0 });
  const [busy, setBusy] = useState(false);

  async function run(kind: "detections" | "checks" | "restores") {
    if (!user) return;
    setBusy(true);
    const call = kind === "detections" ? protectionTests.androidClearAll : kind === "checks" ? protectionTests.status : protectionTests.restoreLatest;
    let line: string;
    try {
      line = await call(user.email);
      setCounts((current) => ({ ...current, [kind]: current[kind] + 1 }));
    } catch (error) {
      line = `Failed: ${errorMessage(error, "the call failed")}`;
    }
    setLog((lines) => [`${formatClockTime(new Date())} ${line}`, ...lines].slice(0, LOG_LINES));
    setBusy(false);
  }

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 lg:px-8">
      <h1 className="flex items-center gap-3 text-3xl font-bold tracking-tight text-slate-900">
        <Activity className="size-7 text-brand-600" aria-hidden="true" />
        Protection
      </h1>
      <p className="mt-2 text-slate-600">Simulate what the Android app does when it sees Clear All, and watch the results.</p>
      {user ? null : (
        <p className="mt-6 rounded-lg bg-amber-50 p-4 text-sm text-amber-900">
          <a className="font-semibold underline" href={loginHref(undefined, "/protection")}>Sign in</a> to run these against your account.
        </p>
      )}
      <dl className="mt-8 grid grid-cols-3 gap-3">
        {(
          [
            ["detections", "Clear All detections"],
            ["checks", "Status checks"],
            ["restores", "Restores"],
          ] as const
        ).map(([key, label]) => (
          <div key={key} className="rounded-xl border border-slate-200 bg-white p-4 text-center shadow-sm">
            <dd className="text-2xl font-bold text-slate-900">{counts[key]}</dd>
            <dt className="text-xs text-slate-500">{label}</dt>
          </div>
        ))}
      </dl>
      <div className="mt-6 flex flex-wrap gap-3">
        <Button onClick={() => void run("detections")} disabled={!user || busy}>
          {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : <ScanSearch aria-hidden="true" />}
          Simulate Clear All detection
        </Button>
        <Button variant="secondary" onClick={() => void run("checks")} disabled={!user || busy}>
          <Stethoscope aria-hidden="true" />
          Check status
        </Button>
        <Button variant="secondary" onClick={() => void run("restores")} disabled={!user || busy}>
          <RotateCcw aria-hidden="true" />
          Restore latest
        </Button>
      </div>
      <section className="mt-8">
        <h2 className="text-lg font-semibold text-slate-900">Activity log</h2>
        <ol className="mt-3 space-y-1 rounded-xl bg-slate-900 p-4 font-mono text-xs text-slate-100" aria-live="polite">
          {log.length === 0 ? <li className="text-slate-400">Nothing yet.</li> : log.map((line, index) => <li key={index}>{line}</li>)}
        </ol>
      </section>
    </div>
  );
}
