import { and, asc, eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { z } from "zod";
import type { BrowserBackup, BrowserBackupReceipt, uploadBrowserBackupRequestSchema } from "@common/api/browser-backups";
import { withoutPrivateFields } from "@common/form-privacy";
import { browserTabFieldsOf, windowPlacementOf } from "@common/tab-field-mappers";
import type { UserRow } from "../accounts/table";
import type { Database } from "../db/database";
import { recordProtectionEvent } from "../protection/events";
import { SYNCED_BROWSER_TYPE } from "@common/api/backups";
import { findOwnBackupRow } from "./backup-reads";
import { triggerWords } from "./backups";
import { backupTabGroups, backupWindows } from "./browser-tables";
import { type BackupRules, type BackupWriter, backupRules, type PreparedBackup, storeBackup } from "./store-backup";
import { readBackupTabs } from "./tab-list-reads";
import { type BackupRow, savedSessions, type BackupTabRow } from "./table";
import { type TabRecord, tabPlaceBytes, writeBackupTabs } from "./tab-lists";

type BackupWindowRow = typeof backupWindows.$inferSelect;
type BackupTabGroupRow = typeof backupTabGroups.$inferSelect;

export type BrowserBackupUpload = z.output<typeof uploadBrowserBackupRequestSchema>;

/** A tab as stored, with the window it belongs to (its position among the backup's windows). */
interface StoredTab {
  windowPosition: number;
  url: string;
  title: string;
  faviconUrl: string | null;
  sealedLocation: string | null;
  isActive: boolean;
  pinned: boolean;
  groupId: number | null;
  lastAccessed: Date | null;
  formData: Record<string, string>;
  scrollX: number;
  scrollY: number;
}

/** The second insert of a snapshot the account already has: the transaction is rolled back. */
class DuplicateSnapshot extends Error {
  override name = "DuplicateSnapshot";
}

/**
 * Stores one browser snapshot from the extension (or a library import), whole or not at all, through the
 * one pipeline, {@link storeBackup} (decision 205).
 *
 * - Idempotent on (account, snapshotId): a retry answers the first backup's id and writes nothing.
 *   The unique index decides, so two copies of one upload racing each other make one backup.
 * - An emergency (`clear_all_detected`, `backupRules.extensionEmergency`) is stored whole on every plan and
 *   never refused: it is what the product is for, and it is taken from just before a loss, so cutting it
 *   would lose tabs; its tabs do not count against the day's allowance.
 * - Manual saves and automatic backups (`backupRules.extensionUpload`, or `options.rules`: an import's) are
 *   shaped by the plan as the web app's are: automatic backups need a plan with them, tabs past the day's
 *   allowance are left out.
 * - Every plan's backup count applies through rotation; automatic backups rotate out first. An emergency that would
 *   push out a larger emergency of the last hour is not stored (decision 207): the receipt says `storedOnServer:
 *   false`, names the backup that stays, and the extension keeps this one on the device.
 */
export async function saveBrowserBackup(
  db: Database,
  user: UserRow,
  input: BrowserBackupUpload,
  deviceName: string | null,
  now: Date,
  /**
   * `sessionName` names the backup instead of "Manual save — device" (an import names where it came from, an
   * automation rule its own name) and `tags` tag it (a rule's tag); `rules` are the kind's (an import's), by
   * default the extension's for the trigger; `log` gets the warning when an emergency is kept over the
   * storage quota.
   */
  options: { sessionName?: string; tags?: string[]; rules?: BackupRules; log?: Pick<FastifyBaseLogger, "warn"> } = {},
): Promise<{ receipt: BrowserBackupReceipt; created: boolean }> {
  const existing = await backupOfSnapshot(db, user.id, input.snapshotId);
  if (existing) return { receipt: duplicateReceipt(existing), created: false };
  const rules = options.rules ?? (input.trigger === "clear_all_detected" ? backupRules.extensionEmergency : backupRules.extensionUpload);
  const allTabs = flattenTabs(input);
  const words = triggerWords[input.trigger];
  const reader = input.deviceName ?? deviceName;
  // Another device's tabs read through sync are that device's backup; the reader is named beside it (decision 219).
  const synced = input.syncedDevice?.deviceName ?? null;
  const device = synced ?? reader;
  const describe = (tabCount: number) => `${words.name} of ${tabCount} ${tabCount === 1 ? "tab" : "tabs"}${device ? ` from ${device}` : ""}`;
  try {
    const stored = await storeBackup(
      db,
      {
        user,
        trigger: input.trigger,
        now,
        tabs: allTabs,
        applicationCount: 0,
        nothingToBackUp: "Nothing to back up: the browser has no tabs",
        log: options.log,
        prepare: (kept) => prepareSnapshot(user, input, kept, rules, { device, reader: synced ? reader : null, description: describe(kept.length), now, ...options }),
      },
      rules,
    );
    if (stored.outcome === "held") {
      // Not stored over a larger emergency of the last hour (decision 207): the extension keeps this one on the device.
      return {
        created: false,
        receipt: {
          backupId: stored.held.id,
          tabCount: stored.held.tabCount,
          windowCount: stored.held.windowCount,
          duplicate: false,
          storedOnServer: false,
          message: `${describe(stored.tabCount)} kept in this browser only: ${stored.message}`,
        },
      };
    }
    const { notice } = stored;
    const description = describe(stored.kept.length);
    return {
      created: true,
      receipt: {
        backupId: stored.written.sessionId,
        tabCount: stored.kept.length,
        windowCount: stored.written.windowCount,
        duplicate: false,
        message: notice ? `${description} saved. ${notice.message}` : `${description} saved.`,
      },
    };
  } catch (error) {
    if (!(error instanceof DuplicateSnapshot)) throw error;
    const first = await backupOfSnapshot(db, user.id, input.snapshotId);
    if (!first) throw new Error("a duplicate snapshot's first backup is gone", { cause: error });
    return { receipt: duplicateReceipt(first), created: false };
  }
}

/** The rows of a snapshot with the tabs kept, and their write: backup, tabs, windows, groups and the event. */
function prepareSnapshot(
  user: UserRow,
  input: BrowserBackupUpload,
  tabs: StoredTab[],
  rules: BackupRules,
  {
    device,
    reader,
    description,
    now,
    sessionName,
    tags,
  }: { device: string | null; reader: string | null; description: string; now: Date; sessionName?: string; tags?: string[] },
): PreparedBackup<{ sessionId: string; windowCount: number }> {
  const { windows, groups } = keptWindowsAndGroups(input, tabs, rules);
  const words = triggerWords[input.trigger];
  const tabRecords = tabs.map(tabRecord);
  const windowsJson = JSON.stringify(windows.map(({ record }) => record));
  const groupsJson = JSON.stringify(groups.map(groupRecord));
  // What the backup stores itself; its tabs' contents are counted once per account (decision 212).
  const sizeBytes = tabPlaceBytes(tabRecords) + Buffer.byteLength(windowsJson) + Buffer.byteLength(groupsJson);
  const write = async (tx: BackupWriter) => {
    const [backup] = await tx
      .insert(savedSessions)
      .values({
        userId: user.id,
        sessionName: sessionName ?? backupName(words.name, device, input.syncedDevice ? (reader ?? "another browser") : null),
        triggerEvent: input.trigger,
        deviceName: device,
        browserType: input.syncedDevice ? SYNCED_BROWSER_TYPE : input.browserType,
        clientSnapshotId: input.snapshotId,
        restorable: tabs.length > 0,
        tabCount: tabs.length,
        sealedTabCount: tabs.filter((tab) => tab.sealedLocation).length,
        appCount: 0,
        sizeBytes,
        createdAt: now,
        ...(tags && tags.length > 0 ? { tags } : {}),
      })
      .onConflictDoNothing({ target: [savedSessions.userId, savedSessions.clientSnapshotId] })
      .returning({ id: savedSessions.id });
    if (!backup) throw new DuplicateSnapshot();

    // Each part is one statement over a JSON parameter: 5,000 tabs are one round trip, not 5,000
    // rows of parameters (which would pass PostgreSQL's 65,535-parameter limit).
    await writeBackupTabs(tx, user.id, tabRecords.map((tab) => ({ ...tab, session_id: backup.id })));
    if (windows.length > 0) {
      await tx.execute(sql`
        insert into ${backupWindows} (session_id, position, window_id, state, focused, "left", top, width, height, name, incognito)
        select ${backup.id}::uuid, w.position, w.window_id, w.state, w.focused, w."left", w.top, w.width, w.height, w.name,
          w.incognito
        from jsonb_to_recordset(${windowsJson}::jsonb) as w(position integer, window_id bigint, state text, focused boolean,
          "left" integer, top integer, width integer, height integer, name text, incognito boolean)`);
    }
    if (groups.length > 0) {
      await tx.execute(sql`
        insert into ${backupTabGroups} (session_id, group_id, window_id, title, color, collapsed)
        select ${backup.id}::uuid, g.group_id, g.window_id, g.title, g.color, g.collapsed
        from jsonb_to_recordset(${groupsJson}::jsonb) as g(group_id bigint, window_id bigint, title text, color text,
          collapsed boolean)`);
    }
    // The extension's words for what happened ("A window with 12 tabs was closed") go with the event.
    const reason = input.reason?.trim();
    await recordProtectionEvent(tx, user.id, words.eventType, reason ? `${description}: ${reason}` : description, now);
    return { sessionId: backup.id, windowCount: windows.length };
  };
  return { write };
}

/** "Emergency backup — Pixel 9 (through sync, read by Chrome on Linux)": where a synced device's backup came from, in its name. */
function backupName(kind: string, device: string | null, syncedReader: string | null): string {
  if (!device) return kind;
  return syncedReader ? `${kind} — ${device} (through sync, read by ${syncedReader})` : `${kind} — ${device}`;
}

/** Every tab in restore order: window by window, each window's tabs by their index in it. */
function flattenTabs(input: BrowserBackupUpload): StoredTab[] {
  return input.windows.flatMap((window, windowPosition) =>
    window.tabs
      .map((tab, order) => ({ tab, order }))
      .sort((a, b) => a.tab.index - b.tab.index || a.order - b.order)
      .map(({ tab }) => ({
        windowPosition,
        url: tab.url,
        title: tab.title,
        faviconUrl: tab.faviconUrl ?? null,
        sealedLocation: tab.sealedLocation ?? null,
        isActive: tab.active,
        pinned: tab.pinned,
        groupId: tab.groupId ?? null,
        lastAccessed: tab.lastAccessed === null || tab.lastAccessed === undefined ? null : new Date(tab.lastAccessed),
        // The extension's capture already leaves these out; the server does not rely on it (any client can post).
        formData: withoutPrivateFields(tab.formData),
        scrollX: tab.scrollPosition.x,
        scrollY: tab.scrollPosition.y,
      })),
  );
}

/**
 * The windows that still hold a tab (all of them for an emergency, which keeps every tab; an empty
 * window is kept only then) renumbered in order, and the groups those tabs name. A tab naming a group
 * the snapshot does not describe (Chromium's -1 for "none", a group closed mid-capture) is ungrouped
 * rather than refused: an emergency backup must never fail over a detail. Duplicate group ids keep
 * the first description.
 */
function keptWindowsAndGroups(
  input: BrowserBackupUpload,
  tabs: StoredTab[],
  rules: BackupRules,
): { windows: { record: Record<string, unknown> }[]; groups: BrowserBackupUpload["groups"] } {
  // A backup stored whatever is left (an emergency) keeps its windows as they were, empty ones too.
  const keepEmpty = rules.whenNothingIsLeft === "stored";
  const used = new Set(tabs.map((tab) => tab.windowPosition));
  const renumbered = new Map<number, number>();
  const windows: { record: Record<string, unknown> }[] = [];
  input.windows.forEach((window, position) => {
    if (!keepEmpty && !used.has(position)) return;
    renumbered.set(position, windows.length);
    windows.push({
      // The placement's fields are the table's columns by name.
      record: { position: windows.length, window_id: window.windowId, ...windowPlacementOf(window), name: window.name ?? null, incognito: window.incognito },
    });
  });
  const described = new Map<number, BrowserBackupUpload["groups"][number]>();
  for (const group of input.groups) if (!described.has(group.groupId)) described.set(group.groupId, group);
  const named = new Set<number>();
  for (const tab of tabs) {
    tab.windowPosition = renumbered.get(tab.windowPosition) ?? tab.windowPosition;
    if (tab.groupId !== null && !described.has(tab.groupId)) tab.groupId = null;
    if (tab.groupId !== null) named.add(tab.groupId);
  }
  return { windows, groups: [...described.values()].filter((group) => named.has(group.groupId)) };
}

function tabRecord(tab: StoredTab, position: number): Omit<TabRecord, "session_id"> {
  return {
    position,
    window_position: tab.windowPosition,
    url: tab.url,
    title: tab.title,
    favicon_url: tab.faviconUrl,
    sealed_location: tab.sealedLocation,
    is_active: tab.isActive,
    pinned: tab.pinned,
    group_id: tab.groupId,
    last_accessed: tab.lastAccessed?.toISOString() ?? null,
    form_data: tab.formData,
    scroll_x: tab.scrollX,
    scroll_y: tab.scrollY,
  };
}

function groupRecord(group: BrowserBackupUpload["groups"][number]): Record<string, unknown> {
  return { group_id: group.groupId, window_id: group.windowId, title: group.title, color: group.color, collapsed: group.collapsed };
}

async function backupOfSnapshot(db: Database, userId: string, snapshotId: string) {
  const [row] = await db
    .select({ id: savedSessions.id, tabCount: savedSessions.tabCount, sessionName: savedSessions.sessionName })
    .from(savedSessions)
    .where(and(eq(savedSessions.userId, userId), eq(savedSessions.clientSnapshotId, snapshotId)))
    .limit(1);
  if (!row) return undefined;
  const [windows] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(backupWindows)
    .where(eq(backupWindows.sessionId, row.id));
  return { ...row, windowCount: windows?.count ?? 0 };
}

function duplicateReceipt(first: { id: string; tabCount: number; windowCount: number }): BrowserBackupReceipt {
  return {
    backupId: first.id,
    tabCount: first.tabCount,
    windowCount: first.windowCount,
    duplicate: true,
    message: "This snapshot was backed up already; nothing new was stored.",
  };
}

/** A backup's stored windows, each without its tabs yet; a backup made before windows were kept has one. */
export function backupWindowsOf(windows: BackupWindowRow[]): BrowserBackup["windows"] {
  return windows.length > 0
    ? windows.map((window) => ({ windowId: window.windowId, ...windowPlacementOf(window), name: window.name, incognito: window.incognito, tabs: [] }))
    : [{ windowId: 0, state: "normal", focused: true, left: null, top: null, width: null, height: null, tabs: [] }];
}

/** The window a tab's stored position puts it in: the first one when the position names none. */
export function windowIndexOf(windows: readonly unknown[], windowPosition: number | null): number {
  const position = windowPosition ?? 0;
  return position >= 0 && position < windows.length ? position : 0;
}

/** A stored tab as a backup's reader gets it. */
export function browserTabOf(tab: BackupTabRow): BrowserBackup["windows"][number]["tabs"][number] {
  return {
    ...browserTabFieldsOf({ ...tab, active: tab.isActive }),
    sealedLocation: tab.sealedLocation,
    lastAccessed: tab.lastAccessed?.getTime() ?? null,
    formData: tab.formData,
    scrollPosition: { x: tab.scrollX, y: tab.scrollY },
  };
}

/**
 * One of the account's backups as windows, tabs and groups; undefined for anyone else's id. A backup
 * stored before windows were kept (the web app's, the Android app's) comes back as one window.
 */
export async function findBrowserBackup(db: Database, userId: string, id: string): Promise<BrowserBackup | undefined> {
  const backup = await findOwnBackupRow(db, userId, id);
  if (!backup) return undefined;
  const [tabs, windows, groups] = await Promise.all([
    readBackupTabs(db, [id]),
    db.select().from(backupWindows).where(eq(backupWindows.sessionId, id)).orderBy(asc(backupWindows.position)),
    db.select().from(backupTabGroups).where(eq(backupTabGroups.sessionId, id)).orderBy(asc(backupTabGroups.groupId)),
  ]);
  const shaped = backupWindowsOf(windows);
  for (const tab of tabs) shaped[windowIndexOf(shaped, tab.windowPosition)]!.tabs.push(browserTabOf(tab));
  return { ...backupHeadOf(backup, groups), windows: shaped };
}

/** A backup's fields but its windows, from its row and its stored groups: its reader's and its export's. */
export function backupHeadOf(backup: BackupRow, groups: BackupTabGroupRow[]): Omit<BrowserBackup, "windows"> {
  return {
    id: backup.id,
    sessionName: backup.sessionName,
    triggerEvent: backup.triggerEvent,
    deviceName: backup.deviceName,
    browserType: backup.browserType,
    createdAt: backup.createdAt.toISOString(),
    tabCount: backup.tabCount,
    groups: groups.map((group) => ({
      groupId: group.groupId,
      windowId: group.windowId,
      title: group.title,
      color: group.color,
      collapsed: group.collapsed,
    })),
  };
}
