import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { AutomationRuleKind } from "@common/api/automation";
import { users } from "../accounts/table";

/**
 * Workflow automation's rules (decision 180): one row per rule, the kind's own parameters
 * in their columns and the others null (the checks say which). At most one start-up rule per account.
 */
export const automationRules = pgTable(
  "automation_rules",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").$type<AutomationRuleKind>().notNull(),
    enabled: boolean("enabled").notNull(),
    /** window_close: the fewest tabs a closing window holds for the rule to fire. */
    minTabs: integer("min_tabs"),
    /** daily: "HH:MM", in each browser's local time. */
    timeOfDay: text("time_of_day"),
    /** window_close and daily: the backup's name. */
    backupName: text("backup_name"),
    /** window_close and daily: the backup's one tag, or null. */
    tag: text("tag"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    index("automation_rules_user_id_idx").on(table.userId, table.createdAt),
    uniqueIndex("automation_rules_one_startup_idx").on(table.userId).where(sql`${table.kind} = 'startup'`),
    check("automation_rules_kind_check", sql`${table.kind} in ('window_close', 'daily', 'startup')`),
    check(
      "automation_rules_parameters_check",
      sql`(${table.kind} = 'window_close' and ${table.minTabs} is not null and ${table.timeOfDay} is null and ${table.backupName} is not null)
        or (${table.kind} = 'daily' and ${table.timeOfDay} is not null and ${table.minTabs} is null and ${table.backupName} is not null)
        or (${table.kind} = 'startup' and ${table.minTabs} is null and ${table.timeOfDay} is null and ${table.backupName} is null and ${table.tag} is null)`,
    ),
  ],
);
