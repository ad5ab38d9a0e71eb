import { desc, lt } from "drizzle-orm";
import { z } from "zod";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponseSchema } from "@common/api/errors";
import { systemLogPageQuerySchema, systemLogPageSchema } from "@common/api/system-log";
import { requireAdmin, signedInAccount } from "../accounts/authentication";
import { appendSystemLog } from "./append";
import type { Database } from "../db/database";
import { systemLogs } from "./table";

/** The admin's view of the system log (spec 1 §7 GET /api/admin/logs), newest first, by pages. */
export const systemLogRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    "/api/admin/logs",
    {
      schema: {
        querystring: systemLogPageQuerySchema,
        response: { 200: systemLogPageSchema, 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
      onRequest: requireAdmin,
    },
    async (request) => {
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
  );

  app.delete(
    "/api/admin/logs",
    {
      schema: { response: { 204: z.null(), 401: errorResponseSchema, 403: errorResponseSchema } },
      onRequest: requireAdmin,
    },
    async (request, reply) => {
      const { user } = signedInAccount(request);
      await db.delete(systemLogs);
      // The one entry left says who emptied the log, so clearing it is never silent.
      await appendSystemLog(db, "warning", `System log cleared by ${user.email}`);
      return reply.code(204).send(null);
    },
  );
};
