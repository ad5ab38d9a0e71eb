import type { SavedTab } from "@common/api/backups";
import { PRODUCT_SLUG } from "@common/product";
import { isWebAddress } from "@common/web-address";

/**
 * A restored tab of this site gets its form values and scroll position back through a hand-off: the
 * restore writes them to this origin's storage under a random one-time nonce and opens the tab with
 * `#tabvault-restore={nonce}`; the page takes them (once) when it opens. The link itself carries no
 * data, so a link from anywhere else cannot fill a form (other sites' pages can only be reopened at
 * their URL).
 */
const fragmentKey = "tabvault-restore=";
const storagePrefix = `${PRODUCT_SLUG}_restore_handoff:`;
/** Long enough for the last of many tabs opened 500 ms apart to load; a hand-off older than this is dropped. */
export const HANDOFF_LIFETIME_MS = 5 * 60_000;
/** 128 random bits, base64url. */
const noncePattern = /^[A-Za-z0-9_-]{22}$/;

export interface Handoff {
  formData: Record<string, string>;
  scroll: { x: number; y: number };
}

interface StoredHandoff extends Handoff {
  expiresAt: number;
}

/** The part of the Web Storage API the hand-off uses, so tests can give it a map. */
export type HandoffStorage = Pick<Storage, "getItem" | "setItem" | "removeItem" | "key" | "length">;

function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function parseStored(text: string | null): StoredHandoff | null {
  if (text === null) return null;
  try {
    const parsed = JSON.parse(text) as Partial<StoredHandoff> | null;
    if (!parsed || typeof parsed.expiresAt !== "number" || !parsed.scroll || typeof parsed.formData !== "object") return null;
    return parsed as StoredHandoff;
  } catch {
    return null;
  }
}

/** Removes hand-offs whose tab never opened (a blocked pop-up), so form values do not linger. */
function pruneExpired(storage: HandoffStorage, now: number): void {
  const keys: string[] = [];
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index);
    if (key?.startsWith(storagePrefix)) keys.push(key);
  }
  for (const key of keys) {
    const stored = parseStored(storage.getItem(key));
    if (!stored || stored.expiresAt <= now) storage.removeItem(key);
  }
}

/** Writes a hand-off for one tab about to be opened; returns its nonce, or null when storage refuses it. */
export function stashHandoff(storage: HandoffStorage, handoff: Handoff, now: number): string | null {
  try {
    pruneExpired(storage, now);
    const nonce = newNonce();
    const stored: StoredHandoff = { formData: handoff.formData, scroll: handoff.scroll, expiresAt: now + HANDOFF_LIFETIME_MS };
    storage.setItem(`${storagePrefix}${nonce}`, JSON.stringify(stored));
    return nonce;
  } catch {
    return null;
  }
}

/**
 * The hand-off a page was opened with (its location hash), taken out of storage so it works once; null
 * when the hash names none, or names a nonce this browser's restore did not write or that expired.
 */
export function takeHandoff(storage: HandoffStorage, hash: string, now: number): Handoff | null {
  const index = hash.indexOf(fragmentKey);
  if (index === -1) return null;
  const nonce = hash.slice(index + fragmentKey.length);
  if (!noncePattern.test(nonce)) return null;
  try {
    const key = `${storagePrefix}${nonce}`;
    const stored = parseStored(storage.getItem(key));
    storage.removeItem(key);
    pruneExpired(storage, now);
    if (!stored || stored.expiresAt <= now) return null;
    return { formData: stored.formData, scroll: stored.scroll };
  } catch {
    return null;
  }
}

/** The URL to open for a saved tab: with a hand-off when it is this site and has state. */
export function restoreUrl(tab: SavedTab, origin = window.location.origin, storage: HandoffStorage = localStorage, now = Date.now()): string {
  const hasState = Object.keys(tab.formData).length > 0 || tab.scrollPosition.y > 0 || tab.scrollPosition.x > 0;
  if (!hasState || !tab.url.startsWith(`${origin}/`)) return tab.url;
  const nonce = stashHandoff(storage, { formData: tab.formData, scroll: tab.scrollPosition }, now);
  return nonce === null ? tab.url : `${tab.url.split("#")[0]}#${fragmentKey}${nonce}`;
}

/** spec 2 §4, §9: restored tabs open 500 ms apart. */
export const RESTORE_TAB_INTERVAL_MS = 500;

/**
 * Opens each restored tab in a new window, 500 ms apart; this site's pages get their form and scroll back. Only web
 * pages open: a tab whose address the server gave as anything but http(s) is left out (decision 220). Answers how
 * many were left out.
 */
export function openRestoredTabs(tabs: SavedTab[]): number {
  const pages = tabs.filter((tab) => isWebAddress(tab.url));
  pages.forEach((tab, index) => {
    window.setTimeout(() => window.open(restoreUrl(tab), "_blank", "noopener"), index * RESTORE_TAB_INTERVAL_MS);
  });
  return tabs.length - pages.length;
}

/** Opens form entries the backup kept sealed (end-to-end encryption) for `page`; null when this browser cannot. */
export type OpenFormData = (formData: Record<string, string>, page: string) => Promise<Record<string, string> | null>;

/** On page open: refills the fields and scrolls, once the screen has drawn, then clears the fragment. */
export function applyRestoreHandoff(openFormData: OpenFormData = async (formData) => formData): void {
  const hash = window.location.hash;
  if (!hash.includes(fragmentKey)) return;
  const handoff = takeHandoff(localStorage, hash, Date.now());
  window.history.replaceState(null, "", `${window.location.pathname}${window.location.search}`);
  if (!handoff) return;
  let attempts = 0;
  let entries: [string, string][] = [];
  const apply = () => {
    attempts += 1;
    const fields = entries.map(([key]) =>
      document.querySelector<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(`[name="${CSS.escape(key)}"], #${CSS.escape(key)}`),
    );
    // Lazily loaded screens render after a moment: wait for the fields (up to ~3 s).
    if (fields.some((field) => !field) && attempts < 30) return void window.setTimeout(apply, 100);
    entries.forEach(([, value], position) => {
      const field = fields[position];
      if (!field) return;
      // React tracks values itself; the native setter plus an input event updates its state too.
      const prototype = Object.getPrototypeOf(field) as object;
      Object.getOwnPropertyDescriptor(prototype, "value")?.set?.call(field, value);
      field.dispatchEvent(new Event("input", { bubbles: true }));
      field.dispatchEvent(new Event("change", { bubbles: true }));
    });
    window.scrollTo(handoff.scroll.x, handoff.scroll.y);
  };
  // A locked browser still gets its scroll position back; sealed entries it cannot open are left out.
  // The page as it opened, its hand-off fragment gone: sealed entries open only for the page they were typed into.
  void openFormData(handoff.formData, window.location.href).then((opened) => {
    entries = Object.entries(opened ?? {});
    window.setTimeout(apply, 50);
  });
}
