import { planList } from "@common/plan-catalogue";
import { MONEY_BACK_DAYS } from "@common/product";
import { PlanCard } from "@/features/payments/PlanCard";
import { useNearScreen } from "./LoadWhenNear";

export function Pricing() {
  // The price ids come with the payments contract and zod, which the landing page's first download leaves out
  // (its budget): asked for as the visitor nears the cards, well before the buttons can be reached.
  const [section, near] = useNearScreen<HTMLElement>("1500px");
  return (
    <section ref={section} id="pricing" className="scroll-mt-16 bg-gradient-to-b from-white to-brand-50/60 py-20 sm:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-600">Pricing</p>
          <h2 className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">
            Start free, upgrade when you need more
          </h2>
          <p className="mt-4 text-lg leading-8 text-slate-600">
            Monthly plans with no lock-in. Paid plans come with a {MONEY_BACK_DAYS}-day money-back guarantee.
          </p>
        </div>
        <div className="mt-16 grid items-start gap-6 sm:grid-cols-2 lg:grid-cols-4 lg:gap-5">
          {planList.map((plan) => (
            <PlanCard key={plan.type} plan={plan} loadPriceIds={near} />
          ))}
        </div>
      </div>
    </section>
  );
}
