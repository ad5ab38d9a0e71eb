import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { getAdminStats } from "@common/api/admin";
import { requireAdmin } from "../accounts/authentication";
import type { Database } from "../db/database";
import { endpointRoute } from "../http/endpoint-route";
import { readMonthlyFigures } from "./monthly-figures";

/** `getAdminStats`: every figure is an aggregate in the database, "month" in UTC. */
export const adminStatsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.route({
    ...endpointRoute(getAdminStats),
    onRequest: requireAdmin,
    handler: async () => readMonthlyFigures(db, app.clock()),
  });
};
