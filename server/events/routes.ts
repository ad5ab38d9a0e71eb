import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { recordAppEvent } from "@common/api/events";
import type { Database } from "../db/database";
import { endpointRoute } from "../http/endpoint-route";
import { clientAddress, rateLimitGuard } from "../rate-limits/rate-limits";
import { insertAppEvent } from "./app-events";

export const eventRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  // A launch is a rare event; more than this from one network is a script filling the table.
  const limitEvents = rateLimitGuard(app, [
    {
      name: "events-ip",
      max: 60,
      windowMs: 60_000,
      key: clientAddress,
      message: (wait) => `Too many events from your network. Try again in ${wait}.`,
    },
  ]);
  app.route({
    ...endpointRoute(recordAppEvent),
    preHandler: limitEvents,
    handler: async (request, reply) => {
      await insertAppEvent(db, request.body);
      return reply.code(204).send(null);
    },
  });
};
