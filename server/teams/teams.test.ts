import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { PREMIUM_TEAM_SEATS } from "@common/plan-catalogue";
import { users } from "../accounts/table";
import { readOutbox } from "../test/mail-outbox";
import { bearer, pairDevice } from "../test/pair-device";
import { sessionCookieOf, signIn, withSession } from "../test/sign-in";
import { arrangeTeam, invitationTokenFromMail } from "../test/team";
import { testAdminEmail, useTestApp } from "../test/test-app";
import { teamInvitations, teamMembers, teams } from "./table";

describe("teams: create, invite, join, roles, removal, members' browsers and the audit log", () => {
  let now = Date.parse("2026-11-24T10:00:00Z");
  const clock = () => new Date(now);
  const server = useTestApp({ clock });
  const as = (cookie: string) => withSession(cookie);
  const inject = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, auth: object = {}, payload?: unknown) =>
    server.app.inject({ method, url, ...auth, ...(payload === undefined ? {} : { payload: payload as object }) });
  const planOf = async (cookie: string) => (await inject("GET", "/api/auth/user", as(cookie))).json<{ planType: string; team: unknown }>();

  it("a Premium account creates a team; Free is refused with the plan it needs; a second team is refused; bad names get a message", async () => {
    const { cookie: free } = await signIn(server.app, server.mailDir, "free-creator@example.com");
    const refused = await inject("POST", "/api/team", as(free), { name: "Nope" });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/needs the Premium plan or higher; you are on Free/);

    const { cookie } = await signIn(server.app, server.mailDir, "creator@example.com");
    await server.database.db.update(users).set({ planType: "premium" }).where(eq(users.email, "creator@example.com"));
    for (const [payload, message] of [
      [{ name: "" }, /Enter a team name/],
      [{ name: "   " }, /Enter a team name/],
      [{ name: "x".repeat(61) }, /at most 60 characters/],
      [{ name: "two\nlines" }, /one line/],
      [{ name: "nul\u0000" }, /NUL/],
      [{ name: "Acme", extra: 1 }, /extra|Unrecognized/i],
      [{}, /name/],
    ] as const) {
      const response = await inject("POST", "/api/team", as(cookie), payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toMatch(message);
    }
    expect((await server.database.db.select({ n: count() }).from(teams))[0]!.n).toBe(0);

    const created = await inject("POST", "/api/team", as(cookie), { name: "  Acme Research  " });
    expect(created.statusCode).toBe(201);
    expect(created.json().team).toMatchObject({ name: "Acme Research", myRole: "owner", seats: PREMIUM_TEAM_SEATS, seatsUsed: 1, planType: "premium" });
    expect((await inject("POST", "/api/team", as(cookie), { name: "Second" })).statusCode).toBe(409);
    expect((await inject("GET", "/api/team", as(free))).json()).toEqual({ team: null });
  });

  it("an invitation mails a link that makes a new address's account, signs it in and joins it; they get the team's plan, and only while they belong", async () => {
    const { owner } = await arrangeTeam(server.app, server.mailDir, server.database.db, { name: "Joiners", owner: "join-owner@example.com" });
    const invited = await inject("POST", "/api/team/invitations", as(owner.cookie), { email: "  New.Person@Example.com " });
    expect(invited.statusCode).toBe(201);
    expect(invited.json()).toMatchObject({ email: "new.person@example.com", role: "member", invitedBy: owner.email });
    const mail = (await readOutbox(server.mailDir)).filter((message) => message.to.includes("new.person@example.com")).at(-1);
    expect(mail?.subject).toBe("Join Joiners on TabVault");
    const token = await invitationTokenFromMail(server.mailDir, "new.person@example.com");

    // Opening the link only describes it; nothing is spent and nobody is signed in.
    const preview = await inject("POST", "/api/team/invitations/describe", {}, { token });
    expect(preview.json()).toMatchObject({ teamName: "Joiners", email: "new.person@example.com", role: "member", invitedBy: owner.email, hasAccount: false });
    expect((await inject("POST", "/api/team/invitations/describe", {}, { token: "not-a-real-token" })).statusCode).toBe(404);
    expect((await inject("POST", "/api/team/invitations/describe", {}, { token: "bad token!" })).statusCode).toBe(400);

    // Signed in as someone else: refused, and the link still works afterwards.
    const { cookie: stranger } = await signIn(server.app, server.mailDir, "stranger@example.com");
    const wrongAccount = await inject("POST", "/api/team/invitations/accept", as(stranger), { token });
    expect(wrongAccount.statusCode).toBe(409);
    expect(wrongAccount.json().message).toMatch(/This invitation is for new\.person@example\.com, and you are signed in as stranger@example\.com/);

    const joined = await inject("POST", "/api/team/invitations/accept", {}, { token });
    expect(joined.statusCode).toBe(200);
    expect(joined.json().team).toMatchObject({ name: "Joiners", myRole: "member", invitations: [] });
    const cookie = sessionCookieOf(joined);
    expect(cookie).toBeDefined();
    expect(await planOf(cookie!)).toMatchObject({ planType: "premium", team: { name: "Joiners", role: "member", planFromTeam: true } });
    const [row] = await server.database.db.select({ verified: users.emailVerifiedAt, plan: users.planType }).from(users).where(eq(users.email, "new.person@example.com"));
    expect(row).toMatchObject({ plan: "free" });
    expect(row?.verified).not.toBeNull();

    // Spent: a second click joins nobody.
    expect((await inject("POST", "/api/team/invitations/accept", {}, { token })).statusCode).toBe(404);

    // A removed member is Free again on the very next request, and the team's routes are closed to them.
    const memberId = joined.json().team.members.find((member: { email: string }) => member.email === "new.person@example.com").userId as string;
    expect((await inject("DELETE", `/api/team/members/${memberId}`, as(owner.cookie))).statusCode).toBe(204);
    expect(await planOf(cookie!)).toMatchObject({ planType: "free", team: null });
    expect((await inject("GET", "/api/team", as(cookie!))).json()).toEqual({ team: null });
    expect((await inject("POST", "/api/team/invitations", as(cookie!), { email: "x@example.com" })).statusCode).toBe(404);
  });

  it("an invitation for an existing account asks for a normal sign-in: signed out it is refused (401), unspent, signs nobody in; signed in to that address it joins", async () => {
    const { owner } = await arrangeTeam(server.app, server.mailDir, server.database.db, { name: "Existing", owner: "existing-owner@example.com" });
    const { cookie: adminCookie } = await signIn(server.app, server.mailDir, testAdminEmail);
    await inject("POST", "/api/auth/sign-out-everywhere", as(adminCookie));
    await inject("POST", "/api/team/invitations", as(owner.cookie), { email: testAdminEmail });
    const token = await invitationTokenFromMail(server.mailDir, testAdminEmail);

    const preview = await inject("POST", "/api/team/invitations/describe", {}, { token });
    expect(preview.json()).toMatchObject({ teamName: "Existing", email: testAdminEmail, hasAccount: true });
    const refused = await inject("POST", "/api/team/invitations/accept", {}, { token });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ message: `${testAdminEmail} has a TabVault account already: sign in to it, then join from this link.` });
    expect(sessionCookieOf(refused)).toBeUndefined();
    // A hostile cookie is no sign-in either.
    const forged = await inject("POST", "/api/team/invitations/accept", as("forged.value"), { token });
    expect(forged.statusCode).toBe(401);
    // At most the forged cookie cleared: no session is given.
    expect(sessionCookieOf(forged) ?? "").toBe("");
    const [pending] = await server.database.db.select({ acceptedAt: teamInvitations.acceptedAt }).from(teamInvitations).where(eq(teamInvitations.email, testAdminEmail));
    expect(pending?.acceptedAt).toBeNull();

    // The normal sign-in (a 15-minute link), then the same invitation joins.
    const { cookie } = await signIn(server.app, server.mailDir, testAdminEmail);
    const joined = await inject("POST", "/api/team/invitations/accept", as(cookie), { token });
    expect(joined.statusCode).toBe(200);
    expect(joined.json().team).toMatchObject({ name: "Existing", myRole: "member" });
  });

  it("an invitation expires after 7 days; a person in another team keeps the link unspent until they leave", async () => {
    const first = await arrangeTeam(server.app, server.mailDir, server.database.db, { name: "First", owner: "first-owner@example.com", members: ["busy@example.com"] });
    const second = await arrangeTeam(server.app, server.mailDir, server.database.db, { name: "Second", owner: "second-owner@example.com" });
    await inject("POST", "/api/team/invitations", as(second.owner.cookie), { email: "busy@example.com" });
    const token = await invitationTokenFromMail(server.mailDir, "busy@example.com");
    const busy = first.members[0]!;
    const refused = await inject("POST", "/api/team/invitations/accept", as(busy.cookie), { token });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/You are in the team First\. Leave it first/);
    expect((await inject("DELETE", `/api/team/members/${busy.userId}`, as(busy.cookie))).statusCode).toBe(204);
    expect((await inject("POST", "/api/team/invitations/accept", as(busy.cookie), { token })).json().team.name).toBe("Second");

    await inject("POST", "/api/team/invitations", as(second.owner.cookie), { email: "late@example.com" });
    const late = await invitationTokenFromMail(server.mailDir, "late@example.com");
    now += 7 * 24 * 60 * 60_000 + 1;
    expect((await inject("POST", "/api/team/invitations/accept", {}, { token: late })).statusCode).toBe(404);
  });

  it(`holds ${PREMIUM_TEAM_SEATS} seats, members and pending invitations alike; inviting an address again keeps its one seat; cancelling frees it`, async () => {
    const { owner } = await arrangeTeam(server.app, server.mailDir, server.database.db, { name: "Seats", owner: "seat-owner@example.com" });
    for (let index = 1; index < PREMIUM_TEAM_SEATS; index += 1) {
      expect((await inject("POST", "/api/team/invitations", as(owner.cookie), { email: `seat${index}@example.com` })).statusCode).toBe(201);
    }
    const full = await inject("POST", "/api/team/invitations", as(owner.cookie), { email: "one-too-many@example.com" });
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toMatch(/All 10 seats are taken/);
    const again = await inject("POST", "/api/team/invitations", as(owner.cookie), { email: "seat1@example.com" });
    expect(again.statusCode).toBe(201);
    const team = (await inject("GET", "/api/team", as(owner.cookie))).json().team;
    expect(team.seatsUsed).toBe(PREMIUM_TEAM_SEATS);
    expect(team.invitations).toHaveLength(PREMIUM_TEAM_SEATS - 1);
    expect((await inject("DELETE", `/api/team/invitations/${again.json().id}`, as(owner.cookie))).statusCode).toBe(204);
    expect((await inject("DELETE", `/api/team/invitations/${again.json().id}`, as(owner.cookie))).statusCode).toBe(404);
    expect((await inject("POST", "/api/team/invitations", as(owner.cookie), { email: "one-too-many@example.com" })).statusCode).toBe(201);
    const malformed = await inject("POST", "/api/team/invitations", as(owner.cookie), { email: "not an address" });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/valid email address/);
    expect((await inject("POST", "/api/team/invitations", as(owner.cookie), { email: `${"a".repeat(300)}@example.com` })).statusCode).toBe(400);
    expect((await inject("POST", "/api/team/invitations", as(owner.cookie), { email: "ok@example.com", role: "owner" })).json().message).toMatch(/role must be 'admin' or 'member'/);
    expect((await inject("DELETE", "/api/team/invitations/not-a-uuid", as(owner.cookie))).statusCode).toBe(400);
  });

  it("roles: the owner makes admins; admins invite and remove members only; members manage nothing", async () => {
    const { owner, admins, members } = await arrangeTeam(server.app, server.mailDir, server.database.db, {
      name: "Roles",
      owner: "roles-owner@example.com",
      admins: ["roles-admin@example.com", "roles-admin2@example.com"],
      members: ["roles-m1@example.com", "roles-m2@example.com"],
    });
    const [admin, admin2] = admins as [typeof owner, typeof owner];
    const [m1, m2] = members as [typeof owner, typeof owner];

    expect((await inject("POST", "/api/team/invitations", as(admin.cookie), { email: "by-admin@example.com" })).statusCode).toBe(201);
    const adminInvitesAdmin = await inject("POST", "/api/team/invitations", as(admin.cookie), { email: "x-admin@example.com", role: "admin" });
    expect(adminInvitesAdmin.statusCode).toBe(403);
    expect(adminInvitesAdmin.json().message).toBe("Only the team's owner can invite admins.");
    expect((await inject("PATCH", `/api/team/members/${m1.userId}`, as(admin.cookie), { role: "admin" })).statusCode).toBe(403);
    expect((await inject("DELETE", `/api/team/members/${admin2.userId}`, as(admin.cookie))).json().message).toMatch(/Admins act on members only/);
    expect((await inject("DELETE", `/api/team/members/${owner.userId}`, as(admin.cookie))).statusCode).toBe(403);
    expect((await inject("GET", "/api/team/audit-log", as(admin.cookie))).statusCode).toBe(403);

    const memberCannot = await inject("POST", "/api/team/invitations", as(m1.cookie), { email: "by-member@example.com" });
    expect(memberCannot.statusCode).toBe(403);
    expect(memberCannot.json().message).toBe("Only the team's owner and admins can do this.");
    expect((await inject("DELETE", `/api/team/members/${m2.userId}`, as(m1.cookie))).statusCode).toBe(403);
    expect((await inject("GET", `/api/team/members/${m2.userId}/devices`, as(m1.cookie))).statusCode).toBe(403);
    expect((await inject("DELETE", "/api/team", as(m1.cookie))).statusCode).toBe(403);
    const memberView = (await inject("GET", "/api/team", as(m1.cookie))).json().team;
    expect(memberView.invitations).toEqual([]);
    expect(memberView.members.map((member: { email: string }) => member.email)).toContain("roles-owner@example.com");

    const promoted = await inject("PATCH", `/api/team/members/${m1.userId}`, as(owner.cookie), { role: "admin" });
    expect(promoted.json()).toMatchObject({ email: "roles-m1@example.com", role: "admin" });
    expect((await inject("POST", "/api/team/invitations", as(m1.cookie), { email: "by-promoted@example.com" })).statusCode).toBe(201);
    expect((await inject("PATCH", `/api/team/members/${owner.userId}`, as(owner.cookie), { role: "member" })).statusCode).toBe(403);
    expect((await inject("PATCH", `/api/team/members/${m2.userId}`, as(owner.cookie), { role: "owner" })).statusCode).toBe(400);
    expect((await inject("DELETE", `/api/team/members/${owner.userId}`, as(owner.cookie))).json().message).toMatch(/owner cannot leave/);

    expect((await inject("DELETE", `/api/team/members/${m2.userId}`, as(admin.cookie))).statusCode).toBe(204);
    expect((await inject("DELETE", `/api/team/members/${m2.userId}`, as(admin.cookie))).statusCode).toBe(404);
    expect((await inject("DELETE", `/api/team/members/${admin2.userId}`, as(owner.cookie))).statusCode).toBe(204);
  });

  it("owners and admins see a member's connected browsers and disconnect one: its token stops at once; the owner's audit log records each act", async () => {
    const { owner, admins, members } = await arrangeTeam(server.app, server.mailDir, server.database.db, {
      name: "Devices",
      owner: "dev-owner@example.com",
      admins: ["dev-admin@example.com"],
      members: ["dev-member@example.com"],
    });
    const [admin] = admins as [typeof owner];
    const [member] = members as [typeof owner];
    const grant = await pairDevice(server.app, member.cookie, { clientName: "Work laptop", platform: "chromium" });
    expect((await inject("GET", "/api/extension/connection", bearer(grant.accessToken))).statusCode).toBe(200);

    const listed = await inject("GET", `/api/team/members/${member.userId}/devices`, as(admin.cookie));
    expect(listed.statusCode).toBe(200);
    const [device] = listed.json() as { id: string; name: string; lastUsedAt: string | null }[];
    expect(device?.name).toMatch(/Work laptop/);
    // A token cannot manage a team, even its member's own.
    expect((await inject("GET", "/api/team", bearer(grant.accessToken))).statusCode).toBe(403);

    expect((await inject("DELETE", `/api/team/members/${member.userId}/devices/${device!.id}`, as(admin.cookie))).statusCode).toBe(204);
    expect((await inject("GET", "/api/extension/connection", bearer(grant.accessToken))).statusCode).toBe(401);
    expect((await inject("DELETE", `/api/team/members/${member.userId}/devices/${device!.id}`, as(admin.cookie))).statusCode).toBe(404);
    // Another team's owner sees nothing of this member.
    const other = await arrangeTeam(server.app, server.mailDir, server.database.db, { name: "Other", owner: "dev-other@example.com" });
    expect((await inject("GET", `/api/team/members/${member.userId}/devices`, as(other.owner.cookie))).statusCode).toBe(404);

    await inject("PATCH", `/api/team/members/${member.userId}`, as(owner.cookie), { role: "admin" });
    await inject("DELETE", `/api/team/members/${member.userId}`, as(owner.cookie));
    const log = await inject("GET", "/api/team/audit-log", as(owner.cookie));
    expect(log.statusCode).toBe(200);
    const lines = (log.json() as { actorEmail: string; action: string; detail: string }[]).map((entry) => `${entry.actorEmail}: ${entry.action} ${entry.detail}`);
    expect(lines).toEqual([
      "dev-owner@example.com: Removed dev-member@example.com (admin)",
      "dev-owner@example.com: Changed the role of dev-member@example.com: member → admin",
      expect.stringMatching(/^dev-admin@example\.com: Disconnected a browser of .*Work laptop.* of dev-member@example\.com$/),
      "dev-member@example.com: Joined dev-member@example.com as member",
      "dev-owner@example.com: Invited dev-member@example.com as member",
      "dev-admin@example.com: Joined dev-admin@example.com as admin",
      "dev-owner@example.com: Invited dev-admin@example.com as admin",
      "dev-owner@example.com: Created the team Devices",
    ]);
  });

  it("an admin sees only members' devices, never the owner's or another admin's; the owner sees every other person's", async () => {
    const { owner, admins, members } = await arrangeTeam(server.app, server.mailDir, server.database.db, {
      name: "Sight",
      owner: "sight-owner@example.com",
      admins: ["sight-admin1@example.com", "sight-admin2@example.com"],
      members: ["sight-member@example.com"],
    });
    const [admin1, admin2] = admins as [typeof owner, typeof owner];
    const [member] = members as [typeof owner];
    for (const [person, name] of [
      [owner, "Owner laptop"],
      [admin1, "Admin one laptop"],
      [admin2, "Admin two laptop"],
      [member, "Member laptop"],
    ] as const) {
      await pairDevice(server.app, person.cookie, { clientName: name, platform: "chromium" });
    }
    const devicesOf = (userId: string, cookie: string) => inject("GET", `/api/team/members/${userId}/devices`, as(cookie));

    for (const target of [owner, admin2]) {
      const refused = await devicesOf(target.userId, admin1.cookie);
      expect(refused.statusCode, target.email).toBe(403);
      expect(refused.json()).toEqual({ message: "Admins act on members only; ask the team's owner." });
      expect(refused.body).not.toMatch(/laptop/);
    }
    expect((await devicesOf(member.userId, admin1.cookie)).json()).toEqual([expect.objectContaining({ name: "Member laptop" })]);
    expect((await devicesOf(admin1.userId, owner.cookie)).json()).toEqual([expect.objectContaining({ name: "Admin one laptop" })]);
    // The owner's own devices are on their dashboard, not under the team: nobody manages the owner.
    expect((await devicesOf(owner.userId, owner.cookie)).statusCode).toBe(403);
    // A member sees nobody's, their own included; hostile ids are refused with a message.
    expect((await devicesOf(member.userId, member.cookie)).statusCode).toBe(403);
    const malformed = await devicesOf("1%27%20or%201=1", admin1.cookie);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/member id/);
  });

  it("the team's plan is its owner's: when the owner's Premium ends, members fall back to their own plan and invitations stop; deleting the team frees everyone", async () => {
    const { owner, members } = await arrangeTeam(server.app, server.mailDir, server.database.db, { name: "Lapse", owner: "lapse-owner@example.com", members: ["lapse-m@example.com"] });
    const [member] = members as [typeof owner];
    await server.database.db.update(users).set({ planType: "basic" }).where(eq(users.id, member.userId));
    expect((await planOf(member.cookie)).planType).toBe("premium");
    await server.database.db.update(users).set({ planExpiresAt: new Date(now - 1000) }).where(eq(users.id, owner.userId));
    expect((await planOf(member.cookie)).planType).toBe("basic");
    const refused = await inject("POST", "/api/team/invitations", as(owner.cookie), { email: "after-lapse@example.com" });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/no longer on Premium/);

    await server.database.db.update(users).set({ planType: "premium", planExpiresAt: null }).where(eq(users.id, owner.userId));
    expect((await inject("DELETE", "/api/team", as(owner.cookie))).statusCode).toBe(204);
    expect((await planOf(member.cookie)).planType).toBe("basic");
    expect((await server.database.db.select({ n: count() }).from(teamMembers).where(eq(teamMembers.userId, member.userId)))[0]!.n).toBe(0);
    expect((await inject("DELETE", "/api/team", as(owner.cookie))).statusCode).toBe(404);
  });

  it("signed out, every team route but the invitation link's is a 401; no partial write on refusal", async () => {
    for (const [method, url] of [
      ["GET", "/api/team"],
      ["POST", "/api/team"],
      ["DELETE", "/api/team"],
      ["POST", "/api/team/invitations"],
      ["DELETE", "/api/team/invitations/00000000-0000-4000-8000-000000000000"],
      ["PATCH", "/api/team/members/00000000-0000-4000-8000-000000000000"],
      ["DELETE", "/api/team/members/00000000-0000-4000-8000-000000000000"],
      ["GET", "/api/team/members/00000000-0000-4000-8000-000000000000/devices"],
      ["DELETE", "/api/team/members/00000000-0000-4000-8000-000000000000/devices/00000000-0000-4000-8000-000000000000"],
      ["GET", "/api/team/audit-log"],
    ] as const) {
      expect((await inject(method, url)).statusCode, `${method} ${url}`).toBe(401);
    }
    const pending = (await server.database.db.select({ n: count() }).from(teamInvitations))[0]!.n;
    expect((await inject("POST", "/api/team/invitations/accept", {}, { token: "x".repeat(101) })).statusCode).toBe(400);
    expect((await server.database.db.select({ n: count() }).from(teamInvitations))[0]!.n).toBe(pending);
  });
});
