import { eq } from "drizzle-orm";
import { emptyTeamPolicy, type TeamPolicy } from "@common/api/protection";
import type { TeamPolicyAnswer } from "@common/api/team-policy";
import type { Database } from "../../db/database";
import { recordTeamAudit } from "../audit-log";
import { teamPolicies } from "./table";

/** The team's policy as saved; every item null (left to each member) until an owner or admin saves one. */
export async function readTeamPolicy(db: Database, teamId: string): Promise<TeamPolicyAnswer> {
  const [row] = await db.select().from(teamPolicies).where(eq(teamPolicies.teamId, teamId)).limit(1);
  if (!row) return { policy: emptyTeamPolicy, updatedAt: null, updatedBy: null };
  return { policy: policyOfRow(row), updatedAt: row.updatedAt.toISOString(), updatedBy: row.updatedByEmail };
}

function policyOfRow(row: typeof teamPolicies.$inferSelect): TeamPolicy {
  const { protectionMode, automaticBackupMinutes, neverCapturedSites, formCapture } = row;
  return { protectionMode, automaticBackupMinutes, neverCapturedSites, formCapture };
}

const modeNames = { block: "Block", backup: "Backup" } as const;

/** Each item of a policy in the words the audit log and the screens use. */
export function policyItemText(policy: TeamPolicy): { protectionMode: string; automaticBackup: string; formCapture: string } {
  return {
    protectionMode: policy.protectionMode ? `${modeNames[policy.protectionMode]} mode` : "left to each member",
    automaticBackup: policy.automaticBackupMinutes === null ? "left to each member" : `every ${policy.automaticBackupMinutes} ${policy.automaticBackupMinutes === 1 ? "minute" : "minutes"}`,
    formCapture: policy.formCapture === null ? "left to each member" : policy.formCapture,
  };
}

/** What changed between two policies, one phrase per item ("protection mode: left to each member → Block mode"). */
export function policyChanges(before: TeamPolicy, after: TeamPolicy): string[] {
  const was = policyItemText(before);
  const now = policyItemText(after);
  const changes: string[] = [];
  if (was.protectionMode !== now.protectionMode) changes.push(`protection mode: ${was.protectionMode} → ${now.protectionMode}`);
  if (was.automaticBackup !== now.automaticBackup) changes.push(`automatic backup: ${was.automaticBackup} → ${now.automaticBackup}`);
  const added = after.neverCapturedSites.filter((site) => !before.neverCapturedSites.includes(site));
  const removed = before.neverCapturedSites.filter((site) => !after.neverCapturedSites.includes(site));
  if (added.length > 0 || removed.length > 0) {
    const parts = [...(added.length > 0 ? [`added ${added.join(", ")}`] : []), ...(removed.length > 0 ? [`removed ${removed.join(", ")}`] : [])];
    changes.push(`sites never captured: ${parts.join("; ")}`);
  }
  if (was.formCapture !== now.formCapture) changes.push(`form capture: ${was.formCapture} → ${now.formCapture}`);
  return changes;
}

/** The audit log's detail column is free text, but an entry stays readable: long site lists are cut. */
const AUDIT_DETAIL_LENGTH = 1_000;

/**
 * Replaces the team's policy and records what changed in the audit log, in one transaction (row locked, so two
 * admins saving at once each log the change from what the other left). Saving the same policy records nothing.
 */
export async function saveTeamPolicy(
  db: Database,
  change: { teamId: string; actor: { id: string; email: string }; policy: TeamPolicy; now: Date },
): Promise<TeamPolicyAnswer> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(teamPolicies).where(eq(teamPolicies.teamId, change.teamId)).for("update");
    const before = row ? policyOfRow(row) : emptyTeamPolicy;
    const changes = policyChanges(before, change.policy);
    if (changes.length === 0 && row) return { policy: before, updatedAt: row.updatedAt.toISOString(), updatedBy: row.updatedByEmail };
    const values = { ...change.policy, updatedBy: change.actor.id, updatedByEmail: change.actor.email, updatedAt: change.now };
    await tx
      .insert(teamPolicies)
      .values({ teamId: change.teamId, ...values })
      .onConflictDoUpdate({ target: teamPolicies.teamId, set: values });
    if (changes.length > 0) {
      const detail = changes.join("; ");
      await recordTeamAudit(tx, {
        teamId: change.teamId,
        actor: change.actor,
        action: "policyChanged",
        detail: detail.length > AUDIT_DETAIL_LENGTH ? `${detail.slice(0, AUDIT_DETAIL_LENGTH - 1)}…` : detail,
        at: change.now,
      });
    }
    return { policy: change.policy, updatedAt: change.now.toISOString(), updatedBy: change.actor.email };
  });
}

/** A deleted account's address out of the policies it last saved (decision 216): "set by" names `label` instead. */
export async function anonymisePolicyAuthor(db: Pick<Database, "update">, email: string, label: string): Promise<void> {
  await db.update(teamPolicies).set({ updatedByEmail: label }).where(eq(teamPolicies.updatedByEmail, email));
}
