import type { FastifyBaseLogger } from "fastify";
import { type BackupResponse, browserName, type TabSnapshot, type TriggerEvent, type WindowsApplication } from "@common/api/backups";
import { withoutPrivateFields } from "@common/form-privacy";
import type { UserRow } from "../accounts/table";
import type { Database } from "../db/database";
import { backupJson, type BackupRows, insertBackup } from "./backup-insert";
import { type BackupRules, storeBackup } from "./store-backup";

export interface BackupInput {
  trigger: TriggerEvent;
  sessionName?: string;
  tabs: TabSnapshot[];
  applications: WindowsApplication[];
  browserType?: string | null;
  deviceName?: string | null;
  windowId?: string | number | null;
  clientSessionId?: string | null;
}

export { BackupRefusedError } from "./store-backup";

/**
 * A backup from the web app or the Android and Windows apps, with its tabs and applications, stored by
 * the one pipeline, {@link storeBackup}, under `rules` (decision 205): `backupRules.webSave` for the web
 * app's saves, `backupRules.appEmergency` for the apps' emergencies (an emergency is never refused and
 * may keep up to a day's allowance of tabs even when today's is spent). Written in the pipeline's transaction
 * (backup-insert.ts), so it is whole or absent.
 */
export async function backUp(
  db: Database,
  user: UserRow,
  input: BackupInput,
  rules: BackupRules,
  now: Date,
  log?: Pick<FastifyBaseLogger, "warn">,
): Promise<BackupResponse> {
  const stored = await storeBackup(
    db,
    {
      user,
      trigger: input.trigger,
      now,
      tabs: input.tabs,
      applicationCount: input.applications.length,
      nothingToBackUp: "Nothing to back up: the session has no tabs",
      log,
      prepare: (kept) => {
        const rows = backupRows(user, input, kept, now);
        const json = backupJson(rows);
        return { write: async (writer) => ({ sessionId: await insertBackup(writer, rows, json), counts: storedCounts(rows) }) };
      },
    },
    rules,
  );
  if (stored.outcome === "held") {
    // Not stored over a larger emergency of the last hour (decision 207); never refused, as an emergency.
    const tabs = `${stored.tabCount} ${stored.tabCount === 1 ? "tab" : "tabs"}`;
    return { success: true, protected: false, message: `${triggerWords[input.trigger].name} of ${tabs} not stored: ${stored.message}`, sessionId: stored.held.id, tabsSaved: 0, appsSaved: 0, limit: null };
  }
  const { sessionId, counts } = stored.written;
  return {
    success: true,
    protected: true,
    message: `${describeBackup(input, counts)} saved.`,
    sessionId,
    tabsSaved: counts.tabs,
    appsSaved: counts.applications,
    limit: stored.notice,
  };
}

interface StoredCounts {
  tabs: number;
  applications: number;
}

/** The rows of a backup as stored: what the client captured, less what no backup keeps. */
function backupRows(user: UserRow, input: BackupInput, tabs: TabSnapshot[], now: Date): BackupRows {
  const storedTabs = tabs.map((tab) => ({
    url: tab.url,
    title: tab.title,
    faviconUrl: tab.faviconUrl ?? null,
    sealedLocation: tab.sealedLocation ?? null,
    isActive: tab.isActive,
    lastAccessed: toDate(tab.lastAccessed),
    // Whatever the client captured: passwords, one-time codes, card codes and numbers never reach the table.
    formData: withoutPrivateFields(tab.formData),
    scrollX: tab.scrollPosition.x,
    scrollY: tab.scrollPosition.y,
  }));
  const storedApps = input.applications.map((app) => ({
    processName: app.processName,
    windowTitle: app.windowTitle,
    documentPath: app.documentPath ?? null,
    lastSaved: toDate(app.lastSaved),
    isUnsaved: app.isUnsaved,
    processId: app.processId ?? null,
  }));
  const stored = { tabs: storedTabs.length, applications: storedApps.length };
  return {
    userId: user.id,
    sessionName: input.sessionName ?? defaultName(input),
    triggerEvent: input.trigger,
    deviceName: input.deviceName ?? null,
    browserType: input.browserType ?? null,
    windowId: input.windowId === undefined || input.windowId === null ? null : String(input.windowId),
    clientSessionId: input.clientSessionId ?? null,
    createdAt: now,
    tabs: storedTabs,
    applications: storedApps,
    event: { eventType: eventTypeOf(input.trigger), description: describeBackup(input, stored) },
  };
}

function storedCounts(rows: BackupRows): StoredCounts {
  return { tabs: rows.tabs.length, applications: rows.applications.length };
}

/** Timestamps arrive as ISO text or epoch milliseconds; anything unreadable is dropped, not stored. */
function toDate(value: string | number | null | undefined): Date | null {
  if (value === null || value === undefined) return null;
  const date = new Date(value);
  const time = date.getTime();
  return Number.isNaN(time) || time < 0 || time > 8.64e15 ? null : date;
}

export const triggerWords: Record<TriggerEvent, { eventType: string; name: string }> = {
  clear_all_detected: { eventType: "emergency_backup", name: "Emergency backup" },
  windows_x_button: { eventType: "emergency_backup", name: "Emergency backup" },
  manual_save: { eventType: "manual_save", name: "Manual save" },
  auto_backup: { eventType: "automatic_backup", name: "Automatic backup" },
};

function eventTypeOf(trigger: TriggerEvent): string {
  return triggerWords[trigger].eventType;
}

function defaultName(input: BackupInput): string {
  if (input.trigger === "windows_x_button") return "Windows applications";
  const browser = input.browserType && input.browserType !== "other" ? ` (${browserName(input.browserType)})` : "";
  return `${triggerWords[input.trigger].name}${browser}`;
}

function describeBackup(input: BackupInput, { tabs, applications: apps }: StoredCounts): string {
  const what = [tabs > 0 || apps === 0 ? `${tabs} ${tabs === 1 ? "tab" : "tabs"}` : null, apps > 0 ? `${apps} ${apps === 1 ? "application" : "applications"}` : null]
    .filter(Boolean)
    .join(" and ");
  return `${triggerWords[input.trigger].name} of ${what}`;
}
