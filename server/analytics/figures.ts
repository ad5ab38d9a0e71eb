import { and, eq, gte, inArray, sql } from "drizzle-orm";
import type { AnalyticsDay } from "@common/api/analytics";
import type { Database } from "../db/database";
import { savedSessions } from "../backups/table";
import { protectionEvents } from "../protection/table";

/** The protection events each figure counts (written by backups, restores and the blocker). */
export const analyticsEventTypes = {
  backups: ["emergency_backup", "automatic_backup", "manual_save", "manual_backup"],
  restores: ["session_restored", "manual_restore"],
  blockedAttempts: ["clear_all_blocked"],
} as const;

const DAY_MS = 86_400_000;

/** The first UTC midnight of a period of `days` days that ends today (today included). */
export function periodStart(now: Date, days: number): Date {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(today - (days - 1) * DAY_MS);
}

const utcDay = (column: typeof protectionEvents.createdAt | typeof savedSessions.createdAt) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;

const countOf = (types: readonly string[]) =>
  sql<number>`count(*) filter (where ${inArray(protectionEvents.eventType, [...types])})`.mapWith(Number);

/**
 * The account's figures for each UTC day of the last `days` days, oldest first, every day present (zeros where
 * nothing happened): two grouped queries, one over protection events, one over the backups still kept.
 */
export async function dailyFigures(db: Database, userId: string, now: Date, days: number): Promise<AnalyticsDay[]> {
  const from = periodStart(now, days);
  const eventDay = utcDay(protectionEvents.createdAt);
  const backupDay = utcDay(savedSessions.createdAt);
  const [events, tabs] = await Promise.all([
    db
      .select({
        date: eventDay,
        backups: countOf(analyticsEventTypes.backups),
        restores: countOf(analyticsEventTypes.restores),
        blockedAttempts: countOf(analyticsEventTypes.blockedAttempts),
      })
      .from(protectionEvents)
      .where(and(eq(protectionEvents.userId, userId), gte(protectionEvents.createdAt, from)))
      .groupBy(eventDay),
    db
      .select({ date: backupDay, tabsSaved: sql<number>`coalesce(sum(${savedSessions.tabCount}), 0)`.mapWith(Number) })
      .from(savedSessions)
      .where(and(eq(savedSessions.userId, userId), gte(savedSessions.createdAt, from)))
      .groupBy(backupDay),
  ]);
  const eventsByDay = new Map(events.map((row) => [row.date, row]));
  const tabsByDay = new Map(tabs.map((row) => [row.date, row.tabsSaved]));
  return Array.from({ length: days }, (_unused, index) => {
    const date = new Date(from.getTime() + index * DAY_MS).toISOString().slice(0, 10);
    const day = eventsByDay.get(date);
    return {
      date,
      backups: day?.backups ?? 0,
      restores: day?.restores ?? 0,
      tabsSaved: tabsByDay.get(date) ?? 0,
      blockedAttempts: day?.blockedAttempts ?? 0,
    };
  });
}

