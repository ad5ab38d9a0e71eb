import { and, asc, eq, gt, isNull, sql, TransactionRollbackError } from "drizzle-orm";
import type { AssignableTeamRole, Team, TeamMember } from "@common/api/teams";
import { users } from "../accounts/table";
import type { Database } from "../db/database";
import { recordTeamAudit } from "./audit-log";
import { teamInvitations, teamMembers, teams } from "./table";
import { type TeamMembership, teamSeats } from "./team-membership";

type Actor = { id: string; email: string };

const displayName = sql<string | null>`nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), '')`;

/** Creates a team owned by the person; null when they already belong to one (the unique user_id decides). */
export async function createTeamFor(db: Database, owner: Actor, name: string, now: Date): Promise<string | null> {
  try {
    return await insertTeam(db, owner, name, now);
  } catch (error) {
    if (error instanceof TransactionRollbackError) return null;
    throw error;
  }
}

function insertTeam(db: Database, owner: Actor, name: string, now: Date): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ teamId: teamMembers.teamId }).from(teamMembers).where(eq(teamMembers.userId, owner.id));
    if (existing) return null;
    const [team] = await tx.insert(teams).values({ name, ownerId: owner.id, createdAt: now }).onConflictDoNothing().returning({ id: teams.id });
    if (!team) return null;
    const joined = await tx.insert(teamMembers).values({ teamId: team.id, userId: owner.id, role: "owner", joinedAt: now }).onConflictDoNothing().returning();
    // A join elsewhere in the same moment won the person: take the team back out.
    if (joined.length === 0) {
      tx.rollback();
    }
    await recordTeamAudit(tx, { teamId: team.id, actor: owner, action: "created", detail: name, at: now });
    return team.id;
  });
}

/** Ends the team: memberships, invitations and the audit log go with it. */
export async function deleteTeamOf(db: Database, teamId: string): Promise<boolean> {
  const deleted = await db.delete(teams).where(eq(teams.id, teamId)).returning({ id: teams.id });
  return deleted.length > 0;
}

export async function teamMembersOf(db: Pick<Database, "select">, teamId: string): Promise<TeamMember[]> {
  const rows = await db
    .select({ userId: teamMembers.userId, email: users.email, name: displayName, role: teamMembers.role, joinedAt: teamMembers.joinedAt })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(eq(teamMembers.teamId, teamId))
    .orderBy(sql`case ${teamMembers.role} when 'owner' then 0 when 'admin' then 1 else 2 end`, asc(users.email));
  return rows.map((row) => ({ ...row, joinedAt: row.joinedAt.toISOString() }));
}

/** Seats in use: members and pending invitations. */
export async function seatsUsedBy(db: Pick<Database, "select">, teamId: string, now: Date): Promise<number> {
  const [members] = await db.select({ count: sql<number>`count(*)::int` }).from(teamMembers).where(eq(teamMembers.teamId, teamId));
  const [pending] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(teamInvitations)
    .where(and(eq(teamInvitations.teamId, teamId), isNull(teamInvitations.acceptedAt), gt(teamInvitations.expiresAt, now)));
  return (members?.count ?? 0) + (pending?.count ?? 0);
}

/** The team as its member sees it: pending invitations only for owners and admins. */
export async function teamView(db: Database, membership: TeamMembership, now: Date): Promise<Team> {
  const [team] = await db.select().from(teams).where(eq(teams.id, membership.teamId));
  if (!team) throw new Error(`team ${membership.teamId} vanished`);
  const manages = membership.role !== "member";
  const invitations = manages
    ? await db
        .select({
          id: teamInvitations.id,
          email: teamInvitations.email,
          role: teamInvitations.role,
          invitedBy: users.email,
          createdAt: teamInvitations.createdAt,
          expiresAt: teamInvitations.expiresAt,
        })
        .from(teamInvitations)
        .leftJoin(users, eq(users.id, teamInvitations.invitedBy))
        .where(and(eq(teamInvitations.teamId, team.id), isNull(teamInvitations.acceptedAt), gt(teamInvitations.expiresAt, now)))
        .orderBy(asc(teamInvitations.createdAt))
    : [];
  return {
    id: team.id,
    name: team.name,
    planType: membership.planType,
    seats: teamSeats(membership.planType),
    seatsUsed: await seatsUsedBy(db, team.id, now),
    myRole: membership.role,
    members: await teamMembersOf(db, team.id),
    invitations: invitations.map((invitation) => ({
      ...invitation,
      createdAt: invitation.createdAt.toISOString(),
      expiresAt: invitation.expiresAt.toISOString(),
    })),
    createdAt: team.createdAt.toISOString(),
  };
}

export async function findTeamMember(db: Pick<Database, "select">, teamId: string, userId: string): Promise<TeamMember | null> {
  const [row] = await db
    .select({ userId: teamMembers.userId, email: users.email, name: displayName, role: teamMembers.role, joinedAt: teamMembers.joinedAt })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
  return row ? { ...row, joinedAt: row.joinedAt.toISOString() } : null;
}

/** The owner changes an admin or a member's role; the audit log records it in the same transaction. */
export async function changeMemberRole(db: Database, teamId: string, actor: Actor, member: TeamMember, role: AssignableTeamRole, now: Date): Promise<TeamMember> {
  return db.transaction(async (tx) => {
    await tx
      .update(teamMembers)
      .set({ role })
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, member.userId)));
    if (member.role !== role) {
      await recordTeamAudit(tx, { teamId, actor, action: "roleChanged", detail: `${member.email}: ${member.role} → ${role}`, at: now });
    }
    return { ...member, role };
  });
}

/** Takes a member out of the team (removed by an owner or admin, or leaving); their team plan ends with it. */
export async function removeMember(db: Database, teamId: string, actor: Actor, member: TeamMember, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(teamMembers)
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, member.userId)))
      .returning({ userId: teamMembers.userId });
    if (removed.length === 0) return false;
    const leaving = actor.id === member.userId;
    await recordTeamAudit(tx, { teamId, actor, action: leaving ? "left" : "removed", detail: leaving ? member.email : `${member.email} (${member.role})`, at: now });
    return true;
  });
}
