import { asSealedFormData, openTabLocation, sealFormData, sealTabLocation, type TabLocation } from "@common/end-to-end-encryption";
import type { KnownEncryption } from "./encryption-status";

/**
 * What the web app does to tabs before they leave this browser, and to sealed tabs it reads back (decisions 177,
 * 199): pure functions of the tabs, the account's choice as this browser knows it and this browser's key.
 */

/** The fields of a tab the sealing touches; every upload and response shape of a tab has them. */
export interface SealableTab {
  url: string;
  title?: string | null;
  faviconUrl?: string | null;
  sealedLocation?: string | null;
  formData?: Record<string, string>;
  /** Bound with the form entries to a location sealed since decision 225. */
  scrollPosition?: { x: number; y: number };
}

export interface SealingChoice {
  /** Whether the account encrypts at all, as this browser last heard it. */
  encryption: KnownEncryption;
  /** Whether it seals titles, addresses and favicons too (decision 199). */
  sealsLocations: boolean;
  /** This browser's unlocked backup key; null while it is locked. */
  key: CryptoKey | null;
}

/** Why a backup was not sent: the account seals titles and addresses, and this browser cannot. */
export const LOCKED_BACKUP_MESSAGE =
  "Not backed up: your account encrypts titles and addresses, and this browser is locked. Unlock on the Account page to back up.";

export class LockedBrowserError extends Error {
  constructor() {
    super(LOCKED_BACKUP_MESSAGE);
    this.name = "LockedBrowserError";
  }
}

async function formDataToSend(formData: Record<string, string> | undefined, page: string, choice: SealingChoice): Promise<Record<string, string>> {
  if (!formData || Object.keys(formData).length === 0) return formData ?? {};
  if (choice.encryption === "off") return formData;
  // Unknown or locked: left out rather than sent in the clear.
  if (choice.encryption === "unknown" || !choice.key) return {};
  // Bound to its page, so a server cannot move it onto another one (decision 220).
  return asSealedFormData(await sealFormData(choice.key, formData, page));
}

/**
 * The tabs as they may be sent: form entries sealed (or left out), and, when the account seals locations, each
 * tab's URL, title and favicon sealed into `sealedLocation` with the plain ones emptied. Null when nothing may be
 * sent at all: the account seals locations and this browser is locked (the server would refuse plain tabs).
 */
export async function sealTabsForSending<T extends SealableTab>(tabs: readonly T[], choice: SealingChoice): Promise<T[] | null> {
  const { key } = choice;
  if (choice.sealsLocations && !key) return null;
  return Promise.all(
    tabs.map(async (tab) => {
      const formData = await formDataToSend(tab.formData, tab.url, choice);
      const sealed = { ...tab, ...(tab.formData === undefined ? {} : { formData }) };
      if (!choice.sealsLocations || !key || tab.sealedLocation) return sealed;
      const location: TabLocation = { url: tab.url, title: tab.title ?? "", faviconUrl: tab.faviconUrl ?? null };
      return { ...sealed, url: "", title: "", faviconUrl: null, sealedLocation: await sealTabLocation(key, location, sealed) };
    }),
  );
}

/** How a tab's title and address can be shown here: plain, opened with this browser's key, or not. */
export type LocationState = "plain" | "opened" | "locked" | "unreadable";

export interface ShownLocation extends TabLocation {
  state: LocationState;
}

/**
 * A tab's title and address as this browser can show them. A sealed tab is opened with `key`; without one it is
 * "locked", and one the key does not open (sealed under another account's key, or damaged) is "unreadable".
 */
export async function shownLocation(key: CryptoKey | null, tab: SealableTab): Promise<ShownLocation> {
  if (!tab.sealedLocation) return { url: tab.url, title: tab.title ?? "", faviconUrl: tab.faviconUrl ?? null, state: "plain" };
  if (!key) return { url: "", title: "", faviconUrl: null, state: "locked" };
  try {
    return { ...(await openTabLocation(key, tab.sealedLocation, tab)), state: "opened" };
  } catch {
    return { url: "", title: "", faviconUrl: null, state: "unreadable" };
  }
}

/**
 * Tabs to reopen: sealed ones opened with `key` (their URL, title and favicon filled in, `sealedLocation` dropped);
 * those it cannot open are left out and counted, since a tab without its address cannot be reopened.
 */
export async function openedForRestore<T extends SealableTab>(key: CryptoKey | null, tabs: readonly T[]): Promise<{ tabs: T[]; unopened: number }> {
  const shown = await Promise.all(tabs.map((tab) => shownLocation(key, tab)));
  const opened: T[] = [];
  shown.forEach((location, index) => {
    if (location.state !== "plain" && location.state !== "opened") return;
    const tab = tabs[index]!;
    opened.push(location.state === "plain" ? tab : { ...tab, url: location.url, title: location.title, faviconUrl: location.faviconUrl, sealedLocation: null });
  });
  return { tabs: opened, unopened: tabs.length - opened.length };
}

/** "2 encrypted tabs", for the pages that say how many they could not read. */
export function encryptedTabs(count: number): string {
  return `${count} encrypted ${count === 1 ? "tab" : "tabs"}`;
}

/**
 * Tabs with the titles and addresses this browser opened put back in place (`shown` is {@link shownLocation} of each,
 * in order); those it could not open stay sealed, so what reads them (the summary) still counts them apart.
 */
export function withOpenedLocations<T extends SealableTab>(tabs: readonly T[], shown: readonly ShownLocation[]): T[] {
  return tabs.map((tab, index) => {
    const location = shown[index];
    if (location?.state !== "opened") return tab;
    return { ...tab, url: location.url, title: location.title, faviconUrl: location.faviconUrl, sealedLocation: null };
  });
}
