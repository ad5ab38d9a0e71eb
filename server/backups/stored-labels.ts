import { sql, type SQL } from "drizzle-orm";
import { LABEL_CHARACTERS } from "@common/api/encryption-rotation-labels";
import { sealedLabelLength } from "@common/api/sealed-labels";
import type { SealedLabelKind } from "@common/end-to-end-encryption";
import type { Database } from "../db/database";
import { rowsOf } from "../db/rows";

/**
 * The labels of an account's backups, each at a spot (backup, kind, index): a backup's name, tags and note, its
 * groups' titles and its windows' names (decision 237). A key rotation re-seals the sealed ones (decision 239) and
 * the switch to encrypt titles and addresses seals the readable ones (decision 246), both in batches written here.
 */

export type Executor = Pick<Database, "execute">;

export interface LabelSpot {
  backupId: string;
  kind: SealedLabelKind;
  index: number;
}

/** A label as stored: `value` sealed or readable. */
export type StoredLabelAt = LabelSpot & { value: string };

/**
 * Every label of the account's backups, sealed or not, as rows (backup_id, kind, index, value): index 0 for a name
 * or note, the tag's place (from 1), the group's id, the window's position.
 */
export function labelsOf(userId: string): SQL {
  return sql`(
    select s.id as backup_id, 'backup-name' as kind, 0 as index, s.session_name as value from saved_sessions s where s.user_id = ${userId}::uuid
    union all select s.id, 'note', 0, s.note from saved_sessions s where s.user_id = ${userId}::uuid and s.note is not null
    union all select s.id, 'tag', t.n::int, t.tag from saved_sessions s cross join lateral unnest(s.tags) with ordinality as t(tag, n) where s.user_id = ${userId}::uuid
    union all select g.session_id, 'group-title', g.group_id, g.title from backup_tab_groups g join saved_sessions s on s.id = g.session_id where s.user_id = ${userId}::uuid
    union all select w.session_id, 'window-name', w.position, w.name from backup_windows w join saved_sessions s on s.id = w.session_id where s.user_id = ${userId}::uuid and w.name is not null
  ) as label`;
}

type LabelRow = { backup_id: string; kind: SealedLabelKind; index: number | string; value: string };
const labelOfRow = (row: LabelRow): StoredLabelAt => ({ backupId: row.backup_id, kind: row.kind, index: Number(row.index), value: row.value });

/** How many of the account's labels meet `condition` (on `label.value`). */
export async function countLabels(db: Executor, userId: string, condition: SQL): Promise<number> {
  const [row] = rowsOf<{ count: number | string }>(await db.execute(sql`select count(*) as count from ${labelsOf(userId)} where ${condition}`));
  return Number(row?.count ?? 0);
}

/** The account's next `limit` labels meeting `condition` after the spot `after` (from the first when null), in spot order. */
export async function labelsAfterSpot(db: Executor, userId: string, condition: SQL, after: LabelSpot | null, limit: number): Promise<StoredLabelAt[]> {
  const past = after ? sql`and (label.backup_id, label.kind, label.index) > (${after.backupId}::uuid, ${after.kind}::text, ${after.index}::int)` : sql``;
  const rows = rowsOf<LabelRow>(
    await db.execute(sql`select label.backup_id, label.kind, label.index, label.value from ${labelsOf(userId)} where ${condition} ${past} order by label.backup_id, label.kind, label.index limit ${limit}`),
  );
  return rows.map(labelOfRow);
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
 * Why the label may not be written over what the spot holds (`was`, undefined when the spot holds no label of this
 * account's), in a sentence starting with `named`; null when it may.
 */
export type LabelJudge<L> = (label: L, was: string | undefined, named: string) => string | null;

/**
 * Writes sealed labels in place, or refuses the whole batch with the first reason: the same spot twice, one longer
 * than its kind allows, or what `judge` says of it and the label the spot holds. The backups written are locked
 * first, so a rename or merge does not interleave with the checks.
 */
export async function writeLabelBatch<L extends LabelSpot & { sealed: string }>(tx: Database, userId: string, labels: readonly L[], judge: LabelJudge<L>): Promise<{ refused: string } | { written: number }> {
  const keys = labels.map(spotKey);
  if (new Set(keys).size !== keys.length) return { refused: "The same label is sent twice." };
  const backupIds = [...new Set(labels.map(({ backupId }) => backupId))];
  await tx.execute(sql`select id from saved_sessions where user_id = ${userId}::uuid and id = any(${sql.param(backupIds)}::uuid[]) for update`);
  const stored = new Map(
    rowsOf<LabelRow>(await tx.execute(sql`select label.backup_id, label.kind, label.index, label.value from ${labelsOf(userId)} where label.backup_id = any(${sql.param(backupIds)}::uuid[])`)).map((row) => [
      spotKey(labelOfRow(row)),
      row.value,
    ]),
  );
  for (const label of labels) {
    const named = `The ${label.kind} at ${label.index} of backup ${label.backupId}`;
    const refused = judge(label, stored.get(spotKey(label)), named);
    if (refused) return { refused };
    if (label.sealed.length > sealedLabelLength(LABEL_CHARACTERS[label.kind])) return { refused: `${named} is longer than an encrypted ${label.kind} can be.` };
  }
  for (const label of labels) await tx.execute(writeAt(userId, label, label.sealed));
  return { written: labels.length };
}
