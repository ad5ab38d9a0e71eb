import { getSubscription } from "@common/api/payments";
import { paidPlanFromQuery, plans } from "@common/plan-catalogue";
import { useQuery } from "@tanstack/react-query";
import { useCallback } from "react";
import { Link, useSearchParams } from "wouter";
import { Button } from "@/components/ui/button";
import { CheckoutLayout } from "./CheckoutLayout";
import { createSubscription, isLiveSubscription } from "./payment-flow";
import { PaymentPanel } from "./PaymentPanel";
import { PlanSummary } from "./PlanSummary";
import { subscriptionSetupFailure } from "./setup-failures";
import { useRequireSignIn } from "@/features/accounts/useRequireSignIn";
import { endpointQuery } from "@/lib/api-client";

/**
 * `/subscribe?plan=…&price_id=…`: a monthly subscription for the signed-in account; a
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
      {!ready ? null : live?.planType === plan ? (
        // Asking the server would only be refused; its reason would not reach the person (subscriptionSetupFailure).
        <div className="space-y-4 py-6 text-center" role="status">
          <p className="font-medium text-slate-900">You already have an active {plans[plan].name} subscription.</p>
          <Button asChild variant="secondary">
            <Link href="/">Go to your dashboard</Link>
          </Button>
        </div>
      ) : (
        <PaymentPanel setupKey={`${plan}-${priceId}`} key={`${plan}-${priceId}`} plan={plan} prepare={prepare} setupFailure={subscriptionSetupFailure} />
      )}
    </CheckoutLayout>
  );
}
