import { bigint, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Recorded by the server when a status check stops being operational, resolved when it is again. */
export const statusIncidents = pgTable(
  "status_incidents",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    service: text("service").notNull(),
    status: text("status", { enum: ["degraded", "outage"] }).notNull(),
    message: text("message").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
  },
  (table) => [index("status_incidents_started_at_idx").on(table.startedAt)],
);
