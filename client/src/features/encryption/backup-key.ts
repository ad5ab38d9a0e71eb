import { openDB } from "idb";

/**
 * This browser's unlocked backup key (decision 177), in IndexedDB as a non-extractable CryptoKey: pages can
 * use it to seal and open, but no script can read its bytes back out. One key per account email.
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

export async function loadBackupKey(email: string): Promise<CryptoKey | null> {
  try {
    const stored: unknown = await (await database()).get(STORE, keyOf(email));
    return stored instanceof CryptoKey ? stored : null;
  } catch {
    // Private windows may refuse IndexedDB: then this browser is simply locked.
    return null;
  }
}

export async function keepBackupKey(email: string, key: CryptoKey): Promise<void> {
  await (await database()).put(STORE, key, keyOf(email));
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
