import { eq } from "drizzle-orm";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { users } from "../accounts/table";
import { payments } from "../payments/table";
import { systemLogs } from "../system-log/table";
import { appendSystemLog } from "../system-log/append";
import { signIn, withSession } from "../test/sign-in";
import { testAdminEmail, useTestApp } from "../test/test-app";

describe("admin endpoints", () => {
  // Real time: sign-ups get the database's now(), and the charts must count them.
  const server = useTestApp();
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const seedDay = day(-5);
  let adminCookie: Promise<string> | undefined;
  let userCookie: Promise<string> | undefined;
  const admin = () => (adminCookie ??= signIn(server.app, server.mailDir, testAdminEmail).then((s) => s.cookie));
  const user = () => (userCookie ??= signIn(server.app, server.mailDir, "plain@example.com").then((s) => s.cookie));

  it.each([
    ["GET", "/api/admin/payments"],
    ["GET", "/api/admin/payments.csv"],
    ["GET", "/api/admin/logs"],
    ["DELETE", "/api/admin/logs"],
    ["GET", "/api/admin/daily"],
    ["GET", "/api/admin/stats"],
  ] as const)("%s %s: 401 signed out, 403 for a user, 2xx for an admin", async (method, url) => {
    expect((await server.app.inject({ method, url })).statusCode).toBe(401);
    const asUser = await server.app.inject({ method, url, ...withSession(await user()) });
    expect(asUser.statusCode).toBe(403);
    expect(asUser.json().message).toMatch(/admin/);
    const asAdmin = await server.app.inject({ method, url, ...withSession(await admin()) });
    expect([200, 204]).toContain(asAdmin.statusCode);
  });

  it("pages through payments newest first with the payer's name, and never repeats or skips a row", async () => {
    const [owner] = await server.database.db.select().from(users).where(eq(users.email, "plain@example.com"));
    await server.database.db.update(users).set({ firstName: "Pia", lastName: "Lain" }).where(eq(users.id, owner!.id));
    const base = Date.parse(`${seedDay}T00:00:00Z`);
    await server.database.db.insert(payments).values(
      Array.from({ length: 25 }, (_, index) => ({
        userId: owner!.id,
        email: "plain@example.com",
        planType: "pro" as const,
        amountCents: 1400,
        status: index % 5 === 0 ? ("failed" as const) : ("succeeded" as const),
        kind: "one_time" as const,
        provider: "sandbox" as const,
        providerPaymentId: `sandbox_pi_seed_${index}`,
        // Pairs of payments share a timestamp, so the id breaks ties.
        createdAt: new Date(base + Math.floor(index / 2) * 60_000),
      })),
    );
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?limit=7&cursor=${cursor}` : "?limit=7";
      const page = (await server.app.inject({ method: "GET", url: `/api/admin/payments${query}`, ...withSession(await admin()) })).json();
      seen.push(...page.payments.map((payment: { id: string }) => payment.id));
      cursor = page.nextCursor;
      if (seen.length === 7) {
        expect(page.payments[0]).toEqual({
          id: expect.any(String),
          createdAt: `${seedDay}T00:12:00.000Z`,
          planType: "pro",
          amount: 14,
          status: "succeeded",
          stripePaymentIntentId: "sandbox_pi_seed_24",
          user: { name: "Pia Lain", email: "plain@example.com" },
        });
      }
    } while (cursor);
    expect(seen).toHaveLength(25);
    expect(new Set(seen).size).toBe(25);
  });

  it("exports every payment as CSV, streamed by the server, and logs the export with the admin's email", async () => {
    const [owner] = await server.database.db.select().from(users).where(eq(users.email, "plain@example.com"));
    // A name a spreadsheet would run as a formula, with a comma and a quote for good measure.
    await server.database.db.update(users).set({ firstName: '=HYPERLINK("http://evil")', lastName: "Lain, Jr" }).where(eq(users.id, owner!.id));
    const response = await server.app.inject({ method: "GET", url: "/api/admin/payments.csv", ...withSession(await admin()) });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(/^attachment; filename="tabvault-payments-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = Papa.parse<Record<string, string>>(response.body, { header: true }).data;
    const api = (await server.app.inject({ method: "GET", url: "/api/admin/payments?limit=500", ...withSession(await admin()) })).json();
    expect(api.payments.length).toBeGreaterThan(0);
    expect(rows).toEqual(
      api.payments.map((payment: { id: string; createdAt: string; planType: string; amount: number; status: string; stripePaymentIntentId: string | null; user: { name: string | null; email: string } }) => ({
        id: payment.id,
        createdAt: payment.createdAt,
        planType: payment.planType,
        amount: payment.amount.toFixed(2),
        status: payment.status,
        stripePaymentIntentId: payment.stripePaymentIntentId ?? "",
        userName: `'${payment.user.name}`,
        userEmail: payment.user.email,
      })),
    );
    const logs = await server.database.db.select().from(systemLogs);
    expect(logs.map((log) => [log.level, log.message])).toContainEqual(["info", `Payments exported as CSV by ${testAdminEmail}: ${rows.length} payments`]);
  });

  it("exports more payments than one page holds, each once", async () => {
    const [owner] = await server.database.db.select().from(users).where(eq(users.email, "plain@example.com"));
    const base = Date.parse(`${day(-10)}T12:00:00Z`);
    await server.database.db.insert(payments).values(
      Array.from({ length: 1500 }, (_, index) => ({
        userId: owner!.id,
        email: "plain@example.com",
        planType: "basic" as const,
        amountCents: 800,
        status: "succeeded" as const,
        kind: "one_time" as const,
        provider: "sandbox" as const,
        providerPaymentId: `sandbox_pi_bulk_${index}`,
        createdAt: new Date(base + index),
      })),
    );
    const response = await server.app.inject({ method: "GET", url: "/api/admin/payments.csv", ...withSession(await admin()) });
    const ids = Papa.parse<Record<string, string>>(response.body, { header: true }).data.map((row) => row.id);
    const total = (await server.database.db.select().from(payments)).length;
    expect(ids).toHaveLength(total);
    expect(new Set(ids).size).toBe(total);
  });

  it.each(["?limit=0", "?limit=501", "?cursor=garbage", "?cursor=" + Buffer.from('["x","y"]').toString("base64url")])(
    "refuses payments query %s with 400",
    async (query) => {
      const response = await server.app.inject({ method: "GET", url: `/api/admin/payments${query}`, ...withSession(await admin()) });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/^querystring\./);
    },
  );

  it("clears the system log and leaves one entry naming who did it", async () => {
    await appendSystemLog(server.database.db, "error", "something broke");
    const response = await server.app.inject({ method: "DELETE", url: "/api/admin/logs", ...withSession(await admin()) });
    expect(response.statusCode).toBe(204);
    const rows = await server.database.db.select().from(systemLogs);
    expect(rows.map((row) => [row.level, row.message])).toEqual([["warning", `System log cleared by ${testAdminEmail}`]]);
  });

  it("gives 30 days of revenue and sign-ups, oldest first, today last", async () => {
    const daily = (await server.app.inject({ method: "GET", url: "/api/admin/daily", ...withSession(await admin()) })).json();
    expect(daily.days).toHaveLength(30);
    expect(daily.days[0].date).toBe(day(-29));
    expect(daily.days.at(-1).date).toBe(day(0));
    const seeded = daily.days.find((entry: { date: string }) => entry.date === seedDay);
    // 25 seeded payments that day, every fifth failed: 20 succeeded × $14.
    expect(seeded.revenue).toBe(280);
    const signupsTotal = daily.days.reduce((sum: number, day: { signups: number }) => sum + day.signups, 0);
    expect(signupsTotal).toBe((await server.database.db.select().from(users)).length);
  });
});
