import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { dedupeBackups, mergeBackups, organiseBackup, type OrganiseReceipt, searchLibrary, undoLastChange } from "@common/api/library-organise";
import { requireSignInSession, signedInAccount } from "../accounts/authentication";
import type { Database } from "../db/database";
import { endpointRoute } from "../http/endpoint-route";
import { accountWriteLimit } from "../rate-limits/account-write-limit";
import * as organise from "./organise";
import { searchTabs } from "./search";

/**
 * The library's search and organising (points 1 and 2): the web app's, so a browser
 * session only, as import and export are. Refusals are {message} with the status the action chose.
 * Merging comes after the clean-up and before undo: the fuzzer and the authorization matrix run routes in
 * this order, and the owner's undo puts back the backups the owner's merge took.
 */
export const libraryOrganiseRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const limitWrites = accountWriteLimit(app);

  app.route({
    ...endpointRoute(searchLibrary),
    onRequest: requireSignInSession,
    handler: async (request) => searchTabs(db, signedInAccount(request).user.id, request.query.q, request.query.page, app.clock()),
  });

  app.route({
    ...endpointRoute(organiseBackup),
    onRequest: requireSignInSession,
    preHandler: limitWrites,
    handler: async (request, reply) =>
      answer(reply, 200, () => organise.organiseBackup(db, signedInAccount(request).user, request.params.id, request.body, app.clock())),
  });

  app.route({
    ...endpointRoute(dedupeBackups),
    onRequest: requireSignInSession,
    preHandler: limitWrites,
    handler: async (request, reply) => answer(reply, 200, () => organise.dedupeBackups(db, signedInAccount(request).user, request.body, app.clock())),
  });

  app.route({
    ...endpointRoute(mergeBackups),
    onRequest: requireSignInSession,
    preHandler: limitWrites,
    handler: async (request, reply) => answer(reply, 201, () => organise.mergeBackups(db, signedInAccount(request).user, request.body, app.clock())),
  });

  app.route({
    ...endpointRoute(undoLastChange),
    onRequest: requireSignInSession,
    preHandler: limitWrites,
    handler: async (request, reply) => answer(reply, 200, () => organise.undoLastChange(db, signedInAccount(request).user.id)),
  });
};

/** The receipt with its status; a refusal (`OrganiseRefusedError`, its own statusCode) is the error handler's to answer (decision 205). */
async function answer(reply: FastifyReply, status: 200 | 201, work: () => Promise<OrganiseReceipt>): Promise<FastifyReply> {
  return reply.code(status).send(await work());
}
