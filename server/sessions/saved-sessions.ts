import { and, asc, count, desc, eq, max, sql, sum } from "drizzle-orm";
import type { SavedSessionDetail, SavedSessionSummary, SavedTab } from "@common/api/sessions";
import type { Database } from "../db/database";
import { preparedPerDatabase } from "../db/prepared";
import { type SavedSessionRow, savedSessions, sessionApplications, sessionTabs, type SessionTabRow } from "./table";

/** The most an account's list returns at once; Free and Basic keep far fewer. */
const listLimit = 500;

const sessionsOfUser = preparedPerDatabase((db) =>
  db
    .select()
    .from(savedSessions)
    .where(eq(savedSessions.userId, sql.placeholder("userId")))
    // NULLS LAST, as the (user_id, created_at desc) index is built, so no sort is needed.
    .orderBy(sql`${savedSessions.createdAt} desc nulls last`, desc(savedSessions.id))
    .limit(listLimit)
    .prepare("saved_sessions_of_user"),
);

export async function listSavedSessions(db: Database, userId: string): Promise<SavedSessionSummary[]> {
  const rows = await sessionsOfUser(db).execute({ userId });
  return rows.map(toSummary);
}

/** One of the account's sessions with its tabs and applications; undefined for anyone else's id. */
export async function findSavedSession(db: Database, userId: string, id: string): Promise<SavedSessionDetail | undefined> {
  const [session] = await db
    .select()
    .from(savedSessions)
    .where(and(eq(savedSessions.id, id), eq(savedSessions.userId, userId)))
    .limit(1);
  if (!session) return undefined;
  return withContents(db, session);
}

export async function latestRestorableSession(db: Database, userId: string): Promise<SavedSessionDetail | undefined> {
  const [session] = await db
    .select()
    .from(savedSessions)
    .where(and(eq(savedSessions.userId, userId), eq(savedSessions.restorable, true)))
    .orderBy(desc(savedSessions.createdAt), desc(savedSessions.id))
    .limit(1);
  return session ? withContents(db, session) : undefined;
}

/** Deletes one of the account's sessions (tabs and applications cascade); false when it has none such. */
export async function deleteSavedSession(db: Database, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(savedSessions)
    .where(and(eq(savedSessions.id, id), eq(savedSessions.userId, userId)))
    .returning({ id: savedSessions.id });
  return deleted.length > 0;
}

// One pass over the account's (user_id, created_at) index; the status banner asks every 5 s.
const totalsOfUser = preparedPerDatabase((db) =>
  db
    .select({
      sessions: count(),
      tabs: sum(savedSessions.tabCount).mapWith(Number),
      applications: sum(savedSessions.appCount).mapWith(Number),
      bytes: sum(savedSessions.sizeBytes).mapWith(Number),
      lastBackup: max(savedSessions.createdAt),
    })
    .from(savedSessions)
    .where(eq(savedSessions.userId, sql.placeholder("userId")))
    .prepare("session_totals_of_user"),
);

export async function sessionTotals(
  db: Database,
  userId: string,
): Promise<{ sessions: number; tabs: number; applications: number; bytes: number; lastBackup: Date | null }> {
  const [row] = await totalsOfUser(db).execute({ userId });
  return {
    sessions: row?.sessions ?? 0,
    tabs: row?.tabs ?? 0,
    applications: row?.applications ?? 0,
    bytes: row?.bytes ?? 0,
    lastBackup: row?.lastBackup ? new Date(row.lastBackup) : null,
  };
}

async function withContents(db: Database, session: SavedSessionRow): Promise<SavedSessionDetail> {
  const [tabs, apps] = await Promise.all([
    db.select().from(sessionTabs).where(eq(sessionTabs.sessionId, session.id)).orderBy(asc(sessionTabs.position)),
    db
      .select()
      .from(sessionApplications)
      .where(eq(sessionApplications.sessionId, session.id))
      .orderBy(asc(sessionApplications.position)),
  ]);
  const browserTabs = tabs.map(toSavedTab);
  return {
    ...toSummary(session),
    browserTabs,
    openApps: apps.map((app) => ({
      processName: app.processName,
      windowTitle: app.windowTitle,
      documentPath: app.documentPath,
      lastSaved: app.lastSaved?.toISOString() ?? null,
      isUnsaved: app.isUnsaved,
      processId: app.processId,
    })),
    tabBackups: browserTabs.map((tab) => ({
      id: tab.id,
      url: tab.url,
      title: tab.title,
      favicon: tab.faviconUrl,
      isActive: tab.isActive,
    })),
  };
}

function toSummary(row: SavedSessionRow): SavedSessionSummary {
  return {
    id: row.id,
    sessionName: row.sessionName,
    triggerEvent: row.triggerEvent,
    deviceName: row.deviceName,
    browserType: row.browserType,
    createdAt: row.createdAt.toISOString(),
    restorable: row.restorable,
    tabCount: row.tabCount,
    appCount: row.appCount,
    sizeBytes: row.sizeBytes,
  };
}

function toSavedTab(row: SessionTabRow): SavedTab {
  return {
    id: `${row.sessionId}:${row.position}`,
    url: row.url,
    title: row.title,
    faviconUrl: row.faviconUrl,
    isActive: row.isActive,
    lastAccessed: row.lastAccessed?.toISOString() ?? null,
    formData: row.formData,
    scrollPosition: { x: row.scrollX, y: row.scrollY },
  };
}
