import { and, asc, count, eq, getViewSelectedFields } from "drizzle-orm";
import type { BackupOverview, BackupTabPage } from "@common/api/backup-pages";
import type { Database } from "../db/database";
import { findOwnSessionRow, toSavedApplication, toSavedTab, toSummary } from "./saved-sessions";
import { savedSessions, sessionApplications, sessionTabs } from "./table";

/** One of the account's backups with its applications and without its tabs; undefined for anyone else's id. */
export async function findBackupOverview(db: Database, userId: string, id: string): Promise<BackupOverview | undefined> {
  const session = await findOwnSessionRow(db, userId, id);
  if (!session) return undefined;
  const apps = await db
    .select()
    .from(sessionApplications)
    .where(eq(sessionApplications.sessionId, id))
    .orderBy(asc(sessionApplications.position));
  return { ...toSummary(session), openApps: apps.map(toSavedApplication) };
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
      .select({ tab: getViewSelectedFields(sessionTabs) })
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
