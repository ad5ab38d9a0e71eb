import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "../accounts/table";

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
    /** Size of the stored tabs and applications as JSON, for "data saved". */
    sizeBytes: integer("size_bytes").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** The person's tags (the session library, decision 153): lower-case, each at most once. */
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
export type SavedSessionRow = typeof savedSessions.$inferSelect;

/** The tabs of a backup, in their order. */
export const sessionTabs = pgTable(
  "session_tabs",
  {
    sessionId: uuid("session_id")
      .notNull()
      .references(() => savedSessions.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    url: text("url").notNull(),
    title: text("title").notNull(),
    faviconUrl: text("favicon_url"),
    /** The URL, title and favicon sealed in the browser (decision 199); `url` and `title` are then "". */
    sealedLocation: text("sealed_location"),
    isActive: boolean("is_active").notNull(),
    lastAccessed: timestamp("last_accessed", { withTimezone: true }),
    formData: jsonb("form_data").$type<Record<string, string>>().notNull(),
    scrollX: integer("scroll_x").notNull(),
    scrollY: integer("scroll_y").notNull(),
    /** The tab's window in backup_windows (its position); null in backups made before windows were kept. */
    windowPosition: integer("window_position"),
    pinned: boolean("pinned").notNull().default(false),
    /** The browser's id of the tab's group, as in backup_tab_groups; null when not grouped. */
    groupId: bigint("group_id", { mode: "number" }),
  },
  (table) => [
    primaryKey({ columns: [table.sessionId, table.position] }),
    // The library's search (decision 152): trigram indexes answer ILIKE '%word%' on titles and URLs.
    index("session_tabs_title_trgm_idx").using("gin", table.title.op("gin_trgm_ops")),
    index("session_tabs_url_trgm_idx").using("gin", table.url.op("gin_trgm_ops")),
    // A sealed tab keeps nothing readable beside its sealed location (decision 199).
    check("session_tabs_sealed_location_alone", sql`${table.sealedLocation} is null or (${table.url} = '' and ${table.title} = '' and ${table.faviconUrl} is null)`),
  ],
);
export type SessionTabRow = typeof sessionTabs.$inferSelect;

/** Windows applications open at the moment of a backup. */
export const sessionApplications = pgTable(
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
export type SessionApplicationRow = typeof sessionApplications.$inferSelect;

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
