import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "../accounts/table";

/** What happened to an account's protection: backups, restores, blocks, toggles. */
export const protectionEvents = pgTable(
  "protection_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    eventType: text("event_type").notNull(),
    description: text("description").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("protection_events_user_id_created_at_idx").on(table.userId, table.createdAt.desc()),
    // The retention job deletes by age across accounts (decision 135).
    index("protection_events_created_at_idx").on(table.createdAt),
  ],
);

/** One row per account once it saves settings; absent means the defaults. */
export const protectionSettings = pgTable("protection_settings", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  enabled: boolean("enabled").notNull(),
  mode: text("mode", { enum: ["block", "backup"] }).notNull(),
  autoBackup: boolean("auto_backup").notNull(),
  cloudSync: boolean("cloud_sync").notNull(),
  smartDetection: boolean("smart_detection").notNull(),
  aiPrediction: boolean("ai_prediction").notNull(),
  teamSharing: boolean("team_sharing").notNull(),
  /** Host names no backup of this account keeps (decision 186). */
  neverCapturedSites: text("never_captured_sites").array().notNull().default(sql`'{}'::text[]`),
  blockedAttempts: integer("blocked_attempts").notNull().default(0),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().default(sql`now()`),
});
