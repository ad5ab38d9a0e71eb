import type { FastifyBaseLogger } from "fastify";
import { completeSignIn, SIGN_IN_LINK_MINUTES } from "@common/api/accounts";
import { endpointUrl } from "@common/api/endpoint";
import type { Database } from "../db/database";
import type { Mailer } from "../mail/mailer";
import { signInMessage, verificationMessage } from "../mail/messages";
import { pruneExpiredSignInSessions } from "./session-store";
import { hasRecentUnusedToken, issueSignInToken, pruneSignInTokens } from "./sign-in-tokens";
import type { UserRow } from "./table";

/** A second request within this time reuses the link just sent instead of mailing another. */
const resendAfterMs = 60_000;

export interface SignInLinkContext {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  now: Date;
  log: FastifyBaseLogger;
}

export class MailNotSentError extends Error {
  override name = "MailNotSentError";
}

/**
 * Emails the account a single-use link that signs it in (and so proves the address). A "verification"
 * is the first such mail to a new address, worded as a welcome with the way to download the apps.
 * Returns false when a link sent moments ago is still unused and nothing new was sent.
 */
export async function sendSignInLink(
  context: SignInLinkContext,
  user: UserRow,
  { kind, nextPath }: { kind: "sign-in" | "verification"; nextPath: string | null },
): Promise<boolean> {
  const { db, mailer, publicUrl, now, log } = context;
  if (await hasRecentUnusedToken(db, user.id, new Date(now.getTime() - resendAfterMs))) return false;

  const token = await issueSignInToken(db, { userId: user.id, nextPath, now });
  const link = `${publicUrl}${endpointUrl(completeSignIn, { query: { token } })}`;
  const message =
    kind === "verification"
      ? verificationMessage({ link, minutesValid: SIGN_IN_LINK_MINUTES, downloadUrl: `${publicUrl}/download` })
      : signInMessage({ link, minutesValid: SIGN_IN_LINK_MINUTES });
  try {
    await mailer.send({ to: user.email, ...message });
  } catch (error) {
    log.error({ err: error }, "sign-in mail could not be sent");
    throw new MailNotSentError(`could not send mail to ${user.email}`, { cause: error });
  }
  // Housekeeping rides on a rare event instead of a timer every instance would run.
  await Promise.all([pruneSignInTokens(db, now), pruneExpiredSignInSessions(db, now)]).catch((error: unknown) =>
    log.warn({ err: error }, "pruning expired sign-in tokens and sessions failed"),
  );
  return true;
}

export const mailNotSentMessage = "We could not send the email just now. Please try again in a minute.";
