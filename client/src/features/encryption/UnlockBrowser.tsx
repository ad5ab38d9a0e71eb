import { backupKeyFrom, unwrapBackupKey } from "@common/end-to-end-encryption";
import { DEFAULT_UNLOCK_PERIOD, type UnlockPeriod, unlockEnd } from "@common/unlock-period";
import { useMutation } from "@tanstack/react-query";
import { Lock, LockOpen } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/lib/use-toast";
import { keepBackupKey } from "./backup-key";
import { type EncryptionOn, encryptionProblem, PassphraseField, Problem, UnlockPeriodField } from "./encryption-form-parts";

/**
 * A locked browser: the passphrase opens the account's key, which this browser then keeps (non-extractable,
 * `backup-key.ts`) for the period the person picks (decision 245). `now`: the injected clock.
 */
export function UnlockBrowser({ email, encryption, onUnlocked, now }: { email: string; encryption: EncryptionOn; onUnlocked: () => void; now: () => number }) {
  const [passphrase, setPassphrase] = useState("");
  const [period, setPeriod] = useState<UnlockPeriod>(DEFAULT_UNLOCK_PERIOD);
  const unlock = useMutation({
    mutationFn: async () => {
      const key = await backupKeyFrom(await unwrapBackupKey(passphrase, encryption.key));
      // The end counts from when the key opened, not from when the form was filled in.
      await keepBackupKey(email, key, unlockEnd(period, now()));
    },
    onSuccess: () => {
      onUnlocked();
      toast({ title: "Unlocked", description: "This browser can seal and open your form entries." });
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    unlock.mutate();
  }

  return (
    <form onSubmit={submit} className="space-y-3" aria-label="Unlock this browser">
      <p className="flex items-center gap-2 font-medium text-slate-900">
        <Lock className="size-4 text-brand-600" aria-hidden="true" />
        Encryption is on. This browser is locked.
      </p>
      <p>
        {encryption.sealsTabLocations
          ? "Until you unlock it, this browser makes no backups (your account encrypts titles and addresses) and cannot show, refill or restore encrypted tabs."
          : "Until you unlock it, this browser leaves form entries out of its backups and cannot show or refill encrypted ones."}
      </p>
      <div className="grid max-w-xl gap-3 sm:grid-cols-2">
        <PassphraseField label="Your passphrase" value={passphrase} onChange={setPassphrase} autoComplete="current-password" />
        <UnlockPeriodField value={period} onChange={setPeriod} />
      </div>
      <Problem>{encryptionProblem(unlock.error, "This browser could not be unlocked.")}</Problem>
      <Button type="submit" disabled={unlock.isPending || passphrase.length === 0}>
        <LockOpen />
        {unlock.isPending ? "Unlocking…" : "Unlock this browser"}
      </Button>
    </form>
  );
}
