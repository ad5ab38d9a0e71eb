import { type FormEncryption, getFormEncryption } from "@common/api/encryption";
import { listPlainLabels } from "@common/api/plain-labels";
import { KDF_ITERATIONS } from "@common/end-to-end-encryption";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { endpointKey, endpointQuery } from "@/lib/api-client";
import { formatDateTime } from "@/lib/dates";
import { errorMessage } from "@/lib/queryClient";
import { backupKeyChanged, forgetBackupKey, type HeldUnlock, loadBackupKey, readHeldUnlock } from "./backup-key";
import { forgetReplacedKey } from "./key-rotation";
import { Problem } from "./encryption-form-parts";
import { knownEncryption, rememberEncryption } from "./encryption-status";
import { PlainLabelSealing } from "./PlainLabelSealing";
import { TabLocationSealing } from "./TabLocationSealing";
import { TurnOnEncryption } from "./TurnOnEncryption";
import { UnlockBrowser } from "./UnlockBrowser";
import { UnlockedBrowser } from "./UnlockedBrowser";

const ENCRYPTION_KEY = endpointKey(getFormEncryption);
const rounds = KDF_ITERATIONS.toLocaleString("en-US");
const KEY_REPLACED_MESSAGE = "Your account's key was replaced from another browser. This browser forgot the old key and seals nothing with it: unlock it again with your passphrase.";

const endedMessage = (until: number) =>
  `This browser's unlock ended at ${formatDateTime(until)}, as chosen, and it forgot the key. Unlock it again with your passphrase.`;

/** When the unlock held before ended, if `after` is that end (decision 245): read as ended, or forgotten elsewhere once its time came. */
function endOf(before: HeldUnlock | null, after: HeldUnlock, now: number): number | null {
  if (after.state === "ended") return after.until;
  const until = before?.state === "unlocked" ? before.unlock.until : null;
  return after.state !== "unlocked" && until !== null && now >= until ? until : null;
}

/**
 * The Account page's end-to-end encryption (decision 177): turn it on with a passphrase, unlock this browser for a
 * chosen time or lock it (decision 245), change the passphrase. Keys are made and opened here, in the browser.
 * `now`: the injected clock.
 */
export function EncryptionSection({ email, now = Date.now }: { email: string; now?: () => number }) {
  const queryClient = useQueryClient();
  const encryption = useQuery(endpointQuery(getFormEncryption));
  const [held, setHeld] = useState<HeldUnlock | null>(null);
  const [endedAt, setEndedAt] = useState<number | null>(null);
  const lastHeld = useRef<HeldUnlock | null>(null);
  const refreshLock = useCallback(
    () =>
      void readHeldUnlock(email, now()).then((reading) => {
        const ended = endOf(lastHeld.current, reading, now());
        lastHeld.current = reading;
        setHeld(reading);
        if (ended !== null) setEndedAt(ended);
        else if (reading.state === "unlocked") setEndedAt(null);
      }),
    [email, now],
  );
  useEffect(() => {
    refreshLock();
    // An unlock ended by the clock (`unlock-timer.ts`) or changed in another part of the page.
    window.addEventListener(backupKeyChanged, refreshLock);
    return () => window.removeEventListener(backupKeyChanged, refreshLock);
  }, [refreshLock]);
  const unlocked = held === null ? null : held.state === "unlocked" ? held.unlock : false;
  // A key rotated elsewhere (decision 239): this browser forgets the old one and asks to be unlocked again.
  const [replaced, setReplaced] = useState(false);
  useEffect(() => {
    if (!encryption.data) return;
    void forgetReplacedKey(encryption.data, { load: () => loadBackupKey(email), forget: () => forgetBackupKey(email) }).then((forgot) => {
      if (forgot) {
        setReplaced(true);
        refreshLock();
      }
    });
  }, [email, encryption.data, refreshLock]);

  const adopt = (answer: FormEncryption) => {
    queryClient.setQueryData(ENCRYPTION_KEY, answer);
    rememberEncryption(email, answer, true);
    // The switch turned on again counts the readable labels afresh (decision 246), not from a count kept since.
    void queryClient.invalidateQueries({ queryKey: endpointKey(listPlainLabels) });
  };

  if (encryption.isPending || unlocked === null) return <p className="mt-3 text-sm text-slate-500">Loading…</p>;
  if (encryption.isError) return <Problem>{errorMessage(encryption.error, "Encryption settings could not be loaded.")}</Problem>;
  const state = encryption.data;
  return (
    <div className="mt-3 space-y-4 text-sm leading-6 text-slate-600">
      <p>
        Encrypt what you type into forms before it leaves this browser, with AES-256-GCM and a key made from your passphrase
        (PBKDF2-SHA-256, {rounds} rounds). TabVault stores only the encrypted form and cannot read it.{" "}
        {state.enabled && state.sealsTabLocations
          ? "Page titles and addresses are encrypted too, so search skips them; encrypted form entries are never searched."
          : "Page titles and addresses stay readable, so search still finds your tabs; encrypted form entries are never searched."}
      </p>
      {state.enabled ? (
        <>
          {replaced && !unlocked && <Problem>{KEY_REPLACED_MESSAGE}</Problem>}
          {endedAt !== null && !unlocked && <Problem>{endedMessage(endedAt)}</Problem>}
          {unlocked ? (
            <UnlockedBrowser email={email} encryption={state} until={unlocked.until} now={now} onLocked={refreshLock} onChanged={adopt} />
          ) : (
            <UnlockBrowser email={email} encryption={state} onUnlocked={refreshLock} now={now} />
          )}
          <TabLocationSealing encryption={state} onChanged={adopt} />
          {/* Labels stored readable before the switch (decision 246): sealed here once it is on, each time it is turned on. */}
          <PlainLabelSealing key={String(state.sealsTabLocations)} email={email} encryption={state} unlocked={Boolean(unlocked)} />
        </>
      ) : knownEncryption(email) === "on" ? (
        <Problem>
          TabVault answered that encryption is off for your account, but this browser has seen it on. No page turns encryption off,
          so this browser does not believe the answer: it keeps encrypting what it sends, or sends nothing.
        </Problem>
      ) : (
        <TurnOnEncryption email={email} now={now} onOn={(answer) => {
          adopt(answer);
          refreshLock();
        }} />
      )}
    </div>
  );
}
