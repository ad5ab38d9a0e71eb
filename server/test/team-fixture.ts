import { eq } from "drizzle-orm";
import type { TeamRole } from "@common/api/teams";
import type { PlanType } from "@common/plan-catalogue";
import { users } from "../accounts/table";
import type { Database } from "../db/database";
import { teamMembers, teams } from "../teams/table";

/**
 * Test arrangement: a team with people in it, written straight to the tables (joining through the mailed
 * invitation is the teams domain's own test). The owner gets `ownerPlan`; every person must have signed in.
 */
export async function arrangeTeam(
  db: Database,
  name: string,
  people: { email: string; role: TeamRole }[],
  now: Date,
  ownerPlan: PlanType = "premium",
): Promise<{ teamId: string; ids: Record<string, string> }> {
  const ids: Record<string, string> = {};
  for (const person of people) {
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, person.email));
    if (!row) throw new Error(`${person.email} has not signed in`);
    ids[person.email] = row.id;
  }
  const owner = people.find((person) => person.role === "owner");
  if (!owner) throw new Error("a team needs an owner");
  await db.update(users).set({ planType: ownerPlan }).where(eq(users.email, owner.email));
  const [team] = await db.insert(teams).values({ name, ownerId: ids[owner.email]!, createdAt: now }).returning({ id: teams.id });
  await db.insert(teamMembers).values(people.map((person) => ({ teamId: team!.id, userId: ids[person.email]!, role: person.role, joinedAt: now })));
  return { teamId: team!.id, ids };
}
