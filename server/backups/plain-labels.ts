import { sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { plainLabelSchema, sealPlainLabels } from "@common/api/plain-labels";
import { isSealedLabel, sealedLabelPattern } from "@common/api/sealed-labels";
import { sealedKeyIdOf } from "@common/end-to-end-encryption";
import type { Database } from "../db/database";
import { countLabels, type Executor, labelsAfterSpot, type LabelSpot, writeLabelBatch } from "./stored-labels";

/**
 * The account's labels stored readable, as the switch to encrypt titles and addresses seals them afterwards in the
 * browser (decision 246): names, tags, notes, group titles and window names set before it, or set since by a page
 * or a server that did not seal them.
 */
type PlainLabel = z.output<typeof plainLabelSchema>;
type SealedLabel = z.output<typeof sealPlainLabels.body>["labels"][number];

/**
 * The SQL condition "this label is readable": not empty (an untitled group has nothing to hide) and not a sealed
 * value, by the pattern every reader judges labels by (`isSealedLabel`).
 */
const readable: SQL = sql`(label.value <> '' and label.value !~ ${sealedLabelPattern.source})`;

/** How many of the account's labels are stored readable. */
export async function countPlainLabels(db: Executor, userId: string): Promise<number> {
  return countLabels(db, userId, readable);
}

/** The next `limit` readable labels after the spot `after` (from the first when null), in spot order. */
export async function plainLabelsAfter(db: Executor, userId: string, after: LabelSpot | null, limit: number): Promise<PlainLabel[]> {
  const labels = await labelsAfterSpot(db, userId, readable, after, limit);
  return labels.map(({ value, ...spot }) => ({ ...spot, plain: value }));
}

/**
 * Writes labels sealed in the browser over the readable ones they replace, or refuses the whole batch with the
 * reason: a spot holding no label of this account's (another account's backup, a spot that does not exist), one
 * sealed already, one changed since it was listed (its text is not `replaces`), one sealed under a key id the
 * account does not name (`keyId`, null before a first rotation: then only `tv2.` values), one longer than its kind
 * allows, or the same spot twice. The server cannot open a label: which backup it is bound to the browser checks
 * when it opens it (decision 237).
 */
export async function writeSealedPlainLabels(tx: Database, userId: string, keyId: string | null, labels: readonly SealedLabel[]): Promise<{ refused: string } | { sealed: number }> {
  const written = await writeLabelBatch(tx, userId, labels, (label, was, named) => {
    if (was === undefined) return `${named} is not a label of this account's.`;
    if (isSealedLabel(was)) return `${named} is encrypted already.`;
    if (was !== label.replaces) return `${named} has changed since it was listed: list it again.`;
    const sealedUnder = sealedKeyIdOf(label.sealed);
    if (sealedUnder !== null && sealedUnder !== keyId) return `${named} is sealed under a key this account does not use.`;
    return null;
  });
  return "refused" in written ? written : { sealed: written.written };
}
