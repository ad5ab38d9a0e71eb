import { date, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";

/** Completed downloads per platform and UTC day (the admin's appDownloads and todayDownloads). */
export const downloadCounts = pgTable(
  "download_counts",
  {
    platform: text("platform", { enum: ["windows", "android"] }).notNull(),
    day: date("day", { mode: "string" }).notNull(),
    count: integer("count").notNull(),
  },
  (table) => [primaryKey({ columns: [table.platform, table.day] })],
);
