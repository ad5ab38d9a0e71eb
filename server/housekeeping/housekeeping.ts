import type { FastifyBaseLogger } from "fastify";
import fp from "fastify-plugin";
import { EVENT_RETENTION_DAYS } from "@common/product";
import type { Database } from "../db/database";
import { deleteAppEventsBefore } from "../events/app-events";
import { deleteProtectionEventsBefore } from "../protection/events";
import { deleteExpiredRateLimitCounters } from "../rate-limits/database-store";

const DAY_MS = 86_400_000;
export const HOUSEKEEPING_INTERVAL_MS = 60 * 60_000;
/** The first run after start-up: soon, but not in the way of the start itself. */
const FIRST_RUN_DELAY_MS = 60_000;

export interface HousekeepingResult {
  protectionEvents: number;
  appEvents: number;
  /** Rate-limit counters whose window had ended (they hold an IP or email address). */
  rateLimitCounters: number;
}

/**
 * One pass of the retention rules (decision 135): protection and app events older than
 * EVENT_RETENTION_DAYS before `now` are deleted, and so are rate-limit counters whose window has
 * ended (the privacy policy's RATE_LIMIT_COUNTER_HOURS). Every step is an idempotent DELETE by age, so any
 * number of instances may run it at once: the second finds nothing left to delete.
 */
export async function runHousekeeping(db: Database, now: Date): Promise<HousekeepingResult> {
  const cutoff = new Date(now.getTime() - EVENT_RETENTION_DAYS * DAY_MS);
  const [protectionEvents, appEvents, rateLimitCounters] = await Promise.all([
    deleteProtectionEventsBefore(db, cutoff),
    deleteAppEventsBefore(db, cutoff),
    deleteExpiredRateLimitCounters(db, now),
  ]);
  return { protectionEvents, appEvents, rateLimitCounters };
}

async function runLogged(db: Database, now: Date, log: FastifyBaseLogger): Promise<void> {
  try {
    const result = await runHousekeeping(db, now);
    if (result.protectionEvents + result.appEvents + result.rateLimitCounters > 0) log.info(result, "housekeeping removed expired records");
  } catch (error) {
    // The database may be away; the next hour tries again.
    log.warn({ err: error }, "housekeeping failed");
  }
}

/**
 * Runs housekeeping hourly (real time) in every instance, reading the time from the app's injected
 * clock. The timers never keep the process alive and stop when the app closes.
 */
export const housekeeping = fp<{ db: Database }>(
  async (app, { db }) => {
    let interval: NodeJS.Timeout | undefined;
    const first = setTimeout(() => {
      void runLogged(db, app.clock(), app.log);
      interval = setInterval(() => void runLogged(db, app.clock(), app.log), HOUSEKEEPING_INTERVAL_MS);
      interval.unref();
    }, FIRST_RUN_DELAY_MS);
    first.unref();
    app.addHook("onClose", async () => {
      clearTimeout(first);
      if (interval) clearInterval(interval);
    });
  },
  { name: "housekeeping" },
);
