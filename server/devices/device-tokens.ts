import { randomBytes } from "node:crypto";
import { and, desc, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import type { DeviceToken } from "@common/api/accounts";
import type { DeviceTokenScope } from "@common/api/device-authorization";
import { DEVICE_TOKEN_IDLE_DAYS } from "@common/product";
import type { Database } from "../db/database";
import type { TokenDevice } from "../accounts/authentication";
import { tokenDigest } from "../accounts/secret-token";
import { deviceTokens, type UserRow, users } from "../accounts/table";

/** Recognisable in logs and secret scanners; the rest is 32 random bytes. */
const tokenPrefix = "tvd_";
/** last_used_at is written at most this often per token, not on every request. */
const lastUsedResolutionMs = 60_000;
export const maxDeviceTokensPerAccount = 20;

const idleLimitMs = DEVICE_TOKEN_IDLE_DAYS * 24 * 60 * 60_000;

/**
 * A token that still works: not revoked, and used (or made) within the last {@link DEVICE_TOKEN_IDLE_DAYS}
 * days, so a device that was lost or given away stops being able to act for the account on its own.
 */
export function liveDeviceTokens(now: Date) {
  const idleSince = new Date(now.getTime() - idleLimitMs);
  return and(isNull(deviceTokens.revokedAt), gt(sql`coalesce(${deviceTokens.lastUsedAt}, ${deviceTokens.createdAt})`, idleSince));
}

/** The account and device of an active token, or null; marks the token used (at most once a minute). */
export async function deviceOfToken(db: Database, token: string, now: Date): Promise<{ user: UserRow; device: TokenDevice } | null> {
  if (!token.startsWith(tokenPrefix) || token.length > 200) return null;
  const [row] = await db
    .select({ user: users, tokenId: deviceTokens.id, name: deviceTokens.name, scope: deviceTokens.scope, lastUsedAt: deviceTokens.lastUsedAt })
    .from(deviceTokens)
    .innerJoin(users, eq(users.id, deviceTokens.userId))
    .where(and(eq(deviceTokens.tokenHash, tokenDigest(token)), liveDeviceTokens(now)))
    .limit(1);
  if (!row) return null;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > lastUsedResolutionMs) {
    await db
      .update(deviceTokens)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(deviceTokens.id, row.tokenId),
          or(isNull(deviceTokens.lastUsedAt), lt(deviceTokens.lastUsedAt, new Date(now.getTime() - lastUsedResolutionMs))),
        ),
      );
  }
  return { user: row.user, device: { id: row.tokenId, name: row.name, scope: row.scope } };
}

/** `db` may be an open transaction (the device-authorization poll issues the token inside its own). */
export async function issueDeviceToken(
  db: Database,
  userId: string,
  name: string,
  scope: DeviceTokenScope,
  /** The injected clock's time. */
  now: Date,
): Promise<{ token: string; deviceToken: DeviceToken } | "too-many"> {
  return db.transaction(async (tx) => {
    const active = await tx
      .select({ id: deviceTokens.id })
      .from(deviceTokens)
      .where(and(eq(deviceTokens.userId, userId), liveDeviceTokens(now)))
      .for("update");
    if (active.length >= maxDeviceTokensPerAccount) return "too-many" as const;
    const token = `${tokenPrefix}${randomBytes(32).toString("base64url")}`;
    const [row] = await tx.insert(deviceTokens).values({ userId, name, scope, tokenHash: tokenDigest(token), createdAt: now }).returning();
    if (!row) throw new Error("device token insert returned no row");
    return { token, deviceToken: toDeviceToken(row) };
  });
}

export async function activeDeviceTokens(db: Database, userId: string, now: Date): Promise<DeviceToken[]> {
  const rows = await db
    .select()
    .from(deviceTokens)
    .where(and(eq(deviceTokens.userId, userId), liveDeviceTokens(now)))
    .orderBy(desc(deviceTokens.createdAt));
  return rows.map(toDeviceToken);
}

/** Revokes one of the account's tokens; false when it has no such active token. */
export async function markDeviceTokenRevoked(db: Database, userId: string, id: string, now: Date): Promise<boolean> {
  const revoked = await db
    .update(deviceTokens)
    .set({ revokedAt: now })
    .where(and(eq(deviceTokens.id, id), eq(deviceTokens.userId, userId), isNull(deviceTokens.revokedAt)))
    .returning({ id: deviceTokens.id });
  return revoked.length > 0;
}

/** Revokes every token of the account still in force (sign out everywhere, account deletion). */
export async function revokeAllDeviceTokens(db: Database, userId: string, now: Date): Promise<void> {
  await db.update(deviceTokens).set({ revokedAt: now }).where(and(eq(deviceTokens.userId, userId), isNull(deviceTokens.revokedAt)));
}

function toDeviceToken(row: typeof deviceTokens.$inferSelect): DeviceToken {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** Every token the account ever had, revoked ones too, for its export (never the hashes). */
export async function deviceTokensOfUser(db: Database, userId: string) {
  return db
    .select({
      id: deviceTokens.id,
      name: deviceTokens.name,
      scope: deviceTokens.scope,
      createdAt: deviceTokens.createdAt,
      lastUsedAt: deviceTokens.lastUsedAt,
      revokedAt: deviceTokens.revokedAt,
    })
    .from(deviceTokens)
    .where(eq(deviceTokens.userId, userId))
    .orderBy(deviceTokens.createdAt);
}
