import { randomInt } from "node:crypto";
import { and, count, eq, gt, isNull, lte, or } from "drizzle-orm";
import {
  DEVICE_AUTHORIZATION,
  type DeviceAuthorization,
  type DeviceAuthorizationError,
  type DeviceTokenGrant,
  type PendingDevice,
  scopeOfPlatform,
  type StartDeviceAuthorizationRequest,
} from "@common/api/device-authorization";
import { issueDeviceToken, maxDeviceTokensPerAccount } from "./device-tokens";
import { newSecretToken, tokenDigest } from "../accounts/secret-token";
import { deviceTokens, users } from "../accounts/table";
import type { Database } from "../db/database";
import { type DeviceAuthorizationRow, deviceAuthorizations } from "./table";

/** Where the person confirms; the extension opens it with the code filled in. */
export const verificationPath = "/connect";

/** XXXX-XXXX, as people read and type it. */
export function formatUserCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

function newUserCode(): string {
  const alphabet = DEVICE_AUTHORIZATION.userCodeAlphabet;
  return Array.from({ length: DEVICE_AUTHORIZATION.userCodeLength }, () => alphabet[randomInt(alphabet.length)]).join("");
}

/**
 * How long a decided request is kept after the code expired. Approved: the person said yes in time,
 * and the device (asleep, offline) holds the only copy of the 256-bit device code, so a late poll is
 * no weaker than the token it gets. Denied: the late device still learns it was refused, and the
 * person sees their decision again.
 */
export const decidedGraceMs = 24 * 60 * 60_000;

/**
 * A new pairing request, its scope the one its kind of device gets (decision 215). Expired requests are pruned
 * first (decided ones after their grace), so the unique user code only competes with live ones; a clash (1 in 25
 * billion per live code) just draws another code.
 */
export async function startAuthorization(
  db: Database,
  input: Pick<StartDeviceAuthorizationRequest, "clientName" | "platform">,
  now: Date,
): Promise<DeviceAuthorization> {
  await db
    .delete(deviceAuthorizations)
    .where(
      or(
        and(eq(deviceAuthorizations.status, "pending"), lte(deviceAuthorizations.expiresAt, now)),
        lte(deviceAuthorizations.expiresAt, new Date(now.getTime() - decidedGraceMs)),
      ),
    );
  for (let attempt = 0; attempt < 5; attempt++) {
    const deviceCode = newSecretToken();
    const userCode = newUserCode();
    const inserted = await db
      .insert(deviceAuthorizations)
      .values({
        deviceCodeHash: tokenDigest(deviceCode),
        userCode,
        clientName: input.clientName,
        platform: input.platform,
        scope: scopeOfPlatform[input.platform],
        interval: DEVICE_AUTHORIZATION.intervalSeconds,
        expiresAt: new Date(now.getTime() + DEVICE_AUTHORIZATION.expiresInSeconds * 1000),
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: deviceAuthorizations.id });
    if (inserted.length === 0) continue;
    const formatted = formatUserCode(userCode);
    return {
      deviceCode,
      userCode: formatted,
      verificationUri: verificationPath,
      verificationUriComplete: `${verificationPath}?code=${formatted}`,
      expiresIn: DEVICE_AUTHORIZATION.expiresInSeconds,
      interval: DEVICE_AUTHORIZATION.intervalSeconds,
    };
  }
  throw new Error("could not draw a free user code in 5 attempts");
}

export type PollOutcome = { grant: DeviceTokenGrant } | { refusal: DeviceAuthorizationError };

const refusal = (error: DeviceAuthorizationError["error"], message: string, interval?: number): PollOutcome => ({
  refusal: { message, error, ...(interval === undefined ? {} : { interval }) },
});

/**
 * One poll of the device (RFC 8628 §3.4, §3.5), in one transaction that locks the request's row: two
 * polls at once cannot both collect the token, and the token is issued in the same transaction that
 * deletes the request, so the device code works exactly once.
 */
export async function pollAuthorization(db: Database, deviceCode: string, now: Date): Promise<PollOutcome> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(deviceAuthorizations)
      .where(eq(deviceAuthorizations.deviceCodeHash, tokenDigest(deviceCode)))
      .for("update");
    // An unknown code is answered as expired: either way the device must start again.
    if (!row) return refusal("expired_token", "This connection request is unknown or has expired. Start connecting again.");
    const remove = () => tx.delete(deviceAuthorizations).where(eq(deviceAuthorizations.id, row.id));

    // Approved in time: the token is handed over even if the device's poll comes after expiry.
    if (row.status === "approved" && row.userId && now.getTime() < row.expiresAt.getTime() + decidedGraceMs) {
      await remove();
      const [owner] = await tx.select({ email: users.email }).from(users).where(eq(users.id, row.userId));
      const created = await issueDeviceToken(tx, row.userId, row.clientName, row.scope, now);
      if (!owner || created === "too-many") {
        return refusal("access_denied", `The account already has ${maxDeviceTokensPerAccount} connected devices. Remove one on the dashboard, then connect again.`);
      }
      return {
        grant: {
          accessToken: created.token,
          tokenType: "Bearer",
          scope: row.scope,
          deviceId: created.deviceToken.id,
          deviceName: created.deviceToken.name,
          email: owner.email,
        },
      };
    }
    if (row.status === "denied" && now.getTime() < row.expiresAt.getTime() + decidedGraceMs) {
      await remove();
      return refusal("access_denied", "The connection was refused on the website.");
    }
    if (row.expiresAt.getTime() <= now.getTime()) {
      await remove();
      return refusal("expired_token", "This connection request has expired. Start connecting again.");
    }
    const tooSoon = row.lastPolledAt !== null && now.getTime() - row.lastPolledAt.getTime() < row.interval * 1000;
    const interval = tooSoon ? row.interval + DEVICE_AUTHORIZATION.slowDownSeconds : row.interval;
    await tx.update(deviceAuthorizations).set({ lastPolledAt: now, interval }).where(eq(deviceAuthorizations.id, row.id));
    if (tooSoon) return refusal("slow_down", `Polling too fast: wait ${interval} seconds between polls.`, interval);
    return refusal("authorization_pending", "Waiting for the connection to be confirmed on the website.", interval);
  });
}

/**
 * A request as the connect page shows it. A pending request is visible to any signed-in person who
 * has its code; once decided, only to the person who decided it.
 */
export async function describeAuthorization(db: Database, userCode: string, userId: string, now: Date): Promise<PendingDevice | null> {
  const [row] = await db.select().from(deviceAuthorizations).where(eq(deviceAuthorizations.userCode, userCode));
  if (!row || (row.status !== "pending" && row.userId !== userId)) return null;
  return toPendingDevice(row, now);
}

export type Decision = "approved" | "denied";
export type DecisionOutcome = { device: PendingDevice } | { conflict: string } | "not-found";

/**
 * Approves or denies a pending request for the signed-in account. One conditional update decides,
 * so two people racing on one code cannot both win; repeating one's own decision is answered as done.
 */
export async function decideAuthorization(db: Database, userCode: string, userId: string, decision: Decision, now: Date): Promise<DecisionOutcome> {
  if (decision === "approved") {
    const [{ active } = { active: 0 }] = await db
      .select({ active: count() })
      .from(deviceTokens)
      .where(and(eq(deviceTokens.userId, userId), isNull(deviceTokens.revokedAt)));
    if (active >= maxDeviceTokensPerAccount) {
      return { conflict: `An account can have ${maxDeviceTokensPerAccount} connected devices; remove one you no longer use on the dashboard first.` };
    }
  }
  const [decided] = await db
    .update(deviceAuthorizations)
    .set({ status: decision, userId })
    .where(
      and(
        eq(deviceAuthorizations.userCode, userCode),
        eq(deviceAuthorizations.status, "pending"),
        gt(deviceAuthorizations.expiresAt, now),
      ),
    )
    .returning();
  if (decided) return { device: toPendingDevice(decided, now) };

  const [row] = await db.select().from(deviceAuthorizations).where(eq(deviceAuthorizations.userCode, userCode));
  if (!row || (row.status !== "pending" && row.userId !== userId)) return "not-found";
  if (row.status === decision) return { device: toPendingDevice(row, now) };
  if (row.status === "pending") return { conflict: "This connection code has expired. Start connecting again from the device." };
  return {
    conflict:
      row.status === "approved"
        ? "This device is already connected. To disconnect it, remove it from your devices on the dashboard."
        : "This connection was refused already. Start connecting again from the device.",
  };
}

function toPendingDevice(row: DeviceAuthorizationRow, now: Date): PendingDevice {
  const expired = row.status === "pending" && row.expiresAt.getTime() <= now.getTime();
  return {
    userCode: formatUserCode(row.userCode),
    clientName: row.clientName,
    platform: row.platform,
    scope: row.scope,
    status: expired ? "expired" : row.status,
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** Forgets every connection the account decided, so an approved one can no longer be collected (sign out everywhere). */
export async function forgetDecidedAuthorizations(db: Database, userId: string): Promise<void> {
  await db.delete(deviceAuthorizations).where(eq(deviceAuthorizations.userId, userId));
}
