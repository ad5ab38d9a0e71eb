import { sql } from "drizzle-orm";
import { bigint, boolean, check, integer, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { tabGroupColors, windowStates } from "@common/api/browser-backups";
import { savedSessions } from "./table";

const listOf = (values: readonly string[]) => values.map((value) => `'${value}'`).join(", ");

/**
 * The windows of a browser backup made by the extension, in order. A backup's tabs name their window
 * by its position here (session_tabs.window_position); backups from the web app have no windows.
 */
export const backupWindows = pgTable(
  "backup_windows",
  {
    sessionId: uuid("session_id")
      .notNull()
      .references(() => savedSessions.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    /** The browser's id in that snapshot: not stable across browser restarts, kept to match groups. */
    windowId: bigint("window_id", { mode: "number" }).notNull(),
    state: text("state", { enum: windowStates }).notNull(),
    focused: boolean("focused").notNull(),
    left: integer("left"),
    top: integer("top"),
    width: integer("width"),
    height: integer("height"),
    /** The window's name where the source had one (a bookmark folder, a Session Buddy folder's title); null otherwise (decision 217). */
    name: text("name"),
    /** A private (incognito) window: only imports carry it, as the extension never captures private windows (decision 217). */
    incognito: boolean("incognito").notNull().default(false),
  },
  (table) => [
    primaryKey({ columns: [table.sessionId, table.position] }),
    check("backup_windows_state_check", sql.raw(`state in (${listOf(windowStates)})`)),
  ],
);

/** The tab groups of a browser backup (Chromium and Firefox); tabs name theirs by the browser's group id (decision 202). */
export const backupTabGroups = pgTable(
  "backup_tab_groups",
  {
    sessionId: uuid("session_id")
      .notNull()
      .references(() => savedSessions.id, { onDelete: "cascade" }),
    groupId: bigint("group_id", { mode: "number" }).notNull(),
    windowId: bigint("window_id", { mode: "number" }).notNull(),
    title: text("title").notNull(),
    color: text("color", { enum: tabGroupColors }).notNull(),
    collapsed: boolean("collapsed").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.sessionId, table.groupId] }),
    check("backup_tab_groups_color_check", sql.raw(`color in (${listOf(tabGroupColors)})`)),
  ],
);
