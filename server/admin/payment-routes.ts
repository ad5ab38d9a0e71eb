import { and, desc, eq, lt, or } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { adminPaymentPageSchema, adminPaymentsQuerySchema } from "@common/api/admin";
import { errorResponseSchema } from "@common/api/errors";
import { requireAdmin } from "../accounts/authentication";
import { users } from "../accounts/table";
import type { Database } from "../db/database";
import { payments } from "../payments/table";

/** The cursor is the last row's (created_at, id), so a page is one index range scan at any depth. */
function encodeCursor(createdAt: Date, id: string): string {
  return Buffer.from(JSON.stringify([createdAt.toISOString(), id])).toString("base64url");
}

function decodeCursor(cursor: string): { createdAt: Date; id: string } | null {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(cursor, "base64url").toString()) as [unknown, unknown];
    const date = new Date(String(createdAt));
    if (typeof id !== "string" || !/^[0-9a-f-]{36}$/.test(id) || Number.isNaN(date.getTime())) return null;
    return { createdAt: date, id };
  } catch {
    return null;
  }
}

/** `GET /api/admin/payments`: newest first, by pages, with the payer's name and email. */
export const adminPaymentRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    "/api/admin/payments",
    {
      schema: {
        querystring: adminPaymentsQuerySchema,
        response: { 200: adminPaymentPageSchema, 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
      onRequest: requireAdmin,
    },
    async (request, reply) => {
      const { limit, cursor } = request.query;
      const after = cursor === undefined ? null : decodeCursor(cursor);
      if (cursor !== undefined && !after) return reply.code(400).send({ message: "querystring.cursor: not a cursor from this list" });
      const rows = await db
        .select({ payment: payments, firstName: users.firstName, lastName: users.lastName })
        .from(payments)
        .innerJoin(users, eq(users.id, payments.userId))
        .where(
          after
            ? or(lt(payments.createdAt, after.createdAt), and(eq(payments.createdAt, after.createdAt), lt(payments.id, after.id)))
            : undefined,
        )
        .orderBy(desc(payments.createdAt), desc(payments.id))
        .limit(limit + 1);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        payments: page.map(({ payment, firstName, lastName }) => ({
          id: payment.id,
          createdAt: payment.createdAt.toISOString(),
          planType: payment.planType,
          amount: payment.amountCents / 100,
          status: payment.status,
          stripePaymentIntentId: payment.providerPaymentId,
          user: { name: [firstName, lastName].filter(Boolean).join(" ") || null, email: payment.email },
        })),
        nextCursor: rows.length > limit && last ? encodeCursor(last.payment.createdAt, last.payment.id) : null,
      };
    },
  );
};
