import { and, asc, count, desc, eq, max, sql, sum } from "drizzle-orm";
import type { SavedApplication, BackupDetail, BackupSummary, SavedTab } from "@common/api/backups";
import type { Database } from "../db/database";
import { preparedPerDatabase } from "../db/prepared";
import { readBackupTabs } from "./tab-list-reads";
import { lockAccountTabs } from "./tab-lists";
import { type BackupRow, savedSessions, backupApplications, type BackupApplicationRow, type BackupTabRow } from "./table";

/** The most an account's list returns at once; Free and Basic keep far fewer. */
const listLimit = 500;

const backupListOfUser = preparedPerDatabase((db) => {
  const recent = db
    .select()
    .from(savedSessions)
    .where(eq(savedSessions.userId, sql.placeholder("userId")))
    // NULLS LAST, as the (user_id, created_at desc) index is built, so no sort is needed.
    .orderBy(sql`${savedSessions.createdAt} desc nulls last`, desc(savedSessions.id))
    .limit(listLimit)
    .as("recent");
  return db
    .select({
      list: sql<string>`coalesce(json_agg(json_build_object(
        'id', ${recent.id}, 'sessionName', ${recent.sessionName}, 'triggerEvent', ${recent.triggerEvent},
        'deviceName', ${recent.deviceName}, 'browserType', ${recent.browserType},
        'createdAt', to_char(${recent.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'restorable', ${recent.restorable}, 'tabCount', ${recent.tabCount}, 'appCount', ${recent.appCount},
        'sizeBytes', ${recent.sizeBytes}, 'tags', ${recent.tags}, 'note', ${recent.note},
        'pinned', ${recent.pinnedAt} is not null, 'sealedTabCount', ${recent.sealedTabCount}
      ) order by ${recent.createdAt} desc nulls last, ${recent.id} desc), '[]')::text`,
    })
    .from(recent)
    .prepare("saved_session_list_json");
});

/**
 * The account's newest backups as the JSON text of `BackupSummary[]`, built by PostgreSQL.
 * The Session Manager's list is the busiest read there is; building it in the database spares the
 * server parsing every row into objects only to turn them back into JSON. The fields are named here
 * one by one, so nothing else can leak; backups.test.ts checks the text against the schema.
 */
export async function backupListJson(db: Database, userId: string): Promise<string> {
  const [row] = await backupListOfUser(db).execute({ userId });
  return row?.list ?? "[]";
}

/** One of the account's backups with its tabs and applications; undefined for anyone else's id. */
export async function findBackup(db: Database, userId: string, id: string): Promise<BackupDetail | undefined> {
  const backup = await findOwnBackupRow(db, userId, id);
  return backup ? withContents(db, backup) : undefined;
}

/** The row of one of the account's backups; undefined for anyone else's id. */
export async function findOwnBackupRow(db: Database, userId: string, id: string): Promise<BackupRow | undefined> {
  const [backup] = await db
    .select()
    .from(savedSessions)
    .where(and(eq(savedSessions.id, id), eq(savedSessions.userId, userId)))
    .limit(1);
  return backup;
}

export async function latestRestorableBackup(db: Database, userId: string): Promise<BackupDetail | undefined> {
  const [backup] = await db
    .select()
    .from(savedSessions)
    .where(and(eq(savedSessions.userId, userId), eq(savedSessions.restorable, true)))
    .orderBy(desc(savedSessions.createdAt), desc(savedSessions.id))
    .limit(1);
  return backup ? withContents(db, backup) : undefined;
}

/**
 * Deletes one of the account's backups (tabs and applications cascade, and the tab contents no other backup
 * holds go with them, decision 212); false when it has none such. The account is locked first, as every writer
 * of its tabs locks it.
 */
export async function deleteOwnBackup(db: Database, userId: string, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockAccountTabs(tx, userId);
    const deleted = await tx
      .delete(savedSessions)
      .where(and(eq(savedSessions.id, id), eq(savedSessions.userId, userId)))
      .returning({ id: savedSessions.id });
    return deleted.length > 0;
  });
}

// One pass over the account's (user_id, created_at) index; the status banner asks every 5 s.
const totalsOfUser = preparedPerDatabase((db) =>
  db
    .select({
      backups: count(),
      tabs: sum(savedSessions.tabCount).mapWith(Number),
      applications: sum(savedSessions.appCount).mapWith(Number),
      bytes: sum(savedSessions.sizeBytes).mapWith(Number),
      lastBackup: max(savedSessions.createdAt),
    })
    .from(savedSessions)
    .where(eq(savedSessions.userId, sql.placeholder("userId")))
    .prepare("session_totals_of_user"),
);

export async function backupTotals(
  db: Database,
  userId: string,
): Promise<{ backups: number; tabs: number; applications: number; bytes: number; lastBackup: Date | null }> {
  const [row] = await totalsOfUser(db).execute({ userId });
  return {
    backups: row?.backups ?? 0,
    tabs: row?.tabs ?? 0,
    applications: row?.applications ?? 0,
    bytes: row?.bytes ?? 0,
    lastBackup: row?.lastBackup ? new Date(row.lastBackup) : null,
  };
}

async function withContents(db: Database, backup: BackupRow): Promise<BackupDetail> {
  const [tabs, apps] = await Promise.all([
    readBackupTabs(db, [backup.id]),
    db
      .select()
      .from(backupApplications)
      .where(eq(backupApplications.sessionId, backup.id))
      .orderBy(asc(backupApplications.position)),
  ]);
  const browserTabs = tabs.map(toSavedTab);
  return {
    ...toSummary(backup),
    browserTabs,
    openApps: apps.map(toSavedApplication),
    tabBackups: browserTabs.map((tab) => ({
      id: tab.id,
      url: tab.url,
      title: tab.title,
      favicon: tab.faviconUrl,
      isActive: tab.isActive,
    })),
  };
}

export function toSummary(row: BackupRow): BackupSummary {
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
    tags: row.tags,
    note: row.note,
    pinned: row.pinnedAt !== null,
    sealedTabCount: row.sealedTabCount,
  };
}

export function toSavedTab(
  row: Pick<BackupTabRow, "sessionId" | "position" | "url" | "title" | "faviconUrl" | "sealedLocation" | "isActive" | "lastAccessed" | "formData" | "scrollX" | "scrollY">,
): SavedTab {
  return {
    id: `${row.sessionId}:${row.position}`,
    url: row.url,
    title: row.title,
    faviconUrl: row.faviconUrl,
    sealedLocation: row.sealedLocation,
    isActive: row.isActive,
    lastAccessed: row.lastAccessed?.toISOString() ?? null,
    formData: row.formData,
    scrollPosition: { x: row.scrollX, y: row.scrollY },
  };
}

export function toSavedApplication(row: BackupApplicationRow): SavedApplication {
  return {
    processName: row.processName,
    windowTitle: row.windowTitle,
    documentPath: row.documentPath,
    lastSaved: row.lastSaved?.toISOString() ?? null,
    isUnsaved: row.isUnsaved,
    processId: row.processId,
  };
}
