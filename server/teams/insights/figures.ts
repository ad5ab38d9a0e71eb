import { and, eq, gte, inArray, sql } from "drizzle-orm";
import type { TeamInsightMember, TeamInsightWeek } from "@common/api/team-insights";
import type { TeamMember } from "@common/api/teams";
import { savedSessions } from "../../backups/table";
import type { Database } from "../../db/database";
import { protectionEvents } from "../../protection/table";
import { teamMembers } from "../table";

const DAY_MS = 86_400_000;

/** The protection events each weekly figure counts (written by backups and restores). */
export const insightEventTypes = {
  emergencyBackups: ["emergency_backup"],
  restores: ["session_restored", "manual_restore"],
} as const;

/** The Monday (UTC midnight) of the week that holds `now`, less `weeks - 1` weeks: the period's first day. */
export function firstWeekStart(now: Date, weeks: number): Date {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const sinceMonday = (new Date(today).getUTCDay() + 6) % 7;
  return new Date(today - sinceMonday * DAY_MS - (weeks - 1) * 7 * DAY_MS);
}

/** The period's Mondays, YYYY-MM-DD, oldest first. */
export function weekStarts(now: Date, weeks: number): string[] {
  const first = firstWeekStart(now, weeks).getTime();
  return Array.from({ length: weeks }, (_unused, index) => new Date(first + index * 7 * DAY_MS).toISOString().slice(0, 10));
}

const weekOf = (column: typeof protectionEvents.createdAt | typeof savedSessions.createdAt) =>
  sql<string>`to_char(date_trunc('week', ${column} at time zone 'UTC'), 'YYYY-MM-DD')`;

const countOf = (types: readonly string[]) =>
  sql<number>`count(*) filter (where ${inArray(protectionEvents.eventType, [...types])})`.mapWith(Number);

/**
 * Each of `members`' figures per week of the period, every week present (zeros where nothing happened). Only what
 * happened while the person belonged to this team counts (from their joined_at): two grouped queries, one over
 * protection events, one over the backups still kept, each joined to the membership.
 */
export async function weeklyFigures(db: Database, teamId: string, members: readonly TeamMember[], now: Date, weeks: number): Promise<TeamInsightMember[]> {
  if (members.length === 0) return [];
  const from = firstWeekStart(now, weeks);
  const ids = members.map((member) => member.userId);
  const eventWeek = weekOf(protectionEvents.createdAt);
  const backupWeek = weekOf(savedSessions.createdAt);
  const [events, tabs] = await Promise.all([
    db
      .select({
        userId: protectionEvents.userId,
        week: eventWeek,
        emergencyBackups: countOf(insightEventTypes.emergencyBackups),
        restores: countOf(insightEventTypes.restores),
      })
      .from(protectionEvents)
      .innerJoin(teamMembers, and(eq(teamMembers.userId, protectionEvents.userId), eq(teamMembers.teamId, teamId)))
      .where(and(inArray(protectionEvents.userId, ids), gte(protectionEvents.createdAt, from), gte(protectionEvents.createdAt, teamMembers.joinedAt)))
      .groupBy(protectionEvents.userId, eventWeek),
    db
      .select({ userId: savedSessions.userId, week: backupWeek, tabs: sql<number>`coalesce(sum(${savedSessions.tabCount}), 0)`.mapWith(Number) })
      .from(savedSessions)
      .innerJoin(teamMembers, and(eq(teamMembers.userId, savedSessions.userId), eq(teamMembers.teamId, teamId)))
      .where(and(inArray(savedSessions.userId, ids), gte(savedSessions.createdAt, from), gte(savedSessions.createdAt, teamMembers.joinedAt)))
      .groupBy(savedSessions.userId, backupWeek),
  ]);
  const key = (userId: string, week: string) => `${userId} ${week}`;
  const eventsBy = new Map(events.map((row) => [key(row.userId, row.week), row]));
  const tabsBy = new Map(tabs.map((row) => [key(row.userId, row.week), row.tabs]));
  const period = weekStarts(now, weeks);
  return members.map((member) => ({
    userId: member.userId,
    email: member.email,
    name: member.name,
    role: member.role,
    weeks: period.map((week): TeamInsightWeek => {
      const found = eventsBy.get(key(member.userId, week));
      return {
        week,
        tabsProtected: tabsBy.get(key(member.userId, week)) ?? 0,
        emergencyBackups: found?.emergencyBackups ?? 0,
        restores: found?.restores ?? 0,
      };
    }),
  }));
}
