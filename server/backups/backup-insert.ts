import { sql } from "drizzle-orm";
import type { Database } from "../db/database";
import { rowsOf } from "../db/rows";
import { protectionEventInsert } from "../protection/events";
import { type TabRecord, tabPlaceBytes, writeBackupTabs } from "./tab-lists";

/** A backup as stored: its row, its tabs and applications in order, and the event it records. */
export interface BackupRows {
  userId: string;
  sessionName: string;
  triggerEvent: string;
  deviceName: string | null;
  browserType: string | null;
  windowId: string | null;
  clientSessionId: string | null;
  createdAt: Date;
  tabs: {
    url: string;
    title: string;
    faviconUrl: string | null;
    sealedLocation: string | null;
    isActive: boolean;
    lastAccessed: Date | null;
    formData: Record<string, string>;
    scrollX: number;
    scrollY: number;
  }[];
  applications: {
    processName: string;
    windowTitle: string;
    documentPath: string | null;
    lastSaved: Date | null;
    isUnsaved: boolean;
    processId: number | null;
  }[];
  event: { eventType: string; description: string };
}

/** A backup's tabs as {@link writeBackupTabs} takes them, its applications as the JSON the insert sends, and its size as stored. */
export interface BackupJson {
  tabs: Omit<TabRecord, "session_id">[];
  applications: string;
  sizeBytes: number;
}

export function backupJson(backup: Pick<BackupRows, "tabs" | "applications">): BackupJson {
  const tabs = backup.tabs.map((tab, position) => ({
    position,
    url: tab.url,
    title: tab.title,
    favicon_url: tab.faviconUrl,
    sealed_location: tab.sealedLocation,
    is_active: tab.isActive,
    last_accessed: tab.lastAccessed?.toISOString() ?? null,
    form_data: tab.formData,
    scroll_x: tab.scrollX,
    scroll_y: tab.scrollY,
  }));
  const applications = JSON.stringify(
    backup.applications.map((app, position) => ({
      position,
      process_name: app.processName,
      window_title: app.windowTitle,
      document_path: app.documentPath,
      last_saved: app.lastSaved?.toISOString() ?? null,
      is_unsaved: app.isUnsaved,
      process_id: app.processId,
    })),
  );
  // What the backup stores itself; its tabs' contents are counted once per account (decision 212).
  return { tabs, applications, sizeBytes: tabPlaceBytes(tabs) + (backup.applications.length > 0 ? Buffer.byteLength(applications) : 0) };
}

/**
 * Writes a backup — its row, applications and its protection event as ONE statement of data-modifying
 * CTEs, then its tabs through {@link writeBackupTabs} (each content once per account, decision 212) — in the
 * caller's transaction, which holds the account row's lock (store-backup.ts). Applications travel as one JSON
 * parameter rather than several parameters each. The event is protection's own insert (its table object, its
 * columns), embedded as the last clause, so protection_events is written through the protection domain even here.
 */
export async function insertBackup(
  db: Pick<Database, "execute" | "insert" | "select">,
  backup: BackupRows,
  json: BackupJson = backupJson(backup),
): Promise<string> {
  const { tabs, applications, sizeBytes } = json;
  const createdAt = backup.createdAt.toISOString();
  // Its SQL rather than the builder: embedded as is, drizzle would wrap the insert in a second pair of
  // parentheses, which PostgreSQL refuses as the body of a CTE.
  const event = protectionEventInsert(db, { userId: backup.userId, ...backup.event, createdAt: backup.createdAt }).getSQL();
  const result = await db.execute(sql`
    with new_session as (
      insert into saved_sessions (user_id, session_name, trigger_event, device_name, browser_type, window_id,
        client_session_id, restorable, tab_count, sealed_tab_count, app_count, size_bytes, created_at)
      values (${backup.userId}::uuid, ${backup.sessionName}, ${backup.triggerEvent}, ${backup.deviceName},
        ${backup.browserType}, ${backup.windowId}, ${backup.clientSessionId}, ${backup.tabs.length > 0},
        ${backup.tabs.length}, ${backup.tabs.filter((tab) => tab.sealedLocation).length}, ${backup.applications.length},
        ${sizeBytes}, ${createdAt}::timestamptz)
      returning id
    ), new_applications as (
      insert into session_applications (session_id, position, process_name, window_title, document_path,
        last_saved, is_unsaved, process_id)
      select new_session.id, a.position, a.process_name, a.window_title, a.document_path, a.last_saved,
        a.is_unsaved, a.process_id
      from new_session, jsonb_to_recordset(${applications}::jsonb) as a(position integer, process_name text,
        window_title text, document_path text, last_saved timestamptz, is_unsaved boolean, process_id integer)
    ), new_event as (
      ${event}
    )
    select id from new_session`);
  const [row] = rowsOf<{ id: string }>(result);
  if (!row) throw new Error("saved session insert returned no row");
  await writeBackupTabs(db, backup.userId, tabs.map((tab) => ({ ...tab, session_id: row.id })));
  return row.id;
}
