import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import { lt, sql } from "drizzle-orm";
import type { Database } from "../db/database";
import { rateLimitCounters } from "./table";

/** About one increment in this many also deletes expired counters, so the table stays small. */
const pruneEvery = 200;

/**
 * A store for @fastify/rate-limit on our database: one atomic upsert per hit, a fixed window per
 * key, so counters hold across every instance that shares the database.
 */
export function databaseRateLimitStore(db: Database, clock: () => Date): FastifyRateLimitStoreCtor {
  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      incrementCounter(db, key, timeWindow, clock()).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  }
  return DatabaseRateLimitStore;
}

/** Deletes every counter whose window ended before `now`; returns how many. */
export async function deleteExpiredRateLimitCounters(db: Database, now: Date): Promise<number> {
  const deleted = await db.delete(rateLimitCounters).where(lt(rateLimitCounters.resetAt, now)).returning({ key: rateLimitCounters.key });
  return deleted.length;
}

export async function incrementCounter(
  db: Database,
  key: string,
  windowMs: number,
  now: Date,
): Promise<{ current: number; ttl: number }> {
  const resetAt = new Date(now.getTime() + windowMs);
  const nowIso = now.toISOString();
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ key, count: 1, resetAt })
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        count: sql`case when ${rateLimitCounters.resetAt} <= ${nowIso}::timestamptz then 1 else ${rateLimitCounters.count} + 1 end`,
        resetAt: sql`case when ${rateLimitCounters.resetAt} <= ${nowIso}::timestamptz then ${resetAt.toISOString()}::timestamptz else ${rateLimitCounters.resetAt} end`,
      },
    })
    .returning({ count: rateLimitCounters.count, resetAt: rateLimitCounters.resetAt });
  if (!row) throw new Error("rate limit upsert returned no row");
  if (Math.floor(Math.random() * pruneEvery) === 0) await deleteExpiredRateLimitCounters(db, now);
  return { current: row.count, ttl: Math.max(0, row.resetAt.getTime() - now.getTime()) };
}
