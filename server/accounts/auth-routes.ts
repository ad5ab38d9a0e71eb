import type { FastifyReply } from "fastify";
import { describeBrowser } from "./browser-description";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  completeSignIn,
  confirmSignIn,
  describeSignInLink,
  SIGN_IN_CONFIRM_PATH,
  emailAddressSchema,
  getCurrentUser,
  type SignInError,
  signIn,
  signOut,
  updateProfile,
} from "@common/api/accounts";
import type { Database } from "../db/database";
import { endpointRoute } from "../http/endpoint-route";
import type { Mailer } from "../mail/mailer";
import { rateLimitGuard } from "../rate-limits/rate-limits";
import { type Account, requireSignInSession, requireUser, sessionCookieName, signedInAccount } from "./authentication";
import { sameOriginPath } from "./next-path";
import { mailSendingLimits } from "./rate-limit-rules";
import { MailNotSentError, sendSignInLink } from "./sign-in-links";
import { redeemSignInToken, usableSignInTokenEmail } from "./sign-in-tokens";
import { findOrCreateUser, recordSignIn, toAuthUser, updateNames } from "./users";

export interface AuthRoutesOptions {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
}

/** base64url of 32 bytes is 43 characters; anything else is not one of our tokens. */
const tokenPattern = /^[A-Za-z0-9_-]{43,128}$/;

const linkInvalidMessage = "That sign-in link has expired or was already used. Ask for a new one on the sign-in page.";

/** The sign-in screen with a reason, for navigations that cannot show a JSON error. */
function toSignInScreen(reply: FastifyReply, error: SignInError | null, extra: Record<string, string> = {}) {
  const query = new URLSearchParams({ ...(error ? { error } : {}), ...extra }).toString();
  return reply.redirect(query ? `/sign-in?${query}` : "/sign-in", 303);
}

/**
 * Sign-in by email link (spec 1 §7 browser navigations /api/login and /api/logout), the callback the
 * link opens, and the signed-in user.
 */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { db, mailer, publicUrl }) => {
  const limitMail = rateLimitGuard(app, mailSendingLimits, {
    // A browser navigation gets the sign-in screen with the reason, an API client the 429 itself.
    onExceeded: (request, reply, { message, retryAfterSeconds }) => {
      reply.header("retry-after", String(retryAfterSeconds));
      if (request.headers.accept?.includes("text/html")) {
        return toSignInScreen(reply, "rate-limited", { retryAfter: String(retryAfterSeconds) });
      }
      return reply.code(429).send({ message });
    },
  });

  app.route({
    ...endpointRoute(signIn),
    preHandler: limitMail,
    handler: async (request, reply) => {
      const nextPath = sameOriginPath(request.query.next, publicUrl);
      const keep: Record<string, string> = nextPath ? { next: nextPath } : {};
      if (request.query.email === undefined || request.query.email.trim() === "") {
        return toSignInScreen(reply, null, keep);
      }
      const email = emailAddressSchema.safeParse(request.query.email);
      if (!email.success) {
        return toSignInScreen(reply, "invalid-email", { email: request.query.email.slice(0, 254), ...keep });
      }
      // Signing in with a new address opens a free account: the link proves the address either way,
      // and answering alike for known and unknown addresses tells nobody which exist.
      const { user } = await findOrCreateUser(db, email.data, null);
      try {
        await sendSignInLink(
          { db, mailer, publicUrl, now: app.clock(), log: request.log },
          user,
          { kind: "sign-in", nextPath },
        );
      } catch (error) {
        if (error instanceof MailNotSentError) return toSignInScreen(reply, "mail-failed", { email: email.data, ...keep });
        throw error;
      }
      return reply.redirect(`/check-email?${new URLSearchParams({ email: email.data })}`, 303);
    },
  });

  const isToken = (token: string | undefined): token is string => token !== undefined && tokenPattern.test(token);

  app.route({
    ...endpointRoute(completeSignIn),
    handler: async (request, reply) => {
      // Opening the link only checks it: signing in needs the person's own click on our page, or any
      // site could sign a visitor in to an account of its choosing (sign-in CSRF).
      const token = request.query.token;
      if (!isToken(token) || (await usableSignInTokenEmail(db, token, app.clock())) === null) {
        return toSignInScreen(reply, "link-invalid");
      }
      return reply.redirect(`${SIGN_IN_CONFIRM_PATH}#${new URLSearchParams({ token })}`, 303);
    },
  });

  app.route({
    ...endpointRoute(describeSignInLink),
    handler: async (request, reply) => {
      const email = isToken(request.body.token) ? await usableSignInTokenEmail(db, request.body.token, app.clock()) : null;
      if (email === null) return reply.code(404).send({ message: linkInvalidMessage });
      return { email };
    },
  });

  app.route({
    ...endpointRoute(confirmSignIn),
    handler: async (request, reply) => {
      const { token } = request.body;
      const grant = isToken(token) ? await redeemSignInToken(db, token, app.clock()) : null;
      const user = grant ? await recordSignIn(db, grant.userId, app.clock()) : undefined;
      if (!grant || !user) return reply.code(404).send({ message: linkInvalidMessage });
      // A fresh session id at sign-in, so an id planted before sign-in is worth nothing after it.
      await request.session.regenerate();
      request.session.userId = user.id;
      request.session.device = describeBrowser(request.headers["user-agent"]);
      request.log.info({ userId: user.id }, "signed in");
      return { next: sameOriginPath(grant.nextPath, publicUrl) ?? "/" };
    },
  });

  app.route({
    ...endpointRoute(signOut),
    handler: async (request, reply) => {
      if (request.session?.sessionId) await request.session.destroy();
      reply.clearCookie(sessionCookieName, { path: "/api" });
      return reply.redirect("/", 303);
    },
  });

  app.route({
    ...endpointRoute(getCurrentUser),
    onRequest: requireUser,
    handler: async (request) => {
      const account = signedInAccount(request);
      return toAuthUser(account.user, account.isAdmin, teamOfAccount(account));
    },
  });

  app.route({
    ...endpointRoute(updateProfile),
    onRequest: requireSignInSession,
    handler: async (request, reply) => {
      const account = signedInAccount(request);
      const updated = await updateNames(db, account.user.id, request.body, app.clock());
      if (!updated) return reply.code(401).send({ message: "Unauthorized" });
      return toAuthUser({ ...updated, planType: account.user.planType }, account.isAdmin, teamOfAccount(account));
    },
  });
};

/** The team as the signed-in person's answer names it. */
function teamOfAccount(account: Account) {
  if (!account.team) return null;
  return { name: account.team.teamName, role: account.team.role, planFromTeam: account.user.planType !== account.ownPlanType };
}
