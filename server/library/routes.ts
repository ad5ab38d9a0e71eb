import { Readable } from "node:stream";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { exportLibraryBackup, importLibraryFile, LIBRARY_LIMITS } from "@common/api/library";
import { requireSignInSession, signedInAccount } from "../accounts/authentication";
import type { Database } from "../db/database";
import { endpointRoute } from "../http/endpoint-route";
import { accountWriteLimit } from "../rate-limits/account-write-limit";
import { rateLimitGuard } from "../rate-limits/rate-limits";
import { exportBackupStream } from "./export";
import { backupExportSource } from "./export-source";
import { importLibraryFile as importFile } from "./import";

/**
 * Imports per account: each reads a file of up to 8 MB in a worker (decision 204), so they have a
 * counter of their own, far below the 120 writes a minute a capture engine may send.
 */
export const libraryImportLimit = {
  name: "library-imports",
  max: 20,
  windowMs: 10 * 60_000,
} as const;

/**
 * The library's import and export (point 3); formats in docs/library-formats.md. Both are
 * the web app's, so a sign-in session only: a device token (the extension's, the apps') is refused with 403.
 */
export const libraryRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const limitWrites = accountWriteLimit(app);
  const limitImports = rateLimitGuard(app, [
    {
      ...libraryImportLimit,
      key: (request) => request.account?.user.id ?? null,
      message: (wait) => `Too many imports from this account: ${libraryImportLimit.max} every ${libraryImportLimit.windowMs / 60_000} minutes. Try again in ${wait}.`,
    },
  ]);

  app.route({
    ...endpointRoute(importLibraryFile),
    // The file travels as one JSON string: its cap (8 MB, as base64 a third more) plus room for the
    // other fields. Past this Fastify answers 413 before parsing.
    bodyLimit: LIBRARY_LIMITS.contentLength + 64 * 1024,
    onRequest: requireSignInSession,
    preHandler: [limitWrites, limitImports],
    handler: async (request, reply) => {
      const { user } = signedInAccount(request);
      const { receipt, created } = await importFile(db, user, request.body, app.clock());
      return reply.code(created ? 201 : 200).send(receipt);
    },
  });

  app.route({
    ...endpointRoute(exportLibraryBackup),
    onRequest: requireSignInSession,
    handler: async (request, reply) => {
      const userId = signedInAccount(request).user.id;
      // The outline is read before the first byte, so these answers keep their status (decision 223).
      const source = await backupExportSource(db, userId, request.params.id);
      if (!source) return reply.code(404).send({ message: "Backup not found" });
      const sealed = source.sealedTabs;
      if (sealed > 0 && request.query.format !== "tabvault") {
        // Only a browser with the key can read them (decision 199); TabVault JSON carries them sealed.
        return reply.code(409).send({
          message: `This backup holds ${sealed} encrypted ${sealed === 1 ? "tab" : "tabs"}, which only TabVault JSON can carry (still encrypted). Export it as TabVault JSON.`,
        });
      }
      const file = exportBackupStream(source, request.query.format, app.clock());
      const body = Readable.from(file.body);
      // The connection is cut before the file's end: the download fails rather than looking whole (decision 223).
      body.on("error", (error) => request.log.error({ err: error, userId, backupId: source.outline.id }, "library export stopped midway"));
      return sendFile(reply, { ...file, body });
    },
  });
};

/**
 * The file as an attachment; a plain reply, as the contract describes only the errors (the file is reached by URL).
 * Sent as a stream (decision 223), a piece at a time.
 */
function sendFile(reply: FastifyReply, file: { contentType: string; fileName: string; body: Readable }): FastifyReply {
  return reply
    .code(200)
    .header("content-type", file.contentType)
    .header("content-disposition", `attachment; filename="${file.fileName}"`)
    .header("cache-control", "no-store")
    .send(file.body);
}
