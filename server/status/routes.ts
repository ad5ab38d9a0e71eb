import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { getSystemStatus, RECORDED_UPTIME_DAYS, type ServiceCheck, type SystemStatus } from "@common/api/status";
import { endpointRoute } from "../http/endpoint-route";
import { type StatusDependencies, runStatusChecks } from "./checks";
import { type DatabaseOutage, recentIncidents, recordCheckIncident, recordedUptime, recordResolvedDatabaseOutage } from "./incidents";

/** Checks are re-run at most this often, however many visitors watch the page. */
const CACHE_MS = 5000;
const INCIDENT_DAYS = 30;

/**
 * `getSystemStatus` for /system-status: live checks, this instance's start and uptime (both read through the
 * injected clock, `startedAt` being its reading when the app was built), the incidents the server recorded when
 * a check failed (kept in the database, so every instance shows the same) and the last 90 days' service
 * computed from them.
 */
export const statusRoutes: FastifyPluginAsyncZod<StatusDependencies & { startedAt: Date }> = async (app, options) => {
  const { db, startedAt } = options;
  let cached: { at: number; body: Promise<SystemStatus> } | undefined;
  /**
   * A database outage this instance saw: it cannot be stored while the database is away, so it is
   * written (resolved, with when it began) once the database answers again.
   */
  let unrecordedOutage: DatabaseOutage | undefined;

  async function recordUnrecordedOutage(now: Date): Promise<void> {
    if (!unrecordedOutage) return;
    await recordResolvedDatabaseOutage(db, unrecordedOutage, now);
    unrecordedOutage = undefined;
  }

  async function recordIncidents(checks: ServiceCheck[], now: Date): Promise<void> {
    await recordUnrecordedOutage(now);
    for (const check of checks) {
      if (check.name === "Payments" || check.name === "Web app") continue; // configuration, not health
      await recordCheckIncident(db, check, now);
    }
  }

  async function compute(): Promise<SystemStatus> {
    const now = app.clock();
    const services = await runStatusChecks(options);
    let incidents: SystemStatus["incidents"] = [];
    let uptime: SystemStatus["recordedUptime"] = null;
    try {
      await recordIncidents(services, now);
      incidents = await recentIncidents(db, new Date(now.getTime() - INCIDENT_DAYS * 86_400_000), 20);
      uptime = await recordedUptime(db, new Date(now.getTime() - RECORDED_UPTIME_DAYS * 86_400_000), now);
    } catch (error) {
      // With the database down its own incident cannot be stored yet; the live checks still answer.
      app.log.warn({ err: error }, "status incidents unavailable");
      const database = services.find((check) => check.name === "Database");
      if (database && database.status !== "operational") {
        unrecordedOutage ??= { status: database.status, message: database.detail, startedAt: now };
      }
    }
    // The headline is the worst row shown, whatever its cause: a page that lists Payments as
    // degraded never says "All systems operational" above it.
    const worst = services.some((check) => check.status === "outage")
      ? "outage"
      : services.some((check) => check.status === "degraded")
        ? "degraded"
        : "operational";
    return {
      status: worst,
      services,
      startedAt: startedAt.toISOString(),
      uptimeSeconds: Math.max(0, Math.round((now.getTime() - startedAt.getTime()) / 1000)),
      recordedUptime: uptime,
      checkedAt: now.toISOString(),
      incidents,
    };
  }

  app.route({
    ...endpointRoute(getSystemStatus),
    handler: async () => {
      const nowMs = app.clock().getTime();
      if (!cached || nowMs - cached.at > CACHE_MS) {
        const body = compute();
        cached = { at: nowMs, body };
        body.catch(() => (cached = undefined));
      }
      return cached.body;
    },
  });
};
