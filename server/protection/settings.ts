import { eq, sql } from "drizzle-orm";
import { defaultProtectionSettings, type ProtectionSettings } from "@common/api/sessions";
import { type PlanType, plans } from "@common/plans";
import type { Database } from "../db/database";
import { protectionSettings } from "./table";

export async function readProtectionSettings(
  db: Database,
  userId: string,
): Promise<ProtectionSettings & { blockedAttempts: number }> {
  const [row] = await db.select().from(protectionSettings).where(eq(protectionSettings.userId, userId)).limit(1);
  if (!row) return { ...defaultProtectionSettings, blockedAttempts: 0 };
  const { enabled, mode, autoBackup, cloudSync, smartDetection, aiPrediction, teamSharing, blockedAttempts } = row;
  return { enabled, mode, autoBackup, cloudSync, smartDetection, aiPrediction, teamSharing, blockedAttempts };
}

export async function writeProtectionSettings(
  db: Database,
  userId: string,
  settings: ProtectionSettings,
  now: Date,
): Promise<ProtectionSettings> {
  await db
    .insert(protectionSettings)
    .values({ userId, ...settings, updatedAt: now })
    .onConflictDoUpdate({ target: protectionSettings.userId, set: { ...settings, updatedAt: now } });
  return settings;
}

export async function countBlockedAttempt(db: Database, userId: string, now: Date): Promise<void> {
  await db
    .insert(protectionSettings)
    .values({ userId, ...defaultProtectionSettings, blockedAttempts: 1, updatedAt: now })
    .onConflictDoUpdate({
      target: protectionSettings.userId,
      set: { blockedAttempts: sql`${protectionSettings.blockedAttempts} + 1`, updatedAt: now },
    });
}

/** Features a plan has to include before they can be switched on (spec 2 §5, the plan catalogue). */
const gatedFeatures = [
  { key: "autoBackup", label: "Automatic Backup" },
  { key: "smartDetection", label: "Smart Detection" },
  { key: "aiPrediction", label: "AI Prediction" },
  { key: "teamSharing", label: "Team Sharing" },
  { key: "cloudSync", label: "Cloud Synchronization" },
] as const;

/**
 * Why these settings cannot be saved, or null. Switching a feature off is always allowed; switching
 * one on needs a plan that has it; Automatic Backup works only in backup mode (spec 2 §5).
 */
export function settingsProblem(planType: PlanType, current: ProtectionSettings, next: ProtectionSettings): string | null {
  const plan = plans[planType];
  for (const { key, label } of gatedFeatures) {
    // Only a feature being switched on is checked, so a plan change never locks settings in place.
    if (next[key] && !current[key] && !plan.features[key]) {
      const lowest = Object.values(plans).find((candidate) => candidate.features[key]);
      return `${label} needs the ${lowest?.name ?? "a paid"} plan or higher; you are on ${plan.name}.`;
    }
  }
  if (next.autoBackup && next.mode === "block") return "Automatic Backup works in Backup mode; switch the mode to Backup first.";
  return null;
}
