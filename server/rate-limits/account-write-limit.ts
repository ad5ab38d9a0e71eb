import type { FastifyInstance } from "fastify";
import { rateLimitGuard } from "./rate-limits";

/**
 * Writes on the protection API per account: the capture engine sends one backup every 30 s, the
 * blocker a log line per blocked shortcut; far more than that is a runaway client.
 */
export function accountWriteLimit(app: FastifyInstance) {
  return rateLimitGuard(app, [
    {
      name: "protection-writes",
      max: 120,
      windowMs: 60_000,
      key: (request) => request.account?.user.id ?? null,
      message: (wait) => `Too many backups and events from this account. Try again in ${wait}.`,
    },
  ]);
}
