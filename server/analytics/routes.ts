import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FastifyReply, FastifyRequest } from "fastify";
import { getAnalytics, getBackupDigest, getHistoryReport, getHistoryReportCsv, HISTORY_REPORT_VERSION } from "@common/api/analytics";
import { type CatalogueFeatureId, catalogueFeatureNeedsPlanMessage, planHasFeature } from "@common/plan-catalogue";
import { digestBackup } from "@common/backup-digest";
import { EVENT_RETENTION_DAYS } from "@common/product";
import { requireUser, signedInAccount } from "../accounts/authentication";
import type { Database } from "../db/database";
import { endpointRoute } from "../http/endpoint-route";
import { findBackup } from "../backups/backup-reads";
import { protectionEventsOfUser } from "../protection/events";
import { rateLimitGuard } from "../rate-limits/rate-limits";
import { dailyFigures } from "./figures";
import { historyCsv, historyCsvFileName } from "./history-csv";

/** preHandler: 403 {message} unless the signed-in account's plan includes the feature. */
function requireFeature(id: CatalogueFeatureId) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const { user } = signedInAccount(request);
    if (!planHasFeature(user.planType, id)) return reply.code(403).send({ message: catalogueFeatureNeedsPlanMessage(id, user.planType) });
  };
}

/**
 * Backup summaries (Basic and up, decision 146), analytics (Pro and up) and reports (Premium, decision 145): what the
 * account's own backups and protection history say.
 */
export const analyticsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const perAccount = (request: FastifyRequest) => request.account?.user.id ?? null;
  const limitReports = rateLimitGuard(app, [
    { name: "history-report", max: 20, windowMs: 60 * 60_000, key: perAccount, message: (wait) => `Too many reports from this account. Try again in ${wait}.` },
  ]);

  app.route({
    ...endpointRoute(getAnalytics),
    onRequest: requireUser,
    preHandler: requireFeature("analytics"),
    handler: async (request) => {
      const { user } = signedInAccount(request);
      return { days: await dailyFigures(db, user.id, app.clock(), request.query.days) };
    },
  });

  app.route({
    ...endpointRoute(getBackupDigest),
    onRequest: requireUser,
    preHandler: requireFeature("backupSummaries"),
    handler: async (request, reply) => {
      const backup = await findBackup(db, signedInAccount(request).user.id, request.params.id);
      if (!backup) return reply.code(404).send({ message: "Session not found" });
      return digestBackup(backup.browserTabs, new Date(backup.createdAt));
    },
  });

  async function report(request: FastifyRequest) {
    const { user } = signedInAccount(request);
    const now = app.clock();
    const [days, events] = await Promise.all([dailyFigures(db, user.id, now, EVENT_RETENTION_DAYS), protectionEventsOfUser(db, user.id)]);
    return {
      format: "tabvault-history-report" as const,
      version: HISTORY_REPORT_VERSION,
      generatedAt: now.toISOString(),
      email: user.email,
      plan: user.planType,
      days,
      events: events.map((event) => ({ createdAt: event.createdAt.toISOString(), type: event.type, description: event.description })),
    };
  }

  app.route({
    ...endpointRoute(getHistoryReport),
    onRequest: requireUser,
    preHandler: [requireFeature("reports"), limitReports],
    handler: async (request, reply) => {
      const body = await report(request);
      return reply.header("content-disposition", `attachment; filename="${historyCsvFileName(app.clock()).replace(/\.csv$/, ".json")}"`).send(body);
    },
  });

  app.route({
    ...endpointRoute(getHistoryReportCsv),
    onRequest: requireUser,
    preHandler: [requireFeature("reports"), limitReports],
    handler: async (request, reply) => {
      const { events } = await report(request);
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${historyCsvFileName(app.clock())}"`)
        .send(historyCsv(events));
    },
  });
};
