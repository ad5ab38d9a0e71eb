import { type Plan, type PlanFeatures, type PlanType, plans } from "./plan-catalogue";

export type PlanFeature = keyof PlanFeatures;

/**
 * The protection settings a plan has to include before they can be switched on, in
 * the order the server checks them and the screens show them.
 */
export const planFeatureLabels: Record<PlanFeature, string> = {
  autoBackup: "Automatic Backup",
  smartDetection: "Smart Detection",
  // Named "AI Prediction" until issue 16: no model runs, and the switch is only stored (docs/product.md C124).
  aiPrediction: "Prediction",
  teamSharing: "Team Sharing",
  cloudSync: "Cloud Synchronization",
};

/** The cheapest plan that includes a feature (every feature is in Premium). */
export function lowestPlanWith(feature: PlanFeature): Plan {
  return Object.values(plans).find((plan) => plan.features[feature]) ?? plans.premium;
}

/** Why a plan cannot switch a feature on, in the words the server answers and the screens show. */
export function featureNeedsPlanMessage(feature: PlanFeature, planType: PlanType): string {
  return `${planFeatureLabels[feature]} needs the ${lowestPlanWith(feature).name} plan or higher; you are on ${plans[planType].name}.`;
}
