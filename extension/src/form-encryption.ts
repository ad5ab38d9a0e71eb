import type { UploadBrowserBackupRequest } from "@common/api/browser-backups";
import { getFormEncryption } from "@common/api/encryption";
import {
  asSealedFormData,
  backupKeyFrom,
  fromBase64Url,
  openFormData,
  sealedFormDataOf,
  sealFormData,
  toBase64Url,
  unwrapBackupKey,
  WrongPassphraseError,
} from "@common/end-to-end-encryption";
import { callEndpoint } from "./api";
import type { StorageArea } from "./browser-api";

/** Kept in storage.local: whether the account seals form entries, and this browser's key once unlocked. */
export const FORM_ENCRYPTION_KEY = "formEncryption";

interface StoredEncryption {
  enabled: boolean;
  /** The backup key's raw bytes (base64url), present once the person unlocked this browser. */
  rawKey: string | null;
}

export interface FormEncryptionStatus {
  /** null until the server has answered once. */
  enabled: boolean | null;
  unlocked: boolean;
}

export interface FormEncryptionDeps {
  storage: StorageArea;
  fetch: typeof fetch;
  credentials(): Promise<{ serverUrl: string; token: string } | null>;
}

/**
 * End-to-end encryption in the extension (decision 177): the backup key is unlocked here with the passphrase (the
 * server sends only the wrapped key), form entries are sealed just before an upload, and opened for a restore's
 * refill. Until the server has said whether the account encrypts, form entries are sent plain: the server stores
 * `{}` for them when it does, so none is ever stored readable.
 */
export class FormEncryption {
  constructor(private readonly deps: FormEncryptionDeps) {}

  private async stored(): Promise<StoredEncryption | null> {
    const value = (await this.deps.storage.get(FORM_ENCRYPTION_KEY))[FORM_ENCRYPTION_KEY];
    if (!value || typeof value !== "object") return null;
    const { enabled, rawKey } = value as Partial<StoredEncryption>;
    return { enabled: enabled === true, rawKey: typeof rawKey === "string" ? rawKey : null };
  }

  async status(): Promise<FormEncryptionStatus> {
    const stored = await this.stored();
    return { enabled: stored ? stored.enabled : null, unlocked: Boolean(stored?.rawKey) };
  }

  /** Asks the server whether the account encrypts; the key stays only while it does. Null when it could not ask. */
  async refresh(): Promise<boolean | null> {
    const credentials = await this.deps.credentials();
    if (!credentials) return null;
    const answer = await callEndpoint(getFormEncryption, {}, { ...credentials, fetch: this.deps.fetch });
    if (!answer.ok) return null;
    const stored = await this.stored();
    await this.deps.storage.set({ [FORM_ENCRYPTION_KEY]: { enabled: answer.data.enabled, rawKey: answer.data.enabled ? (stored?.rawKey ?? null) : null } });
    return answer.data.enabled;
  }

  async unlock(passphrase: string): Promise<{ ok: boolean; message: string }> {
    const credentials = await this.deps.credentials();
    if (!credentials) return { ok: false, message: "Connect this browser to TabVault first." };
    const answer = await callEndpoint(getFormEncryption, {}, { ...credentials, fetch: this.deps.fetch });
    if (!answer.ok) return { ok: false, message: answer.kind === "network" ? "TabVault cannot be reached." : answer.message };
    if (!answer.data.enabled) return { ok: false, message: "Encryption is off for this account. Turn it on from the Account page on the TabVault website." };
    try {
      const rawKey = await unwrapBackupKey(passphrase, answer.data.key);
      await this.deps.storage.set({ [FORM_ENCRYPTION_KEY]: { enabled: true, rawKey: toBase64Url(rawKey) } });
      return { ok: true, message: "Unlocked: this browser seals form entries before they leave it." };
    } catch (error) {
      return { ok: false, message: error instanceof WrongPassphraseError ? error.message : "This browser could not be unlocked." };
    }
  }

  async lock(): Promise<void> {
    const stored = await this.stored();
    await this.deps.storage.set({ [FORM_ENCRYPTION_KEY]: { enabled: stored?.enabled ?? false, rawKey: null } });
  }

  /** Forgets everything, as a disconnect does. */
  async forget(): Promise<void> {
    await this.deps.storage.remove(FORM_ENCRYPTION_KEY);
  }

  private async key(): Promise<CryptoKey | null> {
    const rawKey = (await this.stored())?.rawKey;
    return rawKey ? backupKeyFrom(fromBase64Url(rawKey)) : null;
  }

  /** The upload as it may leave this browser: form entries sealed, or left out while the account encrypts and this browser is locked. */
  async sealUpload(request: UploadBrowserBackupRequest): Promise<UploadBrowserBackupRequest> {
    const stored = await this.stored();
    if (!stored?.enabled) return request;
    const key = await this.key();
    const windows = await Promise.all(
      request.windows.map(async (window) => ({
        ...window,
        tabs: await Promise.all(
          window.tabs.map(async (tab) => {
            const formData = tab.formData ?? {};
            if (Object.keys(formData).length === 0 || sealedFormDataOf(formData) !== null) return tab;
            return { ...tab, formData: key ? asSealedFormData(await sealFormData(key, formData)) : {} };
          }),
        ),
      })),
    );
    return { ...request, windows };
  }

  /** A restored tab's form entries to refill: sealed ones opened with this browser's key, or none when it cannot. */
  async openForRefill(formData: Record<string, string>): Promise<Record<string, string>> {
    const sealed = sealedFormDataOf(formData);
    if (sealed === null) return formData;
    const key = await this.key();
    if (!key) return {};
    return openFormData(key, sealed).catch(() => ({}));
  }
}
