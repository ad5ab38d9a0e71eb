import { sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { LABEL_CHARACTERS, type resealLabels, sealedIvOf, type sealedLabelSchema } from "@common/api/encryption-rotation-labels";
import { isSealedLabel, sealedLabelLength } from "@common/api/sealed-labels";
import { BOUND_SEALED_PREFIX, KEYED_SEALED_PREFIX, sealedKeyIdOf, type SealedLabelKind } from "@common/end-to-end-encryption";
import type { Database } from "../db/database";
import { rowsOf } from "../db/rows";

/**
 * The account's sealed labels as a key rotation re-seals them (decision 239, note of 2026-11-28): a backup's name,
 * tags and note, its groups' titles and its windows' names (decision 237), each at a spot (backup, kind, index).
 */
type StoredLabel = z.output<typeof sealedLabelSchema>;
type ResealedLabel = z.output<typeof resealLabels.body>["labels"][number];
type Executor = Pick<Database, "execute">;

/** Every label of the account's backups, sealed or not, with its spot. */
function labelsOf(userId: string): SQL {
  return sql`(
    select s.id as backup_id, 'backup-name' as kind, 0 as index, s.session_name as sealed from saved_sessions s where s.user_id = ${userId}::uuid
    union all select s.id, 'note', 0, s.note from saved_sessions s where s.user_id = ${userId}::uuid and s.note is not null
    union all select s.id, 'tag', t.n::int, t.tag from saved_sessions s cross join lateral unnest(s.tags) with ordinality as t(tag, n) where s.user_id = ${userId}::uuid
    union all select g.session_id, 'group-title', g.group_id, g.title from backup_tab_groups g join saved_sessions s on s.id = g.session_id where s.user_id = ${userId}::uuid
    union all select w.session_id, 'window-name', w.position, w.name from backup_windows w join saved_sessions s on s.id = w.session_id where s.user_id = ${userId}::uuid and w.name is not null
  ) as label`;
}

/** The SQL condition "this label is sealed, and not under `keyId`": not yet re-sealed. */
function notUnder(keyId: string): SQL {
  return sql`(starts_with(label.sealed, ${BOUND_SEALED_PREFIX}) or (starts_with(label.sealed, ${KEYED_SEALED_PREFIX}) and not starts_with(label.sealed, ${`${KEYED_SEALED_PREFIX}${keyId}.`})))`;
}

/** How many of the account's labels are sealed but not under `keyId`. */
export async function countLabelsNotUnder(db: Executor, userId: string, keyId: string): Promise<number> {
  const [row] = rowsOf<{ count: number | string }>(await db.execute(sql`select count(*) as count from ${labelsOf(userId)} where ${notUnder(keyId)}`));
  return Number(row?.count ?? 0);
}

export interface LabelSpot {
  backupId: string;
  kind: SealedLabelKind;
  index: number;
}

/** The next `limit` labels not under `keyId` after the spot `after` (from the first when null), in spot order. */
export async function labelsNotUnder(db: Executor, userId: string, keyId: string, after: LabelSpot | null, limit: number): Promise<StoredLabel[]> {
  const past = after ? sql`and (label.backup_id, label.kind, label.index) > (${after.backupId}::uuid, ${after.kind}::text, ${after.index}::int)` : sql``;
  const rows = rowsOf<{ backup_id: string; kind: SealedLabelKind; index: number | string; sealed: string }>(
    await db.execute(sql`select label.backup_id, label.kind, label.index, label.sealed from ${labelsOf(userId)} where ${notUnder(keyId)} ${past} order by label.backup_id, label.kind, label.index limit ${limit}`),
  );
  return rows.map((row) => ({ backupId: row.backup_id, kind: row.kind, index: Number(row.index), sealed: row.sealed }));
}

/** The statement writing `sealed` at `spot`, only in a backup of the account. */
function writeAt(userId: string, spot: LabelSpot, sealed: string): SQL {
  const own = sql`session_id = ${spot.backupId}::uuid and exists (select 1 from saved_sessions s where s.id = session_id and s.user_id = ${userId}::uuid)`;
  switch (spot.kind) {
    case "backup-name":
      return sql`update saved_sessions set session_name = ${sealed} where id = ${spot.backupId}::uuid and user_id = ${userId}::uuid`;
    case "note":
      return sql`update saved_sessions set note = ${sealed} where id = ${spot.backupId}::uuid and user_id = ${userId}::uuid`;
    case "tag":
      return sql`update saved_sessions set tags[${spot.index}::int] = ${sealed} where id = ${spot.backupId}::uuid and user_id = ${userId}::uuid`;
    case "group-title":
      return sql`update backup_tab_groups set title = ${sealed} where group_id = ${spot.index}::int and ${own}`;
    case "window-name":
      return sql`update backup_windows set name = ${sealed} where position = ${spot.index}::int and ${own}`;
  }
}

const spotKey = (spot: LabelSpot) => `${spot.backupId}/${spot.kind}/${spot.index}`;

/**
 * Writes re-sealed labels in place, or refuses the whole batch with the reason: a spot that holds no sealed label of
 * this account's (another account's backup, a plain label, a kind the spot does not hold), one changed since it was
 * listed (renamed elsewhere: its IV is not `replacesIv`), a label not under `keyId`,
 * one longer than its kind allows, or the same spot twice. Which backup a label is bound to the server cannot see:
 * one moved elsewhere does not open there (decision 237), and the browser counts it unreadable.
 */
export async function writeResealedLabels(tx: Database, userId: string, keyId: string, labels: readonly ResealedLabel[]): Promise<{ refused: string } | { resealed: number }> {
  const keys = labels.map(spotKey);
  if (new Set(keys).size !== keys.length) return { refused: "The same label is sent twice." };
  const backupIds = [...new Set(labels.map(({ backupId }) => backupId))];
  // Locks the backups written, so a rename or merge does not interleave with the check below.
  await tx.execute(sql`select id from saved_sessions where user_id = ${userId}::uuid and id = any(${sql.param(backupIds)}::uuid[]) for update`);
  const stored = new Map(
    rowsOf<{ backup_id: string; kind: SealedLabelKind; index: number | string; sealed: string }>(
      await tx.execute(sql`select label.backup_id, label.kind, label.index, label.sealed from ${labelsOf(userId)} where label.backup_id = any(${sql.param(backupIds)}::uuid[])`),
    ).map((row) => [spotKey({ backupId: row.backup_id, kind: row.kind, index: Number(row.index) }), row.sealed]),
  );
  for (const label of labels) {
    const was = stored.get(spotKey(label));
    const named = `The ${label.kind} at ${label.index} of backup ${label.backupId}`;
    if (was === undefined || !isSealedLabel(was)) return { refused: `${named} is not an encrypted label of this account's.` };
    if (sealedIvOf(was) !== label.replacesIv) return { refused: `${named} has changed since it was listed: list it again.` };
    if (sealedKeyIdOf(label.sealed) !== keyId) return { refused: `${named} is not sealed under the account's new key.` };
    if (label.sealed.length > sealedLabelLength(LABEL_CHARACTERS[label.kind])) return { refused: `${named} is longer than an encrypted ${label.kind} can be.` };
  }
  for (const label of labels) await tx.execute(writeAt(userId, label, label.sealed));
  return { resealed: labels.length };
}
