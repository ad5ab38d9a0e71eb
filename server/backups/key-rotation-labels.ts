import { sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { type resealLabels, sealedIvOf, type sealedLabelSchema } from "@common/api/encryption-rotation-labels";
import { isSealedLabel } from "@common/api/sealed-labels";
import { BOUND_SEALED_PREFIX, KEYED_SEALED_PREFIX, sealedKeyIdOf } from "@common/end-to-end-encryption";
import type { Database } from "../db/database";
import { countLabels, type Executor, labelsAfterSpot, type LabelSpot, writeLabelBatch } from "./stored-labels";

/**
 * The account's sealed labels as a key rotation re-seals them (decision 239, note of 2026-11-28): a backup's name,
 * tags and note, its groups' titles and its windows' names (decision 237), each at a spot (backup, kind, index).
 */
type StoredLabel = z.output<typeof sealedLabelSchema>;
type ResealedLabel = z.output<typeof resealLabels.body>["labels"][number];

/** The SQL condition "this label is sealed, and not under `keyId`": not yet re-sealed. */
function notUnder(keyId: string): SQL {
  return sql`(starts_with(label.value, ${BOUND_SEALED_PREFIX}) or (starts_with(label.value, ${KEYED_SEALED_PREFIX}) and not starts_with(label.value, ${`${KEYED_SEALED_PREFIX}${keyId}.`})))`;
}

/** How many of the account's labels are sealed but not under `keyId`. */
export async function countLabelsNotUnder(db: Executor, userId: string, keyId: string): Promise<number> {
  return countLabels(db, userId, notUnder(keyId));
}

/** The next `limit` labels not under `keyId` after the spot `after` (from the first when null), in spot order. */
export async function labelsNotUnder(db: Executor, userId: string, keyId: string, after: LabelSpot | null, limit: number): Promise<StoredLabel[]> {
  const labels = await labelsAfterSpot(db, userId, notUnder(keyId), after, limit);
  return labels.map(({ value, ...spot }) => ({ ...spot, sealed: value }));
}

/**
 * Writes re-sealed labels in place, or refuses the whole batch with the reason: a spot that holds no sealed label of
 * this account's (another account's backup, a plain label, a kind the spot does not hold), one changed since it was
 * listed (renamed elsewhere: its IV is not `replacesIv`), a label not under `keyId`,
 * one longer than its kind allows, or the same spot twice. Which backup a label is bound to the server cannot see:
 * one moved elsewhere does not open there (decision 237), and the browser counts it unreadable.
 */
export async function writeResealedLabels(tx: Database, userId: string, keyId: string, labels: readonly ResealedLabel[]): Promise<{ refused: string } | { resealed: number }> {
  const written = await writeLabelBatch(tx, userId, labels, (label, was, named) => {
    if (was === undefined || !isSealedLabel(was)) return `${named} is not an encrypted label of this account's.`;
    if (sealedIvOf(was) !== label.replacesIv) return `${named} has changed since it was listed: list it again.`;
    if (sealedKeyIdOf(label.sealed) !== keyId) return `${named} is not sealed under the account's new key.`;
    return null;
  });
  return "refused" in written ? written : { resealed: written.written };
}
