import { createHmac, timingSafeEqual } from "node:crypto";
import { type PaidPlanType, plans } from "@common/plans";
import { addMonths, oneMonthAfter } from "./paid-plan";
import type { PaymentProvider } from "./provider";
import type { SubscriptionRow } from "./table";

/** Stripe's smallest charge in US dollars; a smaller difference is not charged now, as at Stripe. */
export const minimumChargeCents = 50;

/**
 * What moving to `planType` costs for the rest of the period: the difference of the monthly prices
 * times the part of the month left (Stripe's proration). Negative for a cheaper plan.
 */
export function proratedDifferenceCents(
  subscription: Pick<SubscriptionRow, "planType" | "currentPeriodEnd">,
  planType: PaidPlanType,
  now: Date,
): number {
  const end = subscription.currentPeriodEnd ?? oneMonthAfter(now);
  const start = addMonths(end, -1);
  const left = Math.min(1, Math.max(0, (end.getTime() - now.getTime()) / (end.getTime() - start.getTime())));
  return Math.round((plans[planType].priceCents - plans[subscription.planType].priceCents) * left);
}

/**
 * The local provider used when no Stripe key is set (never in production): no money moves. Its
 * client secret names our payment and carries an HMAC, so only the page that got it can confirm it.
 */
export function createSandboxProvider(secret: string): PaymentProvider & {
  paymentIdOfClientSecret(clientSecret: string): string | null;
} {
  const key = createHmac("sha256", secret).update("tabvault sandbox payments").digest();
  const sign = (paymentId: string) => createHmac("sha256", key).update(paymentId).digest("base64url");
  const clientSecretOf = (paymentId: string) => `sandbox_pi_${paymentId}_secret_${sign(paymentId)}`;
  const priceIds: Record<PaidPlanType, string> = {
    basic: "sandbox_price_basic",
    pro: "sandbox_price_pro",
    premium: "sandbox_price_premium",
  };
  return {
    name: "sandbox",
    priceIds,
    publishableKey: null,
    async createPaymentIntent({ paymentId }) {
      return { clientSecret: clientSecretOf(paymentId), providerPaymentId: `sandbox_pi_${paymentId}` };
    },
    async createSubscription({ paymentId }) {
      return {
        clientSecret: clientSecretOf(paymentId),
        providerPaymentId: `sandbox_pi_${paymentId}`,
        providerSubscriptionId: `sandbox_sub_${paymentId}`,
        providerCustomerId: null,
        status: "incomplete",
        currentPeriodEnd: null,
      };
    },
    async changeSubscriptionPlan({ paymentId, subscription, planType, now }) {
      const amountCents = proratedDifferenceCents(subscription, planType, now);
      if (amountCents < minimumChargeCents) return { status: "succeeded", amountCents: 0 };
      return { status: "requires_payment", clientSecret: clientSecretOf(paymentId), providerPaymentId: `sandbox_pi_${paymentId}`, amountCents };
    },
    async cancelSubscription() {
      // Nothing to tell: the sandbox's subscriptions live only in our database.
    },
    async endSubscriptionNow() {
      // As above.
    },
    paymentIdOfClientSecret(clientSecret) {
      const match = /^sandbox_pi_([0-9a-f-]{36})_secret_([A-Za-z0-9_-]+)$/.exec(clientSecret);
      if (!match) return null;
      const [, paymentId, signature] = match as unknown as [string, string, string];
      const expected = Buffer.from(sign(paymentId));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given) ? paymentId : null;
    },
  };
}
