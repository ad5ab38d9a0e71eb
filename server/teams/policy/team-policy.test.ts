import { count, eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { describe, expect, it } from "vitest";
import { users } from "../../accounts/table";
import { bearer, pairDevice } from "../../test/pair-device";
import { signIn, withSession } from "../../test/sign-in";
import { arrangeTeam } from "../../test/team";
import { useTestApp } from "../../test/test-app";
import { teamPolicies } from "./table";

/** Issue 19 point 4: a team policy reaches members' settings, locks what it sets, and is the owners' and admins' to change. */
describe("team policy: set by owners and admins, applied to members' settings, never loosened by a member", () => {
  let now = Date.parse("2026-11-25T10:00:00Z");
  const clock = () => new Date(now);
  const server = useTestApp({ clock });
  const inject = (method: InjectOptions["method"], url: string, auth: object = {}, payload?: unknown) =>
    server.app.inject({ method, url, ...auth, ...(payload === undefined ? {} : { payload: payload as object }) });
  const as = (cookie: string) => withSession(cookie);
  const policy = (change: object = {}) => ({ protectionMode: null, automaticBackupMinutes: null, neverCapturedSites: [], formCapture: null, ...change });

  it("owners and admins read and set it; the audit log says what changed; members are refused; saving the same records nothing", async () => {
    const team = await arrangeTeam(server.app, server.mailDir, server.database.db, {
      name: "Policy Makers",
      owner: "pm-owner@example.com",
      admins: ["pm-admin@example.com"],
      members: ["pm-member@example.com"],
    });
    const empty = await inject("GET", "/api/team/policy", as(team.owner.cookie));
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ policy: policy(), updatedAt: null, updatedBy: null });

    const set = await inject(
      "PUT",
      "/api/team/policy",
      as(team.admins[0]!.cookie),
      policy({ protectionMode: "backup", automaticBackupMinutes: 15, neverCapturedSites: ["https://Bank.Example/login", "bank.example", "*.payroll.example"], formCapture: "off" }),
    );
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({
      policy: { protectionMode: "backup", automaticBackupMinutes: 15, neverCapturedSites: ["bank.example", "payroll.example"], formCapture: "off" },
      updatedAt: "2026-11-25T10:00:00.000Z",
      updatedBy: "pm-admin@example.com",
    });
    expect((await inject("GET", "/api/team/policy", as(team.owner.cookie))).json()).toEqual(set.json());

    now += 60_000;
    const changed = await inject("PUT", "/api/team/policy", as(team.owner.cookie), { ...set.json().policy, protectionMode: "block", neverCapturedSites: ["payroll.example", "hr.example"] });
    expect(changed.statusCode).toBe(200);
    now += 60_000;
    expect((await inject("PUT", "/api/team/policy", as(team.owner.cookie), changed.json().policy)).json().updatedAt).toBe("2026-11-25T10:01:00.000Z");

    const audit = (await inject("GET", "/api/team/audit-log", as(team.owner.cookie))).json<{ actorEmail: string; action: string; detail: string }[]>();
    const policyEntries = audit.filter((entry) => entry.action === "Changed the team policy");
    expect(policyEntries).toEqual([
      {
        id: expect.any(String),
        at: "2026-11-25T10:01:00.000Z",
        actorEmail: "pm-owner@example.com",
        action: "Changed the team policy",
        detail: "protection mode: Backup mode → Block mode; sites never captured: added hr.example; removed bank.example",
      },
      {
        id: expect.any(String),
        at: "2026-11-25T10:00:00.000Z",
        actorEmail: "pm-admin@example.com",
        action: "Changed the team policy",
        detail:
          "protection mode: left to each member → Backup mode; automatic backup: left to each member → every 15 minutes; sites never captured: added bank.example, payroll.example; form capture: left to each member → off",
      },
    ]);

    const member = team.members[0]!;
    for (const [method, payload] of [["GET", undefined], ["PUT", policy()]] as const) {
      const refused = await inject(method, "/api/team/policy", as(member.cookie), payload);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe("Only the team's owner and admins can see and change the team policy.");
    }
    // A member's browser token never reaches the policy either (the extension reads it through the settings).
    const { accessToken } = await pairDevice(server.app, member.cookie);
    expect((await inject("GET", "/api/team/policy", bearer(accessToken))).statusCode).toBe(403);
    expect((await inject("GET", "/api/team/policy")).statusCode).toBe(401);
    expect((await inject("PUT", "/api/team/policy", {}, policy())).statusCode).toBe(401);
  });

  it("another team and someone in no team never see or change it", async () => {
    const team = await arrangeTeam(server.app, server.mailDir, server.database.db, { name: "Secretive", owner: "sec-owner@example.com" });
    await inject("PUT", "/api/team/policy", as(team.owner.cookie), policy({ neverCapturedSites: ["secret.example"] }));
    const other = await arrangeTeam(server.app, server.mailDir, server.database.db, { name: "Neighbours", owner: "nb-owner@example.com" });
    const theirs = await inject("GET", "/api/team/policy", as(other.owner.cookie));
    expect(theirs.json()).toEqual({ policy: policy(), updatedAt: null, updatedBy: null });
    await inject("PUT", "/api/team/policy", as(other.owner.cookie), policy({ formCapture: "on" }));
    expect((await inject("GET", "/api/team/policy", as(team.owner.cookie))).json().policy).toEqual(policy({ neverCapturedSites: ["secret.example"] }));

    const { cookie: loner } = await signIn(server.app, server.mailDir, "loner@example.com");
    for (const [method, payload] of [["GET", undefined], ["PUT", policy()]] as const) {
      const refused = await inject(method, "/api/team/policy", as(loner), payload);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ message: "You are not in a team." });
    }
    expect((await inject("GET", "/api/protection/settings", as(loner))).json().teamPolicy).toBeNull();
  });

  it("refuses malformed and oversized policies with a message, and writes nothing", async () => {
    const team = await arrangeTeam(server.app, server.mailDir, server.database.db, { name: "Strict", owner: "strict-owner@example.com" });
    const cases: [unknown, RegExp][] = [
      [policy({ protectionMode: "panic" }), /protectionMode must be 'block', 'backup' or null/],
      [policy({ automaticBackupMinutes: 7 }), /automaticBackupMinutes must be one of 1, 5, 15, 30, 60 or null/],
      [policy({ automaticBackupMinutes: "5" }), /automaticBackupMinutes must be one of/],
      [policy({ formCapture: true }), /formCapture must be 'on', 'off' or null/],
      [policy({ neverCapturedSites: ["not a site!"] }), /"not a site!" is not a site: enter a host name such as example.com/],
      [policy({ neverCapturedSites: ["ftp://files.example"] }), /is not a site/],
      [policy({ neverCapturedSites: [""] }), /is not a site/],
      [policy({ neverCapturedSites: ["a".repeat(301)] }), /A site has at most 300 characters/],
      [policy({ neverCapturedSites: ["nul\u0000.example"] }), /NUL/],
      [policy({ neverCapturedSites: Array.from({ length: 101 }, (_, index) => `s${index}.example`) }), /At most 100 sites/],
      [policy({ neverCapturedSites: "bank.example" }), /neverCapturedSites/],
      [{ ...policy(), extra: 1 }, /extra|Unrecognized/i],
      [{ protectionMode: "block" }, /automaticBackupMinutes|neverCapturedSites|formCapture/],
    ];
    for (const [payload, message] of cases) {
      const response = await inject("PUT", "/api/team/policy", as(team.owner.cookie), payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(response.json().message).toMatch(message);
    }
    const huge = await server.app.inject({
      method: "PUT",
      url: "/api/team/policy",
      ...as(team.owner.cookie),
      headers: { "content-type": "application/json" },
      payload: JSON.stringify(policy({ neverCapturedSites: ["x".repeat(1_100_000)] })),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toEqual(expect.any(String));
    expect((await server.database.db.select({ n: count() }).from(teamPolicies).where(eq(teamPolicies.teamId, team.teamId)))[0]!.n).toBe(0);
  });

  it("a member's settings are their own tightened by the policy, the same for the web app and the extension, and locked ones cannot be loosened", async () => {
    const team = await arrangeTeam(server.app, server.mailDir, server.database.db, { name: "Tight Ship", owner: "ts-owner@example.com", members: ["ts-member@example.com"] });
    const member = team.members[0]!;
    // The member's own choices before the policy: protection off, Block mode, one site of their own.
    expect((await inject("PUT", "/api/protection/settings", as(member.cookie), { enabled: false, neverCapturedSites: [" Diary.Example "] })).statusCode).toBe(200);
    await inject("PUT", "/api/team/policy", as(team.owner.cookie), policy({ protectionMode: "backup", automaticBackupMinutes: 5, neverCapturedSites: ["bank.example"], formCapture: "off" }));

    const { accessToken } = await pairDevice(server.app, member.cookie);
    const web = await inject("GET", "/api/protection/settings", as(member.cookie));
    const extension = await inject("GET", "/api/protection/settings", bearer(accessToken));
    expect(web.json()).toEqual({
      enabled: true,
      mode: "backup",
      autoBackup: true,
      cloudSync: false,
      smartDetection: false,
      aiPrediction: false,
      teamSharing: false,
      neverCapturedSites: ["diary.example"],
      teamPolicy: {
        teamName: "Tight Ship",
        policy: { protectionMode: "backup", automaticBackupMinutes: 5, neverCapturedSites: ["bank.example"], formCapture: "off" },
        locked: ["enabled", "mode", "autoBackup"],
      },
    });
    expect(extension.json()).toEqual(web.json());
    expect((await inject("GET", `/api/protection/status/${encodeURIComponent(member.email)}`, as(member.cookie))).json().isActive).toBe(true);

    const refusals: [string, object, RegExp][] = [
      ["PUT", { mode: "block" }, /^Set by your team: Protection mode is Backup under the policy of Tight Ship/],
      ["PUT", { enabled: false }, /^Set by your team: Protection is on/],
      ["PUT", { autoBackup: false }, /^Set by your team: Automatic Backup is on/],
      ["PUT", { cloudSync: true, mode: "block" }, /^Set by your team: Protection mode/],
      ["POST", { enabled: false }, /^Set by your team: Protection is on/],
      ["POST", { enabled: true, mode: "block" }, /^Set by your team: Protection mode is Backup/],
    ];
    for (const [method, change, message] of refusals) {
      const url = method === "PUT" ? "/api/protection/settings" : "/api/protection/toggle";
      for (const auth of [as(member.cookie), bearer(accessToken)]) {
        const refused = await inject(method, url, auth, change);
        expect(refused.statusCode, `${method} ${JSON.stringify(change)}`).toBe(403);
        expect(refused.json().message).toMatch(message);
      }
    }
    // Nothing of a refused change was written (cloudSync came with a refused mode).
    expect((await inject("GET", "/api/protection/settings", as(member.cookie))).json()).toMatchObject({ cloudSync: false, mode: "backup" });

    // What the policy already gives may be sent (the settings screen sends what it shows), and what it leaves is free.
    const allowed = await inject("PUT", "/api/protection/settings", as(member.cookie), { mode: "backup", enabled: true, cloudSync: true, neverCapturedSites: ["diary.example", "games.example"] });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json()).toMatchObject({ mode: "backup", enabled: true, autoBackup: true, cloudSync: true, neverCapturedSites: ["diary.example", "games.example"] });
    expect((await inject("POST", "/api/protection/toggle", as(member.cookie), { enabled: true })).json()).toEqual({ enabled: true, mode: "backup", message: "Protection is on" });

    // The team changes its mind: Block mode. Automatic Backup then works nowhere, and stays locked.
    await inject("PUT", "/api/team/policy", as(team.owner.cookie), policy({ protectionMode: "block", automaticBackupMinutes: 5 }));
    const blocked = (await inject("GET", "/api/protection/settings", bearer(accessToken))).json();
    expect(blocked).toMatchObject({ enabled: true, mode: "block", autoBackup: false, teamPolicy: { locked: ["enabled", "mode", "autoBackup"] } });
    expect((await inject("PUT", "/api/protection/settings", as(member.cookie), { autoBackup: true })).json().message).toMatch(/^Set by your team: Automatic Backup is off/);

    // A policy that leaves the mode to the member: their own mode counts, and Automatic Backup follows it.
    await inject("PUT", "/api/team/policy", as(team.owner.cookie), policy({ automaticBackupMinutes: 1 }));
    const own = (await inject("GET", "/api/protection/settings", as(member.cookie))).json();
    expect(own).toMatchObject({ enabled: false, mode: "block", autoBackup: false, teamPolicy: { locked: ["autoBackup"] } });
    const toBackup = await inject("PUT", "/api/protection/settings", as(member.cookie), { mode: "backup", enabled: true });
    expect(toBackup.json()).toMatchObject({ mode: "backup", enabled: true, autoBackup: true });
  });

  it("a removed member is free of the policy at once: their own settings come back; a deleted team frees everyone", async () => {
    const team = await arrangeTeam(server.app, server.mailDir, server.database.db, {
      name: "Leaving",
      owner: "lv-owner@example.com",
      members: ["lv-member@example.com", "lv-other@example.com"],
    });
    const [member, other] = team.members as [(typeof team)["owner"], (typeof team)["owner"]];
    await inject("PUT", "/api/protection/settings", as(member.cookie), { mode: "backup" });
    await inject("PUT", "/api/team/policy", as(team.owner.cookie), policy({ protectionMode: "block", neverCapturedSites: ["bank.example"] }));
    const { accessToken } = await pairDevice(server.app, member.cookie);
    expect((await inject("GET", "/api/protection/settings", bearer(accessToken))).json()).toMatchObject({ mode: "block", teamPolicy: { teamName: "Leaving" } });

    expect((await inject("DELETE", `/api/team/members/${member.userId}`, as(team.owner.cookie))).statusCode).toBe(204);
    for (const auth of [as(member.cookie), bearer(accessToken)]) {
      const free = (await inject("GET", "/api/protection/settings", auth)).json();
      expect(free).toMatchObject({ mode: "backup", neverCapturedSites: [], teamPolicy: null });
    }
    expect((await inject("PUT", "/api/protection/settings", as(member.cookie), { mode: "block", enabled: false })).statusCode).toBe(200);

    expect((await inject("GET", "/api/protection/settings", as(other.cookie))).json().teamPolicy).not.toBeNull();
    expect((await inject("DELETE", "/api/team", as(team.owner.cookie))).statusCode).toBe(204);
    expect((await inject("GET", "/api/protection/settings", as(other.cookie))).json().teamPolicy).toBeNull();
    expect((await server.database.db.select({ n: count() }).from(teamPolicies).where(eq(teamPolicies.teamId, team.teamId)))[0]!.n).toBe(0);
  });

  it("the policy stays in force when the owner's plan lapses, but only Premium may change it", async () => {
    const team = await arrangeTeam(server.app, server.mailDir, server.database.db, { name: "Lapsed", owner: "lapse-owner@example.com", members: ["lapse-member@example.com"] });
    await inject("PUT", "/api/team/policy", as(team.owner.cookie), policy({ formCapture: "off", neverCapturedSites: ["bank.example"] }));
    await server.database.db.update(users).set({ planType: "free" }).where(eq(users.id, team.owner.userId));
    const refused = await inject("PUT", "/api/team/policy", as(team.owner.cookie), policy());
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/no longer on Premium/);
    expect((await inject("GET", "/api/team/policy", as(team.owner.cookie))).json().policy).toMatchObject({ formCapture: "off" });
    const settings = (await inject("GET", "/api/protection/settings", as(team.members[0]!.cookie))).json();
    expect(settings.teamPolicy).toMatchObject({ policy: { formCapture: "off", neverCapturedSites: ["bank.example"] }, locked: [] });
  });

  it("a person's own sites never captured: typed as hosts or addresses, kept as hosts, once each; bad ones refused", async () => {
    const { cookie } = await signIn(server.app, server.mailDir, "own-sites@example.com");
    const saved = await inject("PUT", "/api/protection/settings", as(cookie), { neverCapturedSites: ["https://Mail.Example.com/inbox?x=1", "mail.example.com", "bücher.example", "127.0.0.2"] });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ neverCapturedSites: ["mail.example.com", "xn--bcher-kva.example", "127.0.0.2"], teamPolicy: null });
    const bad = await inject("PUT", "/api/protection/settings", as(cookie), { neverCapturedSites: ["ok.example", "javascript:alert(1)"] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/is not a site/);
    expect((await inject("GET", "/api/protection/settings", as(cookie))).json().neverCapturedSites).toHaveLength(3);
  });
});
