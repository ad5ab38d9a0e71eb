import type { BrowserBackup, BrowserTabInput, UploadBrowserBackupRequest } from "@common/api/browser-backups";
import { getFormEncryption } from "@common/api/encryption";
import type { PushOpenTabsRequest } from "@common/api/open-tabs";
import {
  asSealedFormData,
  backupKeyFrom,
  fromBase64Url,
  keyIdOf,
  openFormData,
  openTabLocation,
  sealedFormDataOf,
  sealFormData,
  sealTabLocation,
  unwrapBackupKey,
  WrongPassphraseError,
} from "@common/end-to-end-encryption";
import { callEndpoint } from "./api";
import type { StorageArea } from "./browser-api";
import type { KeyStore } from "./key-store";
import type { RefusedDowngrade } from "./refused-downgrade";
import type { BackupSummary } from "./backup-list";
import { SealMemo, type SealOnce } from "./seal-memo";
import { openBackupLabels, openSummaryLabels, sealUploadLabels } from "./sealed-labels";
import { type UnlockPeriod, unlockEnd } from "@common/unlock-period";

/**
 * Kept in storage.local: whether the account seals form entries and tab locations. The key itself is in the
 * {@link KeyStore} (decision 220); before that it was kept here as `rawKey`, moved out at the first read.
 */
export const FORM_ENCRYPTION_KEY = "formEncryption";

interface StoredEncryption {
  enabled: boolean;
  /** Whether the account seals titles, addresses and favicons too (decision 199). */
  sealsTabLocations: boolean;
  /** What the server last claimed that this browser refused to believe (decision 220); null when it agreed. */
  refusedDowngrade?: RefusedDowngrade | null;
  /** When the unlock the person chose to limit ends (epoch ms; decision 225); null: until they lock. */
  unlockedUntil?: number | null;
  /** The account's key was rotated since this browser unlocked (decision 239): it forgot the old key. */
  keyChanged?: boolean;
}


export interface FormEncryptionStatus {
  /** null until the server has answered once. */
  enabled: boolean | null;
  unlocked: boolean;
  /** When this unlock ends by itself (epoch ms), null when it lasts until the person locks. */
  unlockedUntil: number | null;
  /** The account seals titles and addresses too (decision 199): while locked, nothing with tabs leaves this browser. */
  sealsTabLocations: boolean;
  /** A lower answer of the server this browser refused (decision 220), said in the options page. */
  refusedDowngrade: RefusedDowngrade | null;
  /** The account's key was rotated elsewhere (decision 239): this browser locked itself and asks to be unlocked again. */
  keyChanged: boolean;
}

/** A restore of sealed tabs while this browser is locked: never blank tabs in their place. */
export const LOCKED_RESTORE_MESSAGE = "Unlock this browser in TabVault's options to restore encrypted tabs.";

/** A tab as the server answers it: a web page, or sealed with an empty url and title (decision 199). */
interface ReadTab {
  url: string;
  title: string;
  faviconUrl: string | null;
  sealedLocation?: string | null;
  formData?: Record<string, string>;
  scrollPosition?: { x: number; y: number };
}

/** What a read backup (or open-tabs list) became once this browser opened what it could. */
export interface OpenedTabs<B> {
  backup: B;
  /** Tabs still sealed: this browser is locked, or they were sealed under a key it does not hold. */
  stillSealed: number;
  /**
   * Tabs whose form entries are not refilled (decision 220): sealed for another page (moved there), or plain from an
   * account that encrypts them, which the server could have written.
   */
  formsRefused: number;
  /** Whether this browser holds a key at all. */
  unlocked: boolean;
}

export interface FormEncryptionDeps {
  storage: StorageArea;
  /** Where the unlocked key is kept, out of the content scripts' reach (decision 220). */
  keys: KeyStore;
  fetch: typeof fetch;
  credentials(): Promise<{ serverUrl: string; token: string } | null>;
  /** The injected clock's reading: an unlock the person limited ends on it (decision 225). */
  now(): number;
  /** Where the last round's sealed values are kept (decision 232): the browser's session storage; null keeps them in memory. */
  sealMemo?: StorageArea | null;
}

/**
 * End-to-end encryption in the extension (decision 177): the backup key is unlocked here with the passphrase (the
 * server sends only the wrapped key), form entries are sealed just before an upload, and opened for a restore's
 * refill. Until the server has said whether the account encrypts, form entries are left out (decision 220). Once this
 * browser has seen encryption on, a server answering "off" (or titles and addresses plain) is not believed: it keeps
 * sealing until the person locks and unlocks, or disconnects.
 */
export class FormEncryption {
  private readonly memo: SealMemo;

  constructor(private readonly deps: FormEncryptionDeps) {
    this.memo = new SealMemo(deps.sealMemo ?? null);
  }

  private async stored(): Promise<StoredEncryption | null> {
    const value = (await this.deps.storage.get(FORM_ENCRYPTION_KEY))[FORM_ENCRYPTION_KEY];
    if (!value || typeof value !== "object") return null;
    const [enabled, rawKey, sealsTabLocations, refused, until, keyChanged]: unknown[] = ["enabled", "rawKey", "sealsTabLocations", "refusedDowngrade", "unlockedUntil", "keyChanged"].map(
      (key) => Reflect.get(value, key),
    );
    const stored: StoredEncryption = {
      enabled: enabled === true,
      sealsTabLocations: enabled === true && sealsTabLocations === true,
      refusedDowngrade: refused === "encryption-off" || refused === "locations-plain" ? refused : null,
      unlockedUntil: typeof until === "number" ? until : null,
      keyChanged: keyChanged === true,
    };
    if (typeof rawKey === "string") {
      // Unlocked before decision 220: the raw key moves into the key store, as a key that cannot be read back.
      await this.deps.keys.set(await backupKeyFrom(fromBase64Url(rawKey)));
      await this.deps.storage.set({ [FORM_ENCRYPTION_KEY]: stored });
    }
    return stored;
  }

  async status(): Promise<FormEncryptionStatus> {
    const stored = await this.stored();
    return {
      enabled: stored ? stored.enabled : null,
      unlocked: (await this.key()) !== null,
      unlockedUntil: (await this.key()) !== null ? (stored?.unlockedUntil ?? null) : null,
      sealsTabLocations: stored?.sealsTabLocations ?? false,
      refusedDowngrade: stored?.refusedDowngrade ?? null,
      keyChanged: stored?.keyChanged ?? false,
    };
  }

  /** True while the account seals tab locations and this browser cannot: uploads and open-tabs pushes wait. */
  async lockedOut(): Promise<boolean> {
    const stored = await this.stored();
    return Boolean(stored?.sealsTabLocations) && (await this.key()) === null;
  }

  /**
   * Asks the server whether the account encrypts, and whether it seals titles and addresses. An answer lower than what
   * this browser already holds is refused and kept as such (decision 220): no route turns encryption off, and the
   * sealing of locations is lowered only through the person's own unlock. Answers whether this browser encrypts; null
   * when it could not ask.
   */
  async refresh(): Promise<boolean | null> {
    const credentials = await this.deps.credentials();
    if (!credentials) return null;
    const answer = await callEndpoint(getFormEncryption, {}, { ...credentials, fetch: this.deps.fetch });
    if (!answer.ok) return null;
    const stored = await this.stored();
    let next: StoredEncryption;
    if (!answer.data.enabled) {
      next = stored?.enabled ? { ...stored, refusedDowngrade: "encryption-off" } : { enabled: false, sealsTabLocations: false, refusedDowngrade: null };
    } else if (stored?.sealsTabLocations && !answer.data.sealsTabLocations) {
      next = { ...stored, enabled: true, refusedDowngrade: "locations-plain" };
    } else {
      // The unlock's end and a rotation already noticed stay as they were: an honest answer changes neither.
      next = { enabled: true, sealsTabLocations: answer.data.sealsTabLocations, refusedDowngrade: null, unlockedUntil: stored?.unlockedUntil ?? null, keyChanged: stored?.keyChanged ?? false };
    }
    const held = await this.deps.keys.get();
    if (answer.data.enabled && answer.data.keyId && held && (await keyIdOf(held)) !== answer.data.keyId) {
      // The account's key was rotated elsewhere (decision 239): nothing more is sealed with the old one. Locked, this
      // browser leaves form entries out and holds uploads of an account that seals locations, until unlocked again.
      await this.deps.keys.set(null);
      await this.memo.forget();
      next = { ...next, unlockedUntil: null, keyChanged: true };
    }
    await this.deps.storage.set({ [FORM_ENCRYPTION_KEY]: next });
    return next.enabled;
  }

  /** Unlocks with the passphrase, for `minutes` (decision 225) or, null, until the person locks. */
  async unlock(passphrase: string, minutes: UnlockPeriod = null): Promise<{ ok: boolean; message: string }> {
    const credentials = await this.deps.credentials();
    if (!credentials) return { ok: false, message: "Connect this browser to TabVault first." };
    const answer = await callEndpoint(getFormEncryption, {}, { ...credentials, fetch: this.deps.fetch });
    if (!answer.ok) return { ok: false, message: answer.kind === "network" ? "TabVault cannot be reached." : answer.message };
    if (!answer.data.enabled) return { ok: false, message: "Encryption is off for this account. Turn it on from the Account page on the TabVault website." };
    try {
      const rawKey = await unwrapBackupKey(passphrase, answer.data.key);
      const sealsTabLocations = answer.data.sealsTabLocations;
      // The person's own unlock takes the account's choice as it stands, a lower one included (decision 220).
      await this.deps.keys.set(await backupKeyFrom(rawKey));
      await this.memo.forget();
      const unlockedUntil = unlockEnd(minutes, this.deps.now());
      await this.deps.storage.set({ [FORM_ENCRYPTION_KEY]: { enabled: true, sealsTabLocations, refusedDowngrade: null, unlockedUntil } satisfies StoredEncryption });
      return {
        ok: true,
        message: sealsTabLocations
          ? "Unlocked: this browser seals form entries, titles and addresses before they leave it."
          : "Unlocked: this browser seals form entries before they leave it.",
      };
    } catch (error) {
      return { ok: false, message: error instanceof WrongPassphraseError ? error.message : "This browser could not be unlocked." };
    }
  }

  async lock(): Promise<void> {
    const stored = await this.stored();
    await this.deps.keys.set(null);
    await this.memo.forget();
    await this.deps.storage.set({
      [FORM_ENCRYPTION_KEY]: {
        enabled: stored?.enabled ?? false,
        sealsTabLocations: stored?.sealsTabLocations ?? false,
        refusedDowngrade: stored?.refusedDowngrade ?? null,
        unlockedUntil: null,
      } satisfies StoredEncryption,
    });
  }

  /** Forgets everything, as a disconnect does. */
  async forget(): Promise<void> {
    await this.deps.keys.set(null);
    await this.memo.forget();
    await this.deps.storage.remove(FORM_ENCRYPTION_KEY);
  }

  private async key(): Promise<CryptoKey | null> {
    // Read first: a key kept the old way moves into the key store.
    const stored = await this.stored();
    if (stored?.unlockedUntil != null && this.deps.now() >= stored.unlockedUntil) {
      // The unlock the person limited has ended (decision 225): the key is forgotten as a lock forgets it.
      await this.lock();
      return null;
    }
    return this.deps.keys.get();
  }

  /**
   * The upload as it may leave this browser: form entries sealed, or left out while the account encrypts and this
   * browser is locked; titles, addresses and favicons sealed too when the account chose so (decision 199). Null when
   * the account seals them and this browser is locked: nothing readable may leave, so the upload waits on the device.
   */
  async sealUpload(request: UploadBrowserBackupRequest): Promise<UploadBrowserBackupRequest | null> {
    let stored = await this.stored();
    if (!stored) {
      // Not heard from the server yet: ask now; still unknown, form entries stay on the device (decision 220).
      await this.refresh().catch(() => null);
      stored = await this.stored();
      if (!stored) return withoutFormEntries(request);
    }
    if (!stored.enabled) return request;
    const key = await this.key();
    if (stored.sealsTabLocations && !key) return null;
    const locations = stored.sealsTabLocations ? key : null;
    // An unchanged tab is sent as it was sealed last time, so the server stores it once (decision 232).
    const sealed = await this.memo.round("upload", async (sealOnce) => {
      const windows = await Promise.all(
        request.windows.map(async (window) => ({
          ...window,
          tabs: await Promise.all(
            window.tabs.map(async (tab) => {
              const formData = tab.formData ?? {};
              const sealedForms =
                Object.keys(formData).length === 0 || sealedFormDataOf(formData) !== null
                  ? formData
                  : key
                    ? asSealedFormData(await sealOnce(["form", tab.url, formData], () => sealFormData(key, formData, tab.url)))
                    : {};
              return sealLocation({ ...tab, formData: sealedForms }, locations, sealOnce);
            }),
          ),
        })),
      );
      // Group titles and window names name pages too: sealed with the locations (decision 237).
      return locations ? sealUploadLabels({ windows, groups: request.groups }, locations, sealOnce) : { windows };
    });
    return { ...request, ...sealed };
  }

  /**
   * An open-tabs push as it may leave this browser (it carries no form entries, decision 161): its tabs sealed when
   * the account seals locations, null while it does and this browser is locked.
   */
  async sealOpenTabs(request: PushOpenTabsRequest): Promise<PushOpenTabsRequest | null> {
    const stored = await this.stored();
    if (!stored?.sealsTabLocations) return request;
    const key = await this.key();
    if (!key) return null;
    const sealed = await this.memo.round("open-tabs", async (sealOnce) => {
      const windows = await Promise.all(request.windows.map(async (window) => ({ ...window, tabs: await Promise.all(window.tabs.map((tab) => sealLocation(tab, key, sealOnce))) })));
      return sealUploadLabels({ windows, groups: request.groups }, key, sealOnce);
    });
    return { ...request, ...sealed };
  }

  /**
   * A backup or open-tabs list read from the server, as a restore needs it: sealed titles and addresses opened with
   * this browser's key (so smart recovery and suggested groups see the real pages), sealed form entries opened for the
   * refill. A tab it cannot open stays sealed, with an empty url, and is counted.
   */
  async openBackup<B extends Pick<BrowserBackup, "windows">>(backup: B): Promise<OpenedTabs<B>> {
    const stored = await this.stored();
    const key = await this.key();
    let stillSealed = 0;
    let formsRefused = 0;
    const windows = await Promise.all(
      backup.windows.map(async (window) => ({
        ...window,
        tabs: await Promise.all(
          window.tabs.map(async (tab) => {
            const opened = await openLocation(tab, key);
            if (opened === null) {
              stillSealed += 1;
              return { ...tab, formData: {} };
            }
            const refill = await refillFor(tab.formData ?? {}, opened.url, key, stored?.enabled ?? false);
            if (refill === "refused") formsRefused += 1;
            return { ...opened, formData: refill === "refused" ? {} : refill };
          }),
        ),
      })),
    );
    return { backup: await openBackupLabels({ ...backup, windows }, key), stillSealed, formsRefused, unlocked: key !== null };
  }

  /** The popup's list with sealed names, tags and notes opened with this browser's key, or said locked (decision 237). */
  async openLabels(backups: readonly BackupSummary[]): Promise<BackupSummary[]> {
    return openSummaryLabels(backups, await this.key());
  }
}

/** An upload with every tab's form entries left out: what may leave before the account's answer is known. */
function withoutFormEntries(request: UploadBrowserBackupRequest): UploadBrowserBackupRequest {
  return { ...request, windows: request.windows.map((window) => ({ ...window, tabs: window.tabs.map((tab) => ({ ...tab, formData: {} })) })) };
}

/**
 * A restored tab's form entries to refill on `page` (decision 220): sealed ones opened for that page, plain ones only
 * from an account that does not encrypt; "refused" for sealed entries of another page and for plain entries a server
 * could have written into an encrypting account. Locked, sealed entries are simply not refilled.
 */
async function refillFor(formData: Record<string, string>, page: string, key: CryptoKey | null, encrypting: boolean): Promise<Record<string, string> | "refused"> {
  if (Object.keys(formData).length === 0) return formData;
  const sealed = sealedFormDataOf(formData);
  if (sealed === null) return encrypting ? "refused" : formData;
  if (!key) return {};
  return openFormData(key, sealed, page).catch(() => "refused" as const);
}

async function sealLocation(tab: BrowserTabInput, key: CryptoKey | null, sealOnce: SealOnce): Promise<BrowserTabInput> {
  if (!key || tab.sealedLocation) return tab;
  // Bound to the tab's sealed form entries and scroll, sealed just before (decision 225): all of them name the value.
  const location = { url: tab.url, title: tab.title ?? "", faviconUrl: tab.faviconUrl ?? null };
  const sealedLocation = await sealOnce(["location", location, tab.formData ?? {}, tab.scrollPosition ?? null], () => sealTabLocation(key, location, tab));
  return { ...tab, url: "", title: "", faviconUrl: null, sealedLocation };
}

/** The tab with its location opened; itself when it was never sealed; null when it cannot be opened here. */
async function openLocation<T extends ReadTab>(tab: T, key: CryptoKey | null): Promise<T | null> {
  if (!tab.sealedLocation) return tab;
  if (!key) return null;
  try {
    const location = await openTabLocation(key, tab.sealedLocation, tab);
    return { ...tab, ...location, sealedLocation: null };
  } catch {
    return null;
  }
}

