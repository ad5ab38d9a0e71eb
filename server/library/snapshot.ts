import { sql } from "drizzle-orm";
import type { Database } from "../db/database";
import { rowsOf } from "../db/rows";
import { type TabRecord, tabRecordOf, writeBackupTabs } from "../backups/tab-lists";

/** A transaction or the database: whatever runs the queries. */
export type Runner = Pick<Database, "execute" | "select" | "insert">;

/** The tables a backup lives in; the order is the order rows go back in (backups before their tabs). */
const backupTables = ["saved_sessions", "session_tabs", "session_applications", "backup_windows", "backup_tab_groups"] as const;
type BackupTable = (typeof backupTables)[number];

/**
 * Every row of some backups, each as PostgreSQL's own JSON of the row (`to_jsonb`), so putting them back
 * is `jsonb_populate_recordset` with nothing to map by hand, and a column added later goes along.
 */
export type LibrarySnapshot = Record<BackupTable, Row[]>;
export type Row = Record<string, unknown>;

/** The rows of the given backups only. */
export function snapshotOf(snapshot: LibrarySnapshot, ids: ReadonlySet<string>): LibrarySnapshot {
  const keep = (row: Row) => ids.has(String(row.session_id ?? row.id));
  return {
    saved_sessions: snapshot.saved_sessions.filter(keep),
    session_tabs: snapshot.session_tabs.filter(keep),
    session_applications: snapshot.session_applications.filter(keep),
    backup_windows: snapshot.backup_windows.filter(keep),
    backup_tab_groups: snapshot.backup_tab_groups.filter(keep),
  };
}

/** Rows of the given backups, as they are now. */
export async function captureBackups(tx: Runner, userId: string, ids: readonly string[]): Promise<LibrarySnapshot> {
  const idList = sql`(select id from saved_sessions where user_id = ${userId} and id = any(${sql.param([...ids])}::uuid[]))`;
  const result = await tx.execute(sql`select jsonb_build_object(
    'saved_sessions', (select coalesce(jsonb_agg(to_jsonb(t)), '[]') from saved_sessions t where t.id in ${idList}),
    'session_tabs', (select coalesce(jsonb_agg(to_jsonb(t)), '[]') from session_tabs t where t.session_id in ${idList}),
    'session_applications', (select coalesce(jsonb_agg(to_jsonb(t)), '[]') from session_applications t where t.session_id in ${idList}),
    'backup_windows', (select coalesce(jsonb_agg(to_jsonb(t)), '[]') from backup_windows t where t.session_id in ${idList}),
    'backup_tab_groups', (select coalesce(jsonb_agg(to_jsonb(t)), '[]') from backup_tab_groups t where t.session_id in ${idList})
  ) as snapshot`);
  return rowsOf<{ snapshot: LibrarySnapshot }>(result)[0]!.snapshot;
}

/** Deletes the given backups of the account (their rows cascade). */
export async function deleteBackups(tx: Runner, userId: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(sql`delete from saved_sessions where user_id = ${userId} and id = any(${sql.param([...ids])}::uuid[])`);
}

/**
 * Puts captured rows back as they were (the backups must not exist: delete them first). Tabs go back through
 * `writeBackupTabs`, each content once per account (decision 212): the caller holds the account row's lock.
 */
export async function restoreBackups(tx: Runner, snapshot: LibrarySnapshot): Promise<void> {
  for (const table of backupTables) {
    const rows = snapshot[table];
    if (rows.length === 0) continue;
    if (table === "session_tabs") {
      await restoreTabs(tx, snapshot.saved_sessions, rows);
      continue;
    }
    const name = sql.identifier(table);
    // A row captured before a NOT NULL column existed would put back null: it gets the column's default.
    const complete = table === "saved_sessions" ? rows.map((row) => ({ ...row, sealed_tab_count: row.sealed_tab_count ?? 0 })) : rows;
    await tx.execute(sql`insert into ${name} select * from jsonb_populate_recordset(null::${name}, ${JSON.stringify(complete)}::jsonb)`);
  }
}

/** A snapshot's tab rows written back, per account (a snapshot holds one account's backups). */
async function restoreTabs(tx: Runner, sessions: Row[], tabs: Row[]): Promise<void> {
  const accountOf = new Map(sessions.map((row) => [String(row.id), String(row.user_id)]));
  const byAccount = new Map<string, TabRecord[]>();
  for (const tab of tabs) {
    const account = accountOf.get(String(tab.session_id));
    if (account === undefined) throw new Error("a tab of a backup the snapshot does not hold");
    const records = byAccount.get(account) ?? [];
    if (records.length === 0) byAccount.set(account, records);
    records.push(tabRecordOf(tab));
  }
  for (const [account, records] of byAccount) await writeBackupTabs(tx, account, records);
}
