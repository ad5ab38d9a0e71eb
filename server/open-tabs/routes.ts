import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { BROWSER_BACKUP_LIMITS } from "@common/api/browser-backups";
import { getOpenTabs, listOpenTabs, pushOpenTabs } from "@common/api/open-tabs";
import { catalogueFeatureNeedsPlanMessage, planHasFeature } from "@common/plan-catalogue";
import { requireUser, signedInAccount } from "../accounts/authentication";
import type { Database } from "../db/database";
import { gzipRequestBodies } from "../http/compressed-body";
import { endpointRoute } from "../http/endpoint-route";
import { rateLimitGuard } from "../rate-limits/rate-limits";
import { refusePlainTabs } from "../encryption/sealed-tabs";
import { findOpenTabs, listOpenTabsOf, saveOpenTabs } from "./open-tabs";

/** preHandler: 403 {message} naming the plan unless the account's plan has cross-device tabs (`cloudSync`). */
async function requireCloudSync(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const { user } = signedInAccount(request);
  if (!planHasFeature(user.planType, "cloudSync")) return reply.code(403).send({ message: catalogueFeatureNeedsPlanMessage("cloudSync", user.planType) });
}

/**
 * Open on other devices: the extension pushes its browser's open tabs with its device
 * token (the token names the device, so a push can only ever write its own row); the web app and the
 * other extensions read them, to show and to restore. Pro and up.
 */
export const openTabsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  // A browser pushes a few seconds after its tabs change; far more than one a second is a runaway client.
  const limitPushes = rateLimitGuard(app, [
    {
      name: "open-tabs-pushes",
      max: 60,
      windowMs: 60_000,
      key: (request) => request.account?.device?.id ?? request.account?.user.id ?? null,
      message: (wait) => `Too many open-tab updates from this browser. Try again in ${wait}.`,
    },
  ]);
  const limitReads = rateLimitGuard(app, [
    {
      name: "open-tabs-reads",
      max: 120,
      windowMs: 60_000,
      key: (request) => request.account?.user.id ?? null,
      message: (wait) => `Too many reads of your devices' tabs. Try again in ${wait}.`,
    },
  ]);

  app.route({
    ...endpointRoute(pushOpenTabs),
    bodyLimit: BROWSER_BACKUP_LIMITS.decompressedBytes,
    onRequest: requireUser,
    preParsing: gzipRequestBodies(BROWSER_BACKUP_LIMITS),
    preHandler: [requireCloudSync, limitPushes],
    handler: async (request, reply) => {
      const { user, device } = signedInAccount(request);
      if (!device) {
        return reply.code(403).send({ message: "Only a connected browser sends its open tabs: connect the TabVault extension in that browser." });
      }
      await refusePlainTabs(db, user.id, request.body.windows.flatMap((window) => window.tabs));
      return saveOpenTabs(db, user.id, device.id, request.body, app.clock());
    },
  });

  app.route({
    ...endpointRoute(listOpenTabs),
    onRequest: requireUser,
    preHandler: [requireCloudSync, limitReads],
    handler: async (request) => listOpenTabsOf(db, signedInAccount(request).user.id, app.clock()),
  });

  app.route({
    ...endpointRoute(getOpenTabs),
    onRequest: requireUser,
    preHandler: [requireCloudSync, limitReads],
    handler: async (request, reply) => {
      const found = await findOpenTabs(db, signedInAccount(request).user.id, request.params.deviceId, app.clock());
      return found ?? reply.code(404).send({ message: "No open tabs for this device: it is not connected to your account, or has not sent its tabs yet." });
    },
  });
};
