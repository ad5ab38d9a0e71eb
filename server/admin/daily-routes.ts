import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { getAdminDaily } from "@common/api/admin";
import { requireAdmin } from "../accounts/authentication";
import type { Database } from "../db/database";
import { endpointRoute } from "../http/endpoint-route";
import { readDailyFigures } from "./daily-figures";

const chartDays = 30;

/** Revenue and sign-ups per UTC day for the last 30 days, summed by the database. */
export const adminDailyRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.route({
    ...endpointRoute(getAdminDaily),
    onRequest: requireAdmin,
    handler: async () => ({ days: await readDailyFigures(db, app.clock().toISOString().slice(0, 10), chartDays) }),
  });
};
