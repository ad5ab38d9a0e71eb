import { and, asc, eq, sql } from "drizzle-orm";
import type { BackupOverview, BackupTabPage } from "@common/api/backup-pages";
import type { Database } from "../db/database";
import { backupWindows } from "./browser-tables";
import { findOwnBackupRow, toSavedApplication, toSavedTab, toSummary } from "./backup-reads";
import { rowsOf } from "../db/rows";
import { backupTabLists, savedSessions, backupApplications, tabContents } from "./table";

/**
 * One of the account's backups with its applications and its windows' names, private marks and tab counts
 * (decision 217), without its tabs; undefined for anyone else's id.
 */
export async function findBackupOverview(db: Database, userId: string, id: string): Promise<BackupOverview | undefined> {
  const backup = await findOwnBackupRow(db, userId, id);
  if (!backup) return undefined;
  const [apps, windows, tabsPerWindow] = await Promise.all([
    db.select().from(backupApplications).where(eq(backupApplications.sessionId, id)).orderBy(asc(backupApplications.position)),
    db
      .select({ position: backupWindows.position, name: backupWindows.name, incognito: backupWindows.incognito })
      .from(backupWindows)
      .where(eq(backupWindows.sessionId, id))
      .orderBy(asc(backupWindows.position)),
    // Counted from the backup's one list row (decision 212): no tab content is read.
    db.execute(
      sql`select p.position::integer as position, count(*)::integer as tabs
          from ${backupTabLists} l cross join lateral unnest(l.window_positions) as p(position)
          where l.session_id = ${id} group by p.position`,
    ),
  ]);
  const tabCountOf = new Map(rowsOf<{ position: number | null; tabs: number }>(tabsPerWindow).map((row) => [row.position, row.tabs]));
  return {
    ...toSummary(backup),
    openApps: apps.map(toSavedApplication),
    windows: windows.map((window) => ({ name: window.name, incognito: window.incognito, tabCount: tabCountOf.get(window.position) ?? 0 })),
  };
}

/**
 * `limit` tabs of one of the account's backups from `offset` in their saved order, with the backup's tab count;
 * undefined for anyone else's id. The page is a slice of the backup's one list row (decision 212), so only the
 * page's contents are read, however long the backup.
 */
export async function findBackupTabPage(db: Database, userId: string, id: string, offset: number, limit: number): Promise<BackupTabPage | undefined> {
  const owned = and(eq(savedSessions.id, id), eq(savedSessions.userId, userId));
  const slice = (column: string) => sql.raw(`l.${column}[${offset + 1}:${offset + limit}]`);
  const [totals, rows] = await Promise.all([
    db
      .select({ total: sql<number>`coalesce(cardinality(${backupTabLists.contentIds}), 0)::integer` })
      .from(savedSessions)
      .leftJoin(backupTabLists, eq(backupTabLists.sessionId, savedSessions.id))
      .where(owned),
    db.execute(sql`
      select l.session_id as "sessionId", (${offset} + p.ord - 1)::integer as position, c.url, c.title, c.favicon_url as "faviconUrl",
        c.sealed_location as "sealedLocation", coalesce(p.active, false) as "isActive", to_json(p.last_accessed) #>> '{}' as "lastAccessed",
        c.form_data as "formData", c.scroll_x as "scrollX", c.scroll_y as "scrollY"
      from ${savedSessions} s
      join ${backupTabLists} l on l.session_id = s.id
      cross join lateral unnest(${slice("content_ids")}, ${slice("active")}, ${slice("last_accessed")})
        with ordinality as p(content_id, active, last_accessed, ord)
      join ${tabContents} c on c.id = p.content_id
      where s.id = ${id}::uuid and s.user_id = ${userId}::uuid
      order by p.ord`),
  ]);
  const [totalsRow] = totals;
  if (!totalsRow) return undefined;
  return {
    total: totalsRow.total,
    offset,
    tabs: rowsOf<PageRow>(rows).map((tab, place) => ({
      ...toSavedTab({ ...tab, lastAccessed: tab.lastAccessed === null ? null : new Date(tab.lastAccessed) }),
      index: offset + place,
    })),
  };
}

/** A tab of a page as read: the fields `toSavedTab` takes, its time as ISO text. */
type PageRow = Omit<Parameters<typeof toSavedTab>[0], "lastAccessed"> & { lastAccessed: string | null };
