import { sql } from "drizzle-orm";
import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "../accounts/table";

/** What an admin announced, and to how many accounts (decision 198). */
export const announcements = pgTable("announcements", {
  id: uuid("id").primaryKey().defaultRandom(),
  subject: text("subject").notNull(),
  body: text("body").notNull(),
  createdByEmail: text("created_by_email").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  recipients: integer("recipients").notNull(),
});

/**
 * One email to send per announcement and account: the outbox any instance drains. A row is claimed (claimed_at) for
 * a few minutes before it is sent, so two instances never send it twice and a crash mid-send is retried.
 */
export const announcementDeliveries = pgTable(
  "announcement_deliveries",
  {
    announcementId: uuid("announcement_id")
      .notNull()
      .references(() => announcements.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.announcementId, table.userId] }),
    index("announcement_deliveries_unsent_idx").on(table.claimedAt).where(sql`sent_at is null`),
  ],
);
