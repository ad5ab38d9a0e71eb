import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  getTeamSharedBackup,
  listTeamSharedBackups,
  restoreTeamSharedBackup,
  shareBackupWithTeam,
  unshareTeamBackup,
} from "@common/api/team-sharing";
import { requireSignInSession, requireUser, signedInAccount } from "../../accounts/authentication";
import { restoreResponse } from "../../backups/restore";
import { restoreLimit } from "../../backups/restore-limit";
import type { Database } from "../../db/database";
import { endpointRoute } from "../../http/endpoint-route";
import { recordProtectionEvent } from "../../protection/events";
import { findTeamShare, sharedBrowserBackup, sharedBackupDetail, sharedBackupsOf, shareWithTeam, unshareFromTeam } from "./shared-backups";
import { teamFeatureMembership } from "./team-access";

const notShared = { message: "No such backup is shared with your team." };

/**
 * Shared backups (decision 190): every route reads the caller's membership on this request, and
 * a share is found only through the caller's team, so another team's member, a removed member and a stranger all
 * get 404. Sharing and unsharing are the web app's; the extension may read a shared backup to restore it.
 */
export const teamSharingRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const limitRestores = restoreLimit(app);

  app.route({
    ...endpointRoute(listTeamSharedBackups),
    onRequest: requireSignInSession,
    handler: async (request, reply) => {
      const membership = await teamFeatureMembership(db, request, reply, app.clock(), "teamManagement");
      if (!membership) return reply;
      return sharedBackupsOf(db, membership.teamId, signedInAccount(request).user.id);
    },
  });

  app.route({
    ...endpointRoute(shareBackupWithTeam),
    onRequest: requireSignInSession,
    handler: async (request, reply) => {
      const now = app.clock();
      const membership = await teamFeatureMembership(db, request, reply, now, "teamManagement");
      if (!membership) return reply;
      const { user } = signedInAccount(request);
      const outcome = await shareWithTeam(db, membership.teamId, { id: user.id, email: user.email }, request.body.sessionId, now);
      switch (outcome.kind) {
        case "not-member":
          return reply.code(404).send({ message: "You are not in a team." });
        case "not-found":
          return reply.code(404).send({ message: "Session not found" });
        case "no-tabs":
          return reply.code(400).send({ message: "This backup has no tabs to share." });
        case "sealed":
          return reply.code(409).send({
            message: `This backup holds ${outcome.sealedTabs} encrypted ${outcome.sealedTabs === 1 ? "tab" : "tabs"} that your team could not open, so it cannot be shared.`,
          });
        case "already":
          return reply.code(200).send(outcome.share);
        case "shared":
          request.log.info({ teamId: membership.teamId, sessionId: request.body.sessionId }, "backup shared with the team");
          return reply.code(201).send(outcome.share);
      }
    },
  });

  app.route({
    ...endpointRoute(unshareTeamBackup),
    onRequest: requireSignInSession,
    handler: async (request, reply) => {
      const now = app.clock();
      // No plan check: a sharer can always take back what they shared, even after the team's owner left Premium.
      const membership = await teamFeatureMembership(db, request, reply, now, null);
      if (!membership) return reply;
      const { user } = signedInAccount(request);
      const removed = await unshareFromTeam(db, membership.teamId, { id: user.id, email: user.email }, request.params.id, now);
      if (!removed) {
        const share = await findTeamShare(db, membership.teamId, request.params.id);
        return share ? reply.code(403).send({ message: "Only the person who shared a backup can stop sharing it." }) : reply.code(404).send(notShared);
      }
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...endpointRoute(getTeamSharedBackup),
    onRequest: requireUser,
    preHandler: limitRestores,
    handler: async (request, reply) => {
      const membership = await teamFeatureMembership(db, request, reply, app.clock(), "teamManagement");
      if (!membership) return reply;
      const share = await findTeamShare(db, membership.teamId, request.params.id);
      const backup = share ? await sharedBrowserBackup(db, share) : undefined;
      return backup ?? reply.code(404).send(notShared);
    },
  });

  app.route({
    ...endpointRoute(restoreTeamSharedBackup),
    onRequest: requireSignInSession,
    preHandler: limitRestores,
    handler: async (request, reply) => {
      const now = app.clock();
      const membership = await teamFeatureMembership(db, request, reply, now, "teamManagement");
      if (!membership) return reply;
      const share = await findTeamShare(db, membership.teamId, request.params.id);
      const backup = share ? await sharedBackupDetail(db, share) : undefined;
      if (!share || !backup) return reply.code(404).send(notShared);
      const { user } = signedInAccount(request);
      await recordProtectionEvent(db, user.id, "session_restored", `Restored "${backup.sessionName}" shared by ${share.sharerEmail}`, now);
      return restoreResponse(backup);
    },
  });
};
