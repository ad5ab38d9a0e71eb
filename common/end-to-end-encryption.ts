/**
 * End-to-end encryption of what people type into forms (decision 160-series record 177).
 *
 * A passphrase never leaves the browser. It derives a key-encryption key (PBKDF2-HMAC-SHA-256, a random
 * 16-byte salt, {@link KDF_ITERATIONS} rounds); that key wraps a random AES-256-GCM backup key, and only the
 * wrapped backup key, the salt and the round count are stored on the server. Changing the passphrase
 * re-wraps the same backup key, so nothing already sealed has to be encrypted again.
 *
 * Sealed text is `tv1.<iv>.<ciphertext+tag>` (base64url, a fresh 96-bit IV per message). The purpose is
 * bound as additional data, so a sealed form can never be opened as a wrapped key or the other way round.
 * Form entries sealed since decision 220 are `tv2.…`: their additional data binds the page they were typed into
 * too, so a server cannot move them onto another page; `tv1.` form entries stay readable, unbound. Tab locations
 * sealed since decision 225 are `tv2.` too: padded, and bound to the form entries and scroll stored with them.
 * Runs wherever WebCrypto does: the web app, the extension's service worker, Node for the tests.
 */

export const SEALED_PREFIX = "tv1.";
/** Sealed values bound to where they belong (decision 220): form entries to their page. */
export const BOUND_SEALED_PREFIX = "tv2.";
/** OWASP's 2023 figure for PBKDF2-HMAC-SHA-256: about half a second on a phone, per guess for an attacker. */
export const KDF_ITERATIONS = 600_000;
/** Fewer rounds are refused when unlocking, so a tampered server cannot make the passphrase cheap to guess. */
export const MIN_KDF_ITERATIONS = 310_000;
export const PASSPHRASE_MIN_LENGTH = 12;
const SALT_BYTES = 16;
const IV_BYTES = 12;

const purposes = {
  formData: "tabvault:form-data:v1",
  /** Followed by a line break and the page's address (without its fragment): decision 220. */
  formDataOfPage: "tabvault:form-data:v2",
  backupKey: "tabvault:backup-key:v1",
  tabLocation: "tabvault:tab-location:v1",
  /** Followed by the tab's companions, {@link tabCompanionsOf}: decision 225. */
  tabLocationOfTab: "tabvault:tab-location:v2",
  /** The key a rotation replaces, sealed under the new one (decision 239). */
  previousKey: "tabvault:previous-key:v1",
} as const;

/**
 * Bound values re-sealed by a key rotation (decision 239): `tv3.<key id>.<iv>.<ciphertext>`, the key's id
 * ({@link keyIdOf}) readable and bound as additional data, so the server can count what is not yet under the new key.
 */
export const KEYED_SEALED_PREFIX = "tv3.";
/** A sealed value's shape, for validation where it cannot be opened (the server). */
export const sealedTextPattern = /^(?:tv[12]|tv3\.[A-Za-z0-9_-]{22})\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22,}$/;

/** What the server keeps so a browser with the passphrase can recover the backup key. */
export interface WrappedBackupKey {
  /** base64url, 16 bytes. */
  salt: string;
  iterations: number;
  /** The backup key sealed with the passphrase's key. */
  wrappedKey: string;
}

export class WrongPassphraseError extends Error {
  constructor() {
    super("That passphrase does not open this account's encrypted data.");
    this.name = "WrongPassphraseError";
  }
}

const subtle = () => globalThis.crypto.subtle;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

export function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

function randomBytes(length: number): Uint8Array<ArrayBuffer> {
  return globalThis.crypto.getRandomValues(new Uint8Array(length));
}

/** A keyed value's additional data: its purpose and the id it names (decision 239), so relabelling it fails. */
const keyedPurpose = (purpose: string, keyId: string) => `${purpose}\nkey:${keyId}`;

/** `keyId` given, a bound value is written `tv3.<keyId>.…` (decision 239), else with `prefix`. */
async function seal(key: CryptoKey, plaintext: Uint8Array<ArrayBuffer>, purpose: string, prefix = SEALED_PREFIX, keyId?: string): Promise<string> {
  const iv = randomBytes(IV_BYTES);
  const additionalData = encoder.encode(keyId === undefined ? purpose : keyedPurpose(purpose, keyId));
  const ciphertext = await subtle().encrypt({ name: "AES-GCM", iv, additionalData }, key, plaintext);
  const head = keyId === undefined ? prefix : `${KEYED_SEALED_PREFIX}${keyId}.`;
  return `${head}${toBase64Url(iv)}.${toBase64Url(new Uint8Array(ciphertext))}`;
}

/** The key id a `tv3.` value names (decision 239); null for values sealed before key rotation. */
export function sealedKeyIdOf(sealed: string): string | null {
  return sealed.startsWith(KEYED_SEALED_PREFIX) ? (sealed.split(".")[1] ?? null) : null;
}

/** Throws on anything that is not a sealed value for `purpose` under `key` (a wrong key included). */
async function open(key: CryptoKey, sealed: string, purpose: string): Promise<Uint8Array<ArrayBuffer>> {
  if (!sealedTextPattern.test(sealed)) throw new Error("Not a sealed value");
  const keyId = sealedKeyIdOf(sealed);
  const [iv, ciphertext] = sealed.split(".").slice(keyId === null ? 1 : 2) as [string, string];
  const additionalData = encoder.encode(keyId === null ? purpose : keyedPurpose(purpose, keyId));
  const plaintext = await subtle().decrypt({ name: "AES-GCM", iv: fromBase64Url(iv), additionalData }, key, fromBase64Url(ciphertext));
  return new Uint8Array(plaintext);
}

const KEY_ID_IV = encoder.encode("tabvault:kid");

/**
 * A backup key's id (decision 239): the GCM tag of nothing under the key, a fixed IV and its own purpose. It names the
 * key without revealing it, and works on a key that cannot be read back (the extension's and the web app's).
 */
export async function keyIdOf(key: CryptoKey): Promise<string> {
  const tag = await subtle().encrypt({ name: "AES-GCM", iv: KEY_ID_IV, additionalData: encoder.encode("tabvault:key-id:v1") }, key, new Uint8Array(0));
  return toBase64Url(new Uint8Array(tag));
}

/** The key a rotation replaces, kept sealed under the new one until every value is re-sealed (decision 239). */
export async function sealPreviousKey(newKey: CryptoKey, previousRawKey: Uint8Array<ArrayBuffer>): Promise<string> {
  return seal(newKey, previousRawKey, purposes.previousKey);
}

/** The replaced key, for opening what is not yet re-sealed; throws when `sealed` is not one under `newKey`. */
export async function openPreviousKey(newKey: CryptoKey, sealed: string): Promise<CryptoKey> {
  return backupKeyFrom(await open(newKey, sealed, purposes.previousKey));
}

async function passphraseKey(passphrase: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<CryptoKey> {
  const material = await subtle().importKey("raw", encoder.encode(passphrase.normalize("NFC")), "PBKDF2", false, ["deriveKey"]);
  return subtle().deriveKey({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, material, { name: "AES-GCM", length: 256 }, false, ["encrypt", "decrypt"]);
}

async function importBackupKey(raw: Uint8Array<ArrayBuffer>, extractable: boolean): Promise<CryptoKey> {
  return subtle().importKey("raw", raw, { name: "AES-GCM", length: 256 }, extractable, ["encrypt", "decrypt"]);
}

/** A new backup key wrapped with `passphrase`: what setting a passphrase stores on the server. */
export async function createBackupKey(passphrase: string, iterations = KDF_ITERATIONS): Promise<{ stored: WrappedBackupKey; rawKey: Uint8Array<ArrayBuffer> }> {
  const rawKey = randomBytes(32);
  const salt = randomBytes(SALT_BYTES);
  const wrappedKey = await seal(await passphraseKey(passphrase, salt, iterations), rawKey, purposes.backupKey);
  return { stored: { salt: toBase64Url(salt), iterations, wrappedKey }, rawKey };
}

/** The raw backup key, or {@link WrongPassphraseError}. */
export async function unwrapBackupKey(passphrase: string, stored: WrappedBackupKey): Promise<Uint8Array<ArrayBuffer>> {
  if (stored.iterations < MIN_KDF_ITERATIONS) throw new Error(`The stored key asks for only ${stored.iterations} rounds; refusing it.`);
  try {
    return await open(await passphraseKey(passphrase, fromBase64Url(stored.salt), stored.iterations), stored.wrappedKey, purposes.backupKey);
  } catch {
    throw new WrongPassphraseError();
  }
}

/** The same backup key under a new passphrase (and a new salt). */
export async function rewrapBackupKey(rawKey: Uint8Array<ArrayBuffer>, newPassphrase: string, iterations = KDF_ITERATIONS): Promise<WrappedBackupKey> {
  const salt = randomBytes(SALT_BYTES);
  return { salt: toBase64Url(salt), iterations, wrappedKey: await seal(await passphraseKey(newPassphrase, salt, iterations), rawKey, purposes.backupKey) };
}

/** A usable key from the raw bytes kept on this device; not extractable, so a page script cannot read it back. */
export function backupKeyFrom(rawKey: Uint8Array<ArrayBuffer>): Promise<CryptoKey> {
  return importBackupKey(rawKey, false);
}

/** A form's page as its seal binds it: the address without its fragment, which a restore hand-off adds. */
export function formPageOf(address: string): string {
  return address.split("#")[0] ?? address;
}

/** `tv2.` and `tv3.` values are bound to where they belong; `tv1.` ones only to their purpose. */
const isBound = (sealed: string) => sealed.startsWith(BOUND_SEALED_PREFIX) || sealed.startsWith(KEYED_SEALED_PREFIX);

const formPurpose = (page: string) => `${purposes.formDataOfPage}\n${formPageOf(page)}`;

/** Sealed form entries that do not open for the page they are offered to: moved there, or not this account's. */
export class SealedElsewhereError extends Error {
  constructor() {
    super("These sealed form entries were not sealed for this page under this browser's key.");
    this.name = "SealedElsewhereError";
  }
}

/**
 * One tab's form entries as one sealed value, field names hidden too, bound to `page` (decision 220): they open only
 * for the address they were typed into, so a server cannot refill them into a page of its choosing.
 */
export async function sealFormData(key: CryptoKey, formData: Readonly<Record<string, string>>, page: string, keyId?: string): Promise<string> {
  return seal(key, encoder.encode(JSON.stringify(formData)), formPurpose(page), BOUND_SEALED_PREFIX, keyId);
}

/**
 * The form entries sealed for `page`, or {@link SealedElsewhereError}. Entries sealed before decision 220 (`tv1.`)
 * carry no page and open anywhere; a `tv2.` value relabelled `tv1.` does not open, as its additional data differs.
 */
export async function openFormData(key: CryptoKey, sealed: string, page: string): Promise<Record<string, string>> {
  const bound = isBound(sealed);
  let opened: Uint8Array<ArrayBuffer>;
  try {
    opened = await open(key, sealed, bound ? formPurpose(page) : purposes.formData);
  } catch {
    throw new SealedElsewhereError();
  }
  const parsed: unknown = JSON.parse(decoder.decode(opened));
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new Error("Sealed form data is not a record");
  return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
}

/**
 * Sealed form entries travel and are stored in a tab's ordinary form-data map as this one entry, so every
 * path that copies tabs (merge, dedupe, export, restore) carries them untouched (decision 177). No page
 * field can have this name: the capture rules never produce it and the server refuses it beside others.
 */
export const SEALED_FORM_FIELD = "tabvault:sealed";
/** A sealed map may be longer than one plain value: up to this many characters. */
export const SEALED_FORM_DATA_LENGTH = 200_000;

export function sealedFormDataOf(formData: Readonly<Record<string, string>>): string | null {
  return formData[SEALED_FORM_FIELD] ?? null;
}

export function asSealedFormData(sealed: string): Record<string, string> {
  return { [SEALED_FORM_FIELD]: sealed };
}

/**
 * What a tab is, when the person chose to seal titles and addresses too (decision 199): sealed as one value, the
 * tab's `sealedLocation`, while its plain `url` and `title` are empty and its favicon null.
 */
export interface TabLocation {
  url: string;
  title: string;
  faviconUrl: string | null;
}

/** A sealed location is at most this long: a 2,048-character address and favicon and a 500-character title fit. */
export const SEALED_LOCATION_LENGTH = 12_000;

/**
 * What travels with a sealed location in the same stored tab and that every copy the server makes keeps with it
 * (merge, undo, export and import copy a tab's contents whole, decision 212): its sealed form entries and its scroll.
 * A location sealed since decision 225 binds them as additional data, so a server that swaps two tabs' sealed
 * locations, or puts one beside another tab's form entries, gets a location that does not open.
 */
export interface TabCompanions {
  formData?: Readonly<Record<string, string>> | undefined;
  scrollPosition?: Readonly<{ x: number; y: number }> | undefined;
}

function tabCompanionsOf(tab: TabCompanions): string {
  const { x, y } = tab.scrollPosition ?? { x: 0, y: 0 };
  return `${tab.formData?.[SEALED_FORM_FIELD] ?? ""}\n${x},${y}`;
}

const locationPurpose = (tab: TabCompanions) => `${purposes.tabLocationOfTab}\n${tabCompanionsOf(tab)}`;

/**
 * Sealed text is padded before it is sealed, so its length tells only a bucket, not the length of an address or a
 * name (decision 225): trailing spaces after the JSON value (which `JSON.parse` ignores), up to the next power of two
 * from 64 bytes, then to whole 4 KiB.
 */
export function paddedLength(length: number): number {
  let bucket = 64;
  while (bucket < length && bucket < 4096) bucket *= 2;
  return bucket >= length ? bucket : Math.ceil(length / 4096) * 4096;
}

function padded(json: string): Uint8Array<ArrayBuffer> {
  const bytes = encoder.encode(json);
  const out = new Uint8Array(paddedLength(bytes.length)).fill(0x20);
  out.set(bytes);
  return out;
}

/**
 * A tab's URL, title and favicon as one sealed value, padded and bound to the tab's companions (decision 225): it opens
 * only beside the sealed form entries and scroll it was sealed with.
 */
export async function sealTabLocation(key: CryptoKey, location: Readonly<TabLocation>, tab: TabCompanions, keyId?: string): Promise<string> {
  const { url, title, faviconUrl } = location;
  return seal(key, padded(JSON.stringify({ url, title, faviconUrl })), locationPurpose(tab), BOUND_SEALED_PREFIX, keyId);
}

/** A sealed location that does not open beside the tab it is offered with: moved there by the server (decision 225). */
export class LocationSwappedError extends Error {
  constructor() {
    super("This sealed title and address were not sealed for this tab.");
    this.name = "LocationSwappedError";
  }
}

/**
 * Throws when the value is not a location sealed under `key` for this tab (its companions, {@link TabCompanions}), or
 * opens to something that is not a web page. Locations sealed before decision 225 (`tv1.`) open unbound; a `tv2.`
 * location relabelled `tv1.` does not, as its additional data differs.
 */
export async function openTabLocation(key: CryptoKey, sealed: string, tab: TabCompanions): Promise<TabLocation> {
  const bound = isBound(sealed);
  let opened: Uint8Array<ArrayBuffer>;
  try {
    opened = await open(key, sealed, bound ? locationPurpose(tab) : purposes.tabLocation);
  } catch (error) {
    throw bound ? new LocationSwappedError() : error;
  }
  const parsed: unknown = JSON.parse(decoder.decode(opened));
  if (typeof parsed !== "object" || parsed === null) throw new Error("A sealed location is not a record");
  const { url, title, faviconUrl } = parsed as Record<string, unknown>;
  if (typeof url !== "string" || !/^https?:\/\//i.test(url)) throw new Error("A sealed location holds no web address");
  return { url, title: typeof title === "string" ? title : "", faviconUrl: typeof faviconUrl === "string" ? faviconUrl : null };
}

/**
 * What a person calls their backups and groupings, sealed when the account seals titles and addresses (decision 237):
 * a backup's name, tags and note, a tab group's title and a window's name.
 */
export const sealedLabelKinds = ["backup-name", "tag", "note", "group-title", "window-name"] as const;
export type SealedLabelKind = (typeof sealedLabelKinds)[number];

/**
 * Where a sealed label belongs, bound as additional data (decision 237). The account is bound by its key. A backup's
 * name, tags and note are bound to the backup's id too, so the server cannot move one onto another backup; a group's
 * title and a window's name only to their kind, as merges copy groups and windows into new backups without the key.
 */
export type LabelPlace = { kind: "backup-name" | "tag" | "note"; backupId: string } | { kind: "group-title" | "window-name" };

const labelPurpose = (place: LabelPlace) => `tabvault:label:v1\n${place.kind}\n${"backupId" in place ? place.backupId : ""}`;

/**
 * A label as one `tv2.` value, padded like a location (decision 225) and bound to its place; `tv3.<keyId>.` with the
 * key's id bound too when a key rotation re-seals it (decision 239).
 */
export async function sealLabel(key: CryptoKey, label: string, place: LabelPlace, keyId?: string): Promise<string> {
  return seal(key, padded(JSON.stringify(label)), labelPurpose(place), BOUND_SEALED_PREFIX, keyId);
}

/** A sealed label that does not open for the place it is offered in: moved there by the server, or not this account's. */
export class LabelMovedError extends Error {
  constructor() {
    super("This encrypted label was not sealed for this place under this browser's key.");
    this.name = "LabelMovedError";
  }
}

/** The label sealed for `place`, or {@link LabelMovedError}. */
export async function openLabel(key: CryptoKey, sealed: string, place: LabelPlace): Promise<string> {
  if (!isBound(sealed)) throw new LabelMovedError();
  let opened: Uint8Array<ArrayBuffer>;
  try {
    opened = await open(key, sealed, labelPurpose(place));
  } catch {
    throw new LabelMovedError();
  }
  const parsed: unknown = JSON.parse(decoder.decode(opened));
  if (typeof parsed !== "string") throw new LabelMovedError();
  return parsed;
}
