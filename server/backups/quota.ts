import { and, asc, eq, isNull, ne, sql } from "drizzle-orm";
import { EMERGENCY_BOUNDS, type PlanType, plans, storageText } from "@common/plans";
import type { Database } from "../db/database";
import { rowsOf } from "../db/rows";
import { backupTabLists, savedSessions, tabContents } from "./table";

/** Any query runner: the database or the backup's open transaction. */
type Runner = Pick<Database, "select" | "execute" | "delete">;

/** A backup that does not fit in the plan's storage: answered 413 with this message by the error handler (decision 205). */
export class QuotaFullError extends Error {
  override name = "QuotaFullError";
  readonly statusCode = 413;
}

const storageUpgradeOf: Record<PlanType, PlanType | null> = { free: "basic", basic: "pro", pro: "premium", premium: null };

/**
 * Bytes the account's backups take as stored (decision 135): what each backup stores itself (`size_bytes`) and
 * each tab content once, however many backups hold it (decision 212).
 */
export async function storedBytes(db: Pick<Database, "select">, userId: string): Promise<number> {
  const [row] = await db
    .select({
      bytes: sql<string>`coalesce(sum(${savedSessions.sizeBytes}), 0)
        + (select coalesce(sum(${tabContents.sizeBytes}), 0) from ${tabContents} where ${tabContents.userId} = ${userId}::uuid)`,
    })
    .from(savedSessions)
    .where(eq(savedSessions.userId, userId));
  return Number(row?.bytes ?? 0);
}

/** What one backup added to the account's storage: its own bytes and the contents no other backup holds (decision 212). */
async function bytesAddedBy(tx: Runner, userId: string, backupId: string): Promise<number> {
  const [row] = rowsOf<{ bytes: number | string }>(
    await tx.execute(sql`
      select (select ${savedSessions.sizeBytes} from ${savedSessions} where ${savedSessions.id} = ${backupId}::uuid)
        + coalesce((select sum(c.size_bytes) from ${tabContents} c
          where c.id in (
            select unnest(l.content_ids) from ${backupTabLists} l where l.session_id = ${backupId}::uuid
            except
            select unnest(l.content_ids) from ${backupTabLists} l where l.user_id = ${userId}::uuid and l.session_id <> ${backupId}::uuid
          )), 0) as bytes`),
  );
  return Number(row?.bytes ?? 0);
}

function upgradeAdvice(planType: PlanType): string {
  const next = storageUpgradeOf[planType];
  const upgrade = next ? `, or upgrade to ${plans[next].name} for ${storageText(plans[next].limits.storageBytes)}` : "";
  return `Delete backups you no longer need in the Session Manager${upgrade}.`;
}

/** What a refused backup is told: what is full, and what to do; an emergency also how far past it it may go. */
export function quotaFullMessage(planType: PlanType, usedBytes: number, backupBytes: number, emergency = false): string {
  const plan = plans[planType];
  const past = emergency ? `, past the ${storageText(emergencyAllowanceBytes(planType))} over it an emergency backup may use` : "";
  return (
    `Backup storage full: your backups use ${storageText(usedBytes)} of the ${storageText(plan.limits.storageBytes)} ` +
    `${plan.name} stores, and this backup needs ${storageText(backupBytes)} more${past}. ${upgradeAdvice(planType)}`
  );
}

/** What an emergency backup kept over the quota says about it (it is stored all the same). */
export function overQuotaMessage(planType: PlanType, usedBytes: number): string {
  const plan = plans[planType];
  return (
    `Your backups now use ${storageText(usedBytes)}, more than the ${storageText(plan.limits.storageBytes)} ${plan.name} stores: ` +
    `new manual saves are refused, and automatic backups stored only in place of older ones, until there is room. ${upgradeAdvice(planType)}`
  );
}

export interface QuotaOutcome {
  /** Automatic backups removed to make room for an emergency or automatic backup. */
  removedForSpace: number;
  /** Bytes stored beyond the quota after an emergency backup that could not fit; 0 when it fits. */
  overBytes: number;
  usedBytes: number;
}

/**
 * What a backup that does not fit may do (decisions 135, 208, 209):
 * - "refuse": nothing (a manual save): {@link QuotaFullError};
 * - "make-room": the oldest automatic backups go until it fits (an automatic backup: refused only when that is
 *   not enough);
 * - "make-room-then-exceed": the same, then kept at most `EMERGENCY_BOUNDS.overStorageShare` of the plan's storage
 *   past it (an emergency within its bounds); past that it is refused too.
 */
export type QuotaRule = "refuse" | "make-room" | "make-room-then-exceed";

/** How far an emergency backup may take an account past its plan's storage (decision 209). */
export function emergencyAllowanceBytes(planType: PlanType): number {
  return Math.floor(plans[planType].limits.storageBytes * EMERGENCY_BOUNDS.overStorageShare);
}

/**
 * Checks the account's storage after a backup was written (and rotated) in the open transaction,
 * with the account row locked. A backup that fits changes nothing. One that does not, by its `rule`:
 * refused ({@link QuotaFullError}, so the transaction rolls back), or room is made by deleting the oldest
 * automatic backups, as rotation takes them (decision 039), pinned ones never (decision 154), until it fits; an
 * emergency that still does not fit is kept over the quota, within its bound, and the outcome says by how much,
 * for the response and the log.
 */
export async function enforceQuota(
  tx: Runner,
  planType: PlanType,
  userId: string,
  backup: { sessionId: string; rule: QuotaRule },
): Promise<QuotaOutcome> {
  const quota = plans[planType].limits.storageBytes;
  const used = await storedBytes(tx, userId);
  if (used <= quota) return { removedForSpace: 0, overBytes: 0, usedBytes: used };
  if (backup.rule === "refuse") {
    const added = await bytesAddedBy(tx, userId, backup.sessionId);
    throw new QuotaFullError(quotaFullMessage(planType, used - added, added));
  }
  // The oldest automatic backup goes, one at a time, until the account fits (or none is left): what removing one
  // frees — its own bytes and the contents no other backup holds (decision 212) — is known only once it is removed,
  // so choosing several by their own bytes would remove more backups than the room needs.
  let removedForSpace = 0;
  let after = used;
  while (after > quota) {
    const [oldest] = await tx
      .select({ id: savedSessions.id })
      .from(savedSessions)
      .where(
        and(
          eq(savedSessions.userId, userId),
          eq(savedSessions.triggerEvent, "auto_backup"),
          isNull(savedSessions.pinnedAt),
          ne(savedSessions.id, backup.sessionId),
        ),
      )
      .orderBy(asc(savedSessions.createdAt), asc(savedSessions.id))
      .limit(1);
    if (!oldest) break;
    await tx.delete(savedSessions).where(and(eq(savedSessions.userId, userId), eq(savedSessions.id, oldest.id)));
    removedForSpace += 1;
    after = await storedBytes(tx, userId);
  }
  const overBytes = Math.max(0, after - quota);
  const mayExceed = backup.rule === "make-room-then-exceed" ? emergencyAllowanceBytes(planType) : 0;
  if (overBytes > mayExceed) {
    const added = await bytesAddedBy(tx, userId, backup.sessionId);
    throw new QuotaFullError(quotaFullMessage(planType, after - added, added, backup.rule === "make-room-then-exceed"));
  }
  return { removedForSpace, overBytes, usedBytes: after };
}
