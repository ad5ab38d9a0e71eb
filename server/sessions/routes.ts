import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponseSchema } from "@common/api/errors";
import { backupResponseSchema, manualSaveRequestSchema, restoreResponseSchema, savedSessionDetailSchema, savedSessionListSchema, sessionIdParamsSchema } from "@common/api/backups";
import { requireUser, signedInAccount } from "../accounts/authentication";
import type { Database } from "../db/database";
import { recordProtectionEvent } from "../protection/events";
import { accountWriteLimit } from "./account-limits";
import { BackupRefusedError, saveBackup } from "./backups";
import { restoreResponse } from "./restore";
import { deleteSavedSession, findSavedSession, savedSessionListJson } from "./saved-sessions";

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const notFound = { message: "Session not found" };

/** The Session Manager's API (spec 2 §7): the signed-in account's backups only. */
export const savedSessionRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const limitWrites = accountWriteLimit(app);

  app.get(
    "/api/saved-sessions",
    { schema: { response: { 200: savedSessionListSchema, ...errors } }, onRequest: requireUser },
    async (request, reply) => {
      const list = await savedSessionListJson(db, signedInAccount(request).user.id);
      // Already JSON of the 200 schema (built by the database): a JSON string is sent as it is, not
      // serialized again; the untyped reply says so, as the typed one only takes the parsed shape.
      return (reply as FastifyReply).type("application/json; charset=utf-8").send(list);
    },
  );

  app.post(
    "/api/saved-sessions",
    {
      schema: { body: manualSaveRequestSchema, response: { 201: backupResponseSchema, 429: errorResponseSchema, ...errors } },
      onRequest: requireUser, preHandler: limitWrites,
    },
    async (request, reply) => {
      const { user } = signedInAccount(request);
      const { browserSession, sessionName, trigger } = request.body;
      try {
        const result = await saveBackup(
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
          app.clock(),
        );
        return reply.code(201).send(result);
      } catch (error) {
        if (error instanceof BackupRefusedError) return reply.code(403).send({ message: error.message });
        throw error;
      }
    },
  );

  app.get(
    "/api/saved-sessions/:id",
    { schema: { params: sessionIdParamsSchema, response: { 200: savedSessionDetailSchema, ...errors } }, onRequest: requireUser },
    async (request, reply) => {
      const session = await findSavedSession(db, signedInAccount(request).user.id, request.params.id);
      return session ?? reply.code(404).send(notFound);
    },
  );

  app.delete(
    "/api/saved-sessions/:id",
    { schema: { params: sessionIdParamsSchema, response: { 204: z.null(), ...errors } }, onRequest: requireUser },
    async (request, reply) => {
      const deleted = await deleteSavedSession(db, signedInAccount(request).user.id, request.params.id);
      if (!deleted) return reply.code(404).send(notFound);
      return reply.code(204).send(null);
    },
  );

  app.post(
    "/api/restore-session/:id",
    {
      schema: { params: sessionIdParamsSchema, response: { 200: restoreResponseSchema, ...errors } },
      onRequest: requireUser,
    },
    async (request, reply) => {
      const { user } = signedInAccount(request);
      const session = await findSavedSession(db, user.id, request.params.id);
      if (!session) return reply.code(404).send(notFound);
      if (!session.restorable) return reply.code(400).send({ message: "This session has no tabs to restore" });
      await recordProtectionEvent(db, user.id, "session_restored", `Restored "${session.sessionName}"`, app.clock());
      return restoreResponse(session);
    },
  );
};
