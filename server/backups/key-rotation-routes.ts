import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { finishKeyRotation, listContentsToReseal, resealContents, startKeyRotation } from "@common/api/encryption-rotation";
import { listLabelsToReseal, resealLabels } from "@common/api/encryption-rotation-labels";
import { listUndoToReseal, resealUndo } from "@common/api/encryption-rotation-undo";
import { requireSignInSession, signedInAccount } from "../accounts/authentication";
import type { Database } from "../db/database";
import { endpointRoute } from "../http/endpoint-route";
import { formEncryptionOf, readFormEncryptionKey } from "../encryption/form-encryption-keys";
import { contentsNotUnder, countNotUnder, finishRotation, startRotation, writeResealed } from "./key-rotation";
import { countLabelsNotUnder, labelsNotUnder, writeResealedLabels } from "./key-rotation-labels";
import { countUndoNotUnder, undoNotUnder, writeResealedUndo } from "./key-rotation-undo";

const encryptionOff = "Turn encryption on with a passphrase first.";
const underWay = "A key rotation is already under way for this account: it is resumed from the Account page, not started again.";
const staleKey = "The key was changed somewhere else meanwhile. Reload the Account page and try again.";
const noRotation = "No key rotation is under way for this account.";

/**
 * Rotating the account's backup key (decision 239): a browser session only, as for every change of the key. The server
 * never sees a key; it keeps the old one sealed under the new, counts what is not yet re-sealed and refuses to drop the
 * old key while anything is.
 */
export const keyRotationRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  /** The account's current key id while a rotation is under way; else the reply has been sent. */
  async function rotatingKeyId(userId: string): Promise<string | null> {
    const row = await readFormEncryptionKey(db, userId);
    return row?.previousKey && row.keyId ? row.keyId : null;
  }

  app.route({
    ...endpointRoute(startKeyRotation),
    onRequest: requireSignInSession,
    handler: async (request, reply) => {
      const { user } = signedInAccount(request);
      const started = await startRotation(db, user.id, request.body, app.clock());
      if (started) {
        request.log.info({ userId: user.id }, "key rotation started");
        return formEncryptionOf(started);
      }
      const row = await readFormEncryptionKey(db, user.id);
      return reply.code(409).send({ message: !row ? encryptionOff : row.previousKey ? underWay : staleKey });
    },
  });

  app.route({
    ...endpointRoute(listContentsToReseal),
    onRequest: requireSignInSession,
    handler: async (request, reply) => {
      const { user } = signedInAccount(request);
      const keyId = await rotatingKeyId(user.id);
      if (!keyId) return reply.code(409).send({ message: noRotation });
      const contents = await contentsNotUnder(db, user.id, keyId, request.query.after, request.query.limit);
      return { contents, remaining: await countNotUnder(db, user.id, keyId) };
    },
  });

  app.route({
    ...endpointRoute(resealContents),
    onRequest: requireSignInSession,
    handler: async (request, reply) => {
      const { user } = signedInAccount(request);
      const keyId = await rotatingKeyId(user.id);
      if (!keyId) return reply.code(409).send({ message: noRotation });
      const written = await db.transaction((tx) => writeResealed(tx, user.id, keyId, request.body.contents));
      if ("refused" in written) return reply.code(400).send({ message: written.refused });
      return { resealed: written.resealed, remaining: await countNotUnder(db, user.id, keyId) };
    },
  });

  app.route({
    ...endpointRoute(listLabelsToReseal),
    onRequest: requireSignInSession,
    handler: async (request, reply) => {
      const { user } = signedInAccount(request);
      const keyId = await rotatingKeyId(user.id);
      if (!keyId) return reply.code(409).send({ message: noRotation });
      const { afterBackup, afterKind, afterIndex, limit } = request.query;
      const after = afterBackup && afterKind ? { backupId: afterBackup, kind: afterKind, index: afterIndex } : null;
      const labels = await labelsNotUnder(db, user.id, keyId, after, limit);
      return { labels, remaining: await countLabelsNotUnder(db, user.id, keyId) };
    },
  });

  app.route({
    ...endpointRoute(resealLabels),
    onRequest: requireSignInSession,
    handler: async (request, reply) => {
      const { user } = signedInAccount(request);
      const keyId = await rotatingKeyId(user.id);
      if (!keyId) return reply.code(409).send({ message: noRotation });
      const written = await db.transaction((tx) => writeResealedLabels(tx, user.id, keyId, request.body.labels));
      if ("refused" in written) return reply.code(400).send({ message: written.refused });
      return { resealed: written.resealed, remaining: await countLabelsNotUnder(db, user.id, keyId) };
    },
  });

  app.route({
    ...endpointRoute(listUndoToReseal),
    onRequest: requireSignInSession,
    handler: async (request, reply) => {
      const { user } = signedInAccount(request);
      const keyId = await rotatingKeyId(user.id);
      if (!keyId) return reply.code(409).send({ message: noRotation });
      const listed = await undoNotUnder(db, user.id, keyId, request.query.after, request.query.limit);
      return { ...listed, remaining: await countUndoNotUnder(db, user.id, keyId) };
    },
  });

  app.route({
    ...endpointRoute(resealUndo),
    onRequest: requireSignInSession,
    handler: async (request, reply) => {
      const { user } = signedInAccount(request);
      const keyId = await rotatingKeyId(user.id);
      if (!keyId) return reply.code(409).send({ message: noRotation });
      const written = await db.transaction((tx) => writeResealedUndo(tx, user.id, keyId, request.body));
      if ("refused" in written) return reply.code(400).send({ message: written.refused });
      return { resealed: written.resealed, remaining: await countUndoNotUnder(db, user.id, keyId) };
    },
  });

  app.route({
    ...endpointRoute(finishKeyRotation),
    onRequest: requireSignInSession,
    handler: async (request, reply) => {
      const { user } = signedInAccount(request);
      const keyId = await rotatingKeyId(user.id);
      if (!keyId) return reply.code(409).send({ message: noRotation });
      const finished = await finishRotation(db, user.id, keyId);
      if ("left" in finished) {
        const { tabs, labels, undo } = finished.left;
        const left = [
          tabs > 0 ? `${tabs} stored tabs` : "",
          labels > 0 ? `${labels} labels (names, tags, notes, group titles or window names)` : "",
          undo > 0 ? `${undo} values the library's Undo keeps` : "",
        ]
          .filter(Boolean)
          .join(" and ");
        return reply.code(409).send({ message: `${left} are still sealed under the old key: it is kept until they are re-sealed.` });
      }
      request.log.info({ userId: user.id }, "key rotation finished");
      return formEncryptionOf(finished.row);
    },
  });
};
