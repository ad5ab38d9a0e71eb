import type { FastifyInstance } from "fastify";
import { rateLimitGuard } from "../rate-limits/rate-limits";

/** Restores per account and minute: far more than a person opens, few enough to stop a scraper (decision 135). */
export const RESTORES_PER_MINUTE = 30;

/**
 * The restore routes (a backup's tabs to open again, the extension's read of a whole browser) count
 * per account, on the shared store (Redis or the database, decision 014), so every instance sees one
 * count.
 */
export function restoreLimit(app: FastifyInstance) {
  return rateLimitGuard(app, [
    {
      name: "restores",
      max: RESTORES_PER_MINUTE,
      windowMs: 60_000,
      key: (request) => request.account?.user.id ?? null,
      message: (wait) => `Too many restores from this account. Try again in ${wait}.`,
    },
  ]);
}
