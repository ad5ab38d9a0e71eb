import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { signOutEverywhere } from "@common/api/account-page";
import { requireBrowserSession, sessionCookieName, signedInAccount } from "../accounts/authentication";
import { revokeAllDeviceTokens } from "../accounts/device-tokens";
import { destroySessionsOfUser } from "../accounts/session-store";
import type { Database } from "../db/database";
import { forgetDecidedAuthorizations } from "../devices/authorizations";
import { endpointRoute } from "../http/endpoint-route";

export interface AccountPageRoutesOptions {
  db: Database;
}

/**
 * The Account page's actions on the whole account: they span accounts (sessions, tokens) and devices
 * (connections), so they live here rather than in either. Every one needs the browser session.
 */
export const accountPageRoutes: FastifyPluginAsyncZod<AccountPageRoutesOptions> = async (app, { db }) => {
  app.route({
    ...endpointRoute(signOutEverywhere),
    onRequest: requireBrowserSession,
    handler: async (request, reply) => {
      const { user } = signedInAccount(request);
      const now = app.clock();
      await request.session.destroy();
      await Promise.all([destroySessionsOfUser(db, user.id), revokeAllDeviceTokens(db, user.id, now), forgetDecidedAuthorizations(db, user.id)]);
      request.log.info({ userId: user.id }, "signed out everywhere");
      reply.clearCookie(sessionCookieName, { path: "/api" });
      return reply.code(204).send(null);
    },
  });
};
