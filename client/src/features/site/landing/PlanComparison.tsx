import { type ComparisonValue, formatPrice, planComparison, planList } from "@common/plan-catalogue";
import { Check, Minus } from "lucide-react";
import { cn } from "@/lib/class-names";

function Cell({ value }: { value: ComparisonValue }) {
  if (value === true) {
    return (
      <>
        <Check className="mx-auto size-5 text-brand-600" aria-hidden="true" />
        <span className="sr-only">Included</span>
      </>
    );
  }
  if (value === false) {
    return (
      <>
        <Minus className="mx-auto size-4 text-slate-400" aria-hidden="true" />
        <span className="sr-only">Not included</span>
      </>
    );
  }
  return <span className="font-medium text-slate-800">{value}</span>;
}

/** spec 1 §2: every plan's features side by side, from the plan catalogue in common/. */
export function PlanComparison() {
  const popularColumn = (popular: boolean | undefined) => (popular ? "bg-brand-50/70" : "");
  return (
    <section id="compare" aria-labelledby="compare-heading" className="scroll-mt-16 bg-white py-20 sm:py-24">
      <div className="mx-auto max-w-5xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Compare plans</p>
          <h2 id="compare-heading" className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">
            What each plan includes
          </h2>
          <p className="mt-4 text-lg leading-8 text-slate-600">Every plan blocks Clear All. Paid plans keep more, back up on their own, summarise and chart your backups, and are answered sooner.</p>
        </div>

        {/*
          Edge to edge on phones so the four plan columns fit 390 px; on narrower screens the table scrolls
          sideways, so the region can take keyboard focus.
        */}
        <div
          role="region"
          aria-labelledby="compare-heading"
          tabIndex={0}
          className="-mx-4 mt-12 overflow-x-auto border-y border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-brand-500 sm:mx-0 sm:rounded-2xl sm:border sm:shadow-sm"
        >
          <table className="w-full min-w-[22rem] table-fixed border-collapse text-left text-xs sm:text-sm">
            <caption className="sr-only">Features of the Free, Basic, Pro and Premium plans</caption>
            <colgroup>
              <col className="w-[27%] sm:w-[40%]" />
              {planList.map((plan) => (
                <col key={plan.type} />
              ))}
            </colgroup>
            <thead>
              <tr className="border-b border-slate-200">
                <th scope="col" className="px-3 py-4 align-bottom font-semibold text-slate-600 sm:px-6">
                  Feature
                </th>
                {planList.map((plan) => (
                  <th key={plan.type} scope="col" className={cn("px-1 py-4 text-center align-bottom sm:px-3", popularColumn(plan.mostPopular))}>
                    {plan.mostPopular ? (
                      <span className="mb-1 block text-[0.65rem] font-semibold uppercase tracking-wide text-brand-700 sm:text-xs">Popular</span>
                    ) : null}
                    <span className="block text-sm font-semibold text-slate-900 sm:text-base">{plan.name}</span>
                    <span className="block font-normal text-slate-600">
                      {formatPrice(plan.priceCents)}
                      <span className="sr-only"> a month</span>
                      <span aria-hidden="true">/mo</span>
                    </span>
                  </th>
                ))}
              </tr>
            </thead>
            {planComparison.map((group) => (
              <tbody key={group.heading}>
                <tr className="bg-slate-50">
                  <th scope="colgroup" colSpan={planList.length + 1} className="px-3 py-2.5 text-xs font-semibold uppercase tracking-wide text-slate-700 sm:px-6">
                    {group.heading}
                  </th>
                </tr>
                {group.rows.map((row) => (
                  <tr key={row.feature} className="border-t border-slate-100">
                    <th scope="row" className="px-3 py-3 font-medium text-slate-700 sm:px-6">
                      {row.feature}
                    </th>
                    {planList.map((plan) => (
                      <td key={plan.type} className={cn("px-1 py-3 text-center sm:px-3", popularColumn(plan.mostPopular))}>
                        <Cell value={row.values[plan.type]} />
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            ))}
          </table>
        </div>
      </div>
    </section>
  );
}
