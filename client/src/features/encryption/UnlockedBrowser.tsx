import type { FormEncryption } from "@common/api/encryption";
import { KeyRound, Lock, LockOpen, RefreshCw } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { formatDate, formatDateTime, formatTime } from "@/lib/dates";
import { forgetBackupKey } from "./backup-key";
import { ChangePassphrase } from "./ChangePassphrase";
import type { EncryptionOn } from "./encryption-form-parts";
import { RotateKey } from "./RotateKey";

/** When an unlock ends, in words: the time alone when that is today, else the date too. */
function unlockedUntil(until: number | null, now: number): string {
  if (until === null) return "Unlocked until you lock it.";
  return `Unlocked until ${formatDate(until) === formatDate(now) ? formatTime(until) : formatDateTime(until)}, then this browser locks by itself and forgets the key.`;
}

/**
 * An unlocked browser: until when (decision 245), what it seals, locking it again, changing the passphrase, rotating
 * the key (decision 239). `now`: the injected clock.
 */
export function UnlockedBrowser({
  email,
  encryption,
  until,
  now,
  onLocked,
  onChanged,
}: {
  email: string;
  encryption: EncryptionOn;
  until: number | null;
  now: () => number;
  onLocked: () => void;
  onChanged: (answer: FormEncryption) => void;
}) {
  const [changing, setChanging] = useState(false);
  const [rotating, setRotating] = useState(false);
  return (
    <div className="space-y-3">
      <p className="flex items-center gap-2 font-medium text-slate-900">
        <LockOpen className="size-4 text-emerald-600" aria-hidden="true" />
        Encryption is on, and this browser is unlocked.
      </p>
      <p>{unlockedUntil(until, now())}</p>
      <p>
        {encryption.sealsTabLocations ? "Form entries, titles and addresses" : "Form entries"} this browser backs up are sealed before they are sent.
        Unlock the TabVault browser extension too, with the same passphrase in its options: until then it leaves form entries out
        {encryption.sealsTabLocations ? " and keeps its backups on the device" : ""}, and the server never stores plain ones.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={() => void forgetBackupKey(email).then(onLocked)}>
          <Lock />
          Lock this browser
        </Button>
        {!changing && (
          <Button type="button" variant="outline" onClick={() => setChanging(true)}>
            <KeyRound />
            Change passphrase
          </Button>
        )}
        {!rotating && (
          <Button type="button" variant="outline" onClick={() => setRotating(true)}>
            <RefreshCw />
            {encryption.rotation ? "Resume key rotation" : "Rotate key"}
          </Button>
        )}
      </div>
      {rotating && (
        <RotateKey
          email={email}
          encryption={encryption}
          until={until}
          onRotated={(answer) => {
            onChanged(answer);
            setRotating(false);
          }}
          onCancel={() => setRotating(false)}
        />
      )}
      {changing && (
        <ChangePassphrase
          encryption={encryption}
          onChanged={(answer) => {
            onChanged(answer);
            setChanging(false);
          }}
          onCancel={() => setChanging(false)}
        />
      )}
    </div>
  );
}
