import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { captureEmail, createFreeAccount, type VerifiedUser, verifyUser } from "@common/api/accounts";
import type { Database } from "../db/database";
import { endpointRoute } from "../http/endpoint-route";
import type { Mailer } from "../mail/mailer";
import { rateLimitGuard } from "../rate-limits/rate-limits";
import { planStatusLabel } from "./plan-status";
import { emailLookupLimits, mailSendingLimits } from "./rate-limit-rules";
import { MailNotSentError, mailNotSentMessage, sendSignInLink } from "./sign-in-links";
import type { UserRow } from "./table";
import { findOrCreateUser, findUserByEmail } from "./users";

export interface SignupRoutesOptions {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
}

/** Email capture, free sign-up and account verification. */
export const signupRoutes: FastifyPluginAsyncZod<SignupRoutesOptions> = async (app, { db, mailer, publicUrl }) => {
  const limitMail = rateLimitGuard(app, mailSendingLimits);
  const limitLookups = rateLimitGuard(app, emailLookupLimits);

  app.route({
    ...endpointRoute(captureEmail),
    preHandler: limitMail,
    handler: async (request, reply) => {
      const { email, source } = request.body;
      const { user } = await findOrCreateUser(db, email, source);
      // Only a verified address is welcomed back: one that never opened its link is answered (and mailed)
      // as a new one, so the answer tells nobody whether an account exists.
      if (user.emailVerifiedAt !== null) {
        return {
          userExists: true,
          message: "Welcome back! We'll email you a link to sign in.",
          canDownload: true,
        };
      }
      try {
        await sendSignInLink(
          { db, mailer, publicUrl, now: app.clock(), log: request.log },
          user,
          { kind: "verification", nextPath: null },
        );
      } catch (error) {
        if (error instanceof MailNotSentError) return reply.code(503).send({ message: mailNotSentMessage });
        throw error;
      }
      return {
        userExists: false,
        message: "Email registered! Open the link we sent you to confirm your address.",
        canDownload: false,
      };
    },
  });

  app.route({
    ...endpointRoute(createFreeAccount),
    preHandler: limitMail,
    handler: async (request, reply) => {
      const { user } = await findOrCreateUser(db, request.body.email, "free_signup_dialog");
      try {
        await sendSignInLink(
          { db, mailer, publicUrl, now: app.clock(), log: request.log },
          user,
          { kind: "sign-in", nextPath: null },
        );
      } catch (error) {
        if (error instanceof MailNotSentError) return reply.code(503).send({ message: mailNotSentMessage });
        throw error;
      }
      return { message: "Your free account is ready. We emailed you a link to sign in.", email: user.email };
    },
  });

  app.route({
    ...endpointRoute(verifyUser),
    preHandler: limitLookups,
    handler: async (request) => {
      const user = await findUserByEmail(db, request.body.email);
      const asker = await request.loadAccount();
      const mayReadAccount = user !== undefined && asker !== null && (asker.isAdmin || asker.user.id === user.id);
      // Anyone else learns one thing: whether the address is verified. An account that never confirmed
      // its address is answered as none, and plan, status and dates stay with the owner and admins.
      if (!mayReadAccount) {
        return user?.emailVerifiedAt
          ? { verified: true, user: null, message: verifiedMessage }
          : { verified: false, user: null, message: "No verified TabVault account uses this email address." };
      }
      const view = accountView(user);
      if (user.emailVerifiedAt === null) {
        return {
          verified: false,
          user: view,
          message: "This account exists but its email address is not confirmed yet. Open the link we emailed, or sign in to get a new one.",
        };
      }
      return { verified: true, user: view, message: verifiedMessage };
    },
  });
};

const verifiedMessage = "This email address belongs to a verified TabVault account.";

/** What the owner and admins see of an account on /verify. */
function accountView(user: UserRow): VerifiedUser {
  return {
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    planType: user.planType,
    planStatus: planStatusLabel(user),
    createdAt: user.createdAt.toISOString(),
  };
}
