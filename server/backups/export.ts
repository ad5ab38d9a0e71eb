import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { AccountExport } from "@common/api/account-data";
import type { Database } from "../db/database";
import { backupTabGroups, backupWindows } from "./browser-tables";
import { readBackupTabs } from "./tab-list-reads";
import { savedSessions, backupApplications } from "./table";

type ExportedBackup = AccountExport["backups"][number];

/**
 * Backups read per page by the account export (decision 221): with their tabs, the most it holds in memory at once,
 * whatever the number of backups the account has.
 */
export const EXPORT_BACKUP_PAGE_SIZE = 200;

/**
 * Tabs a page holds at most, past its first backup: a backup may hold 5,000 tabs, and 200 of those in one page would
 * be a million, so a page of large backups ends early.
 */
export const EXPORT_TAB_BUDGET = 20_000;

const iso = (date: Date | null): string | null => date?.toISOString() ?? null;

/** Groups rows by their backup id, appending in place (one array per backup, never copied). */
function byBackup<Row extends { sessionId: string }>(rows: Row[]): Map<string, Row[]> {
  const map = new Map<string, Row[]>();
  for (const row of rows) {
    const list = map.get(row.sessionId);
    if (list) list.push(row);
    else map.set(row.sessionId, [row]);
  }
  return map;
}

/**
 * Every backup of the account with its tabs (form data and scroll included), applications, windows
 * and tab groups, oldest first, a page at a time (decision 221): five queries a page, each page found by keyset on
 * (created at, id), so a page costs the same however far into the account it is.
 */
export async function* backupPagesOfUserForExport(
  db: Database,
  userId: string,
  pageSize = EXPORT_BACKUP_PAGE_SIZE,
  tabBudget = EXPORT_TAB_BUDGET,
): AsyncGenerator<ExportedBackup[]> {
  let after: Cursor | null = null;
  for (;;) {
    const page = await backupPage(db, userId, after, pageSize, tabBudget);
    if (page.backups.length > 0) yield page.backups;
    if (!page.more || !page.last) return;
    after = page.last;
  }
}

/**
 * Where a page ended. The time is the database's own text of it: a JavaScript Date keeps milliseconds, the column
 * microseconds, and a cursor rounded down would read the page's last backup again.
 */
interface Cursor {
  createdAt: string;
  id: string;
}

async function backupPage(
  db: Database,
  userId: string,
  after: Cursor | null,
  pageSize: number,
  tabBudget: number,
): Promise<{ backups: ExportedBackup[]; last: Cursor | null; more: boolean }> {
  const afterCursor = after ? sql`(${savedSessions.createdAt}, ${savedSessions.id}) > (${after.createdAt}::timestamptz, ${after.id}::uuid)` : undefined;
  const rows = await db
    .select({ backup: savedSessions, createdAtText: sql<string>`${savedSessions.createdAt}::text` })
    .from(savedSessions)
    .where(and(eq(savedSessions.userId, userId), afterCursor))
    .orderBy(asc(savedSessions.createdAt), asc(savedSessions.id))
    .limit(pageSize);
  const taken = withinTabBudget(rows, tabBudget);
  const lastRow = taken[taken.length - 1];
  if (!lastRow) return { backups: [], last: null, more: false };
  const backupRows = taken.map((row) => row.backup);
  const ids = backupRows.map((backup) => backup.id);
  const [tabs, applications, windows, groups] = await Promise.all([
    readBackupTabs(db, ids),
    db.select().from(backupApplications).where(inArray(backupApplications.sessionId, ids)).orderBy(asc(backupApplications.position)),
    db.select().from(backupWindows).where(inArray(backupWindows.sessionId, ids)).orderBy(asc(backupWindows.position)),
    db.select().from(backupTabGroups).where(inArray(backupTabGroups.sessionId, ids)).orderBy(asc(backupTabGroups.groupId)),
  ]);
  const [tabsOf, applicationsOf, windowsOf, groupsOf] = [byBackup(tabs), byBackup(applications), byBackup(windows), byBackup(groups)];
  const backups = backupRows.map((backup) => ({
    id: backup.id,
    name: backup.sessionName,
    trigger: backup.triggerEvent,
    deviceName: backup.deviceName,
    browserType: backup.browserType,
    createdAt: backup.createdAt.toISOString(),
    sizeBytes: backup.sizeBytes,
    // Each row as stored, less the id its backup already names.
    tabs: (tabsOf.get(backup.id) ?? []).map(({ sessionId: _backupId, lastAccessed, ...tab }) => ({ ...tab, lastAccessed: iso(lastAccessed) })),
    applications: (applicationsOf.get(backup.id) ?? []).map(({ sessionId: _backupId, lastSaved, ...app }) => ({ ...app, lastSaved: iso(lastSaved) })),
    windows: (windowsOf.get(backup.id) ?? []).map(({ sessionId: _backupId, ...window }) => window),
    tabGroups: (groupsOf.get(backup.id) ?? []).map(({ sessionId: _backupId, ...group }) => group),
  }));
  return { backups, last: { createdAt: lastRow.createdAtText, id: lastRow.backup.id }, more: rows.length === pageSize || taken.length < rows.length };
}

/** The first backups whose tabs fit the budget, and always the first one, however large. */
function withinTabBudget<Row extends { backup: { tabCount: number } }>(rows: Row[], tabBudget: number): Row[] {
  let tabs = 0;
  let count = 0;
  for (const row of rows) {
    tabs += row.backup.tabCount;
    if (count > 0 && tabs > tabBudget) break;
    count += 1;
  }
  return rows.slice(0, count);
}
