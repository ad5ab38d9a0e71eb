import {
  createPaymentIntent as paymentIntentEndpoint,
  type CreatePaymentIntentRequest,
  createSubscription as subscriptionEndpoint,
  type CreateSubscriptionRequest,
  getSubscription,
  type PaymentSetupResponse,
  type Subscription,
} from "@common/api/payments";
import type { PaidPlanType } from "@common/plan-catalogue";
import { call, endpointKey } from "@/lib/api-client";

/** spec 1 §9: after a successful payment the browser goes home 1.5 s later. */
export const PAYMENT_REDIRECT_MS = 1500;

/** Where a successful payment lands: home with the plan and the install dialog. */
export function paymentSuccessPath(plan: PaidPlanType): string {
  return `/?${new URLSearchParams({ payment: "success", plan, install: "true" }).toString()}`;
}

export function createPaymentIntent(body: CreatePaymentIntentRequest): Promise<PaymentSetupResponse> {
  return call(paymentIntentEndpoint, { body });
}

export function createSubscription(body: CreateSubscriptionRequest): Promise<PaymentSetupResponse> {
  return call(subscriptionEndpoint, { body });
}

export const SUBSCRIPTION_KEY = endpointKey(getSubscription);

/** Whether a subscription still gives its plan (Stripe's live statuses). */
export function isLiveSubscription(subscription: Subscription | null | undefined): subscription is Subscription {
  return subscription != null && ["active", "trialing", "past_due"].includes(subscription.status);
}
