import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { getExtensionConnection } from "@common/api/browser-backups";
import {
  approveDeviceAuthorization,
  denyDeviceAuthorization,
  describeDeviceAuthorization,
  pollDeviceAuthorization,
  scopeOfPlatform,
  startDeviceAuthorization,
} from "@common/api/device-authorization";
import type { ErrorResponse } from "@common/api/errors";
import { plans } from "@common/plans";
import { requireSignInSession, requireUser, signedInAccount } from "../accounts/authentication";
import type { Database } from "../db/database";
import { endpointRoute } from "../http/endpoint-route";
import { clientAddress, rateLimitGuard } from "../rate-limits/rate-limits";
import { decideAuthorization, describeAuthorization, pollAuthorization, startAuthorization } from "./authorizations";

const minutes = (count: number) => count * 60_000;
const notFound: ErrorResponse = { message: "No connection request with this code. Check the code, or start connecting again from the device." };

/**
 * Pairing a device without typing a token (RFC 8628): the device starts and polls without
 * an account; the person describes, approves or denies in a signed-in browser only, so a device token
 * can never connect another device. Also the extension's view of its own connection.
 */
export const deviceRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const limitStarts = rateLimitGuard(app, [
    {
      name: "device-authorization-start-ip",
      max: 20,
      windowMs: minutes(60),
      key: clientAddress,
      message: (wait) => `Too many connection requests from your network. Try again in ${wait}.`,
    },
  ]);
  // slow_down paces each device; this stops one client from spraying guessed device codes.
  const limitPolls = rateLimitGuard(app, [
    {
      name: "device-authorization-poll-ip",
      max: 120,
      windowMs: minutes(1),
      key: clientAddress,
      message: (wait) => `Too many polls from your network. Try again in ${wait}.`,
    },
  ]);
  // A user code is the only secret of a pending request: guessing codes must stay hopeless.
  const limitCodeLookups = rateLimitGuard(app, [
    {
      name: "device-authorization-code-account",
      max: 30,
      windowMs: minutes(10),
      key: (request) => request.account?.user.id ?? null,
      message: (wait) => `Too many connection codes tried. Try again in ${wait}.`,
    },
    {
      name: "device-authorization-code-ip",
      max: 60,
      windowMs: minutes(10),
      key: clientAddress,
      message: (wait) => `Too many connection codes tried from your network. Try again in ${wait}.`,
    },
  ]);

  app.route({
    ...endpointRoute(startDeviceAuthorization),
    preHandler: limitStarts,
    handler: async (request, reply) => {
      const { clientName, platform, scope: asked } = request.body;
      // The kind of device decides the scope (decision 215): a device asking for another is refused, never granted.
      if (asked !== undefined && asked !== scopeOfPlatform[platform]) {
        return reply.code(400).send({ message: `A device of the kind "${platform}" gets a ${scopeOfPlatform[platform]} token: the server chooses the scope from the kind of device.` });
      }
      return reply.code(201).send(await startAuthorization(db, { clientName, platform }, app.clock()));
    },
  });

  app.route({
    ...endpointRoute(pollDeviceAuthorization),
    preHandler: limitPolls,
    handler: async (request, reply) => {
      const outcome = await pollAuthorization(db, request.body.deviceCode, app.clock());
      if ("refusal" in outcome) return reply.code(400).send(outcome.refusal);
      return outcome.grant;
    },
  });

  app.route({
    ...endpointRoute(describeDeviceAuthorization),
    onRequest: requireSignInSession,
    preHandler: limitCodeLookups,
    handler: async (request, reply) => {
      const device = await describeAuthorization(db, request.params.userCode, signedInAccount(request).user.id, app.clock());
      return device ?? reply.code(404).send(notFound);
    },
  });

  for (const [endpoint, decision] of [
    [approveDeviceAuthorization, "approved"],
    [denyDeviceAuthorization, "denied"],
  ] as const) {
    app.route({
      ...endpointRoute(endpoint),
      onRequest: requireSignInSession,
      preHandler: limitCodeLookups,
      handler: async (request, reply) => {
        const outcome = await decideAuthorization(db, request.params.userCode, signedInAccount(request).user.id, decision, app.clock());
        if (outcome === "not-found") return reply.code(404).send(notFound);
        if ("conflict" in outcome) return reply.code(409).send({ message: outcome.conflict });
        return outcome.device;
      },
    });
  }

  app.route({
    ...endpointRoute(getExtensionConnection),
    onRequest: requireUser,
    handler: async (request, reply) => {
      const { user, device } = signedInAccount(request);
      if (!device) {
        return reply.code(403).send({ message: "Only a connected device has a connection: call this with the device's token" });
      }
      const plan = plans[user.planType];
      return {
        deviceId: device.id,
        deviceName: device.name,
        email: user.email,
        planType: user.planType,
        backupsKept: plan.limits.backupsKept,
        automaticBackups: plan.features.autoBackup,
      };
    },
  });
};
