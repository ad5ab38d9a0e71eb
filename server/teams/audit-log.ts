import { desc, eq, or, sql } from "drizzle-orm";
import { TEAM_LIMITS, type TeamAuditEntry } from "@common/api/teams";
import type { Database } from "../db/database";
import { teamAuditLog } from "./table";

type Writer = Pick<Database, "insert">;

/** The acts the audit log records, in the words the owner reads. */
export const teamAuditActions = {
  created: "Created the team",
  invited: "Invited",
  invitationCancelled: "Cancelled the invitation of",
  joined: "Joined",
  roleChanged: "Changed the role of",
  removed: "Removed",
  left: "Left the team",
  deviceRevoked: "Disconnected a browser of",
  policyChanged: "Changed the team policy",
  sessionShared: "Shared a backup",
  sessionUnshared: "Stopped sharing a backup",
} as const;
export type TeamAuditAction = keyof typeof teamAuditActions;

export async function recordTeamAudit(
  db: Writer,
  entry: { teamId: string; actor: { id: string; email: string } | null; action: TeamAuditAction; detail: string; at: Date },
): Promise<void> {
  await db.insert(teamAuditLog).values({
    teamId: entry.teamId,
    actorId: entry.actor?.id ?? null,
    actorEmail: entry.actor?.email ?? null,
    action: teamAuditActions[entry.action],
    detail: entry.detail,
    at: entry.at,
  });
}

export async function readTeamAudit(db: Database, teamId: string): Promise<TeamAuditEntry[]> {
  const rows = await db
    .select()
    .from(teamAuditLog)
    .where(eq(teamAuditLog.teamId, teamId))
    .orderBy(desc(teamAuditLog.at), desc(teamAuditLog.id))
    .limit(TEAM_LIMITS.auditEntries);
  return rows.map((row) => ({ id: String(row.id), at: row.at.toISOString(), actorEmail: row.actorEmail, action: row.action, detail: row.detail }));
}

/**
 * A deleted account's address out of every team's audit log (decision 216): where it acted and where it was named
 * ("Invited …", "… of bo@example.com"), the address becomes `label`, an id that says which entries were one person's
 * and nothing about who. Addresses are stored lower-case, so the plain text is what every entry quotes.
 */
export async function anonymiseInTeamAuditLogs(db: Pick<Database, "update">, email: string, label: string): Promise<void> {
  await db
    .update(teamAuditLog)
    .set({
      actorEmail: sql`case when ${teamAuditLog.actorEmail} = ${email} then ${label} else ${teamAuditLog.actorEmail} end`,
      detail: sql`replace(${teamAuditLog.detail}, ${email}, ${label})`,
    })
    .where(or(eq(teamAuditLog.actorEmail, email), sql`strpos(${teamAuditLog.detail}, ${email}) > 0`));
}
