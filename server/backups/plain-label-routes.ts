import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { listPlainLabels, sealPlainLabels } from "@common/api/plain-labels";
import { requireSignInSession, signedInAccount } from "../accounts/authentication";
import type { Database } from "../db/database";
import { endpointRoute } from "../http/endpoint-route";
import { readFormEncryptionKey } from "../encryption/form-encryption-keys";
import type { FormEncryptionKeyRow } from "../encryption/table";
import { countPlainLabels, plainLabelsAfter, writeSealedPlainLabels } from "./plain-labels";

const notSealing = "Turn on “Also encrypt titles and addresses” first: labels are sealed with the same key.";

/**
 * Sealing the labels stored readable before the account turned on "Also encrypt titles and addresses" (decision 246):
 * a browser session only, as for every change of what is sealed. The server never sees a key: it lists what is
 * readable, counts what is left, and writes a batch the browser sealed whole or not at all.
 */
export const plainLabelRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  /** The account's key row while it seals titles and addresses; null otherwise. */
  async function sealingKey(userId: string): Promise<FormEncryptionKeyRow | null> {
    const row = await readFormEncryptionKey(db, userId);
    return row?.sealsTabLocations ? row : null;
  }

  app.route({
    ...endpointRoute(listPlainLabels),
    onRequest: requireSignInSession,
    handler: async (request, reply) => {
      const { user } = signedInAccount(request);
      if (!(await sealingKey(user.id))) return reply.code(409).send({ message: notSealing });
      const { afterBackup, afterKind, afterIndex, limit } = request.query;
      const after = afterBackup && afterKind ? { backupId: afterBackup, kind: afterKind, index: afterIndex } : null;
      return { labels: await plainLabelsAfter(db, user.id, after, limit), remaining: await countPlainLabels(db, user.id) };
    },
  });

  app.route({
    ...endpointRoute(sealPlainLabels),
    onRequest: requireSignInSession,
    handler: async (request, reply) => {
      const { user } = signedInAccount(request);
      const row = await sealingKey(user.id);
      if (!row) return reply.code(409).send({ message: notSealing });
      const written = await db.transaction((tx) => writeSealedPlainLabels(tx, user.id, row.keyId, request.body.labels));
      if ("refused" in written) return reply.code(400).send({ message: written.refused });
      request.log.info({ userId: user.id, sealed: written.sealed }, "readable labels sealed");
      return { sealed: written.sealed, remaining: await countPlainLabels(db, user.id) };
    },
  });
};
