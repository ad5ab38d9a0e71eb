import type { PlanLimitNotice } from "@common/api/backups";
import { type PlanType, plans, storageText } from "@common/plans";
import { overQuotaMessage, type QuotaOutcome } from "./quota";

const upgradeOf: Record<PlanType, PlanType | null> = { free: "basic", basic: "pro", pro: null, premium: null };

/**
 * The notice a backup response carries when a plan limit cut something; null when nothing was cut.
 * `storage` is what the storage quota did to an emergency backup (decision 135): automatic backups
 * removed to make room count with the rotated ones, and one kept over the quota says so.
 */
export function planLimitNotice(
  planType: PlanType,
  tabsLeftOut: number,
  backupsRotatedOut: number,
  storage?: QuotaOutcome,
): PlanLimitNotice | null {
  const removedForSpace = storage?.removedForSpace ?? 0;
  const overQuota = (storage?.overBytes ?? 0) > 0;
  if (tabsLeftOut === 0 && backupsRotatedOut === 0 && removedForSpace === 0 && !overQuota) return null;
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
  if (removedForSpace > 0) {
    parts.push(
      `${removedForSpace} older automatic ${removedForSpace === 1 ? "backup was" : "backups were"} removed to make room (${plan.name} stores ${storageText(plan.limits.storageBytes)})`,
    );
  }
  const next = upgradeOf[planType];
  const upgrade = next ? ` Upgrade to ${plans[next].name} to protect more.` : "";
  const cut = parts.length > 0 ? `${parts.join("; ")}.` : "";
  // Over the quota the advice is the storage's own (what to delete, which plan stores more).
  const message = overQuota && storage ? [cut, overQuotaMessage(planType, storage.usedBytes)].filter(Boolean).join(" ") : `${cut}${upgrade}`;
  return { tabsLeftOut, backupsRotatedOut: backupsRotatedOut + removedForSpace, message };
}
