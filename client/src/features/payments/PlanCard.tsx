import { formatPrice, type Plan } from "@common/plan-catalogue";
import { Check } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { useAuthActions } from "@/features/accounts/useAuthActions";
import { cn } from "@/lib/class-names";
import { paymentHref, usePriceIds } from "@/lib/plan-links";

/**
 * One plan of the catalogue in common/plans.ts: price, tagline, bullets and its call to action. The button links
 * without the provider's price id until `loadPriceIds` (a page may hold the query back) and the answer allow.
 */
export function PlanCard({ plan, loadPriceIds = true }: { plan: Plan; loadPriceIds?: boolean }) {
  const { signUpFree } = useAuthActions();
  const priceIds = usePriceIds(loadPriceIds);
  const popular = plan.mostPopular === true;
  return (
    <div
      className={cn(
        "relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm",
        popular ? "border-brand-600 shadow-lg ring-1 ring-brand-600 lg:-my-3 lg:py-9" : "border-slate-200",
      )}
    >
      {popular ? (
        <p className="absolute -top-3 left-1/2 -translate-x-1/2 whitespace-nowrap rounded-full bg-brand-600 px-3 py-1 text-xs font-semibold text-white shadow-sm">
          Most Popular
        </p>
      ) : null}
      <h3 className={cn("text-lg font-semibold", popular ? "text-brand-700" : "text-slate-900")}>{plan.name}</h3>
      <p className="mt-2 text-sm lg:min-h-12 leading-6 text-slate-600">{plan.tagline}</p>
      <p className="mt-5 flex items-baseline gap-1">
        <span className="text-4xl font-bold tracking-tight text-slate-900">{formatPrice(plan.priceCents)}</span>
        <span className="text-sm font-medium text-slate-500">/month</span>
      </p>
      {plan.priceCents === 0 ? (
        <Button variant="secondary" className="mt-6 w-full" onClick={signUpFree}>
          Get Started
        </Button>
      ) : (
        <Button asChild variant={popular ? "default" : "secondary"} className="mt-6 w-full">
          <Link href={paymentHref(plan, plan.type === "free" ? null : priceIds[plan.type])}>Choose {plan.name}</Link>
        </Button>
      )}
      <ul className="mt-6 space-y-3 text-sm leading-6 text-slate-700">
        {plan.bullets.map((bullet) => (
          <li key={bullet} className="flex gap-3">
            <Check className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden="true" />
            {bullet}
          </li>
        ))}
      </ul>
    </div>
  );
}
