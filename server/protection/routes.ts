import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { errorResponseSchema } from "@common/api/errors";
import { androidClearAllRequestSchema, backupResponseSchema, protectionStatusSchema, restoreResponseSchema, userEmailBodySchema, userEmailParamsSchema, userStatsSchema, windowsXButtonRequestSchema } from "@common/api/backups";
import { blockedAttemptsSchema, logBlockedRequestSchema, protectionEventRequestSchema, protectionEventSchema, protectionSettingsSchema, protectionSettingsUpdateSchema, toggleProtectionRequestSchema, toggleProtectionResponseSchema } from "@common/api/protection";
import { planStatusLabel } from "../accounts/plan-status";
import { type Account, requireUser, signedInAccount } from "../accounts/authentication";
import type { Database } from "../db/database";
import { accountWriteLimit } from "../sessions/account-limits";
import { saveBackup } from "../sessions/backups";
import { restoreResponse } from "../sessions/restore";
import { latestRestorableSession, sessionTotals } from "../sessions/saved-sessions";
import { activeDays } from "./active-days";
import { formatDataSize } from "./data-size";
import { latestProtectionEvents, recordProtectionEvent } from "./events";
import { countBlockedAttempt, readBlockedAttempts, readProtectionSettings, settingsProblem, writeProtectionSettings } from "./settings";

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

/** A `userEmail` in a body or path names the authenticated account, or the request is refused. */
function refuseOtherEmail(request: FastifyRequest, reply: FastifyReply, email: string): Account | null {
  const account = signedInAccount(request);
  if (account.user.email === email) return account;
  void reply.code(403).send({ message: "userEmail does not match the signed-in account" });
  return null;
}

/**
 * The protection API of spec 2 §7, also called by the Windows and Android apps with a device token,
 * and the dashboard's stats and events of spec 1 §7.
 */
export const protectionRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const limitWrites = accountWriteLimit(app);

  app.post(
    "/api/protection/android-clear-all",
    {
      schema: { body: androidClearAllRequestSchema, response: { 201: backupResponseSchema, 429: errorResponseSchema, ...errors } },
      onRequest: requireUser, preHandler: limitWrites,
    },
    async (request, reply) => {
      const account = refuseOtherEmail(request, reply, request.body.userEmail);
      if (!account) return reply;
      const session = request.body.browserSession;
      const result = await saveBackup(
        db,
        account.user,
        {
          trigger: "clear_all_detected",
          tabs: session.tabs,
          applications: [],
          browserType: session.browserType,
          deviceName: session.deviceInfo?.deviceName ?? null,
          windowId: session.windowId,
          clientSessionId: session.sessionId,
        },
        app.clock(),
      );
      return reply.code(201).send(result);
    },
  );

  app.post(
    "/api/protection/windows-x-button",
    {
      schema: { body: windowsXButtonRequestSchema, response: { 201: backupResponseSchema, 429: errorResponseSchema, ...errors } },
      onRequest: requireUser, preHandler: limitWrites,
    },
    async (request, reply) => {
      const account = refuseOtherEmail(request, reply, request.body.userEmail);
      if (!account) return reply;
      const result = await saveBackup(
        db,
        account.user,
        {
          trigger: "windows_x_button",
          tabs: [],
          applications: request.body.applications,
          browserType: null,
          deviceName: request.body.deviceName ?? null,
        },
        app.clock(),
      );
      return reply.code(201).send(result);
    },
  );

  app.get(
    "/api/protection/status/:userEmail",
    { schema: { params: userEmailParamsSchema, response: { 200: protectionStatusSchema, ...errors } }, onRequest: requireUser },
    async (request, reply) => {
      const account = refuseOtherEmail(request, reply, request.params.userEmail);
      if (!account) return reply;
      const [settings, totals] = await Promise.all([
        readProtectionSettings(db, account.user.id),
        sessionTotals(db, account.user.id),
      ]);
      return {
        isActive: settings.enabled,
        sessionCount: totals.sessions,
        applicationCount: totals.applications,
        lastBackup: totals.lastBackup?.toISOString() ?? null,
      };
    },
  );

  app.post(
    "/api/protection/restore-session",
    { schema: { body: userEmailBodySchema, response: { 200: restoreResponseSchema, ...errors } }, onRequest: requireUser },
    async (request, reply) => {
      const account = refuseOtherEmail(request, reply, request.body.userEmail);
      if (!account) return reply;
      const session = await latestRestorableSession(db, account.user.id);
      if (!session) return reply.code(404).send({ message: "No backup to restore yet" });
      await recordProtectionEvent(db, account.user.id, "session_restored", `Restored "${session.sessionName}"`, app.clock());
      return restoreResponse(session);
    },
  );

  app.post(
    "/api/protection/toggle",
    {
      schema: { body: toggleProtectionRequestSchema, response: { 200: toggleProtectionResponseSchema, 429: errorResponseSchema, ...errors } },
      onRequest: requireUser, preHandler: limitWrites,
    },
    async (request) => {
      const { user } = signedInAccount(request);
      const { enabled } = request.body;
      const current = await readProtectionSettings(db, user.id);
      await writeProtectionSettings(db, user.id, { ...current, enabled }, app.clock());
      await recordProtectionEvent(
        db,
        user.id,
        enabled ? "protection_enabled" : "protection_disabled",
        enabled ? "Protection switched on" : "Protection switched off",
        app.clock(),
      );
      return { enabled, message: enabled ? "Protection is on" : "Protection is off" };
    },
  );

  app.post(
    "/api/protection/log-blocked",
    {
      schema: { body: logBlockedRequestSchema, response: { 204: z.null(), 429: errorResponseSchema, ...errors } },
      onRequest: requireUser, preHandler: limitWrites,
    },
    async (request, reply) => {
      const { user } = signedInAccount(request);
      const where = request.body.url ? ` on ${request.body.url.slice(0, 200)}` : "";
      await countBlockedAttempt(db, user.id, app.clock());
      await recordProtectionEvent(db, user.id, "clear_all_blocked", `Blocked ${request.body.method}${where}`, app.clock());
      return reply.code(204).send(null);
    },
  );

  // The Clear All Blocker polls this every second while it is on screen (spec 2 §9): one prepared
  // lookup by primary key, so blocks the Android and Windows apps log show up at once.
  app.get(
    "/api/protection/blocked-attempts",
    { schema: { response: { 200: blockedAttemptsSchema, ...errors } }, onRequest: requireUser },
    async (request) => ({ blockedAttempts: await readBlockedAttempts(db, signedInAccount(request).user.id) }),
  );

  app.get(
    "/api/protection/settings",
    { schema: { response: { 200: protectionSettingsSchema, ...errors } }, onRequest: requireUser },
    async (request) => {
      const { blockedAttempts: _blocked, ...settings } = await readProtectionSettings(db, signedInAccount(request).user.id);
      return settings;
    },
  );

  app.put(
    "/api/protection/settings",
    {
      schema: { body: protectionSettingsUpdateSchema, response: { 200: protectionSettingsSchema, 429: errorResponseSchema, ...errors } },
      onRequest: requireUser, preHandler: limitWrites,
    },
    async (request, reply) => {
      const { user } = signedInAccount(request);
      const { blockedAttempts: _blocked, ...current } = await readProtectionSettings(db, user.id);
      const next = { ...current, ...request.body };
      const problem = settingsProblem(user.planType, current, next);
      if (problem) return reply.code(403).send({ message: problem });
      return writeProtectionSettings(db, user.id, next, app.clock());
    },
  );

  app.get(
    "/api/user/stats",
    { schema: { response: { 200: userStatsSchema, ...errors } }, onRequest: requireUser },
    async (request) => {
      const { user } = signedInAccount(request);
      const [totals, settings, events, days] = await Promise.all([
        sessionTotals(db, user.id),
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
  );

  app.post(
    "/api/user/protection-event",
    {
      schema: { body: protectionEventRequestSchema, response: { 201: protectionEventSchema, 429: errorResponseSchema, ...errors } },
      onRequest: requireUser, preHandler: limitWrites,
    },
    async (request, reply) => {
      const { user } = signedInAccount(request);
      const event = await recordProtectionEvent(db, user.id, request.body.eventType, request.body.description, app.clock());
      return reply.code(201).send(event);
    },
  );
};
