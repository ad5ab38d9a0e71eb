import { eq } from "drizzle-orm";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import type { PlanType } from "@common/plan-catalogue";
import { users } from "../accounts/table";
import { savedSessions } from "../backups/table";
import { browserSession, tab } from "../test/backup-payloads";
import { protectionEvents } from "../protection/table";
import { signIn, withSession } from "../test/sign-in";
import { useTestApp } from "../test/test-app";

const now = new Date("2026-03-31T15:00:00Z");

describe("analytics (Pro and up) and reports (Premium), issue 16 point 2", () => {
  const server = useTestApp({ clock: () => now });

  async function account(email: string, plan: PlanType) {
    const { cookie } = await signIn(server.app, server.mailDir, email);
    const [user] = await server.database.db.update(users).set({ planType: plan }).where(eq(users.email, email)).returning({ id: users.id });
    return { cookie, userId: user!.id };
  }
  const get = (url: string, cookie?: string) => server.app.inject({ method: "GET", url, ...(cookie ? withSession(cookie) : {}) });

  async function history(userId: string) {
    const at = (iso: string) => new Date(iso);
    await server.database.db.insert(protectionEvents).values([
      { userId, eventType: "emergency_backup", description: "Emergency backup of 3 tabs", createdAt: at("2026-03-31T01:00:00Z") },
      { userId, eventType: "automatic_backup", description: "Automatic backup of 2 tabs", createdAt: at("2026-03-31T02:00:00Z") },
      { userId, eventType: "session_restored", description: 'Restored "Work"', createdAt: at("2026-03-31T03:00:00Z") },
      { userId, eventType: "clear_all_blocked", description: "Blocked close all", createdAt: at("2026-03-30T23:59:59Z") },
      { userId, eventType: "clear_all_blocked", description: "=HYPERLINK(\"http://evil\")", createdAt: at("2026-03-02T00:00:00Z") },
      // Outside 30 days, inside 90.
      { userId, eventType: "manual_save", description: "Manual save of 1 tab", createdAt: at("2026-02-01T12:00:00Z") },
      { userId, eventType: "protection_toggled", description: "Protection turned off", createdAt: at("2026-03-31T04:00:00Z") },
    ]);
    await server.database.db.insert(savedSessions).values([
      { userId, sessionName: "a", triggerEvent: "clear_all_detected", tabCount: 3, appCount: 0, sizeBytes: 10, createdAt: at("2026-03-31T01:00:00Z") },
      { userId, sessionName: "b", triggerEvent: "auto_backup", tabCount: 2, appCount: 0, sizeBytes: 10, createdAt: at("2026-03-31T02:00:00Z") },
    ]);
  }

  it("Pro: each of the last 30 or 90 UTC days, oldest first, counted from the account's own events and backups", async () => {
    const pro = await account("analytics-pro@example.com", "pro");
    await history(pro.userId);
    const other = await account("analytics-other@example.com", "pro");
    await history(other.userId);

    const month = await get("/api/user/analytics?days=30", pro.cookie);
    expect(month.statusCode).toBe(200);
    const days = month.json().days;
    expect(days).toHaveLength(30);
    expect(days[0].date).toBe("2026-03-02");
    expect(days.at(-1)).toEqual({ date: "2026-03-31", backups: 2, restores: 1, tabsSaved: 5, blockedAttempts: 0 });
    expect(days.at(-2)).toEqual({ date: "2026-03-30", backups: 0, restores: 0, tabsSaved: 0, blockedAttempts: 1 });
    expect(days[0].blockedAttempts).toBe(1);

    const quarter = (await get("/api/user/analytics?days=90", pro.cookie)).json().days;
    expect(quarter).toHaveLength(90);
    expect(quarter.find((day: { date: string }) => day.date === "2026-02-01").backups).toBe(1);
    expect(quarter.reduce((sum: number, day: { backups: number }) => sum + day.backups, 0)).toBe(3);
  });

  it.each(["free", "basic"] as const)("%s: 403 with a message naming Pro; the reports 403 naming Premium", async (plan) => {
    const below = await account(`analytics-${plan}@example.com`, plan);
    const refused = await get("/api/user/analytics", below.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/^Analytics needs the Pro plan or higher; you are on /);
    const report = await get("/api/user/history-report", below.cookie);
    expect(report.statusCode).toBe(403);
    expect(report.json().message).toMatch(/^Reports needs the Premium plan or higher/);
  });

  it("Pro has analytics but not reports", async () => {
    const pro = await account("reports-pro@example.com", "pro");
    expect((await get("/api/user/history-report.csv", pro.cookie)).statusCode).toBe(403);
  });

  it("Premium: the history as JSON and as CSV, its own events only, formulas neutralised", async () => {
    const premium = await account("reports-premium@example.com", "premium");
    await history(premium.userId);
    const json = await get("/api/user/history-report", premium.cookie);
    expect(json.statusCode).toBe(200);
    expect(json.headers["content-disposition"]).toBe('attachment; filename="tabvault-history-2026-03-31.json"');
    const report = json.json();
    expect(report).toMatchObject({ format: "tabvault-history-report", version: 1, email: "reports-premium@example.com", plan: "premium", generatedAt: now.toISOString() });
    expect(report.days).toHaveLength(90);
    expect(report.events).toHaveLength(7);

    const csv = await get("/api/user/history-report.csv", premium.cookie);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toMatch(/^text\/csv/);
    const rows = Papa.parse<string[]>(csv.body.trim()).data;
    expect(rows[0]).toEqual(["createdAt", "type", "description"]);
    expect(rows).toHaveLength(8);
    expect(rows.find((row) => row[1] === "clear_all_blocked" && row[0]!.startsWith("2026-03-02"))?.[2]).toBe("'=HYPERLINK(\"http://evil\")");
  });

  it("signed out: 401; a bad period: 400 with a message", async () => {
    expect((await get("/api/user/analytics")).statusCode).toBe(401);
    expect((await get("/api/user/history-report.csv")).statusCode).toBe(401);
    const pro = await account("analytics-bad@example.com", "pro");
    for (const days of ["7", "abc", "9".repeat(400)]) {
      const bad = await get(`/api/user/analytics?days=${days}`, pro.cookie);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toMatch(/days/);
    }
  });
});

describe("backup summaries (Basic and up), issue 16 point 2", () => {
  const server = useTestApp({ clock: () => now });

  async function withBackup(email: string, plan: PlanType) {
    const { cookie } = await signIn(server.app, server.mailDir, email);
    await server.database.db.update(users).set({ planType: "pro" }).where(eq(users.email, email));
    const saved = await server.app.inject({
      method: "POST",
      url: "/api/saved-sessions",
      payload: {
        sessionName: "Research",
        browserSession: browserSession(0, {
          tabs: [
            tab(0, { url: "https://github.com/a/1", title: "Restore bug report", lastAccessed: "2026-03-01T12:00:00Z" }),
            tab(1, { url: "https://github.com/a/1#top", title: "Restore bug report", lastAccessed: null }),
            tab(2, { url: "https://docs.example/restore", title: "How restore works", lastAccessed: "2026-03-31T12:00:00Z" }),
          ],
        }),
      },
      ...withSession(cookie),
    });
    expect(saved.statusCode, saved.body).toBe(201);
    await server.database.db.update(users).set({ planType: plan }).where(eq(users.email, email));
    return { cookie, id: saved.json().sessionId as string };
  }

  it("Basic: sites, topics, duplicates and tabs left unvisited of its own backup; 404 for another's", async () => {
    const basic = await withBackup("digest-basic@example.com", "basic");
    const answer = await server.app.inject({ method: "GET", url: `/api/saved-sessions/${basic.id}/summary`, ...withSession(basic.cookie) });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({
      tabCount: 3,
      sites: [
        { site: "github.com", tabs: 2 },
        { site: "docs.example", tabs: 1 },
      ],
      topics: [{ word: "restore", tabs: 3 }, { word: "bug", tabs: 2 }, { word: "report", tabs: 2 }],
      duplicates: [{ url: "https://github.com/a/1", copies: 2 }],
      unvisited: [{ url: "https://github.com/a/1", days: 30 }],
    });
    const other = await withBackup("digest-other@example.com", "premium");
    expect((await server.app.inject({ method: "GET", url: `/api/saved-sessions/${basic.id}/summary`, ...withSession(other.cookie) })).statusCode).toBe(404);
    const malformed = await server.app.inject({ method: "GET", url: "/api/saved-sessions/not-a-uuid/summary", ...withSession(basic.cookie) });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/session id/);
  });

  it("Free: 403 naming Basic", async () => {
    const free = await withBackup("digest-free@example.com", "free");
    const refused = await server.app.inject({ method: "GET", url: `/api/saved-sessions/${free.id}/summary`, ...withSession(free.cookie) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("Backup summaries needs the Basic plan or higher; you are on Free.");
  });
});
