import { type FormEncryption, setFormEncryption } from "@common/api/encryption";
import { backupKeyFrom, createBackupKey } from "@common/end-to-end-encryption";
import { DEFAULT_UNLOCK_PERIOD, type UnlockPeriod, unlockEnd } from "@common/unlock-period";
import { useMutation } from "@tanstack/react-query";
import { Lock, TriangleAlert } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { call } from "@/lib/api-client";
import { toast } from "@/lib/use-toast";
import { keepBackupKey } from "./backup-key";
import { encryptionProblem, newPassphraseProblem, PassphraseField, Problem, UnlockPeriodField } from "./encryption-form-parts";

/**
 * Turning encryption on: the key is made here from the passphrase, and only its wrapped form is sent (decision 177).
 * This browser is then unlocked for the period picked here, as an unlock is (decision 245). `now`: the injected clock.
 */
export function TurnOnEncryption({ email, onOn, now }: { email: string; onOn: (answer: FormEncryption) => void; now: () => number }) {
  const [passphrase, setPassphrase] = useState("");
  const [period, setPeriod] = useState<UnlockPeriod>(DEFAULT_UNLOCK_PERIOD);
  const [repeated, setRepeated] = useState("");
  const [understood, setUnderstood] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const understoodId = useId();
  const turnOn = useMutation({
    mutationFn: async () => {
      const { stored, rawKey } = await createBackupKey(passphrase);
      const answer = await call(setFormEncryption, { body: { key: stored } });
      await keepBackupKey(email, await backupKeyFrom(rawKey), unlockEnd(period, now()));
      return answer;
    },
    onSuccess: (answer) => {
      onOn(answer);
      toast({ title: "Encryption is on", description: "This browser seals form entries before they leave it." });
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const wrong = newPassphraseProblem(passphrase, repeated) ?? (understood ? null : "Tick the box to say you understand that a lost passphrase cannot be recovered.");
    setProblem(wrong);
    if (!wrong) turnOn.mutate();
  }

  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Turn on encryption">
      <div className="flex gap-3 rounded-xl border border-amber-200 bg-amber-50 p-3 text-amber-950">
        <TriangleAlert className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden="true" />
        <p>
          If you lose this passphrase, your encrypted form entries are lost for good: nobody, TabVault included, can open them or
          reset it for you. Form entries in backups made before you turn this on stay as they were.
        </p>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <PassphraseField label="Passphrase" value={passphrase} onChange={setPassphrase} autoComplete="new-password" />
        <PassphraseField label="Repeat the passphrase" value={repeated} onChange={setRepeated} autoComplete="new-password" />
        <UnlockPeriodField value={period} onChange={setPeriod} />
      </div>
      <div className="flex items-start gap-2">
        <input id={understoodId} type="checkbox" className="mt-1 size-4 accent-brand-600" checked={understood} onChange={(event) => setUnderstood(event.target.checked)} />
        <Label htmlFor={understoodId} className="font-normal leading-6 text-slate-700">
          I understand that a lost passphrase means lost form entries.
        </Label>
      </div>
      <Problem>{problem ?? encryptionProblem(turnOn.error, "Encryption could not be turned on.")}</Problem>
      <Button type="submit" disabled={turnOn.isPending}>
        <Lock />
        {turnOn.isPending ? "Making your key…" : "Turn on encryption"}
      </Button>
    </form>
  );
}
