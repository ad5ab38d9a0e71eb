import type { AccountExport } from "@common/api/account-data";
import { listRules } from "../automation/rules";
import type { Database } from "../db/database";
import { backupLabelsOfUserForExport } from "../library/labels-export";
import { readTeamPolicy } from "../teams/policy/policy";
import { sharesOfUser } from "../teams/sharing/shared-backups";
import { membershipForExport } from "../teams/team-membership";

type Additions = Pick<AccountExport, "backupLabels" | "automationRules" | "team">;

/**
 * What the account holds beyond its backups and settings (decision 216): the library's labels, workflow automation's
 * rules and its place in a team (with what it shares, and the policy it sets as the owner). The team's members and
 * audit log are the team's record of other people too, and stay out.
 */
export async function accountExportAdditions(db: Database, userId: string): Promise<Additions> {
  const [backupLabels, automationRules, team] = await Promise.all([backupLabelsOfUserForExport(db, userId), listRules(db, userId), teamForExport(db, userId)]);
  return { backupLabels, automationRules, team };
}

async function teamForExport(db: Database, userId: string): Promise<AccountExport["team"]> {
  const membership = await membershipForExport(db, userId);
  if (!membership) return null;
  const [shares, policy] = await Promise.all([sharesOfUser(db, userId), membership.role === "owner" ? readTeamPolicy(db, membership.teamId) : null]);
  return {
    name: membership.name,
    role: membership.role,
    joinedAt: membership.joinedAt.toISOString(),
    sharedBackups: shares.map((share) => ({ backupId: share.backupId, sharedAt: share.sharedAt.toISOString() })),
    policy: policy?.policy ?? null,
  };
}
