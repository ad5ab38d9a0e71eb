import { boolean, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "../accounts/table";

/**
 * An account's backup key for end-to-end encryption of form entries (decision 177), wrapped by the
 * person's passphrase in their browser. Nothing here opens it without the passphrase; it goes with the account.
 */
export const formEncryptionKeys = pgTable("form_encryption_keys", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  salt: text("salt").notNull(),
  iterations: integer("iterations").notNull(),
  wrappedKey: text("wrapped_key").notNull(),
  setAt: timestamp("set_at", { withTimezone: true }).notNull(),
  changedAt: timestamp("changed_at", { withTimezone: true }).notNull(),
  /** Whether the account's browsers seal titles, addresses and favicons too (decision 199). */
  sealsTabLocations: boolean("seals_tab_locations").notNull().default(false),
});
export type FormEncryptionKeyRow = typeof formEncryptionKeys.$inferSelect;
