import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { clearSystemLog, listSystemLog } from "@common/api/system-log";
import { requireAdmin, signedInAccount } from "../accounts/authentication";
import type { Database } from "../db/database";
import { endpointRoute } from "../http/endpoint-route";
import { appendSystemLog } from "../system-log/append";
import { deleteAllEntries, readLogPage } from "../system-log/entries";

/** The admin's view of the system log (spec 1 §7 `listSystemLog`), newest first, by pages, and `clearSystemLog`. */
export const systemLogRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.route({
    ...endpointRoute(listSystemLog),
    onRequest: requireAdmin,
    handler: async (request) => readLogPage(db, request.query.limit, request.query.cursor),
  });

  app.route({
    ...endpointRoute(clearSystemLog),
    onRequest: requireAdmin,
    handler: async (request, reply) => {
      const { user } = signedInAccount(request);
      await deleteAllEntries(db);
      // The one entry left says who emptied the log, so clearing it is never silent.
      await appendSystemLog(db, "warning", `System log cleared by ${user.email}`);
      return reply.code(204).send(null);
    },
  });
};
