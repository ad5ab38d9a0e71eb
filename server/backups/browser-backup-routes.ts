import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { BROWSER_BACKUP_LIMITS, getBrowserBackup, uploadBrowserBackup } from "@common/api/browser-backups";
import { catalogueFeatureNeedsPlanMessage, planHasFeature } from "@common/plan-catalogue";
import { backupNamingOf } from "../automation/rules";
import { requireUser, signedInAccount } from "../accounts/authentication";
import type { Database } from "../db/database";
import { gzipRequestBodies } from "../http/compressed-body";
import { endpointRoute } from "../http/endpoint-route";
import { accountWriteLimit } from "../rate-limits/account-write-limit";
import { findBrowserBackup, saveBrowserBackup } from "./browser-backups";
import { restoreLimit } from "./restore-limit";

/**
 * Backups of a whole browser from the extension: windows, tabs and groups, up to 5,000
 * tabs, gzip bodies welcome. Reached with the extension's `browser` token or a signed-in session
 * (the token's scope is checked centrally, server/devices/token-scopes.ts).
 */
export const browserBackupRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const limitWrites = accountWriteLimit(app);
  const limitRestores = restoreLimit(app);

  app.route({
    ...endpointRoute(uploadBrowserBackup),
    // Fastify applies bodyLimit to the inflated body; the wire limit is the preParsing hook's.
    bodyLimit: BROWSER_BACKUP_LIMITS.decompressedBytes,
    onRequest: requireUser,
    preParsing: gzipRequestBodies(BROWSER_BACKUP_LIMITS),
    preHandler: limitWrites,
    handler: async (request, reply) => {
      const { user, device } = signedInAccount(request);
      const ruleId = request.body.automationRuleId;
      // A rule's backup (decision 180): Premium, named and tagged by the account's rule as it stands now.
      if (ruleId && !planHasFeature(user.planType, "workflowAutomation")) {
        return reply.code(403).send({ message: catalogueFeatureNeedsPlanMessage("workflowAutomation", user.planType) });
      }
      const naming = ruleId ? await backupNamingOf(db, user.id, ruleId) : undefined;
      const { receipt, created } = await saveBrowserBackup(db, user, request.body, device?.name ?? null, app.clock(), { ...naming, log: request.log });
      return reply.code(created ? 201 : 200).send(receipt);
    },
  });

  app.route({
    ...endpointRoute(getBrowserBackup),
    onRequest: requireUser,
    preHandler: limitRestores,
    handler: async (request, reply) => {
      const backup = await findBrowserBackup(db, signedInAccount(request).user.id, request.params.id);
      return backup ?? reply.code(404).send({ message: "Backup not found" });
    },
  });
};
