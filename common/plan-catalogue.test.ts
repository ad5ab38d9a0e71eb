import { describe, expect, it } from "vitest";
import { EVERY_TAB_IN_AN_EMERGENCY, plans } from "./plan-catalogue";

describe("the plan cards say what each plan keeps (decision 103)", () => {
  it("the limited plans name their daily allowance as saves, with the emergency rule beside it", () => {
    for (const plan of [plans.free, plans.basic]) {
      expect(plan.bullets[0]).toBe(EVERY_TAB_IN_AN_EMERGENCY);
      expect(plan.bullets[1]).toMatch(new RegExp(`^${plan.limits.tabsPerDay} tabs a day in .*saves`));
      expect(plan.bullets).toContain(`${plan.limits.backupsKept} backup${plan.limits.backupsKept === 1 ? "" : "s"}`);
    }
  });
});
