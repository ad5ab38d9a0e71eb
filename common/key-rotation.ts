/**
 * Rotating an account's backup key (decision 239): every sealed value re-sealed in the browser under a new random key,
 * tagged with that key's id, while the old key stays sealed under the new one until none is left.
 */
import type { FormEncryption } from "./api/encryption";
import { sealedIvOf } from "./api/encryption-rotation-labels";
import {
  asSealedFormData,
  backupKeyFrom,
  createBackupKey,
  keyIdOf,
  type LabelPlace,
  openLabel,
  openPreviousKey,
  sealPreviousKey,
  unwrapBackupKey,
  type WrappedBackupKey,
  openFormData,
  openTabLocation,
  sealedFormDataOf,
  sealedKeyIdOf,
  sealFormData,
  sealLabel,
  type SealedLabelKind,
  sealTabLocation,
  type TabLocation,
} from "./end-to-end-encryption";

/** A stored tab's sealed values as the rotation reads and writes them (`tab_contents`, decision 212). */
export interface SealedContent {
  id: number;
  /** The plain address of a tab whose location is not sealed ("" when it is): its form entries' page. */
  url: string;
  sealedLocation: string | null;
  formData: Record<string, string>;
  scrollPosition: { x: number; y: number };
}

/** The keys a rotating browser holds: the new one (with its id) and the one it replaces. */
export interface RotationKeys {
  key: CryptoKey;
  keyId: string;
  previous: CryptoKey | null;
}

/** Whether every sealed value of the content is under `keyId` already: nothing left to re-seal. */
export function isUnderKey(content: Pick<SealedContent, "sealedLocation" | "formData">, keyId: string): boolean {
  const form = sealedFormDataOf(content.formData);
  return [content.sealedLocation, form].every((sealed) => sealed === null || sealedKeyIdOf(sealed) === keyId);
}

/** Tries each key in turn: values not yet re-sealed open with the previous key, re-sealed ones with the new. */
async function withEither<T>(keys: RotationKeys, open: (key: CryptoKey) => Promise<T>): Promise<T> {
  try {
    return await open(keys.key);
  } catch (error) {
    if (!keys.previous) throw error;
    return open(keys.previous);
  }
}

/**
 * The content re-sealed under the new key: its location opened beside the companions it was sealed with, its form
 * entries opened for its page, then both sealed again (entries first, since the location binds them, decision 225).
 * Null when a value opens under neither key: it is left as it is, and the rotation cannot finish while it remains.
 */
export async function resealContent(keys: RotationKeys, content: SealedContent): Promise<Pick<SealedContent, "id" | "sealedLocation" | "formData"> | null> {
  const form = sealedFormDataOf(content.formData);
  try {
    const location: TabLocation | null = content.sealedLocation
      ? await withEither(keys, (key) => openTabLocation(key, content.sealedLocation ?? "", content))
      : null;
    const page = location?.url ?? content.url;
    const formData = form === null ? content.formData : asSealedFormData(await sealFormData(keys.key, await withEither(keys, (key) => openFormData(key, form, page)), page, keys.keyId));
    const sealedLocation = location ? await sealTabLocation(keys.key, location, { formData, scrollPosition: content.scrollPosition }, keys.keyId) : null;
    return { id: content.id, sealedLocation, formData };
  } catch {
    return null;
  }
}

/**
 * A stored label (decision 237) as the rotation reads and writes it (decision 239, note of 2026-11-28): where it is,
 * `index` being 0 for a name or note, the tag's place from 1, the group's id or the window's position.
 */
export interface SealedLabelAt {
  backupId: string;
  kind: SealedLabelKind;
  index: number;
  sealed: string;
}

/** A label re-sealed, naming the IV of the one it replaces, so one renamed meanwhile is not overwritten. */
export type ResealedLabel = SealedLabelAt & { replacesIv: string };

/** The place a label is bound to: its backup for a name, tag or note, only its kind for a group title or window name. */
export function placeOf(label: Pick<SealedLabelAt, "backupId" | "kind">): LabelPlace {
  return label.kind === "group-title" || label.kind === "window-name" ? { kind: label.kind } : { kind: label.kind, backupId: label.backupId };
}

/**
 * The label opened with either key for its place and sealed under the new one for the same place. Null when it opens
 * with neither, for that place: moved there by the server, or not this account's; it is left as it is.
 */
export async function resealLabel(keys: RotationKeys, label: SealedLabelAt): Promise<ResealedLabel | null> {
  const place = placeOf(label);
  try {
    const plain = await withEither(keys, (key) => openLabel(key, label.sealed, place));
    return { ...label, sealed: await sealLabel(keys.key, plain, place, keys.keyId), replacesIv: sealedIvOf(label.sealed) };
  } catch {
    return null;
  }
}

const atOf = (value: { tab: UndoTab } | { label: UndoLabel }) => ("tab" in value ? value.tab.at : value.label.at);

/** The rotation's calls (decision 239), injected: the web app's `apiRequest`, or `app.inject` in the tests. */
export interface RotationApi {
  read(): Promise<FormEncryption>;
  start(body: StartRotationBody): Promise<void>;
  list(after: number): Promise<{ contents: SealedContent[]; remaining: number }>;
  write(contents: Pick<SealedContent, "id" | "sealedLocation" | "formData">[]): Promise<void>;
  /** The next labels not under the new key after the one given (from the first when null). */
  listLabels(after: Omit<SealedLabelAt, "sealed"> | null): Promise<{ labels: SealedLabelAt[]; remaining: number }>;
  writeLabels(labels: ResealedLabel[]): Promise<void>;
  /** The next sealed values of the library's Undo not under the new key after place `after` (decision 247). */
  listUndo(after: number): Promise<{ tabs: UndoTab[]; labels: UndoLabel[]; remaining: number }>;
  writeUndo(values: { tabs: ResealedUndoTab[]; labels: ResealedUndoLabel[] }): Promise<void>;
  finish(): Promise<void>;
}

/**
 * A tab the library's Undo keeps (decision 157) as the rotation reads it (decision 247): a stored tab's values at its
 * place `at` in the Undo, from 1.
 */
export type UndoTab = Omit<SealedContent, "id"> & { at: number };
/** A sealed label the Undo keeps, at its place. */
export type UndoLabel = SealedLabelAt & { at: number };
export type ResealedUndoTab = Pick<SealedContent, "sealedLocation" | "formData"> & { at: number; replacesIv: string };
export type ResealedUndoLabel = { at: number; sealed: string; replacesIv: string };

/** One value of the Undo re-sealed, or null when it opens under neither key (it is then left, and the old key kept). */
async function resealUndoValue(keys: RotationKeys, value: { tab: UndoTab } | { label: UndoLabel }): Promise<{ tab: ResealedUndoTab } | { label: ResealedUndoLabel } | null> {
  if ("label" in value) {
    const resealed = await resealLabel(keys, value.label);
    return resealed && { label: { at: value.label.at, sealed: resealed.sealed, replacesIv: resealed.replacesIv } };
  }
  const { tab } = value;
  const resealed = await resealContent(keys, { ...tab, id: tab.at });
  const replaced = tab.sealedLocation ?? sealedFormDataOf(tab.formData);
  if (resealed === null || replaced === null) return null;
  return { tab: { at: tab.at, sealedLocation: resealed.sealedLocation, formData: resealed.formData, replacesIv: sealedIvOf(replaced) } };
}

export interface StartRotationBody {
  key: WrappedBackupKey;
  keyId: string;
  previousKey: string;
  previousKeyId: string;
  replaces: string;
}

export interface RotationOutcome {
  /** The key everything is sealed under now: the browser that rotated keeps it unlocked. */
  key: CryptoKey;
  /** The old key is dropped: every stored value is under the new one. */
  finished: boolean;
  resealed: number;
  /** Values that opened under neither key: left as they were, and the old key kept for them. */
  unreadable: number;
}

/**
 * Rotates the account's backup key, or resumes a rotation a closed page left under way (decision 239). The
 * passphrase opens the stored key: before a rotation the current one, during it the new one, which opens the old one
 * from `rotation.previousKey`. Nothing is lost at any step: the old key stays reachable until the server counts no
 * value left under it, and each batch is written whole or not at all.
 */
export async function rotateKey(api: RotationApi, passphrase: string, onProgress: (done: number, remaining: number) => void = () => {}): Promise<RotationOutcome> {
  const state = await api.read();
  if (!state.enabled) throw new Error("Encryption is off for this account.");
  const storedRaw = await unwrapBackupKey(passphrase, state.key);
  let keys: RotationKeys;
  if (state.rotation) {
    const key = await backupKeyFrom(storedRaw);
    keys = { key, keyId: await keyIdOf(key), previous: await openPreviousKey(key, state.rotation.previousKey) };
  } else {
    const made = await createBackupKey(passphrase, state.key.iterations);
    const key = await backupKeyFrom(made.rawKey);
    const previous = await backupKeyFrom(storedRaw);
    keys = { key, keyId: await keyIdOf(key), previous };
    await api.start({
      key: made.stored,
      keyId: keys.keyId,
      previousKey: await sealPreviousKey(key, storedRaw),
      previousKeyId: await keyIdOf(previous),
      replaces: state.key.wrappedKey,
    });
  }
  let resealed = 0;
  let unreadable = 0;
  /** Re-seals batch after batch from `list`, skipping past what opens under neither key, until nothing is left. */
  async function resealAll<T, W, C>(list: (after: C) => Promise<{ items: T[]; remaining: number }>, first: C, cursorOf: (item: T) => C, reseal: (item: T) => Promise<W | null>, write: (batch: W[]) => Promise<void>) {
    let after = first;
    for (;;) {
      const { items, remaining } = await list(after);
      const last = items.at(-1);
      if (last === undefined) return;
      const batch = (await Promise.all(items.map(reseal))).filter((item) => item !== null);
      unreadable += items.length - batch.length;
      if (batch.length > 0) await write(batch);
      resealed += batch.length;
      after = cursorOf(last);
      onProgress(resealed, remaining - batch.length);
    }
  }
  await resealAll(
    async (after: number) => {
      const { contents, remaining } = await api.list(after);
      return { items: contents, remaining };
    },
    0,
    (content: SealedContent) => content.id,
    (content) => resealContent(keys, content),
    (batch) => api.write(batch),
  );
  // Labels after contents (note of 2026-11-28): the same batches, resumable from the first label not yet re-sealed.
  await resealAll(
    async (after: Omit<SealedLabelAt, "sealed"> | null) => {
      const { labels, remaining } = await api.listLabels(after);
      return { items: labels, remaining };
    },
    null,
    ({ backupId, kind, index }: SealedLabelAt) => ({ backupId, kind, index }),
    (label) => resealLabel(keys, label),
    (batch) => api.writeLabels(batch),
  );
  // The library's Undo last (decision 247): what it would put back must open with the new key, or the old key stays.
  await resealAll(
    async (after: number) => {
      const { tabs, labels, remaining } = await api.listUndo(after);
      const items = [...tabs.map((tab) => ({ tab })), ...labels.map((label) => ({ label }))].sort((a, b) => atOf(a) - atOf(b));
      return { items, remaining };
    },
    0,
    atOf,
    (value) => resealUndoValue(keys, value),
    (batch) => api.writeUndo({ tabs: batch.flatMap((value) => ("tab" in value ? [value.tab] : [])), labels: batch.flatMap((value) => ("label" in value ? [value.label] : [])) }),
  );
  if (unreadable > 0) return { key: keys.key, finished: false, resealed, unreadable };
  await api.finish();
  return { key: keys.key, finished: true, resealed, unreadable };
}
