import { Readable } from "node:stream";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { exportPaymentsCsv, listAdminPayments } from "@common/api/payments";
import { requireAdmin, signedInAccount } from "../accounts/authentication";
import type { Database } from "../db/database";
import { endpointRoute } from "../http/endpoint-route";
import { appendSystemLog } from "../system-log/append";
import { decodeCursor, readPaymentPage } from "./payment-pages";
import { paymentsCsvFileName, paymentsCsvHeader, paymentsCsvLines } from "./payments-csv";

/** The admin's payment list (`listAdminPayments`) and its CSV export (`exportPaymentsCsv`). */
export const adminPaymentRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.route({
    ...endpointRoute(listAdminPayments),
    onRequest: requireAdmin,
    handler: async (request, reply) => {
      const { limit, cursor } = request.query;
      const after = cursor === undefined ? null : decodeCursor(cursor);
      if (cursor !== undefined && !after) return reply.code(400).send({ message: "querystring.cursor: not a cursor from this list" });
      return readPaymentPage(db, limit, after);
    },
  });

  // Every payment as CSV, streamed page by page so neither side holds the whole table; the export is
  // written to the system log with the admin's email once it ended (or was cut off).
  app.route({
    ...endpointRoute(exportPaymentsCsv),
    onRequest: requireAdmin,
    handler: async (request, reply) => {
      const { user } = signedInAccount(request);
      async function* lines(): AsyncGenerator<string> {
        let exported = 0;
        let complete = false;
        try {
          yield paymentsCsvHeader;
          let after: { createdAt: Date; id: string } | null = null;
          do {
            const page = await readPaymentPage(db, csvPageSize, after);
            if (page.payments.length > 0) yield `\r\n${paymentsCsvLines(page.payments)}`;
            exported += page.payments.length;
            after = page.nextCursor ? decodeCursor(page.nextCursor) : null;
          } while (after);
          complete = true;
        } finally {
          await appendSystemLog(
            db,
            complete ? "info" : "warning",
            complete ? `Payments exported as CSV by ${user.email}: ${exported} payments` : `Payments CSV export by ${user.email} stopped after ${exported} payments`,
          );
        }
      }
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${paymentsCsvFileName(app.clock())}"`)
        .header("cache-control", "no-store")
        .send(Readable.from(lines()));
    },
  });
};

const csvPageSize = 1000;
