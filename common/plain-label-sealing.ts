/**
 * Sealing the labels an account stored readable before it turned on "Also encrypt titles and addresses" (decision
 * 246): each name, tag, note, group title and window name sealed in the browser for the same place a new one is
 * (decision 237), in batches the server writes whole or refuses whole, each naming the text it replaces.
 */
import { placeOf, type SealedLabelAt } from "./key-rotation";
import { sealLabel } from "./end-to-end-encryption";

/** Where a label is: its backup, kind and index (0 for a name or note, the tag's place from 1, the group's id, the window's position). */
export type LabelSpot = Omit<SealedLabelAt, "sealed">;

/** A label stored readable, as the server lists it. */
export type PlainLabelAt = LabelSpot & { plain: string };

/** A readable label sealed, naming the text it replaces: one renamed meanwhile elsewhere is not overwritten. */
export type SealedPlainLabel = LabelSpot & { sealed: string; replaces: string };

/** The pass's calls, injected: the web app's `call`, or `app.inject` in the tests. */
export interface PlainLabelApi {
  /** The next readable labels after `after` (from the first when null), and how many the account has in all. */
  list(after: LabelSpot | null): Promise<{ labels: PlainLabelAt[]; remaining: number }>;
  /** Writes a batch whole or throws; answers how many readable labels are left. */
  write(labels: SealedPlainLabel[]): Promise<{ remaining: number }>;
}

/** A request stays well under the server's 1 MiB body limit, whatever the labels' length (a note seals to ~22 KB at most). */
export const LABEL_BATCH_BYTES = 768 * 1024;

const encoder = new TextEncoder();

/** `labels` cut into batches of at most `maxBytes` of JSON each, in order; one label always makes a batch. */
export function batchesWithin<T>(labels: readonly T[], maxBytes: number = LABEL_BATCH_BYTES): T[][] {
  const batches: T[][] = [];
  let batch: T[] = [];
  let bytes = 0;
  for (const label of labels) {
    const size = encoder.encode(JSON.stringify(label)).length + 1;
    if (batch.length > 0 && bytes + size > maxBytes) {
      batches.push(batch);
      batch = [];
      bytes = 0;
    }
    batch.push(label);
    bytes += size;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

/** The label sealed with `key` for its place, as new ones are (decision 237). */
export async function sealPlainLabel(key: CryptoKey, label: PlainLabelAt): Promise<SealedPlainLabel> {
  const { plain, ...spot } = label;
  return { ...spot, sealed: await sealLabel(key, plain, placeOf(spot)), replaces: plain };
}

export interface PlainLabelOutcome {
  /** Labels sealed by this pass. */
  sealed: number;
  /** Readable labels the server counted at the end: 0 only when it holds none. */
  remaining: number;
}

/**
 * Seals every label the account stores readable, batch after batch, and answers what the server counts left at the
 * end, never a number of its own. A pass stopped anywhere (the page closed) loses nothing and leaves no half-written
 * batch: the next one lists what is still readable and goes on. Labels made readable behind the pass's cursor (an
 * undo, a page that did not seal) are picked up by starting over, as long as a round seals something.
 */
export async function sealPlainLabels(api: PlainLabelApi, key: CryptoKey, onProgress: (sealed: number, remaining: number) => void = () => {}): Promise<PlainLabelOutcome> {
  let sealed = 0;
  for (;;) {
    const before = sealed;
    let after: LabelSpot | null = null;
    let remaining: number;
    for (;;) {
      const listed = await api.list(after);
      remaining = listed.remaining;
      const last = listed.labels.at(-1);
      if (last === undefined) break;
      const labels = await Promise.all(listed.labels.map((label) => sealPlainLabel(key, label)));
      for (const batch of batchesWithin(labels)) {
        remaining = (await api.write(batch)).remaining;
        sealed += batch.length;
        onProgress(sealed, remaining);
      }
      after = { backupId: last.backupId, kind: last.kind, index: last.index };
    }
    if (remaining === 0 || sealed === before) return { sealed, remaining };
  }
}
