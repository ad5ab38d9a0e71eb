import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { createDeviceToken, listDeviceTokens, revokeDeviceToken } from "@common/api/accounts";
import type { Database } from "../db/database";
import { endpointRoute } from "../http/endpoint-route";
import { requireSignInSession, signedInAccount } from "../accounts/authentication";
import { activeDeviceTokens, issueDeviceToken, markDeviceTokenRevoked, maxDeviceTokensPerAccount } from "./device-tokens";

/** Tokens for the Windows and Android apps, managed from the dashboard in a signed-in browser. */
export const deviceTokenRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.route({
    ...endpointRoute(listDeviceTokens),
    onRequest: requireSignInSession,
    handler: async (request) => activeDeviceTokens(db, signedInAccount(request).user.id, app.clock()),
  });

  app.route({
    ...endpointRoute(createDeviceToken),
    onRequest: requireSignInSession,
    handler: async (request, reply) => {
      const created = await issueDeviceToken(db, signedInAccount(request).user.id, request.body.name, "app", app.clock());
      if (created === "too-many") {
        return reply
          .code(409)
          .send({ message: `An account can have ${maxDeviceTokensPerAccount} device tokens; revoke one you no longer use first` });
      }
      return reply.code(201).send(created);
    },
  });

  app.route({
    ...endpointRoute(revokeDeviceToken),
    onRequest: requireSignInSession,
    handler: async (request, reply) => {
      const revoked = await markDeviceTokenRevoked(db, signedInAccount(request).user.id, request.params.id, app.clock());
      if (!revoked) return reply.code(404).send({ message: "Device token not found" });
      return reply.code(204).send(null);
    },
  });
};
