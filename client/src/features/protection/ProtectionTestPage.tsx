import { toastFailure } from "@/lib/failure-toast";
import { FlaskConical, Loader2, MonitorX, RotateCcw, Smartphone, Stethoscope } from "lucide-react";
import { type ReactNode, useState } from "react";
import { protectionTests } from "./protection-tests";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useAuth } from "@/features/accounts/useAuth";
import { errorMessage } from "@/lib/queryClient";

type TestName = keyof typeof protectionTests;

const tests: { name: TestName; label: string; icon: typeof MonitorX; failure: string }[] = [
  { name: "windowsXButton", label: "Windows X-button test", icon: MonitorX, failure: "Protection Failed" },
  { name: "androidClearAll", label: "Android Clear All test", icon: Smartphone, failure: "Protection Failed" },
  { name: "status", label: "Status check", icon: Stethoscope, failure: "Status Check Failed" },
  { name: "restoreLatest", label: "Restore latest session", icon: RotateCcw, failure: "Restore Failed" },
];

/** `/protection-test`: runs the protection API against the account of the email given. */
export default function ProtectionTestPage() {
  const { user } = useAuth();
  // Until the person types, the field shows the account's address, also when the account query answers after the
  // first render (a new tab on a loaded machine showed an empty field).
  const [typedEmail, setEmail] = useState<string | null>(null);
  const email = typedEmail ?? user?.email ?? "";
  const [running, setRunning] = useState<TestName | null>(null);
  const [results, setResults] = useState<{ test: string; text: ReactNode; ok: boolean }[]>([]);

  async function run(test: (typeof tests)[number]) {
    setRunning(test.name);
    try {
      const text = await protectionTests[test.name](email.trim());
      setResults((list) => [{ test: test.label, text, ok: true }, ...list].slice(0, 10));
    } catch (error) {
      const message = errorMessage(error, "The call failed.");
      setResults((list) => [{ test: test.label, text: message, ok: false }, ...list].slice(0, 10));
      toastFailure(error, "The call failed.", test.failure);
    } finally {
      setRunning(null);
    }
  }

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 lg:px-8">
      <h1 className="flex items-center gap-3 text-3xl font-bold tracking-tight text-slate-900">
        <FlaskConical className="size-7 text-brand-600" aria-hidden="true" />
        Protection Test
      </h1>
      <p className="mt-2 text-slate-600">Try the protection API the Windows and Android apps use, on your own account.</p>

      <div className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <div className="space-y-2">
          <Label htmlFor="test-email">Test email</Label>
          <Input id="test-email" name="testEmail" value={email} onChange={(event) => setEmail(event.target.value)} placeholder="you@example.com" />
          <p className="text-sm text-slate-500">The server only answers for the account you are signed in with.</p>
        </div>
        <div className="mt-6 grid gap-3 sm:grid-cols-2">
          {tests.map((test) => (
            <Button key={test.name} variant="secondary" onClick={() => void run(test)} disabled={running !== null}>
              {running === test.name ? <Loader2 className="animate-spin" aria-hidden="true" /> : <test.icon aria-hidden="true" />}
              {test.label}
            </Button>
          ))}
        </div>
      </div>

      <section className="mt-8" aria-live="polite">
        <h2 className="text-lg font-semibold text-slate-900">Results</h2>
        {results.length === 0 ? (
          <p className="mt-2 text-slate-500">No tests run yet.</p>
        ) : (
          <ul className="mt-3 space-y-2">
            {results.map((result, index) => (
              <li key={index} className={result.ok ? "rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900" : "rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900"}>
                <strong className="font-semibold">{result.test}:</strong> {result.text}
              </li>
            ))}
          </ul>
        )}
      </section>
      {/* Room to scroll, so a backup taken here records a scroll position worth restoring. */}
      <div className="h-[60vh]" aria-hidden="true" />
    </div>
  );
}
