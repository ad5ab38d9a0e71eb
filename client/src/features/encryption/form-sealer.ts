import { getFormEncryption } from "@common/api/encryption";
import { asSealedFormData, openFormData, sealedFormDataOf, sealFormData } from "@common/end-to-end-encryption";
import type { QueryClient } from "@tanstack/react-query";
import { endpointQuery } from "@/lib/api-client";
import { backupKeyChanged, loadBackupKey } from "./backup-key";
import { knownEncryption, rememberEncryption } from "./encryption-status";

const STARTUP_WAIT_MS = 1500;

export interface FormSealer {
  /** The form entries to send: plain when the account does not encrypt, sealed when it does, none when this browser is locked. */
  seal(formData: Record<string, string>): Promise<Record<string, string>>;
  stop(): void;
}

/**
 * Seals what the web app's backups carry (decision 177). Until the account's answer is known, form entries
 * are left out rather than risk sending them in the clear.
 */
export function startFormSealer(email: string, queryClient: QueryClient): FormSealer {
  let key: CryptoKey | null = null;
  let keyLoaded: Promise<unknown> = Promise.resolve();
  const refreshKey = () => {
    keyLoaded = loadBackupKey(email).then((loaded) => (key = loaded));
  };
  refreshKey();
  window.addEventListener(backupKeyChanged, refreshKey);
  const answered = queryClient
    .fetchQuery(endpointQuery(getFormEncryption, undefined, { expectUnauthorized: true }))
    .then((encryption) => rememberEncryption(email, encryption))
    .catch(() => undefined);
  // A backup made while the page is still starting waits this long at most for the answers above.
  const startingUp = (promise: Promise<unknown>) => Promise.race([promise, new Promise((resolve) => window.setTimeout(resolve, STARTUP_WAIT_MS))]);

  return {
    async seal(formData) {
      if (Object.keys(formData).length === 0) return formData;
      if (knownEncryption(email) === "unknown") await startingUp(answered);
      const known = knownEncryption(email);
      if (known === "off") return formData;
      if (known === "unknown") return {};
      if (!key) await startingUp(keyLoaded);
      return key ? asSealedFormData(await sealFormData(key, formData)) : {};
    },
    stop() {
      window.removeEventListener(backupKeyChanged, refreshKey);
    },
  };
}

/** Opens sealed form entries with this browser's key; plain ones pass through; null when locked or not ours. */
export async function openedFormData(email: string, formData: Record<string, string>): Promise<Record<string, string> | null> {
  const sealed = sealedFormDataOf(formData);
  if (sealed === null) return formData;
  const key = await loadBackupKey(email);
  if (!key) return null;
  try {
    return await openFormData(key, sealed);
  } catch {
    return null;
  }
}
