import { and, desc, eq, gt, isNull, lt, or } from "drizzle-orm";
import { SIGN_IN_LINK_MINUTES } from "@common/api/accounts";
import type { Database } from "../db/database";
import { newSecretToken, tokenDigest } from "./secret-token";
import { signInTokens, users } from "./table";

const linkLifetimeMs = SIGN_IN_LINK_MINUTES * 60_000;

/** Issues a single-use sign-in token for the account; returns the raw token for the link. */
export async function issueSignInToken(
  db: Database,
  { userId, nextPath, now }: { userId: string; nextPath: string | null; now: Date },
): Promise<string> {
  const token = newSecretToken();
  await db.insert(signInTokens).values({
    tokenHash: tokenDigest(token),
    userId,
    nextPath,
    expiresAt: new Date(now.getTime() + linkLifetimeMs),
    createdAt: now,
  });
  return token;
}

/** The row of a token that can still be redeemed: known, unused, unexpired. */
const usable = (token: string, now: Date) =>
  and(eq(signInTokens.tokenHash, tokenDigest(token)), isNull(signInTokens.usedAt), gt(signInTokens.expiresAt, now));

/**
 * Marks the token used and returns what it grants, or null when it is unknown, expired or already
 * used. One UPDATE decides, so two clicks racing on one link sign in at most once.
 */
export async function redeemSignInToken(
  db: Database,
  token: string,
  now: Date,
): Promise<{ userId: string; nextPath: string | null } | null> {
  const [row] = await db
    .update(signInTokens)
    .set({ usedAt: now })
    .where(usable(token, now))
    .returning({ userId: signInTokens.userId, nextPath: signInTokens.nextPath });
  return row ?? null;
}

/** The address a link would sign in to, without spending it; null when it is unknown, expired or used. */
export async function usableSignInTokenEmail(db: Database, token: string, now: Date): Promise<string | null> {
  const [row] = await db
    .select({ email: users.email })
    .from(signInTokens)
    .innerJoin(users, eq(users.id, signInTokens.userId))
    .where(usable(token, now))
    .limit(1);
  return row?.email ?? null;
}

/** True when a still-unused link was sent to the account after `since` (a double click, a resend). */
export async function hasRecentUnusedToken(db: Database, userId: string, since: Date): Promise<boolean> {
  const [row] = await db
    .select({ createdAt: signInTokens.createdAt })
    .from(signInTokens)
    .where(and(eq(signInTokens.userId, userId), isNull(signInTokens.usedAt), gt(signInTokens.createdAt, since)))
    .orderBy(desc(signInTokens.createdAt))
    .limit(1);
  return row !== undefined;
}

/** Removes tokens that can no longer be redeemed. */
export async function pruneSignInTokens(db: Database, now: Date): Promise<void> {
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60_000);
  await db.delete(signInTokens).where(or(lt(signInTokens.expiresAt, dayAgo), lt(signInTokens.usedAt, dayAgo)));
}
