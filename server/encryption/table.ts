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
  /** The id of the wrapped key (`keyIdOf`, decision 239), set by its first rotation; null before. */
  keyId: text("key_id"),
  /** While a rotation is under way (decision 239): the key it replaces, sealed under the new one, and its id. */
  previousKey: text("previous_key"),
  previousKeyId: text("previous_key_id"),
});
export type FormEncryptionKeyRow = typeof formEncryptionKeys.$inferSelect;
