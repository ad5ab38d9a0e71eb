import { paidPlanFromQuery, plans } from "@common/plan-catalogue";
import { useCallback } from "react";
import { useSearchParams } from "wouter";
import { CheckoutLayout } from "./CheckoutLayout";
import { createPaymentIntent } from "./payment-flow";
import { PaymentPanel } from "./PaymentPanel";
import { paymentSetupFailure } from "./setup-failures";
import { PlanSummary } from "./PlanSummary";
import { useRequireSignIn } from "@/features/accounts/useRequireSignIn";

/** `/checkout`: a one-time payment for the signed-in account. */
export default function CheckoutPage() {
  const [params] = useSearchParams();
  const plan = paidPlanFromQuery(params.get("plan"));
  const { user } = useRequireSignIn();
  const prepare = useCallback(() => createPaymentIntent({ amount: plans[plan].priceCents / 100, planType: plan }), [plan]);
  return (
    <CheckoutLayout
      title="Checkout"
      intro={user ? <>One month of {plans[plan].name} for <strong className="text-slate-900">{user.email}</strong>.</> : "Sign in to continue with your purchase."}
      summary={<PlanSummary plan={plan} amountCents={plans[plan].priceCents} mode="one-time" />}
    >
      {user ? <PaymentPanel setupKey={plan} key={plan} plan={plan} prepare={prepare} setupFailure={paymentSetupFailure} /> : null}
    </CheckoutLayout>
  );
}
