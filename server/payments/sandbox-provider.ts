import { createHmac, timingSafeEqual } from "node:crypto";
import type { PaidPlanType } from "@common/plans";
import type { PaymentProvider } from "./provider";

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
    async cancelSubscription() {
      // Nothing to tell: the sandbox's subscriptions live only in our database.
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
