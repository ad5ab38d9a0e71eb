import { desc, lt } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponseSchema } from "@common/api/errors";
import { systemLogPageQuerySchema, systemLogPageSchema } from "@common/api/system-log";
import { requireAdmin } from "../accounts/authentication";
import type { Database } from "../db/database";
import { systemLogs } from "../system-log/table";

/** The admin's view of the system log (spec 1 §7 GET /api/admin/logs), newest first, by pages. */
export const adminLogRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
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
};
