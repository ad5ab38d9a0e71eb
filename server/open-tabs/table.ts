import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { OpenTabs } from "@common/api/open-tabs";
import { deviceTokens, users } from "../accounts/table";

/**
 * Each connected browser's open tabs now (decision 160): one row per device token,
 * replaced in place by a newer capture, never a backup. It goes with its token (and the account); a
 * revoked or idle token's row is left out of every read (decision 163).
 */
export const openTabs = pgTable(
  "open_tabs",
  {
    deviceId: uuid("device_id")
      .primaryKey()
      .references(() => deviceTokens.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    browserType: text("browser_type").notNull(),
    /** When the extension read its tabs: a push captured earlier than this is ignored. */
    capturedAt: timestamp("captured_at", { withTimezone: true }).notNull(),
    /** When the server stored it. */
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
    tabCount: integer("tab_count").notNull(),
    windowCount: integer("window_count").notNull(),
    windows: jsonb("windows").$type<OpenTabs["windows"]>().notNull(),
    groups: jsonb("groups").$type<OpenTabs["groups"]>().notNull(),
  },
  (table) => [index("open_tabs_user_id_idx").on(table.userId)],
);
