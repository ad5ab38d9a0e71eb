import { type CatalogueFeatureId, catalogueFeatureNeedsPlanMessage, catalogueFeatures, lowestPlanOf, type PaidPlanType, type PlanType, plans } from "@common/plan-catalogue";
import { Lock } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/class-names";
import { subscribeHref, usePriceIds } from "@/lib/plan-links";

type Look =
  /** One line under a heading, with "See plans" or nothing after it. */
  | { look: "line"; named?: boolean; seePlans?: boolean }
  /** A grey panel with the upgrade to the plan that has the feature (the dashboard's analytics). */
  | { look: "panel" }
  /** An amber panel with that upgrade, for a page that is the feature (automation). */
  | { look: "warning" };

const panels = {
  panel: { box: "flex flex-col gap-3 rounded-xl bg-slate-50 p-4 sm:flex-row sm:items-center sm:justify-between", text: "text-slate-700", lock: "text-slate-500" },
  warning: { box: "flex flex-col gap-3 rounded-2xl border border-amber-200 bg-amber-50 p-5 sm:flex-row sm:items-center sm:justify-between", text: "text-amber-900", lock: "" },
};

/**
 * The one "your plan lacks this" notice: the feature, why not (`catalogueFeatureNeedsPlanMessage`, the words the
 * server's 403 says too) and, where the screen offers it, the way to the cheapest plan that has it (decision 147).
 */
export function PlanGateNotice({ feature, planType, className, ...look }: { feature: CatalogueFeatureId; planType: PlanType; className?: string } & Look) {
  const message = catalogueFeatureNeedsPlanMessage(feature, planType);
  const name = catalogueFeatures[feature].name;
  if (look.look === "line") {
    return (
      <p className={cn("flex items-start gap-2 text-sm text-slate-600", className)}>
        <Lock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>
          {look.named ? `${name}. ` : null}
          {message}
          {look.seePlans ? (
            <>
              {" "}
              <Link className="font-medium text-brand-700 underline underline-offset-4" href="/#pricing">
                See plans
              </Link>
            </>
          ) : null}
        </span>
      </p>
    );
  }
  const style = panels[look.look];
  return (
    <div className={cn(style.box, className)}>
      <p className={cn("flex items-start gap-2 text-sm", style.text)}>
        <Lock className={cn("mt-0.5 size-4 shrink-0", style.lock)} aria-hidden="true" />
        <span>
          <span className="font-medium">{name}.</span> {message}
        </span>
      </p>
      <UpgradeButton feature={feature} />
    </div>
  );
}

function UpgradeButton({ feature }: { feature: CatalogueFeatureId }) {
  const priceIds = usePriceIds();
  const lowest = lowestPlanOf(feature);
  const upgrade: PaidPlanType = lowest === "free" ? "basic" : lowest;
  const plan = plans[upgrade];
  return (
    <Button asChild size="sm">
      {/* Named for the feature: a plan card nearby may have its own "Upgrade to …" link to the same plan. */}
      <Link href={subscribeHref(plan, priceIds[upgrade])}>
        Get {catalogueFeatures[feature].name.split(":")[0]} with {plan.name}
      </Link>
    </Button>
  );
}
