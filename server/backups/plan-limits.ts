import type { PlanLimitNotice } from "@common/api/backups";
import { EMERGENCY_BOUNDS, type PlanType, plans, storageText } from "@common/plans";
import { overQuotaMessage, type QuotaOutcome } from "./quota";

const upgradeOf: Record<PlanType, PlanType | null> = { free: "basic", basic: "pro", pro: null, premium: null };

/**
 * The notice a backup response carries when a plan limit cut something; null when nothing was cut.
 * `storage` is what the storage quota did (decisions 135, 208): automatic backups removed to make room count
 * with the rotated ones, and an emergency kept over the quota says so. `emergencyPast` is the bound an emergency
 * went past (decision 209): its tabs past `EMERGENCY_BOUNDS.tabs`, or the day's number of emergencies, after which
 * it was stored as a save is.
 */
export function planLimitNotice(
  planType: PlanType,
  tabsLeftOut: number,
  backupsRotatedOut: number,
  storage?: QuotaOutcome,
  emergencyPast: "tabs" | "day" | null = null,
): PlanLimitNotice | null {
  const removedForSpace = storage?.removedForSpace ?? 0;
  const overQuota = (storage?.overBytes ?? 0) > 0;
  if (tabsLeftOut === 0 && backupsRotatedOut === 0 && removedForSpace === 0 && !overQuota && emergencyPast === null) return null;
  const plan = plans[planType];
  const parts: string[] = [];
  if (emergencyPast === "day") {
    parts.push(`more than ${EMERGENCY_BOUNDS.perDay} emergency backups today, so this one was stored as a save is`);
  }
  if (tabsLeftOut > 0) {
    const bound = emergencyPast === "tabs" ? `; an emergency backup keeps ${EMERGENCY_BOUNDS.tabs.toLocaleString("en-US")} tabs past that` : "";
    parts.push(
      `${tabsLeftOut} ${tabsLeftOut === 1 ? "tab was" : "tabs were"} left out (${plan.name} protects ${plan.limits.tabsPerDay} tabs a day${bound})`,
    );
  }
  if (backupsRotatedOut > 0) {
    parts.push(
      `${backupsRotatedOut} older ${backupsRotatedOut === 1 ? "backup was" : "backups were"} removed (${plan.name} keeps ${plan.limits.backupsKept})`,
    );
  }
  if (removedForSpace > 0) {
    parts.push(
      `${removedForSpace} older automatic ${removedForSpace === 1 ? "backup was" : "backups were"} removed to make room (${plan.name} stores ${storageText(plan.limits.storageBytes)})`,
    );
  }
  const next = upgradeOf[planType];
  const upgrade = next ? ` Upgrade to ${plans[next].name} to protect more.` : "";
  const joined = parts.join("; ");
  const cut = parts.length > 0 ? `${joined.charAt(0).toUpperCase()}${joined.slice(1)}.` : "";
  // Over the quota the advice is the storage's own (what to delete, which plan stores more).
  const message = overQuota && storage ? [cut, overQuotaMessage(planType, storage.usedBytes)].filter(Boolean).join(" ") : `${cut}${upgrade}`;
  return { tabsLeftOut, backupsRotatedOut: backupsRotatedOut + removedForSpace, message };
}
