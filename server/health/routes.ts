import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponseSchema } from "@common/api/errors";
import { healthResponseSchema, type HealthResponse } from "@common/api/health";
import { readyResponseSchema } from "@common/api/ready";
import type { Database } from "../db/database";
import { pingDatabase } from "../db/ping";
import { appVersion } from "./version";

/** A database slower than this is reported as down: a load balancer should route elsewhere. */
export const databaseCheckTimeoutMs = 2000;

export const healthRoutes: FastifyPluginAsyncZod<{ db: Database; startedAt: number; now: () => number }> = async (
  app,
  { db, startedAt, now },
) => {
  app.get(
    "/api/health",
    { schema: { response: { 200: healthResponseSchema, 503: healthResponseSchema } } },
    async (request, reply) => {
      const database = await checkDatabase(db, (error) => request.log.warn({ err: error }, "health: database check failed"));
      const body: HealthResponse = {
        status: database.ok ? "ok" : "degraded",
        version: appVersion,
        uptimeSeconds: Math.max(0, Math.round((now() - startedAt) / 1000)),
        database,
      };
      return reply.code(database.ok ? 200 : 503).send(body);
    },
  );

  app.get(
    "/api/ready",
    { schema: { response: { 200: readyResponseSchema, 503: errorResponseSchema } } },
    async (request, reply) => {
      const database = await checkDatabase(db, (error) => request.log.warn({ err: error }, "ready: database check failed"));
      if (!database.ok) return reply.code(503).send({ message: "Database unavailable" });
      return { ready: true as const };
    },
  );
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
