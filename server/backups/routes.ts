import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  deleteBackup,
  getBackup,
  getProtectionStatus,
  getUserStats,
  listBackups,
  restoreBackup,
  restoreLatestBackup,
  saveBackup,
  saveClearAllBackup,
  saveWindowsCloseBackup,
} from "@common/api/backups";
import { readableLabel } from "@common/api/sealed-labels";
import { type Account, requireUser, signedInAccount } from "../accounts/authentication";
import { planStatusLabel } from "../accounts/plan-status";
import type { Database } from "../db/database";
import { endpointRoute } from "../http/endpoint-route";
import { activeDays } from "../protection/active-days";
import { latestProtectionEvents, recordProtectionEvent } from "../protection/events";
import { readProtectionSettings } from "../protection/settings";
import { accountWriteLimit } from "../rate-limits/account-write-limit";
import { teamPolicyFor } from "../teams/policy/effective";
import { backUp } from "./backups";
import { formatDataSize } from "./data-size";
import { restoreResponse } from "./restore";
import { backupRules } from "./store-backup";
import { restoreLimit } from "./restore-limit";
import { deleteOwnBackup, findBackup, latestRestorableBackup, backupListJson, backupTotals } from "./backup-reads";

const notFound = { message: "Session not found" };

/** A `userEmail` in a body or path names the authenticated account, or the request is refused. */
function refuseOtherEmail(request: FastifyRequest, reply: FastifyReply, email: string): Account | null {
  const account = signedInAccount(request);
  if (account.user.email === email) return account;
  void reply.code(403).send({ message: "userEmail does not match the signed-in account" });
  return null;
}

/**
 * Backups, the signed-in account's only: the Session Manager's list, detail, delete and
 * restore; the emergency backups the Android and Windows apps send (with a device token) and their
 * status and restore; and the dashboard's stats, which are mostly counts of backups.
 */
export const backupRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const limitWrites = accountWriteLimit(app);
  const limitRestores = restoreLimit(app);

  app.route({
    ...endpointRoute(listBackups),
    onRequest: requireUser,
    handler: async (request, reply) => {
      const list = await backupListJson(db, signedInAccount(request).user.id);
      // Already JSON of the 200 schema (built by the database): a JSON string is sent as it is, not
      // serialized again; the untyped reply says so, as the typed one only takes the parsed shape.
      return (reply as FastifyReply).type("application/json; charset=utf-8").send(list);
    },
  });

  app.route({
    ...endpointRoute(saveBackup),
    onRequest: requireUser,
    preHandler: limitWrites,
    handler: async (request, reply) => {
      const { user } = signedInAccount(request);
      const { browserSession, sessionName, trigger } = request.body;
      const result = await backUp(
        db,
        user,
        {
          trigger,
          sessionName,
          tabs: browserSession.tabs,
          applications: [],
          browserType: browserSession.browserType,
          deviceName: browserSession.deviceInfo?.deviceName ?? null,
          windowId: browserSession.windowId,
          clientSessionId: browserSession.sessionId,
        },
        backupRules.webSave,
        app.clock(),
        request.log,
      );
      return reply.code(201).send(result);
    },
  });

  app.route({
    ...endpointRoute(getBackup),
    onRequest: requireUser,
    handler: async (request, reply) => {
      const backup = await findBackup(db, signedInAccount(request).user.id, request.params.id);
      return backup ?? reply.code(404).send(notFound);
    },
  });

  app.route({
    ...endpointRoute(deleteBackup),
    onRequest: requireUser,
    handler: async (request, reply) => {
      const deleted = await deleteOwnBackup(db, signedInAccount(request).user.id, request.params.id);
      if (!deleted) return reply.code(404).send(notFound);
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...endpointRoute(restoreBackup),
    onRequest: requireUser,
    preHandler: limitRestores,
    handler: async (request, reply) => {
      const { user } = signedInAccount(request);
      const backup = await findBackup(db, user.id, request.params.id);
      if (!backup) return reply.code(404).send(notFound);
      if (!backup.restorable) return reply.code(400).send({ message: "This backup has no tabs to restore" });
      await recordProtectionEvent(db, user.id, "session_restored", `Restored "${readableLabel(backup.sessionName)}"`, app.clock());
      return restoreResponse(backup);
    },
  });

  app.route({
    ...endpointRoute(saveClearAllBackup),
    onRequest: requireUser,
    preHandler: limitWrites,
    handler: async (request, reply) => {
      const account = refuseOtherEmail(request, reply, request.body.userEmail);
      if (!account) return reply;
      const browserState = request.body.browserSession;
      const result = await backUp(
        db,
        account.user,
        {
          trigger: "clear_all_detected",
          tabs: browserState.tabs,
          applications: [],
          browserType: browserState.browserType,
          deviceName: browserState.deviceInfo?.deviceName ?? null,
          windowId: browserState.windowId,
          clientSessionId: browserState.sessionId,
        },
        backupRules.appEmergency,
        app.clock(),
        request.log,
      );
      return reply.code(201).send(result);
    },
  });

  app.route({
    ...endpointRoute(saveWindowsCloseBackup),
    onRequest: requireUser,
    preHandler: limitWrites,
    handler: async (request, reply) => {
      const account = refuseOtherEmail(request, reply, request.body.userEmail);
      if (!account) return reply;
      const result = await backUp(
        db,
        account.user,
        {
          trigger: "windows_x_button",
          tabs: [],
          applications: request.body.applications,
          browserType: null,
          deviceName: request.body.deviceName ?? null,
        },
        backupRules.appEmergency,
        app.clock(),
        request.log,
      );
      return reply.code(201).send(result);
    },
  });

  app.route({
    ...endpointRoute(getProtectionStatus),
    onRequest: requireUser,
    handler: async (request, reply) => {
      const account = refuseOtherEmail(request, reply, request.params.userEmail);
      if (!account) return reply;
      const [settings, totals, team] = await Promise.all([
        readProtectionSettings(db, account.user.id),
        backupTotals(db, account.user.id),
        teamPolicyFor(db, account.team),
      ]);
      return {
        // A team policy that sets a protection mode keeps protection on (decision 185).
        isActive: settings.enabled || Boolean(team?.policy.protectionMode),
        sessionCount: totals.backups,
        applicationCount: totals.applications,
        lastBackup: totals.lastBackup?.toISOString() ?? null,
      };
    },
  });

  app.route({
    ...endpointRoute(restoreLatestBackup),
    onRequest: requireUser,
    preHandler: limitRestores,
    handler: async (request, reply) => {
      const account = refuseOtherEmail(request, reply, request.body.userEmail);
      if (!account) return reply;
      const backup = await latestRestorableBackup(db, account.user.id);
      if (!backup) return reply.code(404).send({ message: "No backup to restore yet" });
      await recordProtectionEvent(db, account.user.id, "session_restored", `Restored "${readableLabel(backup.sessionName)}"`, app.clock());
      return restoreResponse(backup);
    },
  });

  app.route({
    ...endpointRoute(getUserStats),
    onRequest: requireUser,
    handler: async (request) => {
      const { user } = signedInAccount(request);
      const [totals, settings, events, days] = await Promise.all([
        backupTotals(db, user.id),
        readProtectionSettings(db, user.id),
        latestProtectionEvents(db, user.id, 10),
        activeDays(db, user.id),
      ]);
      return {
        protectedTabs: totals.tabs,
        dataSaved: formatDataSize(totals.bytes),
        daysActive: days,
        planStatus: planStatusLabel(user),
        blockedAttempts: settings.blockedAttempts,
        protectionEvents: events,
      };
    },
  });
};
