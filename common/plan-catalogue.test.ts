import { describe, expect, it } from "vitest";
import {
  catalogueFeatureIds,
  catalogueFeatures,
  EVERY_TAB_IN_AN_EMERGENCY,
  planComparison,
  planHasFeature,
  planList,
  plans,
  planSupport,
  planTypes,
  THINNING_TEXT,
} from "./plan-catalogue";

describe("the plan cards say what each plan keeps (decision 103)", () => {
  it("the limited plans name their daily allowance as saves, with the emergency rule beside it", () => {
    for (const plan of [plans.free, plans.basic]) {
      expect(plan.bullets[0]).toBe(EVERY_TAB_IN_AN_EMERGENCY);
      expect(plan.bullets[1]).toMatch(new RegExp(`^${plan.limits.tabsPerDay} tabs a day in .*saves`));
      expect(plan.bullets).toContain(
        `${plan.limits.backupsKept} backup${plan.limits.backupsKept === 1 ? "" : "s"}; an emergency backup is never replaced by a smaller one within an hour`,
      );
    }
  });

  it("the emergency's bounds and the thinning of automatic backups are said where they apply (decisions 207–209)", () => {
    expect(EVERY_TAB_IN_AN_EMERGENCY).toBe("Every tab kept when tabs close by accident, up to 1,000 tabs and 20 times a day (browser extension)");
    expect(THINNING_TEXT).toBe(
      "Automatic backups kept: every one from the last 24 hours, then one an hour for 7 days, one a day for 30 days and one a week after that",
    );
    expect(plans.pro.bullets.slice(0, 2)).toEqual(["Unlimited tabs, saves and emergency backups", THINNING_TEXT]);
    expect(plans.premium.bullets[0]).toBe("Everything in Pro");
    const row = planComparison.flatMap((group) => group.rows).find((candidate) => candidate.feature === "Automatic backups kept");
    expect(row?.values).toEqual({ free: false, basic: "Within the 10", pro: "Thinned by age", premium: "Thinned by age" });
  });
});

describe("the catalogue sells only what exists (issue 16 point 1)", () => {
  const unavailable = catalogueFeatureIds.map((id) => catalogueFeatures[id]).filter((feature) => !feature.available);
  const comparisonFeatures = planComparison.flatMap((group) => group.rows.map((row) => row.feature));

  it("no plan card bullet and no comparison row names a feature marked not available", () => {
    expect(unavailable.length).toBeGreaterThan(0);
    for (const plan of planList) {
      for (const feature of unavailable) expect(plan.bullets, `${plan.name} sells ${feature.name}`).not.toContain(feature.name);
    }
    for (const feature of unavailable) expect(comparisonFeatures).not.toContain(feature.name);
  });

  it("nothing is called AI, and neither 'recovery' tiers nor 24/7 support are sold", () => {
    const words = [...planList.flatMap((plan) => [plan.tagline, ...plan.bullets]), ...comparisonFeatures, ...planComparison.map((group) => group.heading)];
    for (const text of words) {
      expect(text).not.toMatch(/\bAI\b/);
      expect(text).not.toMatch(/Basic recovery|Advanced recovery|24\/7|Community support|Priority support|Team management|Cloud sync/i);
    }
  });

  it("each plan card names the features on sale that its plan adds, and its support promise", () => {
    for (const id of catalogueFeatureIds) {
      const feature = catalogueFeatures[id];
      if (!feature.available || feature.lowest === "free") continue;
      expect(plans[feature.lowest].bullets).toContain(feature.name);
      for (const plan of planList) expect(planHasFeature(plan.type, id)).toBe(planTypes.indexOf(plan.type) >= planTypes.indexOf(feature.lowest));
    }
    for (const plan of planList) expect(plan.bullets.at(-1)).toBe(`Support replies within ${planSupport[plan.type].replyHours} hours`);
  });

  it("support: a higher plan is answered first and sooner", () => {
    const ordered = [...planList].sort((a, b) => planSupport[a.type].priority - planSupport[b.type].priority).map((plan) => plan.type);
    expect(ordered).toEqual(["premium", "pro", "basic", "free"]);
    for (let index = 1; index < ordered.length; index += 1) {
      expect(planSupport[ordered[index - 1]!].replyHours).toBeLessThan(planSupport[ordered[index]!].replyHours);
    }
  });
});
