import { and, eq, gt, lt } from "drizzle-orm";
import { ACCOUNT_DELETION_LINK_MINUTES } from "@common/product";
import { newSecretToken, tokenDigest } from "../accounts/secret-token";
import { users } from "../accounts/table";
import type { Database } from "../db/database";
import { accountDeletionTokens } from "./table";

/** Issues a deletion token for the account (expired ones of any account are pruned on the way). */
export async function issueDeletionToken(db: Database, userId: string, now: Date): Promise<string> {
  const token = newSecretToken();
  await db.delete(accountDeletionTokens).where(lt(accountDeletionTokens.expiresAt, now));
  await db.insert(accountDeletionTokens).values({
    tokenHash: tokenDigest(token),
    userId,
    expiresAt: new Date(now.getTime() + ACCOUNT_DELETION_LINK_MINUTES * 60_000),
    createdAt: now,
  });
  return token;
}

/** The account a token would delete: its id and address; null when the token is unknown or expired. */
export async function accountOfDeletionToken(db: Database, token: string, now: Date): Promise<{ userId: string; email: string } | null> {
  const [row] = await db
    .select({ userId: users.id, email: users.email })
    .from(accountDeletionTokens)
    .innerJoin(users, eq(users.id, accountDeletionTokens.userId))
    .where(and(eq(accountDeletionTokens.tokenHash, tokenDigest(token)), gt(accountDeletionTokens.expiresAt, now)))
    .limit(1);
  return row ?? null;
}
