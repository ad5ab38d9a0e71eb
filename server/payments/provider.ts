import type { PaidPlanType } from "@common/plans";
import type { SubscriptionRow } from "./table";

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
 * A subscription moved to another plan, prorated: either paid at once (the saved card, or nothing
 * to pay for a cheaper plan) or waiting for the person to pay the difference with a card.
 */
export type PlanChangeSetup =
  | { status: "succeeded"; amountCents: number }
  | { status: "requires_payment"; clientSecret: string; providerPaymentId: string; amountCents: number };

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
  /**
   * Moves a live subscription to another plan's price, prorating the rest of the period. `paymentId`
   * is the id our payment row gets when the difference is to be paid with a card.
   */
  changeSubscriptionPlan(input: {
    paymentId: string;
    subscription: Pick<SubscriptionRow, "providerSubscriptionId" | "planType" | "currentPeriodEnd">;
    planType: PaidPlanType;
    now: Date;
  }): Promise<PlanChangeSetup>;
  cancelSubscription(providerSubscriptionId: string): Promise<void>;
  /** Ends a subscription at once, without a refund of its own: its payment was refunded or disputed (decision 136). */
  endSubscriptionNow(providerSubscriptionId: string): Promise<void>;
}

export class ProviderError extends Error {
  override name = "ProviderError";
}
