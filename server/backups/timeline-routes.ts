import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { compareBackups, listBackupMoments } from "@common/api/backup-timeline";
import { requireUser, signedInAccount } from "../accounts/authentication";
import type { Database } from "../db/database";
import { endpointRoute } from "../http/endpoint-route";
import { compareBackupMoments, findBackupMoments } from "./timeline";

const notFound = { message: "Session not found" };

/**
 * A device's timeline for the Session Manager (decision 222): its moments, and what changed between two. The
 * account's own backups only, as `getBackup`; anyone else's id is not found.
 */
export const timelineRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.route({
    ...endpointRoute(listBackupMoments),
    onRequest: requireUser,
    handler: async (request, reply) => {
      const { before, limit } = request.query;
      const moments = await findBackupMoments(db, signedInAccount(request).user.id, request.params.id, { before: before ? new Date(before) : undefined, limit });
      return moments ?? reply.code(404).send(notFound);
    },
  });

  app.route({
    ...endpointRoute(compareBackups),
    onRequest: requireUser,
    handler: async (request, reply) => {
      const changes = await compareBackupMoments(db, signedInAccount(request).user.id, request.params.id, request.query.since);
      return changes ?? reply.code(404).send(notFound);
    },
  });
};
