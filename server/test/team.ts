import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { TeamRole } from "@common/api/teams";
import type { PlanType } from "@common/plans";
import { users } from "../accounts/table";
import type { Database } from "../db/database";
import { teamMembers, teams } from "../teams/table";
import { latestMailTo } from "./mail-outbox";
import { sessionCookieOf, signIn, withSession } from "./sign-in";

/** The token of the newest team invitation mailed to `email` (`/team/join#token=…`). */
export async function invitationTokenFromMail(mailDir: string, email: string): Promise<string> {
  const mail = await latestMailTo(mailDir, email);
  const link = mail?.links.find((candidate) => candidate.includes("/team/join#"));
  if (!link) throw new Error(`no team invitation in the newest mail to ${email}`);
  const token = new URLSearchParams(new URL(link).hash.slice(1)).get("token");
  if (!token) throw new Error(`the invitation link has no token: ${link}`);
  return token;
}

export interface TeamPerson {
  email: string;
  cookie: string;
  userId: string;
}

async function person(app: FastifyInstance, mailDir: string, db: Database, email: string, plan: PlanType): Promise<TeamPerson> {
  const { cookie } = await signIn(app, mailDir, email);
  await db.update(users).set({ planType: plan }).where(eq(users.email, email));
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no account for ${email}`);
  return { email, cookie, userId: row.id };
}

/**
 * A Premium owner's team with the given admins and members, made the way people make it: the owner creates it
 * and invites; each invitee, signed in on the Free plan, accepts the mailed link.
 */
export async function arrangeTeam(
  app: FastifyInstance,
  mailDir: string,
  db: Database,
  { name = "Acme", owner, admins = [], members = [] }: { name?: string; owner: string; admins?: string[]; members?: string[] },
): Promise<{ teamId: string; owner: TeamPerson; admins: TeamPerson[]; members: TeamPerson[] }> {
  const ownerPerson = await person(app, mailDir, db, owner, "premium");
  const created = await app.inject({ method: "POST", url: "/api/team", payload: { name }, ...withSession(ownerPerson.cookie) });
  if (created.statusCode !== 201) throw new Error(`creating the team answered ${created.statusCode}: ${created.body}`);
  const join = async (email: string, role: "admin" | "member") => {
    const invitee = await person(app, mailDir, db, email, "free");
    const invited = await app.inject({ method: "POST", url: "/api/team/invitations", payload: { email, role }, ...withSession(ownerPerson.cookie) });
    if (invited.statusCode !== 201) throw new Error(`inviting ${email} answered ${invited.statusCode}: ${invited.body}`);
    const token = await invitationTokenFromMail(mailDir, email);
    const accepted = await app.inject({ method: "POST", url: "/api/team/invitations/accept", payload: { token }, ...withSession(invitee.cookie) });
    if (accepted.statusCode !== 200) throw new Error(`${email} joining answered ${accepted.statusCode}: ${accepted.body}`);
    return { ...invitee, cookie: sessionCookieOf(accepted) ?? invitee.cookie };
  };
  const adminPeople: TeamPerson[] = [];
  for (const email of admins) adminPeople.push(await join(email, "admin"));
  const memberPeople: TeamPerson[] = [];
  for (const email of members) memberPeople.push(await join(email, "member"));
  return { teamId: (created.json() as { team: { id: string } }).team.id, owner: ownerPerson, admins: adminPeople, members: memberPeople };
}

/**
 * Test arrangement: a team with people in it, written straight to the tables (joining through the mailed
 * invitation is the teams domain's own test). The owner gets `ownerPlan`; every person must have signed in.
 */
export async function insertTeam(
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
