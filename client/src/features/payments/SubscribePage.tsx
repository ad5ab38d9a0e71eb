import { getSubscription } from "@common/api/payments";
import { paidPlanFromQuery, plans } from "@common/plan-catalogue";
import { useQuery } from "@tanstack/react-query";
import { useCallback } from "react";
import { useSearchParams } from "wouter";
import { CheckoutLayout } from "./CheckoutLayout";
import { createSubscription, isLiveSubscription } from "./payment-flow";
import { PaymentPanel } from "./PaymentPanel";
import { PlanSummary } from "./PlanSummary";
import { useRequireSignIn } from "@/features/accounts/useRequireSignIn";
import { endpointQuery } from "@/lib/api-client";
import { errorMessage } from "@/lib/queryClient";

/** spec 1 §8: the subscription screen's setup failures. */
function subscriptionSetupFailure(error: unknown): { title: string; description: string } {
  const message = errorMessage(error, "Failed to initialize subscription. Please try again.");
  if (message === "Stripe not configured") {
    return {
      title: "Payment System Unavailable",
      description: "Stripe integration is being configured. Please try again shortly or contact support.",
    };
  }
  return { title: "Setup Error", description: message };
}

/**
 * `/subscribe?plan=…&price_id=…` (spec 1 §2, §6): a monthly subscription for the signed-in account; a
 * subscriber on another plan moves their subscription to this one, paying the prorated difference.
 */
export default function SubscribePage() {
  const [params] = useSearchParams();
  const plan = paidPlanFromQuery(params.get("plan"));
  const priceId = params.get("price_id");
  const { user } = useRequireSignIn();
  const current = useQuery({ ...endpointQuery(getSubscription), enabled: Boolean(user) });
  const live = isLiveSubscription(current.data?.subscription) ? current.data?.subscription : undefined;
  const changingFrom = live && live.planType !== plan ? plans[live.planType].name : null;
  const prepare = useCallback(() => createSubscription({ planType: plan, priceId }), [plan, priceId]);
  const ready = user && !current.isLoading;
  return (
    <CheckoutLayout
      title={changingFrom ? `Change to ${plans[plan].name}` : `Subscribe to ${plans[plan].name}`}
      intro={
        !user ? (
          "Sign in to continue with your purchase."
        ) : changingFrom ? (
          <>
            Your {changingFrom} subscription moves to {plans[plan].name} now, for <strong className="text-slate-900">{user.email}</strong>. You
            pay the difference for the rest of this billing month.
          </>
        ) : (
          <>
            Billed monthly to <strong className="text-slate-900">{user.email}</strong>. Cancel any time from your dashboard.
          </>
        )
      }
      summary={<PlanSummary plan={plan} amountCents={plans[plan].priceCents} mode={changingFrom ? "change" : "subscription"} />}
    >
      {ready ? <PaymentPanel setupKey={`${plan}-${priceId}`} key={`${plan}-${priceId}`} plan={plan} prepare={prepare} setupFailure={subscriptionSetupFailure} /> : null}
    </CheckoutLayout>
  );
}
