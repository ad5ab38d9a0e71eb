import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../accounts/table";
import { countDownload } from "../downloads/counts";
import { payments } from "../payments/table";
import { signIn, withSession } from "../test/sign-in";
import { testAdminEmail, useTestApp } from "../test/test-app";
import { growthPercent } from "./monthly-figures";

describe("GET /api/admin/stats", () => {
  // Mid-month in UTC; the boundaries below sit a millisecond either side of the months' edges.
  const now = new Date("2026-11-15T12:00:00Z");
  const server = useTestApp({ clock: () => now });
  let cookie: Promise<string> | undefined;
  // The admin signs up today for real; the account is moved into the test's month so the figures
  // do not depend on when the suite runs.
  const admin = () =>
    (cookie ??= signIn(server.app, server.mailDir, testAdminEmail).then(async (session) => {
      await server.database.db.update(users).set({ createdAt: new Date("2026-11-05T00:00:00Z") }).where(eq(users.email, testAdminEmail));
      return session.cookie;
    }));
  const stats = async () => (await server.app.inject({ method: "GET", url: "/api/admin/stats", ...withSession(await admin()) })).json();

  it("is all zeros on an empty database (but the admin's own account)", async () => {
    expect(await stats()).toEqual({ totalUsers: 1, monthlyGrowth: 100, monthlyRevenue: 0, appDownloads: 0, todayDownloads: 0, failedPayments: 0 });
  });

  it("counts this UTC month only, up to the millisecond at its edges", async () => {
    const db = server.database.db;
    const [owner] = await db
      .insert(users)
      .values([
        { email: "oct-last@example.com", createdAt: new Date("2026-10-31T23:59:59.999Z") },
        { email: "oct-mid@example.com", createdAt: new Date("2026-10-10T00:00:00Z") },
        { email: "nov-first@example.com", createdAt: new Date("2026-11-01T00:00:00.000Z") },
        { email: "dec-first@example.com", createdAt: new Date("2026-12-01T00:00:00.000Z") },
      ])
      .returning();
    const payment = (status: "succeeded" | "failed", amountCents: number, createdAt: string, n: number) => ({
      userId: owner!.id,
      email: "oct-last@example.com",
      planType: "pro" as const,
      amountCents,
      status,
      kind: "one_time" as const,
      provider: "sandbox" as const,
      providerPaymentId: `sandbox_pi_stats_${n}`,
      createdAt: new Date(createdAt),
    });
    await db.insert(payments).values([
      payment("succeeded", 1400, "2026-10-31T23:59:59.999Z", 1),
      payment("succeeded", 1400, "2026-11-01T00:00:00.000Z", 2),
      payment("succeeded", 2000, "2026-11-30T23:59:59.999Z", 3),
      payment("succeeded", 800, "2026-12-01T00:00:00.000Z", 4),
      payment("failed", 800, "2026-11-10T00:00:00Z", 5),
      payment("failed", 800, "2026-10-10T00:00:00Z", 6),
    ]);
    await countDownload(db, "windows", new Date("2026-11-14T10:00:00Z"));
    await countDownload(db, "android", now);
    await countDownload(db, "android", now);

    const figures = await stats();
    expect(figures).toEqual({
      totalUsers: 5,
      // November: the admin and nov-first (2); October: oct-last and oct-mid (2).
      monthlyGrowth: 0,
      monthlyRevenue: 34,
      appDownloads: 3,
      todayDownloads: 2,
      failedPayments: 1,
    });
  });

  it("computes growth as a percent change", () => {
    expect(growthPercent(3, 2)).toBe(50);
    expect(growthPercent(1, 3)).toBe(-66.7);
    expect(growthPercent(0, 0)).toBe(0);
    expect(growthPercent(4, 0)).toBe(100);
  });
});
