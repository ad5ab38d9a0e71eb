import { eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { users } from "../../accounts/table";
import { browserSession } from "../../test/backup-payloads";
import { signIn, withSession } from "../../test/sign-in";
import { insertTeam } from "../../test/team";
import { useTestApp } from "../../test/test-app";
import { firstWeekStart, weekStarts } from "./figures";

describe("team insights (issue 19 point 5)", () => {
  // A Tuesday: the current week began on Monday 2026-11-23.
  let now = Date.parse("2026-11-24T10:00:00Z");
  const clock = () => new Date(now);
  const server = useTestApp({ clock });
  const db = () => server.database.db;
  const inject = (options: InjectOptions, auth: object = {}) => server.app.inject({ ...options, ...auth });
  const insights = (auth: object, query = "") => inject({ method: "GET", url: `/api/team/insights${query}` }, auth);

  it("counts weeks from Monday, UTC", () => {
    expect(firstWeekStart(new Date("2026-11-24T10:00:00Z"), 1).toISOString()).toBe("2026-11-23T00:00:00.000Z");
    expect(firstWeekStart(new Date("2026-11-29T23:59:00Z"), 1).toISOString()).toBe("2026-11-23T00:00:00.000Z");
    expect(firstWeekStart(new Date("2026-11-30T00:00:00Z"), 2).toISOString()).toBe("2026-11-23T00:00:00.000Z");
    expect(weekStarts(new Date("2026-11-24T10:00:00Z"), 4)).toEqual(["2026-11-02", "2026-11-09", "2026-11-16", "2026-11-23"]);
  });

  it("gives owners and admins every member's weekly figures, members their own only, others nothing; counts only time in the team", async () => {
    const emails = { owner: "i-ann@example.com", admin: "i-bo@example.com", member: "i-cy@example.com", other: "i-dee@example.com", stranger: "i-eve@example.com" };
    const as: Record<string, object> = {};
    for (const [who, email] of Object.entries(emails)) as[who] = withSession((await signIn(server.app, server.mailDir, email)).cookie);
    // Cy's emergency backup a week before the team existed is Cy's own business: never counted.
    now = Date.parse("2026-11-10T09:00:00Z");
    await inject({ method: "POST", url: "/api/protection/android-clear-all", payload: { userEmail: emails.member, browserSession: browserSession(9) } }, as.member!);
    now = Date.parse("2026-11-16T09:00:00Z");
    const { teamId, ids } = await insertTeam(db(), "Insight team", [
      { email: emails.owner, role: "owner" },
      { email: emails.admin, role: "admin" },
      { email: emails.member, role: "member" },
    ], clock());
    await insertTeam(db(), "Other team", [{ email: emails.other, role: "owner" }], clock());
    // Week of the 16th: Cy has an emergency backup of 4 tabs and restores it; Bo saves 2 tabs.
    now = Date.parse("2026-11-17T09:00:00Z");
    const emergency = await inject({ method: "POST", url: "/api/protection/android-clear-all", payload: { userEmail: emails.member, browserSession: browserSession(4) } }, as.member!);
    expect(emergency.statusCode).toBe(201);
    expect((await inject({ method: "POST", url: `/api/restore-session/${emergency.json().sessionId}` }, as.member!)).statusCode).toBe(200);
    await inject({ method: "POST", url: "/api/saved-sessions", payload: { sessionName: "Bo's", browserSession: browserSession(2) } }, as.admin!);
    // This week: Cy saves 3 tabs.
    now = Date.parse("2026-11-24T10:00:00Z");
    await inject({ method: "POST", url: "/api/saved-sessions", payload: { sessionName: "Cy's", browserSession: browserSession(3) } }, as.member!);

    const zero = (week: string) => ({ week, tabsProtected: 0, emergencyBackups: 0, restores: 0 });
    const expectedCy = { userId: ids[emails.member], email: emails.member, name: null, role: "member", weeks: [
      zero("2026-11-02"), zero("2026-11-09"),
      { week: "2026-11-16", tabsProtected: 4, emergencyBackups: 1, restores: 1 },
      { week: "2026-11-23", tabsProtected: 3, emergencyBackups: 0, restores: 0 },
    ] };
    const expectedBo = { userId: ids[emails.admin], email: emails.admin, name: null, role: "admin", weeks: [
      zero("2026-11-02"), zero("2026-11-09"), { week: "2026-11-16", tabsProtected: 2, emergencyBackups: 0, restores: 0 }, zero("2026-11-23"),
    ] };
    const expectedAnn = { userId: ids[emails.owner], email: emails.owner, name: null, role: "owner", weeks: ["2026-11-02", "2026-11-09", "2026-11-16", "2026-11-23"].map(zero) };
    const weeks = ["2026-11-02", "2026-11-09", "2026-11-16", "2026-11-23"];

    for (const who of ["owner", "admin"]) {
      const answer = await insights(as[who]!, "?weeks=4");
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ scope: "team", weeks, members: [expectedAnn, expectedBo, expectedCy] });
    }
    const own = await insights(as.member!, "?weeks=4");
    expect(own.json()).toEqual({ scope: "self", weeks, members: [expectedCy] });
    // Another team's owner sees their own team (only themself), nobody of this one.
    expect((await insights(as.other!, "?weeks=4")).json().members.map((member: { email: string }) => member.email)).toEqual([emails.other]);
    expect((await insights(as.stranger!)).statusCode).toBe(404);
    expect((await insights({})).statusCode).toBe(401);

    // The CSV holds the same figures, one line per member and week.
    const csv = await inject({ method: "GET", url: "/api/team/insights.csv?weeks=4" }, as.owner!);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers["content-disposition"]).toBe('attachment; filename="tabvault-team-insights-2026-11-24.csv"');
    const rows = Papa.parse<string[]>(csv.body.trim()).data;
    expect(rows[0]).toEqual(["week", "email", "name", "role", "tabsProtected", "emergencyBackups", "restores"]);
    expect(rows).toHaveLength(1 + 3 * 4);
    expect(rows).toContainEqual(["2026-11-16", emails.member, "", "member", "4", "1", "1"]);
    const memberCsv = Papa.parse<string[]>((await inject({ method: "GET", url: "/api/team/insights.csv?weeks=4" }, as.member!)).body.trim()).data;
    expect(memberCsv.slice(1).every((row) => row[1] === emails.member)).toBe(true);

    // A name a spreadsheet would run is written as text.
    await db().update(users).set({ firstName: "=HYPERLINK(\"https://evil.example\")" }).where(eq(users.id, ids[emails.admin]!));
    expect((await inject({ method: "GET", url: "/api/team/insights.csv?weeks=4" }, as.owner!)).body).toContain("'=HYPERLINK");

    // Bo is made a member: from this request on, Bo sees only Bo. Then removed: nothing.
    expect((await inject({ method: "PATCH", url: `/api/team/members/${ids[emails.admin]}`, payload: { role: "member" } }, as.owner!)).statusCode).toBe(200);
    expect((await insights(as.admin!)).json().scope).toBe("self");
    expect((await inject({ method: "DELETE", url: `/api/team/members/${ids[emails.admin]}` }, as.owner!)).statusCode).toBe(204);
    expect((await insights(as.admin!)).statusCode).toBe(404);
    expect((await inject({ method: "GET", url: "/api/team/insights.csv" }, as.admin!)).statusCode).toBe(404);
    expect(teamId).toBeTruthy();
  });

  it("is Premium: a team whose owner is on Pro is refused with the plan named", async () => {
    const cookie = withSession((await signIn(server.app, server.mailDir, "p-ann@example.com")).cookie);
    await insertTeam(db(), "Pro team", [{ email: "p-ann@example.com", role: "owner" }], clock(), "pro");
    const refused = await insights(cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/Premium/);
  });

  it("answers malformed input with 400 {message}, never a 500", async () => {
    const cookie = withSession((await signIn(server.app, server.mailDir, "m-ann@example.com")).cookie);
    await insertTeam(db(), "Malformed team", [{ email: "m-ann@example.com", role: "owner" }], clock());
    for (const query of ["?weeks=5", "?weeks=abc", "?weeks=1e309", "?weeks=8&extra=1", `?weeks=${"9".repeat(5000)}`, "?weeks=%00"]) {
      for (const path of ["/api/team/insights", "/api/team/insights.csv"]) {
        const response = await inject({ method: "GET", url: `${path}${query}` }, cookie);
        expect(response.statusCode, `${path}${query.slice(0, 20)}`).toBe(400);
        expect(typeof response.json().message).toBe("string");
      }
    }
    expect((await insights(cookie)).json().weeks).toHaveLength(8);
  });
});
