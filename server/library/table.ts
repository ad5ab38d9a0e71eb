import { jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "../accounts/table";
import type { LibrarySnapshot } from "./snapshot";

/**
 * The last organise action of each account (decision 157): what it changed, as it was before, so one
 * Undo puts it back. A new action replaces the row; an undo deletes it.
 */
export const libraryLastChanges = pgTable("library_last_changes", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** What the Undo button's toast says: "Merged 3 backups". */
  summary: text("summary").notNull(),
  /** The backups the action changed or removed, every row of them, as they were before. */
  before: jsonb("before").$type<LibrarySnapshot>().notNull(),
  /** The ids of the backups as the action left them (changed or made): an undo finds every one, or refuses. */
  afterIds: uuid("after_ids").array().notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
});
