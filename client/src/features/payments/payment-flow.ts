import type { PaymentConfig, PaymentSetupResponse, Subscription } from "@common/api/payments";
import type { PaidPlanType } from "@common/plan-catalogue";
import { apiRequest } from "@/lib/queryClient";

/** spec 1 §9: after a successful payment the browser goes home 1.5 s later. */
export const PAYMENT_REDIRECT_MS = 1500;

/** Where a successful payment lands (spec 1 §2, §7): home with the plan and the install dialog. */
export function paymentSuccessPath(plan: PaidPlanType): string {
  return `/?${new URLSearchParams({ payment: "success", plan, install: "true" }).toString()}`;
}

export async function fetchPaymentConfig(): Promise<PaymentConfig> {
  const response = await apiRequest("GET", "/api/payments/config");
  return (await response.json()) as PaymentConfig;
}

export async function createPaymentIntent(body: { amount: number; planType: PaidPlanType; email?: string }): Promise<PaymentSetupResponse> {
  const response = await apiRequest("POST", "/api/create-payment-intent", body);
  return (await response.json()) as PaymentSetupResponse;
}

export async function createSubscription(body: { planType: PaidPlanType; priceId?: string | null }): Promise<PaymentSetupResponse> {
  const response = await apiRequest("POST", "/api/create-subscription", body);
  return (await response.json()) as PaymentSetupResponse;
}

export const SUBSCRIPTION_KEY = ["/api/subscription"] as const;

export async function fetchSubscription(): Promise<{ subscription: Subscription | null }> {
  const response = await apiRequest("GET", "/api/subscription");
  return (await response.json()) as { subscription: Subscription | null };
}

/** Whether a subscription still gives its plan (Stripe's live statuses). */
export function isLiveSubscription(subscription: Subscription | null | undefined): subscription is Subscription {
  return subscription != null && ["active", "trialing", "past_due"].includes(subscription.status);
}
