import { and, eq, notInArray } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { describe, expect, it } from "vitest";
import { browserSession } from "../test/backup-payloads";
import { bearer, pairDevice } from "../test/pair-device";
import { signIn, withSession } from "../test/sign-in";
import { arrangeTeam, invitationTokenFromMail } from "../test/team";
import { useTestApp } from "../test/test-app";
import { teamInvitations, teamMembers } from "./table";

/**
 * Every team route × every kind of caller, on team A's members and invitations (issue 19: a member cannot read
 * another team, a member cannot act as admin, a removed member loses access at once). `outsider` owns another
 * team: routes without an id act on their own team, routes naming A's people find nothing.
 */
type Role = "anonymous" | "outsider" | "memberToken" | "member" | "admin" | "owner" | "removed";
const roles: Role[] = ["anonymous", "outsider", "memberToken", "member", "admin", "removed", "owner"];
type Expected = Record<Role, number>;

interface Cell {
  method: InjectOptions["method"];
  url: string;
  payload?: object;
}

describe("team authorization: every team route × {anonymous, another team's owner, a member's device token, member, admin, removed member, owner}", () => {
  let now = Date.parse("2026-11-24T10:00:00Z");
  const clock = () => new Date(now);
  const server = useTestApp({ clock });

  it("answers exactly the expected status in every cell", async () => {
    const { db } = server.database;
    const team = await arrangeTeam(server.app, server.mailDir, db, {
      name: "Matrix",
      owner: "mx-owner@example.com",
      admins: ["mx-admin@example.com"],
      members: ["mx-member@example.com", "mx-removed@example.com"],
    });
    const other = await arrangeTeam(server.app, server.mailDir, db, { name: "Elsewhere", owner: "mx-outsider@example.com" });
    const [member, removed] = team.members as [(typeof team)["owner"], (typeof team)["owner"]];
    const memberToken = (await pairDevice(server.app, member.cookie)).accessToken;
    // Removed before the cells run, with the sign-in session they had as a member.
    await server.app.inject({ method: "DELETE", url: `/api/team/members/${removed.userId}`, ...withSession(team.owner.cookie) });
    const keep = [team.owner.userId, team.admins[0]!.userId, member.userId];

    const credentials: Record<Role, Pick<InjectOptions, "headers" | "cookies">> = {
      anonymous: {},
      outsider: withSession(other.owner.cookie),
      memberToken: bearer(memberToken),
      member: withSession(member.cookie),
      admin: withSession(team.admins[0]!.cookie),
      owner: withSession(team.owner.cookie),
      removed: withSession(removed.cookie),
    };

    let serial = 0;
    /** A new member of team A, who joined through a mailed invitation. */
    async function freshMember() {
      serial += 1;
      const email = `mx-target${serial}@example.com`;
      const { cookie } = await signIn(server.app, server.mailDir, email);
      await server.app.inject({ method: "POST", url: "/api/team/invitations", payload: { email }, ...withSession(team.owner.cookie) });
      const token = await invitationTokenFromMail(server.mailDir, email);
      const joined = await server.app.inject({ method: "POST", url: "/api/team/invitations/accept", payload: { token }, ...withSession(cookie) });
      const userId = (joined.json() as { team: { members: { email: string; userId: string }[] } }).team.members.find((row) => row.email === email)!.userId;
      return { email, cookie, userId };
    }
    async function freshInvitation() {
      serial += 1;
      const email = `mx-invited${serial}@example.com`;
      const invited = await server.app.inject({ method: "POST", url: "/api/team/invitations", payload: { email }, ...withSession(team.owner.cookie) });
      return { id: (invited.json() as { id: string }).id, token: await invitationTokenFromMail(server.mailDir, email) };
    }

    /** A backup of the member's, made and (unless `shared` is false) shared with team A. */
    async function membersBackup(shared = true) {
      serial += 1;
      const saved = await server.app.inject({
        method: "POST",
        url: "/api/saved-sessions",
        payload: { sessionName: `Shared ${serial}`, browserSession: browserSession(2) },
        ...withSession(member.cookie),
      });
      const sessionId = (saved.json() as { sessionId: string }).sessionId;
      if (shared) await server.app.inject({ method: "POST", url: "/api/team/shared-sessions", payload: { sessionId }, ...withSession(member.cookie) });
      return sessionId;
    }

    const matrix: [string, () => Promise<Cell>, Expected][] = [
      ["GET /api/team", async () => ({ method: "GET", url: "/api/team" }), { anonymous: 401, outsider: 200, memberToken: 403, member: 200, admin: 200, removed: 200, owner: 200 }],
      // Creating needs one's own Premium: the member, admin and removed member are on Free; the owners are in a team.
      ["POST /api/team", async () => ({ method: "POST", url: "/api/team", payload: { name: "Another" } }), { anonymous: 401, outsider: 409, memberToken: 403, member: 403, admin: 403, removed: 403, owner: 409 }],
      [
        "POST /api/team/invitations",
        async () => ({ method: "POST", url: "/api/team/invitations", payload: { email: `mx-new${++serial}@example.com` } }),
        { anonymous: 401, outsider: 201, memberToken: 403, member: 403, admin: 201, removed: 404, owner: 201 },
      ],
      [
        "DELETE /api/team/invitations/:id",
        async () => ({ method: "DELETE", url: `/api/team/invitations/${(await freshInvitation()).id}` }),
        { anonymous: 401, outsider: 404, memberToken: 403, member: 403, admin: 204, removed: 404, owner: 204 },
      ],
      [
        "POST /api/team/invitations/describe",
        async () => ({ method: "POST", url: "/api/team/invitations/describe", payload: { token: (await freshInvitation()).token } }),
        { anonymous: 200, outsider: 200, memberToken: 403, member: 200, admin: 200, removed: 200, owner: 200 },
      ],
      // Only the invited address joins: signed out, the link signs in to it; signed in as anyone else, refused.
      [
        "POST /api/team/invitations/accept",
        async () => ({ method: "POST", url: "/api/team/invitations/accept", payload: { token: (await freshInvitation()).token } }),
        { anonymous: 200, outsider: 409, memberToken: 403, member: 409, admin: 409, removed: 409, owner: 409 },
      ],
      [
        "PATCH /api/team/members/:userId",
        async () => ({ method: "PATCH", url: `/api/team/members/${(await freshMember()).userId}`, payload: { role: "admin" } }),
        { anonymous: 401, outsider: 404, memberToken: 403, member: 403, admin: 403, removed: 404, owner: 200 },
      ],
      [
        "DELETE /api/team/members/:userId",
        async () => ({ method: "DELETE", url: `/api/team/members/${(await freshMember()).userId}` }),
        { anonymous: 401, outsider: 404, memberToken: 403, member: 403, admin: 204, removed: 404, owner: 204 },
      ],
      [
        "GET /api/team/members/:userId/devices",
        async () => ({ method: "GET", url: `/api/team/members/${member.userId}/devices` }),
        { anonymous: 401, outsider: 404, memberToken: 403, member: 403, admin: 200, removed: 404, owner: 200 },
      ],
      [
        "DELETE /api/team/members/:userId/devices/:deviceId",
        async () => {
          const target = await freshMember();
          const { accessToken } = await pairDevice(server.app, target.cookie);
          const devices = await server.app.inject({ method: "GET", url: `/api/team/members/${target.userId}/devices`, ...withSession(team.owner.cookie) });
          expect((await server.app.inject({ method: "GET", url: "/api/extension/connection", ...bearer(accessToken) })).statusCode).toBe(200);
          return { method: "DELETE", url: `/api/team/members/${target.userId}/devices/${(devices.json() as { id: string }[])[0]!.id}` };
        },
        { anonymous: 401, outsider: 404, memberToken: 403, member: 403, admin: 204, removed: 404, owner: 204 },
      ],
      // Shared backups (decision 190): the team's members read and restore them (the member's browser token reads one,
      // to restore it in the extension); only the sharer shares or stops sharing; nobody outside the team finds them.
      [
        "GET /api/team/shared-sessions",
        async () => ({ method: "GET", url: "/api/team/shared-sessions" }),
        { anonymous: 401, outsider: 200, memberToken: 403, member: 200, admin: 200, removed: 404, owner: 200 },
      ],
      [
        "POST /api/team/shared-sessions",
        async () => ({ method: "POST", url: "/api/team/shared-sessions", payload: { sessionId: await membersBackup(false) } }),
        { anonymous: 401, outsider: 404, memberToken: 403, member: 201, admin: 404, removed: 404, owner: 404 },
      ],
      [
        "GET /api/team/shared-sessions/:id",
        async () => ({ method: "GET", url: `/api/team/shared-sessions/${await membersBackup()}` }),
        { anonymous: 401, outsider: 404, memberToken: 200, member: 200, admin: 200, removed: 404, owner: 200 },
      ],
      [
        "POST /api/team/shared-sessions/:id/restore",
        async () => ({ method: "POST", url: `/api/team/shared-sessions/${await membersBackup()}/restore` }),
        { anonymous: 401, outsider: 404, memberToken: 403, member: 200, admin: 200, removed: 404, owner: 200 },
      ],
      [
        "DELETE /api/team/shared-sessions/:id",
        async () => ({ method: "DELETE", url: `/api/team/shared-sessions/${await membersBackup()}` }),
        { anonymous: 401, outsider: 404, memberToken: 403, member: 204, admin: 403, removed: 404, owner: 403 },
      ],
      // Insights (decision 191): each caller's own team; owners and admins see everyone, members themselves.
      [
        "GET /api/team/insights",
        async () => ({ method: "GET", url: "/api/team/insights?weeks=4" }),
        { anonymous: 401, outsider: 200, memberToken: 403, member: 200, admin: 200, removed: 404, owner: 200 },
      ],
      [
        "GET /api/team/insights.csv",
        async () => ({ method: "GET", url: "/api/team/insights.csv?weeks=4" }),
        { anonymous: 401, outsider: 200, memberToken: 403, member: 200, admin: 200, removed: 404, owner: 200 },
      ],
      ["GET /api/team/audit-log", async () => ({ method: "GET", url: "/api/team/audit-log" }), { anonymous: 401, outsider: 200, memberToken: 403, member: 403, admin: 403, removed: 404, owner: 200 }],
      // The team policy (decision 185): owners and admins; the outsider reads and sets their own team's.
      ["GET /api/team/policy", async () => ({ method: "GET", url: "/api/team/policy" }), { anonymous: 401, outsider: 200, memberToken: 403, member: 403, admin: 200, removed: 404, owner: 200 }],
      [
        "PUT /api/team/policy",
        async () => ({ method: "PUT", url: "/api/team/policy", payload: { protectionMode: "block", automaticBackupMinutes: null, neverCapturedSites: [`site${++serial}.example`], formCapture: null } }),
        { anonymous: 401, outsider: 200, memberToken: 403, member: 403, admin: 200, removed: 404, owner: 200 },
      ],
      // Last: the owners end their teams.
      ["DELETE /api/team", async () => ({ method: "DELETE", url: "/api/team" }), { anonymous: 401, outsider: 204, memberToken: 403, member: 403, admin: 403, removed: 404, owner: 204 }],
    ];

    const registered = server.app.routeTable.map((route) => `${route.method} ${route.url}`).filter((key) => key.includes("/api/team"));
    expect(matrix.map(([key]) => key).sort()).toEqual(registered.sort());

    const wrong: string[] = [];
    for (const [key, prepare, expected] of matrix) {
      for (const role of roles) {
        // Past the invitation limit's window, so the arranging never meets it.
        now += 61 * 60_000;
        const cell = await prepare();
        const response = await server.app.inject({ ...cell, ...credentials[role] });
        if (response.statusCode !== expected[role]) wrong.push(`${key} as ${role}: ${response.statusCode}, expected ${expected[role]} (${response.body.slice(0, 140)})`);
        // What a member sees is their own team, never another: the outsider's answers never name team A (but
        // for the invitation link's description: the link is the capability, whoever holds it).
        if (role === "outsider" && !key.includes("describe")) expect(response.body).not.toContain("Matrix");
        if (role === "removed" && key === "GET /api/team") expect(response.json()).toEqual({ team: null });
        // The cells' arrangements leave no seat taken for the next.
        await db.delete(teamInvitations).where(eq(teamInvitations.teamId, team.teamId));
        await db.delete(teamMembers).where(and(eq(teamMembers.teamId, team.teamId), notInArray(teamMembers.userId, keep)));
      }
    }
    expect(wrong).toEqual([]);
  }, 180_000);
});
