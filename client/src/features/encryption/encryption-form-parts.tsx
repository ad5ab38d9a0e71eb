import type { FormEncryption } from "@common/api/encryption";
import { PASSPHRASE_MIN_LENGTH, WrongPassphraseError } from "@common/end-to-end-encryption";
import { UNLOCK_PERIODS_MINUTES, type UnlockPeriod, unlockPeriodLabel } from "@common/unlock-period";
import { type ReactNode, useId } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { errorMessage } from "@/lib/queryClient";

/** The account's encryption once it is on: its wrapped key and the choice to seal titles and addresses. */
export type EncryptionOn = Extract<FormEncryption, { enabled: true }>;

export function PassphraseField({ label, value, onChange, autoComplete }: { label: string; value: string; onChange: (value: string) => void; autoComplete: string }) {
  const id = useId();
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} type="password" autoComplete={autoComplete} value={value} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}

/**
 * How long this browser stays unlocked, chosen where the key is opened (decision 245): the extension's choices, in its
 * words, so one person meets one set of periods.
 */
export function UnlockPeriodField({ value, onChange }: { value: UnlockPeriod; onChange: (period: UnlockPeriod) => void }) {
  const id = useId();
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>Stay unlocked</Label>
      <select
        id={id}
        className="h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900"
        value={String(UNLOCK_PERIODS_MINUTES.indexOf(value))}
        onChange={(event) => {
          // Not `??`: null, "Until I lock it", is a period like the others.
          const chosen = UNLOCK_PERIODS_MINUTES[Number(event.target.value)];
          if (chosen !== undefined) onChange(chosen);
        }}
      >
        {UNLOCK_PERIODS_MINUTES.map((minutes, index) => (
          <option key={String(minutes)} value={String(index)}>
            {unlockPeriodLabel(minutes)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A form's problem, under its fields: nothing when there is none. */
export function Problem({ children }: { children: ReactNode }) {
  return children ? (
    <p role="alert" className="text-sm text-red-700">
      {children}
    </p>
  ) : null;
}

/** Checks a new passphrase and its repetition; null when they will do. */
export function newPassphraseProblem(passphrase: string, repeated: string): string | null {
  if (passphrase.length < PASSPHRASE_MIN_LENGTH) return `Use at least ${PASSPHRASE_MIN_LENGTH} characters.`;
  if (passphrase !== repeated) return "The two passphrases are not the same.";
  return null;
}

/**
 * What a failed encryption form says under its fields (these forms say it in place, not in a toast: the person is
 * still typing there): a wrong passphrase's own words (`wrongPassphrase`, or the error's), else the server's or `fallback`.
 */
export function encryptionProblem(error: unknown, fallback: string, wrongPassphrase?: string): string | null {
  if (error === null) return null;
  if (error instanceof WrongPassphraseError) return wrongPassphrase ?? error.message;
  return errorMessage(error, fallback);
}

/** An encryption form's submit button (saying so while it works) and its Cancel. */
export function SubmitOrCancel({ label, pendingLabel, pending, onCancel }: { label: string; pendingLabel: string; pending: boolean; onCancel: () => void }) {
  return (
    <div className="flex gap-2">
      <Button type="submit" disabled={pending}>
        {pending ? pendingLabel : label}
      </Button>
      <Button type="button" variant="ghost" onClick={onCancel}>
        Cancel
      </Button>
    </div>
  );
}
