import { eq, gt, isNull, or, sql } from "drizzle-orm";
import type { TeamRole } from "@common/api/teams";
import { PREMIUM_TEAM_SEATS, type PlanType, planHasFeature, planTypes } from "@common/plan-catalogue";
import { users } from "../accounts/table";
import type { Database } from "../db/database";
import { teamMembers, teams } from "./table";

/** A person's place in a team, as every team route and the plan check read it. */
export interface TeamMembership {
  teamId: string;
  teamName: string;
  ownerId: string;
  role: TeamRole;
  /** The team's plan: its owner's own plan, as long as it has not ended. */
  planType: PlanType;
}

/**
 * The team the person belongs to, or null. The team's plan is read from its owner's row here, so a
 * member's plan follows the owner's at once (a lapsed end date counts as Free even before the owner's
 * next request settles it).
 */
export async function teamMembershipOf(db: Database, userId: string, now: Date): Promise<TeamMembership | null> {
  const [row] = await db
    .select({
      teamId: teams.id,
      teamName: teams.name,
      ownerId: teams.ownerId,
      role: teamMembers.role,
      planType: sql<PlanType>`case when ${or(isNull(users.planExpiresAt), gt(users.planExpiresAt, now))} then ${users.planType} else 'free' end`,
    })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .innerJoin(users, eq(users.id, teams.ownerId))
    .where(eq(teamMembers.userId, userId))
    .limit(1);
  return row ?? null;
}

/** The higher of a person's own plan and their team's: what they get while they belong to it. */
export function planWithTeam(ownPlan: PlanType, membership: TeamMembership | null): PlanType {
  if (!membership) return ownPlan;
  return planTypes.indexOf(membership.planType) > planTypes.indexOf(ownPlan) ? membership.planType : ownPlan;
}

/** Seats a team has: Premium's, or none once its owner's plan no longer includes teams. */
export function teamSeats(planType: PlanType): number {
  return planHasFeature(planType, "teamManagement") ? PREMIUM_TEAM_SEATS : 0;
}

/** The authentication's view of a person's team: the team, and the plan they get with it. */
export async function accountTeamOf(db: Database, user: { id: string; planType: PlanType }, now: Date) {
  const membership = await teamMembershipOf(db, user.id, now);
  if (!membership) return null;
  const { teamId, teamName, role, planType } = membership;
  return { team: { teamId, teamName, role, planType }, planType: planWithTeam(user.planType, membership) };
}

/** The person's membership as the account export tells it: the team's name, the role and when they joined (decision 216). */
export async function membershipForExport(db: Database, userId: string): Promise<{ teamId: string; name: string; role: TeamRole; joinedAt: Date } | null> {
  const [row] = await db
    .select({ teamId: teams.id, name: teams.name, role: teamMembers.role, joinedAt: teamMembers.joinedAt })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(eq(teamMembers.userId, userId))
    .limit(1);
  return row ?? null;
}
