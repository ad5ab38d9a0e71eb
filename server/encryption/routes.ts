import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { getFormEncryption, setFormEncryption } from "@common/api/encryption";
import { requireBrowserSession, requireUser, signedInAccount } from "../accounts/authentication";
import type { Database } from "../db/database";
import { endpointRoute } from "../http/endpoint-route";
import { formEncryptionOf, insertFormEncryptionKey, readFormEncryptionKey, replaceFormEncryptionKey } from "./form-encryption-keys";

const alreadyOn = "Encryption is already on for this account. Change the passphrase from the Account page instead.";
const staleKey = "The passphrase was changed somewhere else meanwhile. Reload the Account page and try again.";

/** End-to-end encryption's key (decision 177): read by the web app and the extension, set from the Account page. */
export const formEncryptionRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.route({
    ...endpointRoute(getFormEncryption),
    onRequest: requireUser,
    handler: async (request) => formEncryptionOf(await readFormEncryptionKey(db, signedInAccount(request).user.id)),
  });

  app.route({
    ...endpointRoute(setFormEncryption),
    onRequest: requireBrowserSession,
    handler: async (request, reply) => {
      const { user } = signedInAccount(request);
      const { key, replaces } = request.body;
      const now = app.clock();
      if (replaces) {
        const changed = await replaceFormEncryptionKey(db, user.id, key, replaces, now);
        if (!changed) return reply.code(409).send({ message: staleKey });
        request.log.info({ userId: user.id }, "encryption passphrase changed");
        return reply.code(200).send(formEncryptionOf(changed));
      }
      const created = await insertFormEncryptionKey(db, user.id, key, now);
      if (!created) return reply.code(409).send({ message: alreadyOn });
      request.log.info({ userId: user.id }, "encryption turned on");
      return reply.code(201).send(formEncryptionOf(created));
    },
  });
};
