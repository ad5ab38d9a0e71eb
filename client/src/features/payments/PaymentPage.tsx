import { type PaidPlanType, paidPlanFromQuery, plans } from "@common/plan-catalogue";
import { ArrowRight } from "lucide-react";
import { type FormEvent, useCallback, useState } from "react";
import { useSearchParams } from "wouter";
import { checkEmailOrToast, USER_EMAIL_STORAGE_KEY } from "@/features/accounts/email-check";
import { CheckoutLayout } from "./CheckoutLayout";
import { createPaymentIntent } from "./payment-flow";
import { PaymentPanel } from "./PaymentPanel";
import { paymentSetupFailure } from "./setup-failures";
import { PlanSummary } from "./PlanSummary";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useAuth } from "@/features/accounts/useAuth";

function storedEmail(): string {
  try {
    return sessionStorage.getItem(USER_EMAIL_STORAGE_KEY) ?? "";
  } catch {
    return "";
  }
}

/** The amount of the query when it is a number, else the plan's price; the server decides. */
function amountFromQuery(value: string | null, plan: PaidPlanType): number {
  const parsed = value === null ? Number.NaN : Number(value);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : plans[plan].priceCents / 100;
}

/** `/payment`: plan, amount and email from the query; open to visitors. */
export default function PaymentPage() {
  const [params] = useSearchParams();
  const plan = paidPlanFromQuery(params.get("plan"));
  const amount = amountFromQuery(params.get("amount"), plan);
  const { user, isLoading } = useAuth();
  const [email, setEmail] = useState<string | null>(() => params.get("email") || storedEmail() || null);
  const [draft, setDraft] = useState("");
  const payerEmail = user?.email ?? email;

  const prepare = useCallback(
    () => createPaymentIntent({ amount, planType: plan, ...(user ? {} : { email: payerEmail ?? undefined }) }),
    [amount, plan, user, payerEmail],
  );

  function chooseEmail(event: FormEvent) {
    event.preventDefault();
    const checked = checkEmailOrToast(draft);
    if (checked) setEmail(checked);
  }

  return (
    <CheckoutLayout
      title={`Get TabVault ${plans[plan].name}`}
      intro={payerEmail ? <>Paying for <strong className="text-slate-900">{payerEmail}</strong>.</> : "Enter your email, then your card."}
      summary={<PlanSummary plan={plan} amountCents={plans[plan].priceCents} mode="one-time" />}
    >
      {isLoading ? null : payerEmail ? (
        <PaymentPanel setupKey={`${plan}-${payerEmail}`} key={`${plan}-${payerEmail}`} plan={plan} prepare={prepare} setupFailure={paymentSetupFailure} />
      ) : (
        <form onSubmit={chooseEmail} noValidate className="space-y-4">
          <div className="space-y-2">
            <Label htmlFor="payment-email">Email address</Label>
            <Input
              id="payment-email"
              type="email"
              autoComplete="email"
              placeholder="you@example.com"
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              required
            />
            <p className="text-sm text-slate-500">Your plan and receipt go to this address.</p>
          </div>
          <Button type="submit" size="lg" className="w-full">
            Continue to payment
            <ArrowRight />
          </Button>
        </form>
      )}
    </CheckoutLayout>
  );
}
