import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  getBlockedAttempts,
  getProtectionSettings,
  logBlockedAttempt,
  logProtectionEvent,
  toggleProtection,
  updateProtectionSettings,
} from "@common/api/protection";
import { type Account, requireUser, signedInAccount } from "../accounts/authentication";
import type { Database } from "../db/database";
import { endpointRoute } from "../http/endpoint-route";
import { applyTeamPolicy, teamPolicyFor, underTeamPolicy } from "../teams/policy/effective";
import { recordProtectionEvent } from "./events";
import { countBlockedAttempt, readBlockedAttempts, readProtectionSettings, settingsProblem, writeProtectionSettings } from "./settings";
import { accountWriteLimit } from "../rate-limits/account-write-limit";

/**
 * Protection itself (also called by the Windows and Android apps with a device token):
 * the settings, the switch, blocked Clear All attempts and the dashboard's events of spec 1 §7.
 * Backups, and the status and stats that count them, are `server/backups/routes.ts`.
 */
export const protectionRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const limitWrites = accountWriteLimit(app);
  /** The team policy over this person's settings (decision 185), read on every request. */
  const policyOf = (account: Account) => teamPolicyFor(db, account.team);

  app.route({
    ...endpointRoute(toggleProtection),
    onRequest: requireUser,
    preHandler: limitWrites,
    handler: async (request, reply) => {
      const account = signedInAccount(request);
      const { user } = account;
      const { enabled, mode = undefined } = request.body;
      const { blockedAttempts: _blocked, ...current } = await readProtectionSettings(db, user.id);
      const team = await policyOf(account);
      const allowed = underTeamPolicy(current, { enabled, ...(mode ? { mode } : {}) }, team, user.planType);
      if ("refusal" in allowed) return reply.code(403).send({ message: allowed.refusal });
      const next = allowed.next;
      // Block mode has no automatic backups (settingsProblem): the settings screen turns them off with it too.
      if (next.mode === "block") next.autoBackup = false;
      await writeProtectionSettings(db, user.id, next, app.clock());
      const effective = applyTeamPolicy(next, team, user.planType);
      await recordProtectionEvent(
        db,
        user.id,
        enabled ? "protection_enabled" : "protection_disabled",
        enabled ? "Protection switched on" : "Protection switched off",
        app.clock(),
      );
      return { enabled: effective.enabled, mode: effective.mode, message: effective.enabled ? "Protection is on" : "Protection is off" };
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

  // The Clear All Blocker polls this every second while it is on screen: one prepared
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
      const account = signedInAccount(request);
      const [{ blockedAttempts: _blocked, ...settings }, team] = await Promise.all([readProtectionSettings(db, account.user.id), policyOf(account)]);
      return applyTeamPolicy(settings, team, account.user.planType);
    },
  });

  app.route({
    ...endpointRoute(updateProtectionSettings),
    onRequest: requireUser,
    preHandler: limitWrites,
    handler: async (request, reply) => {
      const account = signedInAccount(request);
      const { user } = account;
      const [{ blockedAttempts: _blocked, ...current }, team] = await Promise.all([readProtectionSettings(db, user.id), policyOf(account)]);
      const allowed = underTeamPolicy(current, request.body, team, user.planType);
      if ("refusal" in allowed) return reply.code(403).send({ message: allowed.refusal });
      // Checked as the settings will be in effect: a mode the team sets is the mode Automatic Backup works in.
      const problem = settingsProblem(user.planType, applyTeamPolicy(current, team, user.planType), applyTeamPolicy(allowed.next, team, user.planType));
      if (problem) return reply.code(403).send({ message: problem });
      return applyTeamPolicy(await writeProtectionSettings(db, user.id, allowed.next, app.clock()), team, user.planType);
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
