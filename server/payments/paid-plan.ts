import { and, eq, gt, inArray, isNotNull, lte, max, not, type SQL } from "drizzle-orm";
import { type PaidPlanType, paidPlanTypes, plans } from "@common/plans";
import { type UserRow, users } from "../accounts/table";
import type { Database } from "../db/database";
import { appendSystemLog } from "../system-log/append";
import { payments, subscriptions } from "./table";

export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Stripe's statuses in which a subscription still gives its plan. */
export const liveSubscriptionStatuses = ["active", "trialing", "past_due"];

/**
 * A subscription that still gives its plan at `now`: a live status, and not cancelled at a period
 * end that has passed (the sandbox sends no event then, and Stripe's may not have arrived yet).
 */
export function subscriptionIsLive(now: Date): SQL {
  return and(
    inArray(subscriptions.status, liveSubscriptionStatuses),
    not(and(eq(subscriptions.cancelAtPeriodEnd, true), isNotNull(subscriptions.currentPeriodEnd), lte(subscriptions.currentPeriodEnd, now))!),
  )!;
}

/** One thing the account has paid for: a plan until `endsAt`, or for as long as it renews (null). */
export interface PaidPeriod {
  planType: PaidPlanType;
  endsAt: Date | null;
}

/** The best of what is paid for: the highest plan; between two periods of one plan, the longer. */
export function bestPaidPeriod(periods: readonly PaidPeriod[]): PaidPeriod | null {
  let best: PaidPeriod | null = null;
  for (const period of periods) {
    if (!best) {
      best = period;
      continue;
    }
    const rank = paidPlanTypes.indexOf(period.planType) - paidPlanTypes.indexOf(best.planType);
    const longer = best.endsAt !== null && (period.endsAt === null || period.endsAt > best.endsAt);
    if (rank > 0 || (rank === 0 && longer)) best = period;
  }
  return best;
}

/**
 * The same day `months` months later (UTC, same time of day), or that month's last day:
 * 31 January + 1 → 28/29 February, as Stripe bills monthly plans.
 */
export function addMonths(date: Date, months: number): Date {
  const next = new Date(date);
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

export const oneMonthAfter = (date: Date): Date => addMonths(date, 1);

/**
 * Holds the account row until the transaction ends, so two changes of one account's plan (a payment
 * and a subscription event arriving together) settle one after the other, each seeing the other's.
 */
export async function lockAccount(tx: Transaction, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
}

/**
 * The end of the month a one-time payment of `planType` buys: one month after now, or after the
 * end of what the account already has of that plan (earlier months, a cancelled subscription).
 * Call with the account locked.
 */
export async function oneTimePeriodEnd(tx: Transaction, userId: string, planType: PaidPlanType, now: Date): Promise<Date> {
  const [[months], [account]] = await Promise.all([
    tx
      .select({ endsAt: max(payments.periodEnd) })
      .from(payments)
      .where(and(eq(payments.userId, userId), eq(payments.planType, planType), eq(payments.kind, "one_time"), eq(payments.status, "succeeded"))),
    tx.select({ planType: users.planType, planExpiresAt: users.planExpiresAt }).from(users).where(eq(users.id, userId)),
  ]);
  let start = now;
  if (months?.endsAt && months.endsAt > start) start = months.endsAt;
  if (account?.planType === planType && account.planExpiresAt && account.planExpiresAt > start) start = account.planExpiresAt;
  return oneMonthAfter(start);
}

/**
 * Sets the account's plan to the best of what is paid for and current, and when that ends: live
 * subscriptions (a cancelled one ends at its period end) and one-time months still running. Every
 * change to either goes through here, so no single event can hand the account a worse plan than it
 * paid for. Subscriptions cancelled at a period end that has passed are ended on the way. Returns
 * the updated account row.
 */
export async function settlePlan(tx: Transaction, userId: string, now: Date): Promise<UserRow | null> {
  await lockAccount(tx, userId);
  await tx
    .update(subscriptions)
    .set({ status: "canceled", providerUpdatedAt: now })
    .where(
      and(
        eq(subscriptions.userId, userId),
        inArray(subscriptions.status, liveSubscriptionStatuses),
        eq(subscriptions.cancelAtPeriodEnd, true),
        lte(subscriptions.currentPeriodEnd, now),
      ),
    );
  const [live, months] = await Promise.all([
    tx
      .select({ planType: subscriptions.planType, currentPeriodEnd: subscriptions.currentPeriodEnd, cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd })
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), subscriptionIsLive(now))),
    tx
      .select({ planType: payments.planType, endsAt: max(payments.periodEnd) })
      .from(payments)
      .where(and(eq(payments.userId, userId), eq(payments.kind, "one_time"), eq(payments.status, "succeeded"), gt(payments.periodEnd, now)))
      .groupBy(payments.planType),
  ]);
  const best = bestPaidPeriod([
    ...live.map((row) => ({ planType: row.planType, endsAt: row.cancelAtPeriodEnd ? row.currentPeriodEnd : null })),
    ...months.map((row) => ({ planType: row.planType, endsAt: row.endsAt })),
  ]);
  const [account] = await tx
    .update(users)
    .set({ planType: best?.planType ?? "free", planExpiresAt: best?.endsAt ?? null, updatedAt: now })
    .where(eq(users.id, userId))
    .returning();
  return account ?? null;
}

/**
 * Runs whenever an account is loaded: a comparison in memory, and only for a plan whose end has come
 * (rare) the transaction that settles what the account has now. Returns the row to use.
 */
export async function lapseExpiredPlan(db: Database, user: UserRow, now: Date): Promise<UserRow> {
  if (user.planExpiresAt === null || user.planExpiresAt > now) return user;
  const settled = await db.transaction((tx) => settlePlan(tx, user.id, now));
  if (!settled) return user;
  if (settled.planType !== user.planType) {
    const next = settled.planExpiresAt ? `${plans[settled.planType].name} until ${settled.planExpiresAt.toISOString()}` : plans[settled.planType].name;
    await appendSystemLog(db, "info", `Plan ended: ${plans[user.planType].name} of ${user.email}; now ${next}`);
  }
  return settled;
}
