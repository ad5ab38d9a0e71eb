import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { getHealth, getReadiness, type HealthResponse } from "@common/api/health";
import type { Database } from "../db/database";
import { pingDatabase } from "../db/ping";
import { endpointRoute } from "../http/endpoint-route";
import { appVersion } from "./version";

/** A database slower than this is reported as down: a load balancer should route elsewhere. */
export const databaseCheckTimeoutMs = 2000;

export const healthRoutes: FastifyPluginAsyncZod<{ db: Database; startedAt: number; now: () => number }> = async (
  app,
  { db, startedAt, now },
) => {
  // Liveness: 200 as long as this process answers, with the database's state in the body. A
  // database outage is not a reason to restart the instance (it recovers by itself, and restarting
  // every instance at once would only add to the outage); readiness below takes it out of rotation.
  app.route({
    ...endpointRoute(getHealth),
    handler: async (request): Promise<HealthResponse> => {
      const database = await checkDatabase(db, (error) => request.log.warn({ err: error }, "health: database check failed"));
      return {
        status: database.ok ? "ok" : "degraded",
        version: appVersion,
        uptimeSeconds: Math.max(0, Math.round((now() - startedAt) / 1000)),
        database,
      };
    },
  });

  // Readiness: 503 while the database is unreachable, so a load balancer sends traffic elsewhere.
  app.route({
    ...endpointRoute(getReadiness),
    handler: async (request, reply) => {
      const database = await checkDatabase(db, (error) => request.log.warn({ err: error }, "ready: database check failed"));
      if (!database.ok) return reply.code(503).send({ message: "Database unavailable" });
      return { ready: true as const };
    },
  });
};

async function checkDatabase(db: Database, onFailure: (error: unknown) => void): Promise<HealthResponse["database"]> {
  try {
    const latencyMs = await pingDatabase(db, databaseCheckTimeoutMs);
    return { ok: true, latencyMs: Math.round(latencyMs * 10) / 10 };
  } catch (error) {
    onFailure(error);
    return { ok: false, latencyMs: null };
  }
}
