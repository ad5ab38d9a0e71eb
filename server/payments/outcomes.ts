import type { FastifyBaseLogger } from "fastify";
import { and, eq, inArray, lte, ne, or, sql } from "drizzle-orm";
import { type PaymentStatus, paymentStatuses } from "@common/api/payments";
import { type PaidPlanType, plans } from "@common/plans";
import { users } from "../accounts/table";
import type { Database } from "../db/database";
import type { Mailer } from "../mail/mailer";
import { receiptMessage } from "../mail/messages";
import { appendSystemLog } from "../system-log/append";
import { type PaymentRow, payments, processedPaymentEvents, subscriptions } from "./table";

export interface OutcomeContext {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
  now: Date;
}

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * Which payment an outcome is about: the provider's id, and our own id when the provider echoes it
 * back in metadata (an event can arrive before we stored the provider's id).
 */
export interface PaymentReference {
  providerPaymentId: string;
  paymentId?: string | null;
  eventId?: string;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function matches({ providerPaymentId, paymentId }: Pick<PaymentReference, "providerPaymentId" | "paymentId">) {
  const byProvider = eq(payments.providerPaymentId, providerPaymentId);
  return paymentId && uuidPattern.test(paymentId) ? or(byProvider, eq(payments.id, paymentId)) : byProvider;
}

/** Statuses a payment may still leave for `next`: statuses only move forward. */
function earlierThan(next: PaymentStatus): PaymentStatus[] {
  return paymentStatuses.slice(0, paymentStatuses.indexOf(next));
}

/**
 * Records a provider event id in the transaction; false when it was handled before, in which case
 * the caller changes nothing. Sandbox outcomes have no event id and skip this.
 */
async function firstTimeFor(tx: Transaction, eventId: string | undefined, type: string): Promise<boolean> {
  if (!eventId) return true;
  const inserted = await tx
    .insert(processedPaymentEvents)
    .values({ eventId, type })
    .onConflictDoNothing()
    .returning({ eventId: processedPaymentEvents.eventId });
  return inserted.length > 0;
}

/**
 * A payment went through (webhook payment_intent.succeeded / invoice.paid, or the sandbox): the
 * payment is marked succeeded, the account moves to the plan, and after commit the system log and
 * the receipt follow. Replays and late events change nothing.
 */
export async function paymentSucceeded(
  context: OutcomeContext,
  { providerPaymentId, paymentId, eventId }: PaymentReference,
): Promise<PaymentRow | null> {
  const { db, now } = context;
  const payment = await db.transaction(async (tx) => {
    if (!(await firstTimeFor(tx, eventId, "payment.succeeded"))) return null;
    const [updated] = await tx
      .update(payments)
      .set({ status: "succeeded", failureMessage: null, updatedAt: now })
      .where(and(matches({ providerPaymentId, paymentId }), inArray(payments.status, earlierThan("succeeded"))))
      .returning();
    if (!updated) return null;
    await tx.update(users).set({ planType: updated.planType, updatedAt: now }).where(eq(users.id, updated.userId));
    if (updated.kind === "subscription") {
      // The sandbox sends no later events, so its first period is set here; Stripe's arrives by webhook.
      const monthLater = new Date(now);
      monthLater.setUTCMonth(monthLater.getUTCMonth() + 1);
      await tx
        .update(subscriptions)
        .set({
          status: "active",
          currentPeriodEnd: sql`coalesce(${subscriptions.currentPeriodEnd}, ${monthLater.toISOString()}::timestamptz)`,
        })
        .where(and(eq(subscriptions.userId, updated.userId), eq(subscriptions.status, "incomplete"), eq(subscriptions.planType, updated.planType)));
    }
    return updated;
  });
  if (!payment) return null;
  const amount = `$${(payment.amountCents / 100).toFixed(2)}`;
  await appendSystemLog(db, "success", `Payment succeeded: ${plans[payment.planType].name} ${amount} by ${payment.email} (${payment.provider})`);
  try {
    await context.mailer.send({
      to: payment.email,
      ...receiptMessage({
        planName: plans[payment.planType].name,
        amountCents: payment.amountCents,
        currency: "usd",
        paidAt: now,
        paymentId: payment.providerPaymentId ?? payment.id,
        dashboardUrl: `${context.publicUrl}/`,
      }),
    });
  } catch (error) {
    // The payment stands; a receipt that could not be sent is logged for support to resend.
    context.log.error({ err: error, paymentId: payment.id }, "receipt mail could not be sent");
    await appendSystemLog(db, "warning", `Receipt for payment ${payment.id} to ${payment.email} could not be sent`);
  }
  return payment;
}

/** A payment was refused; it is recorded as failed (unless it already went further) and logged. */
export async function paymentFailed(
  context: OutcomeContext,
  { providerPaymentId, paymentId, eventId, message }: PaymentReference & { message: string },
): Promise<PaymentRow | null> {
  const { db, now } = context;
  const payment = await db.transaction(async (tx) => {
    if (!(await firstTimeFor(tx, eventId, "payment.failed"))) return null;
    const [updated] = await tx
      .update(payments)
      .set({ status: "failed", failureMessage: message.slice(0, 500), updatedAt: now })
      .where(and(matches({ providerPaymentId, paymentId }), inArray(payments.status, earlierThan("failed"))))
      .returning();
    return updated ?? null;
  });
  if (payment) {
    await appendSystemLog(db, "error", `Payment failed: ${plans[payment.planType].name} by ${payment.email}: ${message}`);
  }
  return payment;
}

export interface SubscriptionChange {
  eventId?: string;
  providerSubscriptionId: string;
  status: string;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  /** When the provider made this change; an older change never overwrites a newer one. */
  changedAt: Date;
  planType?: PaidPlanType;
}

/**
 * customer.subscription.updated / .deleted: the row follows the provider unless a newer change is
 * already stored. A subscription that ended returns the account to Free when it has no other.
 */
export async function subscriptionChanged(context: OutcomeContext, change: SubscriptionChange): Promise<boolean> {
  const { db, now } = context;
  return db.transaction(async (tx) => {
    if (!(await firstTimeFor(tx, change.eventId, "subscription.changed"))) return false;
    const [updated] = await tx
      .update(subscriptions)
      .set({
        status: change.status,
        currentPeriodEnd: change.currentPeriodEnd,
        cancelAtPeriodEnd: change.cancelAtPeriodEnd,
        providerUpdatedAt: change.changedAt,
        ...(change.planType ? { planType: change.planType } : {}),
      })
      .where(
        and(
          eq(subscriptions.providerSubscriptionId, change.providerSubscriptionId),
          lte(subscriptions.providerUpdatedAt, change.changedAt),
        ),
      )
      .returning();
    if (!updated) return false;
    if (endedStatuses.includes(change.status)) {
      await downgradeIfNoActiveSubscription(tx, updated.userId, now);
    } else if (change.status === "active" && change.planType) {
      await tx.update(users).set({ planType: change.planType, updatedAt: now }).where(eq(users.id, updated.userId));
    }
    return true;
  });
}

const endedStatuses = ["canceled", "unpaid", "incomplete_expired"];

async function downgradeIfNoActiveSubscription(tx: Transaction, userId: string, now: Date): Promise<void> {
  const [other] = await tx
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, ["active", "trialing", "past_due"])))
    .limit(1);
  if (!other) await tx.update(users).set({ planType: "free", updatedAt: now }).where(eq(users.id, userId));
}

/**
 * Subscriptions cancelled at period end whose period is over, for providers that send no event then
 * (the sandbox): ended, and the account back on Free. Cheap: one indexed lookup for paid accounts.
 */
export async function endLapsedSubscriptions(db: Database, userId: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const ended = await tx
      .update(subscriptions)
      .set({ status: "canceled", providerUpdatedAt: now })
      .where(
        and(
          eq(subscriptions.userId, userId),
          eq(subscriptions.cancelAtPeriodEnd, true),
          ne(subscriptions.status, "canceled"),
          sql`${subscriptions.currentPeriodEnd} <= ${now.toISOString()}::timestamptz`,
        ),
      )
      .returning({ id: subscriptions.id });
    if (ended.length === 0) return false;
    await downgradeIfNoActiveSubscription(tx, userId, now);
    return true;
  });
}
