import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponseSchema } from "@common/api/errors";
import { createDeviceTokenRequestSchema, createdDeviceTokenSchema, deviceTokenSchema } from "@common/api/accounts";
import type { Database } from "../db/database";
import { requireBrowserSession, signedInAccount } from "./authentication";
import { createDeviceToken, listDeviceTokens, maxDeviceTokensPerAccount, revokeDeviceToken } from "./device-tokens";

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

/** Tokens for the Windows and Android apps, managed from the dashboard in a signed-in browser. */
export const deviceTokenRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    "/api/device-tokens",
    { schema: { response: { 200: z.array(deviceTokenSchema), ...errors } }, onRequest: requireBrowserSession },
    async (request) => listDeviceTokens(db, signedInAccount(request).user.id),
  );

  app.post(
    "/api/device-tokens",
    {
      schema: { body: createDeviceTokenRequestSchema, response: { 201: createdDeviceTokenSchema, 409: errorResponseSchema, ...errors } },
      onRequest: requireBrowserSession,
    },
    async (request, reply) => {
      const created = await createDeviceToken(db, signedInAccount(request).user.id, request.body.name);
      if (created === "too-many") {
        return reply
          .code(409)
          .send({ message: `An account can have ${maxDeviceTokensPerAccount} device tokens; revoke one you no longer use first` });
      }
      return reply.code(201).send(created);
    },
  );

  app.delete(
    "/api/device-tokens/:id",
    {
      schema: { params: z.object({ id: z.uuid({ message: "Not a device token id" }) }), response: { 204: z.null(), ...errors } },
      onRequest: requireBrowserSession,
    },
    async (request, reply) => {
      const revoked = await revokeDeviceToken(db, signedInAccount(request).user.id, request.params.id, app.clock());
      if (!revoked) return reply.code(404).send({ message: "Device token not found" });
      return reply.code(204).send(null);
    },
  );
};
