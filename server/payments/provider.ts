import type { PaidPlanType } from "@common/plans";

export interface PaymentIntentSetup {
  clientSecret: string;
  /** The provider's id of the payment (Stripe: the PaymentIntent, pi_…). */
  providerPaymentId: string;
}

export interface SubscriptionSetup {
  clientSecret: string;
  /** Id of the first invoice's payment, matched when it is paid (Stripe: the invoice, in_…). */
  providerPaymentId: string;
  providerSubscriptionId: string;
  providerCustomerId: string | null;
  status: string;
  currentPeriodEnd: Date | null;
}

/**
 * Where money moves: Stripe, or the local sandbox. Both hand back a client secret for the payment
 * screen; what happens after (succeeded, failed) reaches the same handlers in `outcomes.ts`.
 */
export interface PaymentProvider {
  readonly name: "stripe" | "sandbox";
  /** Price ids the upgrade links carry, per plan. */
  readonly priceIds: Record<PaidPlanType, string>;
  readonly publishableKey: string | null;
  createPaymentIntent(input: {
    paymentId: string;
    amountCents: number;
    email: string;
    planType: PaidPlanType;
  }): Promise<PaymentIntentSetup>;
  createSubscription(input: {
    paymentId: string;
    userId: string;
    email: string;
    planType: PaidPlanType;
    existingCustomerId: string | null;
  }): Promise<SubscriptionSetup>;
  cancelSubscription(providerSubscriptionId: string): Promise<void>;
}

export class ProviderError extends Error {
  override name = "ProviderError";
}
