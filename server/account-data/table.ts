import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "../accounts/table";

/**
 * Mailed links that delete an account (decision 137): only the SHA-256 of the token is kept, and the
 * row goes with the account it would delete.
 */
export const accountDeletionTokens = pgTable(
  "account_deletion_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("account_deletion_tokens_user_id_idx").on(table.userId)],
);
