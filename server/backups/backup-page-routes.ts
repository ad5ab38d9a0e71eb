import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { getBackupOverview, listBackupTabs } from "@common/api/backup-pages";
import { requireUser, signedInAccount } from "../accounts/authentication";
import type { Database } from "../db/database";
import { endpointRoute } from "../http/endpoint-route";
import { findBackupOverview, findBackupTabPage } from "./backup-pages";

const notFound = { message: "Session not found" };

/**
 * A big backup a screen at a time for the Session Manager (decision 165): its overview, then pages of its
 * tabs. The account's own backups only, as `getBackup`; anyone else's id is not found.
 */
export const backupPageRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.route({
    ...endpointRoute(getBackupOverview),
    onRequest: requireUser,
    handler: async (request, reply) => {
      const overview = await findBackupOverview(db, signedInAccount(request).user.id, request.params.id);
      return overview ?? reply.code(404).send(notFound);
    },
  });

  app.route({
    ...endpointRoute(listBackupTabs),
    onRequest: requireUser,
    handler: async (request, reply) => {
      const { offset, limit } = request.query;
      const page = await findBackupTabPage(db, signedInAccount(request).user.id, request.params.id, offset, limit);
      return page ?? reply.code(404).send(notFound);
    },
  });
};
