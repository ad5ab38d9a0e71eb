import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { getFormEncryption, setFormEncryption, setTabLocationSealing } from "@common/api/encryption";
import { requireSignInSession, requireUser, signedInAccount } from "../accounts/authentication";
import type { Database } from "../db/database";
import { endpointRoute } from "../http/endpoint-route";
import { formEncryptionOf, insertFormEncryptionKey, readFormEncryptionKey, replaceFormEncryptionKey, setTabLocationSealingOf } from "./form-encryption-keys";

const alreadyOn = "Encryption is already on for this account. Change the passphrase from the Account page instead.";
const encryptionOff = "Turn encryption on with a passphrase first: titles and addresses are sealed with the same key.";
const staleKey = "The passphrase was changed somewhere else meanwhile. Reload the Account page and try again.";

export interface FormEncryptionRoutesOptions {
  db: Database;
  /**
   * Run in the transaction that turns sealing on: open tabs sent in the clear go then, and come back sealed
   * (decision 199). Given by the app (open-tabs' `forgetPlainOpenTabs`): open tabs import encryption's
   * `refusePlainTabs`, so encryption must not import open tabs.
   */
  onSealingTurnedOn: (tx: Database, userId: string) => Promise<void>;
}

/** End-to-end encryption's key (decision 177): read by the web app and the extension, set from the Account page. */
export const formEncryptionRoutes: FastifyPluginAsyncZod<FormEncryptionRoutesOptions> = async (app, { db, onSealingTurnedOn }) => {
  app.route({
    ...endpointRoute(getFormEncryption),
    onRequest: requireUser,
    handler: async (request) => formEncryptionOf(await readFormEncryptionKey(db, signedInAccount(request).user.id)),
  });

  app.route({
    ...endpointRoute(setFormEncryption),
    onRequest: requireSignInSession,
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

  app.route({
    ...endpointRoute(setTabLocationSealing),
    onRequest: requireSignInSession,
    handler: async (request, reply) => {
      const { user } = signedInAccount(request);
      const { seal } = request.body;
      const row = await db.transaction(async (tx) => {
        const changed = await setTabLocationSealingOf(tx, user.id, seal);
        if (changed && seal) await onSealingTurnedOn(tx, user.id);
        return changed;
      });
      if (!row) return reply.code(409).send({ message: encryptionOff });
      request.log.info({ userId: user.id, seal }, "tab location sealing set");
      return formEncryptionOf(row);
    },
  });
};
