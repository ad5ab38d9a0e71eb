import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { createAppEventRequestSchema } from "@common/api/events";
import { errorResponseSchema } from "@common/api/errors";
import type { Database } from "../db/database";
import { appEvents } from "./table";

export const eventRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.post(
    "/api/events",
    {
      schema: {
        body: createAppEventRequestSchema,
        response: { 204: z.null(), 400: errorResponseSchema, 503: errorResponseSchema },
      },
    },
    async (request, reply) => {
      await db.insert(appEvents).values({ name: request.body.name, path: request.body.path ?? null });
      return reply.code(204).send(null);
    },
  );
};
