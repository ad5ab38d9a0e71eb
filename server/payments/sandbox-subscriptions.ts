import { eq } from "drizzle-orm";
import type { PaidPlanType } from "@common/plans";
import { type OutcomeContext, subscriptionChanged } from "./outcomes";
import { liveSubscriptionStatuses, oneMonthAfter } from "./paid-plan";
import { subscriptions } from "./table";

/**
 * The sandbox sends no events, so what Stripe reports by customer.subscription.updated once a
 * subscription's invoice is paid or its plan changed is reported here, through the same outcome: the
 * subscription is active on `planType`, its first period a month from now.
 */
export async function sandboxSubscriptionUpdated(context: OutcomeContext, subscriptionId: string, planType: PaidPlanType): Promise<void> {
  const [row] = await context.db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId)).limit(1);
  // A subscription that ended meanwhile is not brought back by a late payment.
  if (!row || !(row.status === "incomplete" || liveSubscriptionStatuses.includes(row.status))) return;
  await subscriptionChanged(context, {
    providerSubscriptionId: row.providerSubscriptionId,
    status: "active",
    planType,
    currentPeriodEnd: row.currentPeriodEnd ?? oneMonthAfter(context.now),
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    changedAt: context.now,
  });
}
