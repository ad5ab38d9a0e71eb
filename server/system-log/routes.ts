import { desc, lt } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { clearSystemLog, listSystemLog } from "@common/api/system-log";
import { requireAdmin, signedInAccount } from "../accounts/authentication";
import type { Database } from "../db/database";
import { endpointRoute } from "../http/endpoint-route";
import { appendSystemLog } from "./append";
import { systemLogs } from "./table";

/** The admin's view of the system log (spec 1 §7 `listSystemLog`), newest first, by pages, and `clearSystemLog`. */
export const systemLogRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.route({
    ...endpointRoute(listSystemLog),
    onRequest: requireAdmin,
    handler: async (request) => {
      const { limit, cursor } = request.query;
      const rows = await db
        .select()
        .from(systemLogs)
        .where(cursor === undefined ? undefined : lt(systemLogs.id, cursor))
        .orderBy(desc(systemLogs.id))
        .limit(limit + 1);
      const page = rows.slice(0, limit);
      return {
        entries: page.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
        nextCursor: rows.length > limit ? (page.at(-1)?.id ?? null) : null,
      };
    },
  });

  app.route({
    ...endpointRoute(clearSystemLog),
    onRequest: requireAdmin,
    handler: async (request, reply) => {
      const { user } = signedInAccount(request);
      await db.delete(systemLogs);
      // The one entry left says who emptied the log, so clearing it is never silent.
      await appendSystemLog(db, "warning", `System log cleared by ${user.email}`);
      return reply.code(204).send(null);
    },
  });
};
