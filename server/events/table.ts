import { bigint, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Product analytics recorded by the client, e.g. a launch of the installed PWA. */
export const appEvents = pgTable(
  "app_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    path: text("path"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("app_events_created_at_idx").on(table.createdAt)],
);

