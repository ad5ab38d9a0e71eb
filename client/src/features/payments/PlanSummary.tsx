import { formatPrice, type PaidPlanType, plans } from "@common/plan-catalogue";
import { MONEY_BACK_DAYS } from "@common/product";
import { Check, ShieldCheck } from "lucide-react";

/**
 * The plan beside the payment form: what is bought, for how much, with its features. A
 * plan change is due the prorated difference, which the pay button shows once the server worked it out.
 */
export function PlanSummary({ plan, amountCents, mode }: { plan: PaidPlanType; amountCents: number; mode: "one-time" | "subscription" | "change" }) {
  const details = plans[plan];
  return (
    <div className="rounded-2xl border border-slate-200 bg-slate-50/70 p-6 sm:p-8">
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-600">Order summary</p>
      <h2 className="mt-2 text-2xl font-bold text-slate-900">{details.name} plan</h2>
      <p className="mt-1 text-slate-600">{details.tagline}</p>
      <dl className="mt-6 space-y-2 border-y border-slate-200 py-4 text-sm">
        <div className="flex justify-between">
          <dt className="text-slate-600">{mode === "one-time" ? "One month" : "Monthly subscription"}</dt>
          <dd className="font-medium text-slate-900">{formatPrice(amountCents)}</dd>
        </div>
        <div className="flex justify-between text-base">
          <dt className="font-semibold text-slate-900">Due today</dt>
          <dd className="font-bold text-slate-900">{mode === "change" ? "Prorated difference" : formatPrice(amountCents)}</dd>
        </div>
      </dl>
      <ul className="mt-6 space-y-3 text-sm text-slate-700">
        {details.bullets.map((bullet) => (
          <li key={bullet} className="flex gap-3">
            <Check className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden="true" />
            {bullet}
          </li>
        ))}
      </ul>
      <p className="mt-6 flex items-center gap-2 text-sm text-slate-600">
        <ShieldCheck className="size-4 text-emerald-600" aria-hidden="true" />
        {MONEY_BACK_DAYS}-day money-back guarantee. Cards are processed by Stripe.
      </p>
    </div>
  );
}
