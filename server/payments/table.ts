import { sql } from "drizzle-orm";
import { type AnyPgColumn, boolean, check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { paymentStatuses } from "@common/api/payments";
import { paidPlanTypes } from "@common/plans";
import { users } from "../accounts/table";

const list = (values: readonly string[]) => values.map((value) => `'${value}'`).join(", ");

/**
 * Every attempt to pay: one-time, a subscription's first invoice, its renewals and plan changes. The
 * amount is in cents: the server's own from the plan catalogue, or what the provider's invoice charged
 * (a renewal, a prorated plan change); provider_payment_id is the spec's stripePaymentIntentId.
 */
export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** null once the account is deleted: the record stays, anonymised, as the law requires (decision 136). */
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    /** null once the account is deleted. */
    email: text("email"),
    planType: text("plan_type", { enum: paidPlanTypes }).notNull(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull().default("usd"),
    status: text("status", { enum: paymentStatuses }).notNull(),
    kind: text("kind", { enum: ["one_time", "subscription"] }).notNull(),
    provider: text("provider", { enum: ["stripe", "sandbox"] }).notNull(),
    providerPaymentId: text("provider_payment_id").unique("payments_provider_payment_id_unique"),
    failureMessage: text("failure_message"),
    /** The subscription an invoice belongs to; null for one-time payments. */
    subscriptionId: uuid("subscription_id").references((): AnyPgColumn => subscriptions.id, { onDelete: "set null" }),
    /** A succeeded one-time payment: the end of the month it bought, after any earlier month of the plan. */
    periodEnd: timestamp("period_end", { withTimezone: true }),
    // Millisecond precision, as JavaScript dates have: the admin's page cursor round-trips exactly.
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("payments_status_check", sql.raw(`status in (${list(paymentStatuses)})`)),
    check("payments_amount_check", sql`amount_cents > 0`),
    // The admin's newest-first pages and the month's sums.
    index("payments_created_at_id_idx").on(table.createdAt.desc(), table.id.desc()),
    index("payments_status_created_at_idx").on(table.status, table.createdAt),
    index("payments_user_id_idx").on(table.userId),
    // Deleting a subscription (with its account) sets its payments' reference to null.
    index("payments_subscription_id_idx").on(table.subscriptionId),
  ],
);
export type PaymentRow = typeof payments.$inferSelect;

/** A recurring plan. `provider_updated_at` orders events, so an older one never overwrites a newer. */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    planType: text("plan_type", { enum: paidPlanTypes }).notNull(),
    status: text("status").notNull(),
    provider: text("provider", { enum: ["stripe", "sandbox"] }).notNull(),
    providerSubscriptionId: text("provider_subscription_id").notNull().unique("subscriptions_provider_id_unique"),
    /** Stripe's customer, reused for the account's next subscription. */
    providerCustomerId: text("provider_customer_id"),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    providerUpdatedAt: timestamp("provider_updated_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("subscriptions_user_id_idx").on(table.userId)],
);
export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** Provider events already handled, written in the same transaction as their effect. */
export const processedPaymentEvents = pgTable("processed_payment_events", {
  eventId: text("event_id").primaryKey(),
  type: text("type").notNull(),
  processedAt: timestamp("processed_at", { withTimezone: true }).notNull().defaultNow(),
});
