import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { listContactMessages, sendContactMessage } from "@common/api/contact";
import { requireAdmin } from "../accounts/authentication";
import type { Database } from "../db/database";
import { endpointRoute } from "../http/endpoint-route";
import { clientAddress, rateLimitGuard } from "../rate-limits/rate-limits";
import { appendSystemLog } from "../system-log/append";
import { planSupport } from "@common/plan-catalogue";
import { readContactMessagePage, storeContactMessage } from "./messages";

/** The contact form stored for the admins, who read it through `listContactMessages`. */
export const contactRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const limitMessages = rateLimitGuard(app, [
    { name: "contact-ip", max: 5, windowMs: 60 * 60_000, key: clientAddress, message: (wait) => `You have sent several messages already. Try again in ${wait}, or write to us by email.` },
  ]);

  app.route({
    ...endpointRoute(sendContactMessage),
    preHandler: limitMessages,
    handler: async (request, reply) => {
      const id = await storeContactMessage(db, request.body);
      // The reply time of the signed-in sender's plan; anyone else is promised Free's, so that the answer never
      // tells a stranger which plan an address is on (the inbox reads the plan by address, decision 144).
      const account = await request.loadAccount();
      const plan = account && account.user.email === request.body.email ? account.user.planType : "free";
      await appendSystemLog(db, "info", `Contact message from ${request.body.email}: ${request.body.subject.slice(0, 100)}`);
      return reply.code(201).send({ id, message: `Thanks! We reply within ${planSupport[plan].replyHours} hours.` });
    },
  });

  app.route({
    ...endpointRoute(listContactMessages),
    onRequest: requireAdmin,
    handler: async (request) => readContactMessagePage(db, request.query.limit, request.query.cursor),
  });
};
