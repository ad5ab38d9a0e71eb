import { openDB } from "idb";
import { readUnlock, type StoredUnlock, type UnlockReading } from "./unlock-end";

/**
 * This browser's unlocked backup key (decision 177), in IndexedDB as a non-extractable CryptoKey: pages can
 * use it to seal and open, but no script can read its bytes back out. One key per account email, kept beside the time
 * its unlock ends (decision 245): every read weighs that end against the clock and forgets a key whose time has come.
 */
const DATABASE = "tabvault-encryption";
const STORE = "backup-keys";

function database() {
  return openDB(DATABASE, 1, {
    upgrade(db) {
      db.createObjectStore(STORE);
    },
  });
}

const keyOf = (email: string) => email.trim().toLowerCase();

/** What this browser holds for `email` at `now`: "locked" when nothing is kept (or IndexedDB is refused). */
export type HeldUnlock = UnlockReading | { state: "locked" };

/** Reads the kept unlock at `now`; one that ended or that this page did not write is forgotten here (C513). */
export async function readHeldUnlock(email: string, now: number = Date.now()): Promise<HeldUnlock> {
  let record: unknown;
  try {
    record = await (await database()).get(STORE, keyOf(email));
  } catch {
    // Private windows may refuse IndexedDB: then this browser is simply locked.
    return { state: "locked" };
  }
  if (record === undefined) return { state: "locked" };
  const reading = readUnlock(record, now);
  if (reading.state !== "unlocked") await forgetBackupKey(email).catch(() => undefined);
  return reading;
}

/** The key while this browser's unlock holds at `now`, else null. */
export async function loadBackupKey(email: string, now: number = Date.now()): Promise<CryptoKey | null> {
  const held = await readHeldUnlock(email, now);
  return held.state === "unlocked" ? held.unlock.key : null;
}

/** Keeps `key` until `until` (the injected clock's milliseconds), or until the person locks (null). */
export async function keepBackupKey(email: string, key: CryptoKey, until: number | null): Promise<void> {
  await (await database()).put(STORE, { key, until } satisfies StoredUnlock, keyOf(email));
  announceKeyChange();
}

export async function forgetBackupKey(email: string): Promise<void> {
  try {
    await (await database()).delete(STORE, keyOf(email));
  } finally {
    announceKeyChange();
  }
}

/** Told when this tab unlocks or locks, so the running capture picks the key up without a reload. */
export const backupKeyChanged = "tabvault:backup-key-changed";

function announceKeyChange(): void {
  window.dispatchEvent(new Event(backupKeyChanged));
}
