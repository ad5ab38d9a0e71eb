import { sql } from "drizzle-orm";
import { bigint, check, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { systemLogLevels, type SystemLogLevel } from "@common/api/system-log";

export const systemLogs = pgTable(
  "system_logs",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    level: text("level").$type<SystemLogLevel>().notNull(),
    message: text("message").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("system_logs_created_at_idx").on(table.createdAt),
    // A check rather than a PostgreSQL enum: adding a level later is then a plain migration.
    check(
      "system_logs_level_check",
      sql.raw(`${table.level.name} in (${systemLogLevels.map((level) => `'${level}'`).join(", ")})`),
    ),
  ],
);

