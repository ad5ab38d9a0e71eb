import { and, count, eq, gte, lt, sql, sum } from "drizzle-orm";
import type { AdminStats } from "@common/api/admin";
import { users } from "../accounts/table";
import type { Database } from "../db/database";
import { downloadTotals } from "../downloads/counts";
import { payments } from "../payments/table";

/** The first instant of the UTC month `offset` months from `now`'s. */
function monthStart(now: Date, offset: number): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
}

/** Percent change from last month to this one; 100 when last month had none and this one has some. */
export function growthPercent(thisMonth: number, lastMonth: number): number {
  if (lastMonth === 0) return thisMonth > 0 ? 100 : 0;
  return Math.round(((thisMonth - lastMonth) / lastMonth) * 1000) / 10;
}

/** The admin's figures for `now`'s UTC month: every one an aggregate in the database, asked at once. */
export async function readMonthlyFigures(db: Database, now: Date): Promise<AdminStats> {
  const [thisMonth, lastMonth, nextMonth] = [monthStart(now, 0), monthStart(now, -1), monthStart(now, 1)];
  const [[signups], [revenue], [failed], downloads] = await Promise.all([
    db
      .select({
        total: count(),
        thisMonth: sql<number>`count(*) filter (where ${users.createdAt} >= ${thisMonth.toISOString()}::timestamptz and ${users.createdAt} < ${nextMonth.toISOString()}::timestamptz)`.mapWith(Number),
        lastMonth: sql<number>`count(*) filter (where ${users.createdAt} >= ${lastMonth.toISOString()}::timestamptz and ${users.createdAt} < ${thisMonth.toISOString()}::timestamptz)`.mapWith(Number),
      })
      .from(users),
    db
      .select({ cents: sum(payments.amountCents).mapWith(Number) })
      .from(payments)
      .where(and(eq(payments.status, "succeeded"), gte(payments.createdAt, thisMonth), lt(payments.createdAt, nextMonth))),
    db
      .select({ count: count() })
      .from(payments)
      .where(and(eq(payments.status, "failed"), gte(payments.createdAt, thisMonth), lt(payments.createdAt, nextMonth))),
    downloadTotals(db, now),
  ]);
  return {
    totalUsers: signups?.total ?? 0,
    monthlyGrowth: growthPercent(signups?.thisMonth ?? 0, signups?.lastMonth ?? 0),
    monthlyRevenue: (revenue?.cents ?? 0) / 100,
    appDownloads: downloads.total,
    todayDownloads: downloads.today,
    failedPayments: failed?.count ?? 0,
  };
}
