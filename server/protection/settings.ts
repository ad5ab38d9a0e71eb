import { eq, sql } from "drizzle-orm";
import { defaultProtectionSettings, type ProtectionSettings } from "@common/api/protection";
import { featureNeedsPlanMessage, type PlanFeature, planFeatureLabels } from "@common/plan-features";
import { type PlanType, plans } from "@common/plans";
import type { Database } from "../db/database";
import { preparedPerDatabase } from "../db/prepared";
import { protectionSettings } from "./table";

// The status banner reads the settings every 5 s and the blocker its count every 1 s: prepared, by key.
const settingsOfUser = preparedPerDatabase((db) =>
  db
    .select()
    .from(protectionSettings)
    .where(eq(protectionSettings.userId, sql.placeholder("userId")))
    .limit(1)
    .prepare("protection_settings_of_user"),
);
const blockedAttemptsOfUser = preparedPerDatabase((db) =>
  db
    .select({ blockedAttempts: protectionSettings.blockedAttempts })
    .from(protectionSettings)
    .where(eq(protectionSettings.userId, sql.placeholder("userId")))
    .prepare("blocked_attempts_of_user"),
);

export async function readProtectionSettings(
  db: Database,
  userId: string,
): Promise<ProtectionSettings & { blockedAttempts: number }> {
  const [row] = await settingsOfUser(db).execute({ userId });
  if (!row) return { ...defaultProtectionSettings, blockedAttempts: 0 };
  const { enabled, mode, autoBackup, cloudSync, smartDetection, aiPrediction, teamSharing, neverCapturedSites, blockedAttempts } = row;
  return { enabled, mode, autoBackup, cloudSync, smartDetection, aiPrediction, teamSharing, neverCapturedSites, blockedAttempts };
}

/** Clear All attempts blocked on any of the account's devices (web, Android, Windows). */
export async function readBlockedAttempts(db: Database, userId: string): Promise<number> {
  const [row] = await blockedAttemptsOfUser(db).execute({ userId });
  return row?.blockedAttempts ?? 0;
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

/**
 * Why these settings cannot be saved, or null. Switching a feature off is always allowed; switching
 * one on needs a plan that has it; Automatic Backup works only in backup mode.
 */
export function settingsProblem(planType: PlanType, current: ProtectionSettings, next: ProtectionSettings): string | null {
  const plan = plans[planType];
  for (const feature of Object.keys(planFeatureLabels) as PlanFeature[]) {
    // Only a feature being switched on is checked, so a plan change never locks settings in place.
    if (next[feature] && !current[feature] && !plan.features[feature]) return featureNeedsPlanMessage(feature, planType);
  }
  if (next.autoBackup && next.mode === "block") return "Automatic Backup works in Backup mode; switch the mode to Backup first.";
  return null;
}
