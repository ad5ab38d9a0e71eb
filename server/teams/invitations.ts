import { and, eq, gt, isNull } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { type AssignableTeamRole, type InvitationPreview, TEAM_LIMITS, type TeamInvitation } from "@common/api/teams";
import { newSecretToken, tokenDigest } from "../accounts/secret-token";
import { users } from "../accounts/table";
import type { Database } from "../db/database";
import { recordTeamAudit } from "./audit-log";
import { teamInvitations, teamMembers, teams } from "./table";
import { seatsUsedBy } from "./teams";

type Actor = { id: string; email: string };

const invitationLifetimeMs = TEAM_LIMITS.invitationDays * 24 * 60 * 60_000;

export type InvitationOutcome =
  | { kind: "invited"; invitation: TeamInvitation; token: string }
  | { kind: "no-seat" }
  | { kind: "already-member" };

/**
 * Invites an address: a new link, mailed by the caller. Inviting an address again replaces its pending link
 * (one seat per address). The seat count is taken under a lock on the team's row, so two invitations at
 * once cannot both take the last seat.
 */
export async function inviteToTeam(
  db: Database,
  { teamId, seats, actor, email, role, now }: { teamId: string; seats: number; actor: Actor; email: string; role: AssignableTeamRole; now: Date },
): Promise<InvitationOutcome> {
  return db.transaction(async (tx) => {
    await tx.select({ id: teams.id }).from(teams).where(eq(teams.id, teamId)).for("update");
    const [member] = await tx
      .select({ userId: teamMembers.userId })
      .from(teamMembers)
      .innerJoin(users, eq(users.id, teamMembers.userId))
      .where(and(eq(teamMembers.teamId, teamId), eq(users.email, email)));
    if (member) return { kind: "already-member" };
    const pendingForAddress = await tx
      .delete(teamInvitations)
      .where(and(eq(teamInvitations.teamId, teamId), eq(teamInvitations.email, email), isNull(teamInvitations.acceptedAt)))
      .returning({ id: teamInvitations.id, expiresAt: teamInvitations.expiresAt });
    const heldOne = pendingForAddress.some((row) => row.expiresAt > now);
    // The replaced invitation's seat is this one's.
    if (!heldOne && (await seatsUsedBy(tx, teamId, now)) >= seats) return { kind: "no-seat" };
    const token = newSecretToken();
    const [row] = await tx
      .insert(teamInvitations)
      .values({ teamId, email, role, tokenHash: tokenDigest(token), invitedBy: actor.id, createdAt: now, expiresAt: new Date(now.getTime() + invitationLifetimeMs) })
      .returning();
    if (!row) throw new Error("invitation insert returned nothing");
    await recordTeamAudit(tx, { teamId, actor, action: "invited", detail: `${email} as ${role}`, at: now });
    return {
      kind: "invited",
      token,
      invitation: { id: row.id, email, role, invitedBy: actor.email, createdAt: row.createdAt.toISOString(), expiresAt: row.expiresAt.toISOString() },
    };
  });
}

export async function cancelInvitation(db: Database, teamId: string, invitationId: string, actor: Actor, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(teamInvitations)
      .where(and(eq(teamInvitations.id, invitationId), eq(teamInvitations.teamId, teamId), isNull(teamInvitations.acceptedAt)))
      .returning({ email: teamInvitations.email });
    if (!removed) return false;
    await recordTeamAudit(tx, { teamId, actor, action: "invitationCancelled", detail: removed.email, at: now });
    return true;
  });
}

const usable = (token: string, now: Date) =>
  and(eq(teamInvitations.tokenHash, tokenDigest(token)), isNull(teamInvitations.acceptedAt), gt(teamInvitations.expiresAt, now));

/**
 * What a link offers, or null when it is unknown, cancelled, used or expired; `hasAccount` says whether the
 * address has an account already, which joins only once signed in to it (decision 215).
 */
export async function describeInvitation(db: Database, token: string, now: Date): Promise<InvitationPreview | null> {
  const invitee = alias(users, "invitee");
  const [row] = await db
    .select({
      teamName: teams.name,
      email: teamInvitations.email,
      role: teamInvitations.role,
      invitedBy: users.email,
      expiresAt: teamInvitations.expiresAt,
      inviteeId: invitee.id,
    })
    .from(teamInvitations)
    .innerJoin(teams, eq(teams.id, teamInvitations.teamId))
    .leftJoin(users, eq(users.id, teamInvitations.invitedBy))
    .leftJoin(invitee, eq(invitee.email, teamInvitations.email))
    .where(usable(token, now));
  if (!row) return null;
  const { inviteeId, expiresAt, ...preview } = row;
  return { ...preview, expiresAt: expiresAt.toISOString(), hasAccount: inviteeId !== null };
}

export type AcceptOutcome = { kind: "joined"; teamId: string } | { kind: "invalid" } | { kind: "in-another-team"; teamName: string };

/**
 * Spends the link and makes the address's account a member, in one transaction: a person already in a
 * team keeps the link unspent (they may leave that team first), and two clicks join at most once.
 */
export async function acceptInvitation(db: Database, token: string, user: { id: string; email: string }, now: Date): Promise<AcceptOutcome> {
  return db.transaction(async (tx) => {
    const [invitation] = await tx
      .select({ id: teamInvitations.id, teamId: teamInvitations.teamId, email: teamInvitations.email, role: teamInvitations.role })
      .from(teamInvitations)
      .where(usable(token, now))
      .for("update");
    if (!invitation || invitation.email !== user.email) return { kind: "invalid" };
    const [current] = await tx
      .select({ teamName: teams.name })
      .from(teamMembers)
      .innerJoin(teams, eq(teams.id, teamMembers.teamId))
      .where(eq(teamMembers.userId, user.id));
    if (current) return { kind: "in-another-team", teamName: current.teamName };
    await tx.update(teamInvitations).set({ acceptedAt: now }).where(eq(teamInvitations.id, invitation.id));
    await tx.insert(teamMembers).values({ teamId: invitation.teamId, userId: user.id, role: invitation.role, joinedAt: now });
    await recordTeamAudit(tx, { teamId: invitation.teamId, actor: user, action: "joined", detail: `${user.email} as ${invitation.role}`, at: now });
    return { kind: "joined", teamId: invitation.teamId };
  });
}

/**
 * Every invitation to a deleted account's address, pending or accepted, in any team (decision 216): a pending one
 * stops working and frees its seat; the audit log keeps that it was sent, under the anonymous label.
 */
export async function forgetInvitationsTo(db: Pick<Database, "delete">, email: string): Promise<void> {
  await db.delete(teamInvitations).where(eq(teamInvitations.email, email));
}

/** The address an invitation link is for, without spending it. */
export async function invitationEmail(db: Database, token: string, now: Date): Promise<string | null> {
  const [row] = await db.select({ email: teamInvitations.email }).from(teamInvitations).where(usable(token, now));
  return row?.email ?? null;
}
