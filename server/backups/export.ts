import { asc, eq, inArray } from "drizzle-orm";
import type { AccountExport } from "@common/api/account-data";
import type { Database } from "../db/database";
import { backupTabGroups, backupWindows } from "./browser-tables";
import { readBackupTabs } from "./tab-list-reads";
import { savedSessions, sessionApplications } from "./table";

type ExportedBackup = AccountExport["backups"][number];

const iso = (date: Date | null): string | null => date?.toISOString() ?? null;

/** Groups rows by their session id. */
function bySession<Row extends { sessionId: string }>(rows: Row[]): Map<string, Row[]> {
  const map = new Map<string, Row[]>();
  for (const row of rows) map.set(row.sessionId, [...(map.get(row.sessionId) ?? []), row]);
  return map;
}

/**
 * Every backup of the account with its tabs (form data and scroll included), applications, windows
 * and tab groups, oldest first: five queries whatever the number of backups.
 */
export async function backupsOfUserForExport(db: Database, userId: string): Promise<ExportedBackup[]> {
  const sessions = await db.select().from(savedSessions).where(eq(savedSessions.userId, userId)).orderBy(asc(savedSessions.createdAt), asc(savedSessions.id));
  if (sessions.length === 0) return [];
  const ids = sessions.map((session) => session.id);
  const [tabs, applications, windows, groups] = await Promise.all([
    readBackupTabs(db, ids),
    db.select().from(sessionApplications).where(inArray(sessionApplications.sessionId, ids)).orderBy(asc(sessionApplications.position)),
    db.select().from(backupWindows).where(inArray(backupWindows.sessionId, ids)).orderBy(asc(backupWindows.position)),
    db.select().from(backupTabGroups).where(inArray(backupTabGroups.sessionId, ids)).orderBy(asc(backupTabGroups.groupId)),
  ]);
  const [tabsOf, applicationsOf, windowsOf, groupsOf] = [bySession(tabs), bySession(applications), bySession(windows), bySession(groups)];
  return sessions.map((session) => ({
    id: session.id,
    name: session.sessionName,
    trigger: session.triggerEvent,
    deviceName: session.deviceName,
    browserType: session.browserType,
    createdAt: session.createdAt.toISOString(),
    sizeBytes: session.sizeBytes,
    // Each row as stored, less the session id the backup already names.
    tabs: (tabsOf.get(session.id) ?? []).map(({ sessionId: _session, lastAccessed, ...tab }) => ({ ...tab, lastAccessed: iso(lastAccessed) })),
    applications: (applicationsOf.get(session.id) ?? []).map(({ sessionId: _session, lastSaved, ...app }) => ({ ...app, lastSaved: iso(lastSaved) })),
    windows: (windowsOf.get(session.id) ?? []).map(({ sessionId: _session, ...window }) => window),
    tabGroups: (groupsOf.get(session.id) ?? []).map(({ sessionId: _session, ...group }) => group),
  }));
}
