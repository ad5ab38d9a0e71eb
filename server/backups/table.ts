import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  customType,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  pgView,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "../accounts/table";

/** Raw bytes (a hash); drizzle has no bytea column of its own. */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => "bytea" });

/** One backup of a browser (and, on Windows, its open applications). Written with its tabs in one transaction. */
export const savedSessions = pgTable(
  "saved_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sessionName: text("session_name").notNull(),
    triggerEvent: text("trigger_event").notNull(),
    deviceName: text("device_name"),
    browserType: text("browser_type"),
    windowId: text("window_id"),
    clientSessionId: text("client_session_id"),
    /**
     * The extension's id for the snapshot this backup came from: unique per account, so a retried
     * upload finds the first backup instead of making a second. (client_session_id is the web app's
     * id of a whole browsing session, shared by many backups.)
     */
    clientSnapshotId: uuid("client_snapshot_id"),
    restorable: boolean("restorable").notNull().default(true),
    tabCount: integer("tab_count").notNull(),
    appCount: integer("app_count").notNull(),
    /** Of tab_count, the tabs whose title and address are sealed (decision 199). */
    sealedTabCount: integer("sealed_tab_count").notNull().default(0),
    /**
     * The bytes this backup stores itself, as JSON: its place in each tab (a reference to the tab's content and
     * the window, group, pin and times of that place), its windows, groups and applications. Its tabs' contents
     * are counted once per account in tab_contents (decision 212); the quota is the sum of both.
     */
    sizeBytes: integer("size_bytes").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** The person's tags (the library, decision 153): lower-case, each at most once. */
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    /** The person's note on the backup; null when none. */
    note: text("note"),
    /** When the person pinned the backup; a pinned backup is never rotated out (decision 154). */
    pinnedAt: timestamp("pinned_at", { withTimezone: true }),
  },
  (table) => [
    index("saved_sessions_user_id_created_at_idx").on(table.userId, table.createdAt.desc()),
    uniqueIndex("saved_sessions_user_id_client_snapshot_id_idx").on(table.userId, table.clientSnapshotId),
  ],
);
export type BackupRow = typeof savedSessions.$inferSelect;

/**
 * A tab's content — address, title, favicon, form entries, scroll, or its sealed location — stored once per
 * account by its content (decision 212) and referenced by every backup that holds it through
 * backup_tab_lists. `content_hash` is SHA-256 of the fields as stored; `size_bytes` is what the quota counts
 * for it, once however many backups hold it. Contents no backup refers to any more are removed by the
 * trigger `backup_tab_lists_collect` in the statement that deleted their last list (migration 0020).
 */
export const tabContents = pgTable(
  "tab_contents",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    contentHash: bytea("content_hash").notNull(),
    url: text("url").notNull(),
    title: text("title").notNull(),
    faviconUrl: text("favicon_url"),
    /** The URL, title and favicon sealed in the browser (decision 199); `url` and `title` are then "". */
    sealedLocation: text("sealed_location"),
    formData: jsonb("form_data").$type<Record<string, string>>().notNull(),
    scrollX: integer("scroll_x").notNull(),
    scrollY: integer("scroll_y").notNull(),
    /** The content's fields as JSON, in bytes: what it adds to the account's storage (decision 212). */
    sizeBytes: integer("size_bytes").notNull(),
  },
  (table) => [
    uniqueIndex("tab_contents_user_id_content_hash_idx").on(table.userId, table.contentHash),
    // The library's search (decision 152), on each content once rather than on every backup's copy.
    index("tab_contents_title_trgm_idx").using("gin", table.title.op("gin_trgm_ops")),
    index("tab_contents_url_trgm_idx").using("gin", table.url.op("gin_trgm_ops")),
    // A sealed tab keeps nothing readable beside its sealed location (decision 199).
    check("tab_contents_sealed_location_alone", sql`${table.sealedLocation} is null or (${table.url} = '' and ${table.title} = '' and ${table.faviconUrl} is null)`),
  ],
);

/**
 * A backup's tabs in order, as one row (decision 212): position i of the backup is `content_ids[i]` with the
 * fields that belong to the place rather than the content at index i of the other arrays. An array that
 * would hold only defaults (no tab pinned, none grouped, no time known, no window kept) is null. A backup
 * with no tabs has no row.
 */
export const backupTabLists = pgTable(
  "backup_tab_lists",
  {
    sessionId: uuid("session_id")
      .primaryKey()
      .references(() => savedSessions.id, { onDelete: "cascade" }),
    /** The account: its lists go with it, and the collection locks its row (migration 0020). */
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    contentIds: bigint("content_ids", { mode: "number" }).array().notNull(),
    /** Each tab's window in backup_windows (its position); null when the backup kept no windows. */
    windowPositions: integer("window_positions").array(),
    active: boolean("active").array().notNull(),
    pinned: boolean("pinned").array(),
    /** The browser's id of each tab's group, as in backup_tab_groups; null when none is grouped. */
    groupIds: bigint("group_ids", { mode: "number" }).array(),
    lastAccessed: timestamp("last_accessed", { withTimezone: true }).array(),
  },
  (table) => [
    index("backup_tab_lists_user_id_idx").on(table.userId),
    // The collection of unreferenced contents asks, for each content a deleted list named, whether another list
    // still names it (migration 0020): through this index, a lookup per content rather than a read of every list.
    // No pending list: each lookup would read all of it (up to 4 MB) before the next vacuum.
    index("backup_tab_lists_content_ids_idx").using("gin", table.contentIds).with({ fastupdate: false }),
    // Every place names a content: a reference left unresolved would lose a tab silently.
    check("backup_tab_lists_contents_named", sql`array_position(${table.contentIds}, null) is null`),
  ],
);

/**
 * The tabs of a backup, in their order, one row per tab: the view `session_tabs` (migration 0020) over
 * backup_tab_lists and tab_contents, with the columns the table of that name had before tabs were stored
 * once (decision 212), so every reader reads a backup's tabs as before. Written only through
 * `writeBackupTabs` (tab-lists.ts).
 */
export const backupTabsView = pgView("session_tabs", {
  sessionId: uuid("session_id").notNull(),
  position: integer("position").notNull(),
  url: text("url").notNull(),
  title: text("title").notNull(),
  faviconUrl: text("favicon_url"),
  sealedLocation: text("sealed_location"),
  isActive: boolean("is_active").notNull(),
  lastAccessed: timestamp("last_accessed", { withTimezone: true }),
  formData: jsonb("form_data").$type<Record<string, string>>().notNull(),
  scrollX: integer("scroll_x").notNull(),
  scrollY: integer("scroll_y").notNull(),
  /** The tab's window in backup_windows (its position); null in backups made before windows were kept. */
  windowPosition: integer("window_position"),
  pinned: boolean("pinned").notNull(),
  /** The browser's id of the tab's group, as in backup_tab_groups; null when not grouped. */
  groupId: bigint("group_id", { mode: "number" }),
}).existing();
export type BackupTabRow = typeof backupTabsView.$inferSelect;

/** Windows applications open at the moment of a backup. */
export const backupApplications = pgTable(
  "session_applications",
  {
    sessionId: uuid("session_id")
      .notNull()
      .references(() => savedSessions.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    processName: text("process_name").notNull(),
    windowTitle: text("window_title").notNull(),
    documentPath: text("document_path"),
    lastSaved: timestamp("last_saved", { withTimezone: true }),
    isUnsaved: boolean("is_unsaved").notNull(),
    processId: integer("process_id"),
  },
  (table) => [primaryKey({ columns: [table.sessionId, table.position] })],
);
export type BackupApplicationRow = typeof backupApplications.$inferSelect;

/**
 * Distinct tabs protected per account and UTC day, for the plans' "tabs a day": a tab backed up
 * every 30 seconds counts once a day, not once per backup.
 */
export const protectedTabDays = pgTable(
  "protected_tab_days",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    urlHash: text("url_hash").notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.day, table.urlHash] })],
);
