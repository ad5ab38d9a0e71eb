import { getFormEncryption } from "@common/api/encryption";
import { openFormData, sealedFormDataOf } from "@common/end-to-end-encryption";
import type { QueryClient } from "@tanstack/react-query";
import { endpointQuery } from "@/lib/api-client";
import { backupKeyChanged, forgetBackupKey, loadBackupKey, readHeldUnlock } from "./backup-key";
import { forgetReplacedKey } from "./key-rotation";
import { knownEncryption, knownLocationSealing, rememberEncryption } from "./encryption-status";
import { openedForRestore, type SealableTab, sealTabsForSending } from "./tab-sealing";
import type { StoredUnlock } from "./unlock-end";

const STARTUP_WAIT_MS = 1500;

export interface FormSealer {
  /**
   * The tabs to send (decisions 177, 199): form entries plain when the account does not encrypt, sealed when it
   * does, left out when this browser is locked; titles and addresses sealed too when the account chose so. Null
   * when nothing may be sent: the account seals titles and addresses and this browser is locked.
   */
  prepare<T extends SealableTab>(tabs: readonly T[]): Promise<T[] | null>;
  stop(): void;
}

/**
 * Seals what the web app's backups carry. Until the account's answer is known, form entries are left out rather
 * than risk sending them in the clear; titles and addresses go as last heard (the server refuses plain tabs from an
 * account that seals them, so none is stored).
 */
export function startFormSealer(email: string, queryClient: QueryClient, now: () => number = Date.now): FormSealer {
  let held: StoredUnlock | null = null;
  let keyLoaded: Promise<unknown> = Promise.resolve();
  const refreshKey = () => {
    keyLoaded = readHeldUnlock(email, now()).then((reading) => (held = reading.state === "unlocked" ? reading.unlock : null));
  };
  // The unlock's end is weighed at every backup, not only when the key was read (decision 245).
  const heldKey = () => (held && (held.until === null || now() < held.until) ? held.key : null);
  refreshKey();
  window.addEventListener(backupKeyChanged, refreshKey);
  const answered = queryClient
    .fetchQuery(endpointQuery(getFormEncryption, undefined, { expectUnauthorized: true }))
    .then(async (encryption) => {
      rememberEncryption(email, encryption);
      // A key rotated elsewhere (decision 239): the old one is forgotten, so nothing more is sealed with it.
      await forgetReplacedKey(encryption, { load: () => loadBackupKey(email), forget: () => forgetBackupKey(email) });
    })
    .catch(() => undefined);
  // A backup made while the page is still starting waits this long at most for the answers above.
  const startingUp = (promise: Promise<unknown>) => Promise.race([promise, new Promise((resolve) => window.setTimeout(resolve, STARTUP_WAIT_MS))]);

  return {
    async prepare(tabs) {
      if (knownEncryption(email) === "unknown") await startingUp(answered);
      const encryption = knownEncryption(email);
      // Its end come, the key is read again, which forgets it and tells the page.
      if (held && !heldKey()) refreshKey();
      if (encryption === "on" && !heldKey()) await startingUp(keyLoaded);
      return sealTabsForSending(tabs, { encryption, sealsLocations: encryption === "on" && knownLocationSealing(email), key: heldKey() });
    },
    stop() {
      window.removeEventListener(backupKeyChanged, refreshKey);
    },
  };
}

/** One backup's tabs prepared as {@link startFormSealer} does, for a save the person asked for. */
export async function prepareTabsOnce<T extends SealableTab>(email: string, queryClient: QueryClient, tabs: readonly T[]): Promise<T[] | null> {
  const sealer = startFormSealer(email, queryClient);
  try {
    return await sealer.prepare(tabs);
  } finally {
    sealer.stop();
  }
}

/**
 * Opens sealed form entries for `page` with this browser's key; null when locked, not ours, or sealed for another page
 * (decision 220). Plain ones pass through only while the account does not encrypt: with encryption on, plain entries
 * in a backup are what a server could have written, and are never refilled.
 */
export async function openedFormData(email: string, formData: Record<string, string>, page: string): Promise<Record<string, string> | null> {
  const sealed = sealedFormDataOf(formData);
  if (sealed === null) return knownEncryption(email) === "on" && Object.keys(formData).length > 0 ? null : formData;
  const key = await loadBackupKey(email);
  if (!key) return null;
  try {
    return await openFormData(key, sealed, page);
  } catch {
    return null;
  }
}

/** Tabs to reopen, sealed ones opened with this browser's key; those it cannot open are counted (decision 199). */
export async function openTabsForRestore<T extends SealableTab>(email: string, tabs: readonly T[]): Promise<{ tabs: T[]; unopened: number }> {
  if (!tabs.some((tab) => tab.sealedLocation)) return { tabs: [...tabs], unopened: 0 };
  return openedForRestore(await loadBackupKey(email), tabs);
}
