import { and, desc, eq } from "drizzle-orm";
import type { Subscription } from "@common/api/payments";
import type { PaidPlanType } from "@common/plans";
import type { Database } from "../db/database";
import { settlePlan, subscriptionIsLive } from "./paid-plan";
import type { SubscriptionSetup } from "./provider";
import { payments, type SubscriptionRow, subscriptions } from "./table";

/** The subscription that gives the account its plan now, if any. */
export async function liveSubscription(db: Database, userId: string, now: Date): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), subscriptionIsLive(now)))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return row;
}

/** The account's newest subscription; one cancelled at a period end that has passed reads as ended. */
export async function currentSubscription(db: Database, userId: string, now: Date): Promise<Subscription | null> {
  const rows: SubscriptionRow[] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  const ended = row.cancelAtPeriodEnd && row.currentPeriodEnd !== null && row.currentPeriodEnd <= now;
  return {
    planType: row.planType,
    status: ended ? "canceled" : row.status,
    currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
  };
}

/** The provider's customer of the account's newest subscription, so a new one is billed to the same. */
export async function latestCustomerId(db: Database, userId: string): Promise<string | null> {
  const [previous] = await db
    .select({ customerId: subscriptions.providerCustomerId })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return previous?.customerId ?? null;
}

/** Stores a subscription the provider set up and ties its first payment to it, both or neither. */
export async function recordNewSubscription(
  db: Database,
  subscription: { userId: string; planType: PaidPlanType; provider: "stripe" | "sandbox"; setup: SubscriptionSetup; paymentId: string; now: Date },
): Promise<void> {
  const { userId, planType, provider, setup, paymentId, now } = subscription;
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(subscriptions)
      .values({
        userId,
        planType,
        status: setup.status,
        provider,
        providerSubscriptionId: setup.providerSubscriptionId,
        providerCustomerId: setup.providerCustomerId,
        currentPeriodEnd: setup.currentPeriodEnd,
        providerUpdatedAt: now,
        createdAt: now,
      })
      .returning({ id: subscriptions.id });
    await tx
      .update(payments)
      .set({ providerPaymentId: setup.providerPaymentId, subscriptionId: row?.id ?? null })
      .where(eq(payments.id, paymentId));
  });
}

/** The subscription runs to the end of its period; the account's plan is settled in the same transaction. */
export async function cancelAtPeriodEnd(db: Database, subscriptionId: string, userId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(subscriptions).set({ cancelAtPeriodEnd: true }).where(eq(subscriptions.id, subscriptionId));
    // The plan now ends with the period, unless something else paid for lasts longer.
    await settlePlan(tx, userId, now);
  });
}

/** Every subscription of the account, oldest first, for its export. */
export async function subscriptionsOfUser(db: Database, userId: string): Promise<SubscriptionRow[]> {
  return db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).orderBy(subscriptions.createdAt);
}

/** The provider ids of the account's subscriptions that still charge, to end them with the account. */
export async function chargingSubscriptionsOf(db: Database, userId: string, now: Date): Promise<string[]> {
  const rows = await db
    .select({ id: subscriptions.providerSubscriptionId })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), subscriptionIsLive(now)));
  return rows.map((row) => row.id);
}
