import type { z } from "zod";
import {
  type AppliedTeamPolicy,
  type EffectiveProtectionSettings,
  type ProtectionSettings,
  type protectionSettingsUpdateSchema,
  type TeamLockableSetting,
  type TeamPolicy,
} from "@common/api/protection";
import { type PlanType, plans } from "@common/plans";
import type { Database } from "../../db/database";
import { readTeamPolicy } from "./policy";

type SettingsUpdate = z.output<typeof protectionSettingsUpdateSchema>;

/** Whether a policy sets anything at all: one that sets nothing is no policy for the screens. */
function setsAnything(policy: TeamPolicy): boolean {
  return policy.protectionMode !== null || policy.automaticBackupMinutes !== null || policy.neverCapturedSites.length > 0 || policy.formCapture !== null;
}

/**
 * A member's settings in effect (decision 185): their own, tightened by the team's policy. A protection mode the team
 * sets keeps protection on in that mode; an automatic backup interval keeps Automatic Backup on wherever it works
 * (Backup mode, a plan with it). The team's sites never captured are answered beside the member's own, never mixed
 * into them, so saving the member's list never copies the team's into it.
 */
export function applyTeamPolicy(
  own: ProtectionSettings,
  team: { teamName: string; policy: TeamPolicy } | null,
  planType: PlanType,
): EffectiveProtectionSettings {
  if (!team || !setsAnything(team.policy)) return { ...own, teamPolicy: null };
  const { policy } = team;
  const settings = { ...own };
  const locked: TeamLockableSetting[] = [];
  if (policy.protectionMode !== null) {
    settings.enabled = true;
    settings.mode = policy.protectionMode;
    locked.push("enabled", "mode");
  }
  if (policy.automaticBackupMinutes !== null) {
    settings.autoBackup = settings.mode === "backup" && plans[planType].features.autoBackup;
    locked.push("autoBackup");
  }
  const applied: AppliedTeamPolicy = { teamName: team.teamName, policy, locked };
  return { ...settings, teamPolicy: applied };
}

const settingNames: Record<TeamLockableSetting, string> = { enabled: "Protection", mode: "Protection mode", autoBackup: "Automatic Backup" };

function shown(key: TeamLockableSetting, settings: EffectiveProtectionSettings): string {
  if (key === "mode") return settings.mode === "block" ? "Block" : "Backup";
  return settings[key] ? "on" : "off";
}

/**
 * Why a member's change cannot be saved under the team's policy, or null, with the change to save: a locked
 * setting may be sent only with the value the policy gives it (then it is left out of what is stored, so the
 * member's own choice is there again when they leave the team).
 */
export function underTeamPolicy(
  own: ProtectionSettings,
  change: SettingsUpdate,
  team: { teamName: string; policy: TeamPolicy } | null,
  planType: PlanType,
): { refusal: string } | { next: ProtectionSettings } {
  const locked = applyTeamPolicy(own, team, planType).teamPolicy?.locked ?? [];
  const free = Object.fromEntries(Object.entries(change).filter(([key]) => !locked.includes(key as TeamLockableSetting))) as SettingsUpdate;
  const next = { ...own, ...free };
  const effective = applyTeamPolicy(next, team, planType);
  for (const key of locked) {
    const wanted = change[key];
    if (wanted !== undefined && wanted !== effective[key]) {
      return { refusal: `Set by your team: ${settingNames[key]} is ${shown(key, effective)} under the policy of ${team?.teamName ?? "your team"}. Ask its owner or an admin to change it.` };
    }
  }
  return { next };
}

/** The team's policy for a member, read on this request (a removed member is free of it at once). */
export async function teamPolicyFor(db: Database, team: { teamId: string; teamName: string } | null): Promise<{ teamName: string; policy: TeamPolicy } | null> {
  if (!team) return null;
  const { policy } = await readTeamPolicy(db, team.teamId);
  return { teamName: team.teamName, policy };
}
