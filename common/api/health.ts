import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import { errorResponseSchema } from "./errors";
import { readyResponseSchema } from "./ready";

export const healthResponseSchema = z.object({
  status: z.enum(["ok", "degraded"]),
  version: z.string(),
  uptimeSeconds: z.number(),
  database: z.object({ ok: z.boolean(), latencyMs: z.number().nullable() }),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** GET /api/health: liveness, 200 while the process answers, with the database's state in the body. */
export const getHealth = defineEndpoint({
  method: "GET",
  path: "/api/health",
  responses: { 200: healthResponseSchema },
});

/** GET /api/ready: readiness, 503 while the database is unreachable. */
export const getReadiness = defineEndpoint({
  method: "GET",
  path: "/api/ready",
  responses: { 200: readyResponseSchema, 503: errorResponseSchema },
});
