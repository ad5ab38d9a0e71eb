import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  getBlockedAttempts,
  getProtectionSettings,
  logBlockedAttempt,
  logProtectionEvent,
  toggleProtection,
  updateProtectionSettings,
} from "@common/api/protection";
import { requireUser, signedInAccount } from "../accounts/authentication";
import type { Database } from "../db/database";
import { endpointRoute } from "../http/endpoint-route";
import { recordProtectionEvent } from "./events";
import { countBlockedAttempt, readBlockedAttempts, readProtectionSettings, settingsProblem, writeProtectionSettings } from "./settings";
import { accountWriteLimit } from "./write-limit";

/**
 * Protection itself (spec 2 §7, also called by the Windows and Android apps with a device token):
 * the settings, the switch, blocked Clear All attempts and the dashboard's events of spec 1 §7.
 * Backups, and the status and stats that count them, are `server/backups/routes.ts`.
 */
export const protectionRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const limitWrites = accountWriteLimit(app);

  app.route({
    ...endpointRoute(toggleProtection),
    onRequest: requireUser,
    preHandler: limitWrites,
    handler: async (request) => {
      const { user } = signedInAccount(request);
      const { enabled, mode = undefined } = request.body;
      const { blockedAttempts: _blocked, ...current } = await readProtectionSettings(db, user.id);
      const next = { ...current, enabled, ...(mode ? { mode } : {}) };
      // Block mode has no automatic backups (settingsProblem): the settings screen turns them off with it too.
      if (next.mode === "block") next.autoBackup = false;
      await writeProtectionSettings(db, user.id, next, app.clock());
      await recordProtectionEvent(
        db,
        user.id,
        enabled ? "protection_enabled" : "protection_disabled",
        enabled ? "Protection switched on" : "Protection switched off",
        app.clock(),
      );
      return { enabled, mode: next.mode, message: enabled ? "Protection is on" : "Protection is off" };
    },
  });

  app.route({
    ...endpointRoute(logBlockedAttempt),
    onRequest: requireUser,
    preHandler: limitWrites,
    handler: async (request, reply) => {
      const { user } = signedInAccount(request);
      const where = request.body.url ? ` on ${request.body.url.slice(0, 200)}` : "";
      await countBlockedAttempt(db, user.id, app.clock());
      await recordProtectionEvent(db, user.id, "clear_all_blocked", `Blocked ${request.body.method}${where}`, app.clock());
      return reply.code(204).send(null);
    },
  });

  // The Clear All Blocker polls this every second while it is on screen (spec 2 §9): one prepared
  // lookup by primary key, so blocks the Android and Windows apps log show up at once.
  app.route({
    ...endpointRoute(getBlockedAttempts),
    onRequest: requireUser,
    handler: async (request) => ({ blockedAttempts: await readBlockedAttempts(db, signedInAccount(request).user.id) }),
  });

  app.route({
    ...endpointRoute(getProtectionSettings),
    onRequest: requireUser,
    handler: async (request) => {
      const { blockedAttempts: _blocked, ...settings } = await readProtectionSettings(db, signedInAccount(request).user.id);
      return settings;
    },
  });

  app.route({
    ...endpointRoute(updateProtectionSettings),
    onRequest: requireUser,
    preHandler: limitWrites,
    handler: async (request, reply) => {
      const { user } = signedInAccount(request);
      const { blockedAttempts: _blocked, ...current } = await readProtectionSettings(db, user.id);
      const next = { ...current, ...request.body };
      const problem = settingsProblem(user.planType, current, next);
      if (problem) return reply.code(403).send({ message: problem });
      return writeProtectionSettings(db, user.id, next, app.clock());
    },
  });

  app.route({
    ...endpointRoute(logProtectionEvent),
    onRequest: requireUser,
    preHandler: limitWrites,
    handler: async (request, reply) => {
      const { user } = signedInAccount(request);
      const event = await recordProtectionEvent(db, user.id, request.body.eventType, request.body.description, app.clock());
      return reply.code(201).send(event);
    },
  });
};
