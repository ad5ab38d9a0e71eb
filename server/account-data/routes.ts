import { Readable } from "node:stream";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  deleteAccount,
  describeAccountDeletion,
  endSignInSession,
  exportAccount,
  getAccountOverview,
  requestAccountDeletion,
  signOutEverywhere,
} from "@common/api/account-data";
import { plans } from "@common/plans";
import { ACCOUNT_DELETION_LINK_MINUTES } from "@common/product";
import { requireSignInSession, sessionCookieName, signedInAccount } from "../accounts/authentication";
import { revokeAllDeviceTokens } from "../devices/device-tokens";
import { destroySignInSessionOfUser, destroySignInSessionsOfUser, signInSessionsOfUser } from "../accounts/session-store";
import { backupPagesOfUserForExport } from "../backups/export";
import { storedBytes } from "../backups/quota";
import type { Database } from "../db/database";
import { forgetDecidedAuthorizations } from "../devices/authorizations";
import { endpointRoute } from "../http/endpoint-route";
import { accountDeletionMessage } from "../mail/messages";
import type { Mailer } from "../mail/mailer";
import type { ConfiguredProvider } from "../payments/choose-provider";
import { clientAddress, rateLimitGuard } from "../rate-limits/rate-limits";
import { deleteAccountNow } from "./deletion";
import { accountOfDeletionToken, issueDeletionToken } from "./deletion-tokens";
import { accountExportHead } from "./export";
import { accountExportDocument } from "./export-document";

export interface AccountPageRoutesOptions {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  payments: ConfiguredProvider;
}

const linkInvalidMessage = "This link has expired or was already used. Ask for a new one on your Account page.";
const hours = (count: number) => count * 3_600_000;

/**
 * The Account page's actions on the whole account: they span accounts (sessions, tokens), backups,
 * payments and devices, so they live here rather than in any one of them. Everything but the mailed
 * deletion link needs the sign-in session (decision 137).
 */
export const accountPageRoutes: FastifyPluginAsyncZod<AccountPageRoutesOptions> = async (app, { db, mailer, publicUrl, payments }) => {
  const perAccount = (request: FastifyRequest) => request.account?.user.id ?? null;
  const limitExports = rateLimitGuard(app, [
    { name: "account-export", max: 10, windowMs: hours(1), key: perAccount, message: (wait) => `Too many exports from this account. Try again in ${wait}.` },
  ]);
  const limitDeletionMail = rateLimitGuard(app, [
    {
      name: "account-deletion-mail",
      max: 3,
      windowMs: hours(1),
      key: perAccount,
      message: (wait) => `A deletion link was sent several times already. Check your inbox, or try again in ${wait}.`,
    },
  ]);
  const limitDeletionLinks = rateLimitGuard(app, [
    { name: "account-deletion-link", max: 30, windowMs: 15 * 60_000, key: clientAddress, message: (wait) => `Too many attempts from your network. Try again in ${wait}.` },
  ]);

  app.route({
    ...endpointRoute(signOutEverywhere),
    onRequest: requireSignInSession,
    handler: async (request, reply) => {
      const { user } = signedInAccount(request);
      const now = app.clock();
      await request.session.destroy();
      await Promise.all([destroySignInSessionsOfUser(db, user.id), revokeAllDeviceTokens(db, user.id, now), forgetDecidedAuthorizations(db, user.id)]);
      request.log.info({ userId: user.id }, "signed out everywhere");
      reply.clearCookie(sessionCookieName, { path: "/api" });
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...endpointRoute(getAccountOverview),
    onRequest: requireSignInSession,
    handler: async (request) => {
      const { user } = signedInAccount(request);
      const [sessions, usedBytes] = await Promise.all([signInSessionsOfUser(db, user.id, request.session.sessionId, app.clock()), storedBytes(db, user.id)]);
      return {
        sessions: sessions.map((session) => ({
          id: session.id,
          description: session.description,
          createdAt: session.createdAt.toISOString(),
          lastUsedAt: session.lastSeenAt?.toISOString() ?? null,
          current: session.current,
        })),
        storage: { usedBytes, quotaBytes: plans[user.planType].limits.storageBytes },
      };
    },
  });

  app.route({
    ...endpointRoute(endSignInSession),
    onRequest: requireSignInSession,
    handler: async (request, reply) => {
      const { user } = signedInAccount(request);
      const ended = await destroySignInSessionOfUser(db, user.id, request.params.id);
      if (!ended) return reply.code(404).send({ message: "Session not found" });
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...endpointRoute(exportAccount),
    onRequest: requireSignInSession,
    preHandler: limitExports,
    handler: async (request, reply) => {
      const { user } = signedInAccount(request);
      const now = app.clock();
      // All but the backups is read first, so most failures still answer with a status (decision 221).
      const head = await accountExportHead(db, user, now);
      let backups = 0;
      async function* counted() {
        for await (const page of backupPagesOfUserForExport(db, user.id)) {
          backups += page.length;
          yield page;
        }
      }
      const document = Readable.from(accountExportDocument(head, counted()));
      document.on("end", () => request.log.info({ userId: user.id, backups }, "account exported"));
      // The connection is cut and the document stays unclosed: the download fails rather than looking whole.
      document.on("error", (error) => request.log.error({ err: error, userId: user.id, backups }, "account export stopped midway"));
      reply
        .header("content-type", "application/json; charset=utf-8")
        .header("content-disposition", `attachment; filename="tabvault-export-${now.toISOString().slice(0, 10)}.json"`)
        .header("cache-control", "no-store");
      return sendDocument(reply, document);
    },
  });

  app.route({
    ...endpointRoute(requestAccountDeletion),
    onRequest: requireSignInSession,
    preHandler: limitDeletionMail,
    handler: async (request, reply) => {
      const { user } = signedInAccount(request);
      const token = await issueDeletionToken(db, user.id, app.clock());
      // The token travels in the fragment: never in a server log or a Referer.
      const link = `${publicUrl}/account/delete#${new URLSearchParams({ token })}`;
      try {
        await mailer.send({ to: user.email, ...accountDeletionMessage({ link, minutesValid: ACCOUNT_DELETION_LINK_MINUTES }) });
      } catch (error) {
        request.log.error({ err: error }, "account deletion mail could not be sent");
        return reply.code(503).send({ message: "We could not send the email just now. Please try again in a minute." });
      }
      return reply.code(202).send({ message: `We sent a link to ${user.email}. Open it within ${ACCOUNT_DELETION_LINK_MINUTES} minutes to delete your account.` });
    },
  });

  app.route({
    ...endpointRoute(describeAccountDeletion),
    preHandler: limitDeletionLinks,
    handler: async (request, reply) => {
      const account = await accountOfDeletionToken(db, request.body.token, app.clock());
      if (!account) return reply.code(404).send({ message: linkInvalidMessage });
      return { email: account.email };
    },
  });

  app.route({
    ...endpointRoute(deleteAccount),
    preHandler: limitDeletionLinks,
    handler: async (request, reply) => {
      const now = app.clock();
      const account = await accountOfDeletionToken(db, request.body.token, now);
      if (!account) return reply.code(404).send({ message: linkInvalidMessage });
      const provider = payments.kind === "unavailable" ? null : payments.provider;
      const deleted = await deleteAccountNow(db, account, { now, provider, log: request.log });
      if (!deleted) return reply.code(404).send({ message: linkInvalidMessage });
      request.log.info({ userId: account.userId }, "account deleted");
      // Its sessions went with it; this browser's cookie names nothing now.
      if (request.session?.userId === account.userId) await request.session.destroy();
      reply.clearCookie(sessionCookieName, { path: "/api" });
      return reply.code(204).send(null);
    },
  });
};

/**
 * The export as it is written (decision 221): a stream skips the serializer, which is why each piece is encoded with
 * its part of the contract as it is written, and why the contract's type of the reply is left here.
 */
function sendDocument(reply: FastifyReply, document: Readable): FastifyReply {
  return reply.send(document);
}
