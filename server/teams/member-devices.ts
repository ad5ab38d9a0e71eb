import { and, desc, eq, isNull } from "drizzle-orm";
import type { TeamDevice, TeamMember } from "@common/api/teams";
import { liveDeviceTokens } from "../devices/device-tokens";
import { deviceTokens } from "../accounts/table";
import type { Database } from "../db/database";
import { recordTeamAudit } from "./audit-log";

/** A member's connected browsers and apps that still work: the Account page's list, read by the team's managers. */
export async function memberDevices(db: Database, userId: string, now: Date): Promise<TeamDevice[]> {
  const rows = await db
    .select({ id: deviceTokens.id, name: deviceTokens.name, scope: deviceTokens.scope, lastUsedAt: deviceTokens.lastUsedAt, createdAt: deviceTokens.createdAt })
    .from(deviceTokens)
    .where(and(eq(deviceTokens.userId, userId), liveDeviceTokens(now)))
    .orderBy(desc(deviceTokens.createdAt));
  return rows.map((row) => ({ ...row, lastUsedAt: row.lastUsedAt?.toISOString() ?? null, createdAt: row.createdAt.toISOString() }));
}

/** Disconnects one of a member's devices: its token stops working at once; the audit log says who did it. */
export async function revokeMemberDevice(
  db: Database,
  { teamId, actor, member, deviceId, now }: { teamId: string; actor: { id: string; email: string }; member: TeamMember; deviceId: string; now: Date },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(deviceTokens)
      .set({ revokedAt: now })
      .where(and(eq(deviceTokens.id, deviceId), eq(deviceTokens.userId, member.userId), isNull(deviceTokens.revokedAt)))
      .returning({ name: deviceTokens.name });
    if (!revoked) return false;
    await recordTeamAudit(tx, { teamId, actor, action: "deviceRevoked", detail: `${revoked.name} of ${member.email}`, at: now });
    return true;
  });
}
