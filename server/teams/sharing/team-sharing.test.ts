import { and, eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { describe, expect, it } from "vitest";
import { users } from "../../accounts/table";
import { protectionEvents } from "../../protection/table";
import { teamAuditLog } from "../table";
import { browserBackup, browserSession, browserTab } from "../../test/backup-payloads";
import { bearer, pairDevice } from "../../test/pair-device";
import { signIn, withSession } from "../../test/sign-in";
import { insertTeam } from "../../test/team";
import { useTestApp } from "../../test/test-app";
import { teamSharedBackups } from "./table";

const sealed = `tv1.${"A".repeat(16)}.${"B".repeat(40)}`;

describe("shared backups with the team", () => {
  const now = Date.parse("2026-11-24T10:00:00Z");
  const clock = () => new Date(now);
  const server = useTestApp({ clock });
  const db = () => server.database.db;

  async function people(prefix: string) {
    const emails = { owner: `${prefix}-ann@example.com`, admin: `${prefix}-bo@example.com`, member: `${prefix}-cy@example.com`, other: `${prefix}-dee@example.com`, stranger: `${prefix}-eve@example.com` };
    const cookies: Record<keyof typeof emails, object> = {} as Record<keyof typeof emails, object>;
    for (const [who, email] of Object.entries(emails) as [keyof typeof emails, string][]) cookies[who] = withSession((await signIn(server.app, server.mailDir, email)).cookie);
    const team = await insertTeam(db(), `${prefix} team`, [
      { email: emails.owner, role: "owner" },
      { email: emails.admin, role: "admin" },
      { email: emails.member, role: "member" },
    ], clock());
    // Dee owns another Premium team.
    await insertTeam(db(), `${prefix} other team`, [{ email: emails.other, role: "owner" }], clock());
    return { emails, as: cookies, team };
  }

  const inject = (options: InjectOptions, auth: object = {}) => server.app.inject({ ...options, ...auth });
  const list = (auth: object) => inject({ method: "GET", url: "/api/team/shared-sessions" }, auth);
  const share = (sessionId: unknown, auth: object) => inject({ method: "POST", url: "/api/team/shared-sessions", payload: { sessionId } as InjectOptions["payload"] }, auth);
  const unshare = (id: string, auth: object) => inject({ method: "DELETE", url: `/api/team/shared-sessions/${id}` }, auth);
  const read = (id: string, auth: object) => inject({ method: "GET", url: `/api/team/shared-sessions/${id}` }, auth);
  const restore = (id: string, auth: object) => inject({ method: "POST", url: `/api/team/shared-sessions/${id}/restore` }, auth);

  /** A backup of the extension's with a typed comment, a sealed entry and scroll in it. */
  async function privateBackup(auth: object): Promise<string> {
    const payload = browserBackup(3);
    payload.windows[0]!.tabs[0] = browserTab(0, { pinned: true, formData: { comment: "my private words" } });
    payload.windows[0]!.tabs[1] = browserTab(1, { groupId: 7, formData: { "tabvault:sealed": sealed } });
    const uploaded = await inject({ method: "POST", url: "/api/browser-backups", payload: payload as InjectOptions["payload"] }, auth);
    expect(uploaded.statusCode).toBe(201);
    return uploaded.json().backupId as string;
  }

  const auditActions = async (teamId: string) =>
    (await db().select({ action: teamAuditLog.action, detail: teamAuditLog.detail }).from(teamAuditLog).where(eq(teamAuditLog.teamId, teamId))).map((row) => `${row.action}: ${row.detail}`);

  it("shares a member's backup with the team without anything private, lets the others read and restore it, and records share and unshare", async () => {
    const { as, emails, team } = await people("s1");
    const backupId = await privateBackup(as.member);
    await inject({ method: "PATCH", url: `/api/library/backups/${backupId}`, payload: { addTags: ["secret-tag"], note: "my own note" } }, as.member);

    const shared = await share(backupId, as.member);
    expect(shared.statusCode).toBe(201);
    expect(shared.json()).toEqual({
      id: backupId,
      sessionName: expect.any(String),
      tabCount: 3,
      createdAt: expect.any(String),
      sharedAt: clock().toISOString(),
      sharedBy: { email: emails.member, name: null },
      mine: true,
    });
    // Again: the first share stands, and the audit log holds one entry.
    expect((await share(backupId, as.member)).statusCode).toBe(200);

    for (const who of ["owner", "admin"] as const) {
      const listed = await list(as[who]);
      expect(listed.statusCode).toBe(200);
      expect(listed.json()).toEqual([{ ...shared.json(), mine: false }]);
    }
    // Another team's list holds none of it; someone in no team has no list.
    expect((await list(as.other)).json()).toEqual([]);
    expect((await list(as.stranger)).statusCode).toBe(404);
    expect((await list({})).statusCode).toBe(401);

    const backup = await read(backupId, as.admin);
    expect(backup.statusCode).toBe(200);
    const body = backup.json();
    expect(body.deviceName).toBeNull();
    expect(body.groups).toEqual([{ groupId: 7, windowId: 100, title: "Research", color: "blue", collapsed: false }]);
    const tabs = body.windows.flatMap((window: { tabs: { formData: object; scrollPosition: object; pinned: boolean; url: string }[] }) => window.tabs);
    expect(tabs.map((one: { url: string }) => one.url)).toEqual(["https://example.com/page/0", "https://example.com/page/1", "https://example.com/page/2"]);
    expect(tabs[0].pinned).toBe(true);
    for (const one of tabs) {
      expect(one.formData).toEqual({});
      expect(one.scrollPosition).toEqual({ x: 0, y: 0 });
    }
    expect(backup.body).not.toContain("my private words");
    expect(backup.body).not.toContain(sealed);
    expect((await read(backupId, as.other)).statusCode).toBe(404);
    expect((await read(backupId, as.stranger)).statusCode).toBe(404);

    const restored = await restore(backupId, as.admin);
    expect(restored.statusCode).toBe(200);
    expect(restored.body).not.toMatch(/my private words|secret-tag|my own note|tv1\./);
    expect(restored.json().session.tabs.every((one: { formData: object }) => Object.keys(one.formData).length === 0)).toBe(true);
    expect(restored.json().instructions.tabs).toHaveLength(3);
    const [bo] = await db().select({ id: users.id }).from(users).where(eq(users.email, emails.admin));
    const events = await db().select().from(protectionEvents).where(and(eq(protectionEvents.userId, bo!.id), eq(protectionEvents.eventType, "session_restored")));
    expect(events.map((event) => event.description)).toEqual([expect.stringContaining(`shared by ${emails.member}`)]);
    expect((await restore(backupId, as.other)).statusCode).toBe(404);

    // Only the sharer stops sharing: the owner and admins cannot take it for them.
    const byOwner = await unshare(backupId, as.owner);
    expect(byOwner.statusCode).toBe(403);
    expect(byOwner.json().message).toMatch(/Only the person who shared/);
    expect((await unshare(backupId, as.other)).statusCode).toBe(404);
    expect((await unshare(backupId, as.member)).statusCode).toBe(204);
    expect((await list(as.admin)).json()).toEqual([]);
    expect((await read(backupId, as.admin)).statusCode).toBe(404);
    expect((await unshare(backupId, as.member)).statusCode).toBe(404);
    expect(await auditActions(team.teamId)).toEqual([expect.stringMatching(/^Shared a backup: ".*" \(3 tabs\)$/), expect.stringMatching(/^Stopped sharing a backup: ".*"$/)]);
  });

  it("takes a share out of the team at once when the sharer is removed or leaves, or deletes the backup; a removed member is refused at once", async () => {
    const { as, team, emails } = await people("s2");
    const first = await privateBackup(as.member);
    const second = await privateBackup(as.admin);
    const third = (await inject({ method: "POST", url: "/api/saved-sessions", payload: { sessionName: "Reading list", browserSession: browserSession(2) } }, as.owner)).json().sessionId as string;
    expect((await share(first, as.member)).statusCode).toBe(201);
    expect((await share(second, as.admin)).statusCode).toBe(201);
    expect((await share(third, as.owner)).statusCode).toBe(201);
    expect((await list(as.member)).json()).toHaveLength(3);

    // The owner deletes their backup: gone for the team.
    expect((await inject({ method: "DELETE", url: `/api/saved-sessions/${third}` }, as.owner)).statusCode).toBe(204);
    expect((await list(as.member)).json()).toHaveLength(2);

    // The owner removes Cy: Cy's share leaves with Cy, and Cy reads nothing of the team's from this request on.
    const removed = await inject({ method: "DELETE", url: `/api/team/members/${team.ids[emails.member]}` }, as.owner);
    expect(removed.statusCode).toBe(204);
    expect((await list(as.owner)).json().map((one: { id: string }) => one.id)).toEqual([second]);
    expect((await read(first, as.admin)).statusCode).toBe(404);
    expect((await list(as.member)).statusCode).toBe(404);
    expect((await read(second, as.member)).statusCode).toBe(404);
    expect((await restore(second, as.member)).statusCode).toBe(404);
    expect((await share(first, as.member)).statusCode).toBe(404);
    expect(await db().select().from(teamSharedBackups).where(eq(teamSharedBackups.sessionId, first))).toEqual([]);

    // Bo leaves: Bo's share goes too.
    expect((await inject({ method: "DELETE", url: `/api/team/members/${team.ids[emails.admin]}` }, as.admin)).statusCode).toBe(204);
    expect((await list(as.owner)).json()).toEqual([]);
  });

  it("shares only the caller's own backups with tabs, and stops sharing new ones when the team's owner leaves Premium", async () => {
    const { as, emails, team } = await people("s3");
    const cys = await privateBackup(as.member);
    expect((await share(cys, as.admin)).statusCode).toBe(404);
    const appsOnly = await inject(
      { method: "POST", url: "/api/protection/windows-x-button", payload: { userEmail: emails.owner, applications: [{ processName: "winword.exe", windowTitle: "Report.docx" }] } },
      as.owner,
    );
    const noTabs = await share(appsOnly.json().sessionId, as.owner);
    expect(noTabs.statusCode).toBe(400);
    expect(noTabs.json()).toEqual({ message: "This backup has no tabs to share." });
    expect((await share(cys, as.stranger)).statusCode).toBe(404);

    expect((await share(cys, as.member)).statusCode).toBe(201);
    await db().update(users).set({ planType: "pro" }).where(eq(users.id, team.ids[emails.owner]!));
    const refused = await list(as.admin);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/Premium/);
    expect((await read(cys, as.admin)).statusCode).toBe(403);
    // Taking a share back needs no plan.
    expect((await unshare(cys, as.member)).statusCode).toBe(204);
  });

  it("lets a member's connected extension read a shared backup to restore it, and nothing else of sharing", async () => {
    const people5 = await people("s5");
    const { as } = people5;
    const cookieOf = async (email: string) => (await signIn(server.app, server.mailDir, email)).cookie;
    const adminsBrowser = await pairDevice(server.app, await cookieOf(people5.emails.admin));
    const othersBrowser = await pairDevice(server.app, await cookieOf(people5.emails.other));
    const backupId = await privateBackup(as.member);
    expect((await share(backupId, as.member)).statusCode).toBe(201);
    const read = await inject({ method: "GET", url: `/api/team/shared-sessions/${backupId}` }, bearer(adminsBrowser.accessToken));
    expect(read.statusCode).toBe(200);
    expect(read.body).not.toContain("my private words");
    expect((await inject({ method: "GET", url: `/api/team/shared-sessions/${backupId}` }, bearer(othersBrowser.accessToken))).statusCode).toBe(404);
    // Listing, sharing and the recorded restore are the web app's.
    expect((await list(bearer(adminsBrowser.accessToken))).statusCode).toBe(403);
    expect((await share(backupId, bearer(adminsBrowser.accessToken))).statusCode).toBe(403);
    expect((await restore(backupId, bearer(adminsBrowser.accessToken))).statusCode).toBe(403);
  });

  it("answers malformed and oversized input with 4xx {message}, never a 500, and writes nothing", async () => {
    const { as, team } = await people("s4");
    const cases: [InjectOptions, number][] = [
      [{ method: "POST", url: "/api/team/shared-sessions", payload: { sessionId: "not-a-uuid" } }, 400],
      [{ method: "POST", url: "/api/team/shared-sessions", payload: { sessionId: "00000000-0000-4000-8000-000000000000", extra: 1 } }, 400],
      [{ method: "POST", url: "/api/team/shared-sessions", payload: {} }, 400],
      [{ method: "POST", url: "/api/team/shared-sessions", payload: "[1,2]", headers: { "content-type": "application/json" } }, 400],
      [{ method: "POST", url: "/api/team/shared-sessions", payload: { sessionId: "a".repeat(2_000_000) } }, 413],
      [{ method: "GET", url: "/api/team/shared-sessions/not-a-uuid" }, 400],
      [{ method: "GET", url: `/api/team/shared-sessions/${"a".repeat(300)}` }, 414],
      [{ method: "DELETE", url: "/api/team/shared-sessions/%00" }, 400],
      [{ method: "POST", url: "/api/team/shared-sessions/00000000-0000-4000-8000-000000000000/restore" }, 404],
    ];
    for (const [options, status] of cases) {
      const response = await inject(options, as.member);
      expect(response.statusCode, `${options.method} ${options.url}`).toBe(status);
      expect(typeof response.json().message).toBe("string");
    }
    expect(await db().select().from(teamSharedBackups).where(eq(teamSharedBackups.teamId, team.teamId))).toEqual([]);

  });
});
