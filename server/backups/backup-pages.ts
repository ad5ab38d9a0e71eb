import { and, asc, count, eq } from "drizzle-orm";
import type { BackupOverview, BackupTabPage } from "@common/api/backup-pages";
import type { Database } from "../db/database";
import { backupWindows } from "./browser-tables";
import { findOwnSessionRow, toSavedApplication, toSavedTab, toSummary } from "./saved-sessions";
import { savedSessions, sessionApplications, sessionTabs } from "./table";

/**
 * One of the account's backups with its applications and its windows' names, private marks and tab counts
 * (decision 217), without its tabs; undefined for anyone else's id.
 */
export async function findBackupOverview(db: Database, userId: string, id: string): Promise<BackupOverview | undefined> {
  const session = await findOwnSessionRow(db, userId, id);
  if (!session) return undefined;
  const [apps, windows, tabsPerWindow] = await Promise.all([
    db.select().from(sessionApplications).where(eq(sessionApplications.sessionId, id)).orderBy(asc(sessionApplications.position)),
    db
      .select({ position: backupWindows.position, name: backupWindows.name, incognito: backupWindows.incognito })
      .from(backupWindows)
      .where(eq(backupWindows.sessionId, id))
      .orderBy(asc(backupWindows.position)),
    db
      .select({ position: sessionTabs.windowPosition, tabs: count() })
      .from(sessionTabs)
      .where(eq(sessionTabs.sessionId, id))
      .groupBy(sessionTabs.windowPosition),
  ]);
  const tabCountOf = new Map(tabsPerWindow.map((row) => [row.position, row.tabs]));
  return {
    ...toSummary(session),
    openApps: apps.map(toSavedApplication),
    windows: windows.map((window) => ({ name: window.name, incognito: window.incognito, tabCount: tabCountOf.get(window.position) ?? 0 })),
  };
}

/**
 * `limit` tabs of one of the account's backups from `offset` in their saved order (position), with the
 * backup's tab count; undefined for anyone else's id. Both reads walk the (session_id, position) key, and
 * the account is checked in each, so they run side by side. Positions may have gaps (a clean-up removes
 * duplicates), which is why pages are by offset into the order, not by position.
 */
export async function findBackupTabPage(db: Database, userId: string, id: string, offset: number, limit: number): Promise<BackupTabPage | undefined> {
  const ownTabs = and(eq(sessionTabs.sessionId, id), eq(savedSessions.userId, userId));
  const [totals, rows] = await Promise.all([
    db
      .select({ owned: count(savedSessions.id), total: count(sessionTabs.position) })
      .from(savedSessions)
      .leftJoin(sessionTabs, eq(sessionTabs.sessionId, savedSessions.id))
      .where(and(eq(savedSessions.id, id), eq(savedSessions.userId, userId))),
    db
      .select({ tab: sessionTabs })
      .from(sessionTabs)
      .innerJoin(savedSessions, eq(savedSessions.id, sessionTabs.sessionId))
      .where(ownTabs)
      .orderBy(asc(sessionTabs.position))
      .offset(offset)
      .limit(limit),
  ]);
  const [totalsRow] = totals;
  if (!totalsRow || totalsRow.owned === 0) return undefined;
  return {
    total: totalsRow.total,
    offset,
    tabs: rows.map(({ tab }, place) => ({ ...toSavedTab(tab), index: offset + place })),
  };
}
