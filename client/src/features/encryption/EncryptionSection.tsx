import { type FormEncryption, getFormEncryption, setFormEncryption, setTabLocationSealing } from "@common/api/encryption";
import {
  backupKeyFrom,
  createBackupKey,
  KDF_ITERATIONS,
  PASSPHRASE_MIN_LENGTH,
  rewrapBackupKey,
  unwrapBackupKey,
  WrongPassphraseError,
} from "@common/end-to-end-encryption";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { KeyRound, Lock, LockOpen, TriangleAlert } from "lucide-react";
import { type FormEvent, type ReactNode, useCallback, useEffect, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { call, endpointKey, endpointQuery } from "@/lib/api-client";
import { errorMessage } from "@/lib/queryClient";
import { toast } from "@/lib/use-toast";
import { forgetBackupKey, keepBackupKey, loadBackupKey } from "./backup-key";
import { rememberEncryption } from "./encryption-status";

const ENCRYPTION_KEY = endpointKey(getFormEncryption);
const rounds = KDF_ITERATIONS.toLocaleString("en-US");

function PassphraseField({ label, value, onChange, autoComplete }: { label: string; value: string; onChange: (value: string) => void; autoComplete: string }) {
  const id = useId();
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} type="password" autoComplete={autoComplete} value={value} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}

function Problem({ children }: { children: ReactNode }) {
  return children ? (
    <p role="alert" className="text-sm text-red-700">
      {children}
    </p>
  ) : null;
}

/** Checks a new passphrase and its repetition; null when they will do. */
function newPassphraseProblem(passphrase: string, repeated: string): string | null {
  if (passphrase.length < PASSPHRASE_MIN_LENGTH) return `Use at least ${PASSPHRASE_MIN_LENGTH} characters.`;
  if (passphrase !== repeated) return "The two passphrases are not the same.";
  return null;
}

/**
 * The Account page's end-to-end encryption (issue 18 point 5, decision 177): turn it on with a passphrase,
 * unlock or lock this browser, change the passphrase. Keys are made and opened here, in the browser.
 */
export function EncryptionSection({ email }: { email: string }) {
  const queryClient = useQueryClient();
  const encryption = useQuery(endpointQuery(getFormEncryption));
  const [unlocked, setUnlocked] = useState<boolean | null>(null);
  const refreshLock = useCallback(() => void loadBackupKey(email).then((key) => setUnlocked(key !== null)), [email]);
  useEffect(refreshLock, [refreshLock]);

  const adopt = (answer: FormEncryption) => {
    queryClient.setQueryData(ENCRYPTION_KEY, answer);
    rememberEncryption(email, answer);
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
          {unlocked ? (
            <UnlockedBrowser email={email} encryption={state} onLocked={refreshLock} onChanged={adopt} />
          ) : (
            <LockedBrowser email={email} encryption={state} onUnlocked={refreshLock} />
          )}
          <TabLocationSealing encryption={state} onChanged={adopt} />
        </>
      ) : (
        <TurnOn email={email} onOn={(answer) => {
          adopt(answer);
          refreshLock();
        }} />
      )}
    </div>
  );
}

function TurnOn({ email, onOn }: { email: string; onOn: (answer: FormEncryption) => void }) {
  const [passphrase, setPassphrase] = useState("");
  const [repeated, setRepeated] = useState("");
  const [understood, setUnderstood] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  const understoodId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const wrong = newPassphraseProblem(passphrase, repeated) ?? (understood ? null : "Tick the box to say you understand that a lost passphrase cannot be recovered.");
    setProblem(wrong);
    if (wrong) return;
    setWorking(true);
    try {
      const { stored, rawKey } = await createBackupKey(passphrase);
      const answer = await call(setFormEncryption, { body: { key: stored } });
      await keepBackupKey(email, await backupKeyFrom(rawKey));
      onOn(answer);
      toast({ title: "Encryption is on", description: "This browser seals form entries before they leave it." });
    } catch (error) {
      setProblem(errorMessage(error, "Encryption could not be turned on."));
    } finally {
      setWorking(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-4" aria-label="Turn on encryption">
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
      </div>
      <div className="flex items-start gap-2">
        <input id={understoodId} type="checkbox" className="mt-1 size-4 accent-brand-600" checked={understood} onChange={(event) => setUnderstood(event.target.checked)} />
        <Label htmlFor={understoodId} className="font-normal leading-6 text-slate-700">
          I understand that a lost passphrase means lost form entries.
        </Label>
      </div>
      <Problem>{problem}</Problem>
      <Button type="submit" disabled={working}>
        <Lock />
        {working ? "Making your key…" : "Turn on encryption"}
      </Button>
    </form>
  );
}

function LockedBrowser({ email, encryption, onUnlocked }: { email: string; encryption: Extract<FormEncryption, { enabled: true }>; onUnlocked: () => void }) {
  const [passphrase, setPassphrase] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [working, setWorking] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setWorking(true);
    setProblem(null);
    try {
      await keepBackupKey(email, await backupKeyFrom(await unwrapBackupKey(passphrase, encryption.key)));
      onUnlocked();
      toast({ title: "Unlocked", description: "This browser can seal and open your form entries." });
    } catch (error) {
      setProblem(error instanceof WrongPassphraseError ? error.message : errorMessage(error, "This browser could not be unlocked."));
    } finally {
      setWorking(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-3" aria-label="Unlock this browser">
      <p className="flex items-center gap-2 font-medium text-slate-900">
        <Lock className="size-4 text-brand-600" aria-hidden="true" />
        Encryption is on. This browser is locked.
      </p>
      <p>
        {encryption.sealsTabLocations
          ? "Until you unlock it, this browser makes no backups (your account encrypts titles and addresses) and cannot show, refill or restore encrypted tabs."
          : "Until you unlock it, this browser leaves form entries out of its backups and cannot show or refill encrypted ones."}
      </p>
      <div className="max-w-sm">
        <PassphraseField label="Your passphrase" value={passphrase} onChange={setPassphrase} autoComplete="current-password" />
      </div>
      <Problem>{problem}</Problem>
      <Button type="submit" disabled={working || passphrase.length === 0}>
        <LockOpen />
        {working ? "Unlocking…" : "Unlock this browser"}
      </Button>
    </form>
  );
}

function UnlockedBrowser({
  email,
  encryption,
  onLocked,
  onChanged,
}: {
  email: string;
  encryption: Extract<FormEncryption, { enabled: true }>;
  onLocked: () => void;
  onChanged: (answer: FormEncryption) => void;
}) {
  const [changing, setChanging] = useState(false);
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [repeated, setRepeated] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [working, setWorking] = useState(false);

  async function change(event: FormEvent) {
    event.preventDefault();
    const wrong = newPassphraseProblem(next, repeated);
    setProblem(wrong);
    if (wrong) return;
    setWorking(true);
    try {
      const rawKey = await unwrapBackupKey(current, encryption.key);
      const answer = await call(setFormEncryption, { body: { key: await rewrapBackupKey(rawKey, next), replaces: encryption.key.wrappedKey } });
      onChanged(answer);
      setChanging(false);
      toast({ title: "Passphrase changed", description: "Use the new one to unlock your other browsers." });
    } catch (error) {
      setProblem(error instanceof WrongPassphraseError ? "That is not your current passphrase." : errorMessage(error, "The passphrase could not be changed."));
    } finally {
      setWorking(false);
    }
  }

  return (
    <div className="space-y-3">
      <p className="flex items-center gap-2 font-medium text-slate-900">
        <LockOpen className="size-4 text-emerald-600" aria-hidden="true" />
        Encryption is on, and this browser is unlocked.
      </p>
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
      </div>
      {changing && (
        <form onSubmit={(event) => void change(event)} className="space-y-3" aria-label="Change passphrase">
          <div className="grid gap-3 sm:grid-cols-3">
            <PassphraseField label="Current passphrase" value={current} onChange={setCurrent} autoComplete="current-password" />
            <PassphraseField label="New passphrase" value={next} onChange={setNext} autoComplete="new-password" />
            <PassphraseField label="Repeat the new passphrase" value={repeated} onChange={setRepeated} autoComplete="new-password" />
          </div>
          <Problem>{problem}</Problem>
          <div className="flex gap-2">
            <Button type="submit" disabled={working}>
              {working ? "Changing…" : "Save new passphrase"}
            </Button>
            <Button type="button" variant="ghost" onClick={() => setChanging(false)}>
              Cancel
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}

/**
 * "Also encrypt titles and addresses" (decision 199): the account's choice, from then on. Turning it on first says
 * plainly what stops working and that a lost passphrase then loses the tabs themselves; turning it off is at once.
 */
function TabLocationSealing({ encryption, onChanged }: { encryption: Extract<FormEncryption, { enabled: true }>; onChanged: (answer: FormEncryption) => void }) {
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  const switchId = useId();
  const warningId = useId();
  const on = encryption.sealsTabLocations;

  async function choose(seal: boolean) {
    setWorking(true);
    setProblem(null);
    try {
      const answer = await call(setTabLocationSealing, { body: { seal } });
      onChanged(answer);
      setConfirming(false);
      toast(
        seal
          ? { title: "Titles and addresses are encrypted", description: "Tabs this browser backs up from now on are sealed whole before they leave it." }
          : { title: "Titles and addresses are readable again", description: "Tabs sent from now on are stored readable; those already encrypted stay so." },
      );
    } catch (error) {
      setProblem(errorMessage(error, "The choice could not be saved."));
    } finally {
      setWorking(false);
    }
  }

  return (
    <div className="space-y-3 rounded-xl border border-slate-200 p-4" role="group" aria-label="Titles and addresses">
      <div className="flex items-start justify-between gap-4">
        <div>
          <Label htmlFor={switchId} className="text-sm font-medium text-slate-900">
            Also encrypt titles and addresses
          </Label>
          <p className="mt-1">
            {on
              ? "On: every tab's title, address and icon is sealed with your key before it leaves your browsers. TabVault stores only ciphertext."
              : "Off: TabVault can read your tabs' titles and addresses, so it can search, summarise and share them."}
          </p>
        </div>
        <Switch
          id={switchId}
          checked={on}
          disabled={working}
          aria-describedby={confirming ? warningId : undefined}
          // Off to on goes through the warning first; on to off is at once.
          onCheckedChange={() => (on ? void choose(false) : setConfirming(!confirming))}
        />
      </div>
      {confirming && !on ? (
        <div id={warningId} className="space-y-3 rounded-xl border border-amber-200 bg-amber-50 p-3 text-amber-950">
          <div className="flex gap-3">
            <TriangleAlert className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden="true" />
            <div className="space-y-2">
              <p className="font-medium">Before you turn this on:</p>
              <ul className="list-disc space-y-1 pl-5">
                <li>Search, backup summaries, duplicate removal and team sharing do not work on encrypted tabs, and they export only as TabVault JSON.</li>
                <li>Files cannot be imported while it is on, except TabVault exports of encrypted tabs: TabVault reads a file on its server.</li>
                <li>A browser or extension that is not unlocked with your passphrase makes no backups.</li>
                <li>If you lose your passphrase, the encrypted tabs themselves are lost, not only their form entries. Nobody can open them.</li>
              </ul>
              <p>Backups already stored stay as they are.</p>
            </div>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button type="button" disabled={working} onClick={() => void choose(true)}>
              <Lock />
              {working ? "Saving…" : "Encrypt titles and addresses"}
            </Button>
            <Button type="button" variant="ghost" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
          </div>
        </div>
      ) : null}
      <Problem>{problem}</Problem>
    </div>
  );
}
