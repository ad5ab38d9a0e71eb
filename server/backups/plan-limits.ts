import type { PlanLimitNotice } from "@common/api/backups";
import { type PlanType, plans } from "@common/plans";

const upgradeOf: Record<PlanType, PlanType | null> = { free: "basic", basic: "pro", pro: null, premium: null };

/** The notice a backup response carries when a plan limit cut something; null when nothing was cut. */
export function planLimitNotice(planType: PlanType, tabsLeftOut: number, backupsRotatedOut: number): PlanLimitNotice | null {
  if (tabsLeftOut === 0 && backupsRotatedOut === 0) return null;
  const plan = plans[planType];
  const parts: string[] = [];
  if (tabsLeftOut > 0) {
    parts.push(
      `${tabsLeftOut} ${tabsLeftOut === 1 ? "tab was" : "tabs were"} left out (${plan.name} protects ${plan.limits.tabsPerDay} tabs a day)`,
    );
  }
  if (backupsRotatedOut > 0) {
    parts.push(
      `${backupsRotatedOut} older ${backupsRotatedOut === 1 ? "backup was" : "backups were"} removed (${plan.name} keeps ${plan.limits.backupsKept})`,
    );
  }
  const next = upgradeOf[planType];
  const upgrade = next ? ` Upgrade to ${plans[next].name} to protect more.` : "";
  return { tabsLeftOut, backupsRotatedOut, message: `${parts.join("; ")}.${upgrade}` };
}
