import type { FastifyBaseLogger } from "fastify";
import { and, eq, inArray, lte, or, sql } from "drizzle-orm";
import { type PaymentStatus, paymentStatuses } from "@common/api/payments";
import { type PaidPlanType, plans } from "@common/plans";
import { users } from "../accounts/table";
import type { Database } from "../db/database";
import type { Mailer } from "../mail/mailer";
import { receiptMessage } from "../mail/messages";
import { appendSystemLog } from "../system-log/append";
import { lockAccount, oneTimePeriodEnd, settlePlan, type Transaction } from "./paid-plan";
import { type PaymentRow, payments, processedPaymentEvents, subscriptions } from "./table";

export interface OutcomeContext {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
  now: Date;
}

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
 * A payment went through (webhook payment_intent.succeeded, or the sandbox): the
 * payment is marked succeeded, the account's plan is settled, and after commit the system log and
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
    return updated ? grantPayment(tx, updated, now) : null;
  });
  if (payment) await announcePayment(context, payment);
  return payment;
}

export interface PaidInvoice {
  eventId: string;
  invoiceId: string;
  providerSubscriptionId: string | null;
  amountPaidCents: number;
  currency: string;
  /** The plan of the invoice's price, when it is one of ours. */
  planType?: PaidPlanType;
  /** Our payment id from the subscription's metadata; it names the first invoice's payment only. */
  firstPaymentId?: string | null;
}

/**
 * Stripe's invoice.paid: the payment we started for it (a first invoice, a plan change that needed
 * the card) is marked succeeded; any other (a renewal, a plan change paid with the saved card) is
 * recorded as a succeeded payment of its own, so revenue counts every invoice. Idempotent by event id
 * and by the invoice id's unique index.
 */
export async function invoicePaid(context: OutcomeContext, invoice: PaidInvoice): Promise<PaymentRow | null> {
  const { db, now } = context;
  const payment = await db.transaction(async (tx) => {
    if (!(await firstTimeFor(tx, invoice.eventId, "invoice.paid"))) return null;
    const [updated] = await tx
      .update(payments)
      .set({
        status: "succeeded",
        failureMessage: null,
        updatedAt: now,
        // Matched by our id when the event beat our own write: the invoice id is stored now, so the
        // write that follows stores the same value and a later event finds the row by it.
        providerPaymentId: sql`coalesce(${payments.providerPaymentId}, ${invoice.invoiceId})`,
      })
      .where(
        and(
          matches({ providerPaymentId: invoice.invoiceId, paymentId: invoice.firstPaymentId }),
          inArray(payments.status, earlierThan("succeeded")),
        ),
      )
      .returning();
    if (updated) return grantPayment(tx, updated, now);
    if (invoice.amountPaidCents <= 0 || !invoice.providerSubscriptionId) return null;
    const [subscription] = await tx
      .select({ id: subscriptions.id, userId: subscriptions.userId, planType: subscriptions.planType, email: users.email })
      .from(subscriptions)
      .innerJoin(users, eq(users.id, subscriptions.userId))
      .where(eq(subscriptions.providerSubscriptionId, invoice.providerSubscriptionId))
      .limit(1);
    if (!subscription) {
      context.log.warn({ invoiceId: invoice.invoiceId }, "invoice.paid for a subscription we do not know");
      return null;
    }
    const [recorded] = await tx
      .insert(payments)
      .values({
        userId: subscription.userId,
        email: subscription.email,
        planType: invoice.planType ?? subscription.planType,
        amountCents: invoice.amountPaidCents,
        currency: invoice.currency,
        status: "succeeded",
        kind: "subscription",
        provider: "stripe",
        providerPaymentId: invoice.invoiceId,
        subscriptionId: subscription.id,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: payments.providerPaymentId })
      .returning();
    return recorded ? grantPayment(tx, recorded, now) : null;
  });
  if (payment) await announcePayment(context, payment);
  return payment;
}

/**
 * What a succeeded payment gives: a one-time payment its month (stacked after what the account has
 * of that plan); then the account's plan is settled from everything paid for. A subscription's plan
 * follows its subscription events, never an invoice, so a late invoice cannot undo a plan change.
 */
async function grantPayment(tx: Transaction, payment: PaymentRow, now: Date): Promise<PaymentRow> {
  // The account was deleted meanwhile: the record stands, there is nothing left to give.
  if (!payment.userId) return payment;
  await lockAccount(tx, payment.userId);
  let granted = payment;
  if (payment.kind === "one_time") {
    const periodEnd = await oneTimePeriodEnd(tx, payment.userId, payment.planType, now);
    const [withPeriod] = await tx.update(payments).set({ periodEnd }).where(eq(payments.id, payment.id)).returning();
    if (withPeriod) granted = withPeriod;
  } else if (payment.subscriptionId) {
    // A paid first invoice makes its subscription active, as Stripe's own event will say; its plan and
    // period stay the subscription events' to set.
    await tx
      .update(subscriptions)
      .set({ status: "active" })
      .where(and(eq(subscriptions.id, payment.subscriptionId), eq(subscriptions.status, "incomplete")));
  }
  await settlePlan(tx, payment.userId, now);
  return granted;
}

/** Who paid, for the system log: the address, or that the account is gone. */
function payerOf(payment: Pick<PaymentRow, "email">): string {
  return payment.email ?? "a deleted account";
}

/** After commit: the system log, and the receipt mail. */
async function announcePayment(context: OutcomeContext, payment: PaymentRow): Promise<void> {
  const { db, now } = context;
  const amount = `$${(payment.amountCents / 100).toFixed(2)}`;
  const kind = payment.kind === "one_time" ? "one month" : "subscription";
  await appendSystemLog(db, "success", `Payment succeeded: ${plans[payment.planType].name} ${amount} by ${payerOf(payment)} (${payment.provider}, ${kind})`);
  if (!payment.email) return;
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
    await appendSystemLog(db, "error", `Payment failed: ${plans[payment.planType].name} by ${payerOf(payment)}: ${message}`);
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
 * customer.subscription.updated / .deleted (or the sandbox's equivalent): the row follows the
 * provider unless a newer change is already stored, and the account's plan is settled from
 * everything it pays for, so a subscription event never takes away a one-time month.
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
    await settlePlan(tx, updated.userId, now);
    return true;
  });
}

export interface PaymentReversal {
  eventId?: string;
  /** The provider's ids the charge names (its PaymentIntent, its invoice): whichever we stored. */
  providerPaymentIds: string[];
  kind: "refunded" | "disputed";
  /** What the provider says, for the system log (a dispute's reason). */
  reason?: string | null;
}

export interface ReversedPayment {
  payment: PaymentRow;
  /** The subscription the payment paid for, ended with it: the provider must stop charging it too. */
  endedSubscription: string | null;
}

/**
 * A refund (charge.refunded, fully refunded) or a dispute (charge.dispute.created) of a payment that
 * went through: the payment is marked refunded or disputed, a subscription it paid for is ended, and
 * the account's plan is settled from what remains paid (Free when nothing does). After commit the
 * system log says so. Idempotent by event id and by status; a payment of a deleted account is only
 * marked (decision 136).
 */
export async function paymentReversed(context: OutcomeContext, reversal: PaymentReversal): Promise<ReversedPayment | null> {
  const { db, now } = context;
  const ids = reversal.providerPaymentIds.filter((id) => id.length > 0);
  if (ids.length === 0) return null;
  const result = await db.transaction(async (tx) => {
    if (!(await firstTimeFor(tx, reversal.eventId, `payment.${reversal.kind}`))) return null;
    const [payment] = await tx
      .update(payments)
      .set({ status: reversal.kind, updatedAt: now })
      .where(and(inArray(payments.providerPaymentId, ids), inArray(payments.status, ["succeeded", ...(reversal.kind === "disputed" ? (["refunded"] as const) : [])])))
      .returning();
    if (!payment) return null;
    let endedSubscription: string | null = null;
    if (payment.userId) await lockAccount(tx, payment.userId);
    if (payment.subscriptionId) {
      const [ended] = await tx
        .update(subscriptions)
        .set({ status: "canceled", cancelAtPeriodEnd: false, providerUpdatedAt: now })
        .where(and(eq(subscriptions.id, payment.subscriptionId), sql`${subscriptions.status} <> 'canceled'`))
        .returning({ providerSubscriptionId: subscriptions.providerSubscriptionId });
      endedSubscription = ended?.providerSubscriptionId ?? null;
    }
    const account = payment.userId ? await settlePlan(tx, payment.userId, now) : null;
    return { payment, endedSubscription, planNow: account?.planType ?? null };
  });
  if (!result) return null;
  const { payment, planNow } = result;
  const amount = `$${(payment.amountCents / 100).toFixed(2)}`;
  const what = reversal.kind === "refunded" ? "Payment refunded" : "Payment disputed";
  const reason = reversal.reason ? ` (${reversal.reason.slice(0, 200)})` : "";
  const plan = planNow ? `; the account is now on ${plans[planNow].name}` : "";
  await appendSystemLog(db, "warning", `${what}${reason}: ${plans[payment.planType].name} ${amount} by ${payerOf(payment)}, ${payment.providerPaymentId ?? payment.id}${plan}`);
  context.log.info({ paymentId: payment.id, status: payment.status }, "payment reversed");
  return { payment, endedSubscription: result.endedSubscription };
}
