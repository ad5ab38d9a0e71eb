import { and, desc, eq, gt, gte, inArray, isNull, ne, notInArray, or, sql } from "drizzle-orm";
import { emergencyTriggers, type TriggerEvent } from "@common/api/backups";
import { EMERGENCY_HOLD } from "@common/plan-catalogue";
import type { Database } from "../db/database";
import { backupWindows } from "./browser-tables";
import { savedSessions } from "./table";
import { backupsToThin } from "./thinning";

/** Any query runner: the database or the backup's open transaction. */
type Runner = Pick<Database, "select" | "delete">;

const automatic: TriggerEvent = "auto_backup";

/** What a new backup's rotation removes: the plan's count (`keep`, null for none) and thinning at `thinAt` (null: the plan has no automatic backups). */
export interface RotationPolicy {
  keep: number | null;
  thinAt: Date | null;
}

/** The order rotation keeps backups in: every other backup before any automatic one, newest first. */
const keptFirst = () => [sql`${savedSessions.triggerEvent} = ${automatic}`, desc(savedSessions.createdAt), desc(savedSessions.id)] as const;

/**
 * Removes what the plan does not keep once a new backup is written, in ONE delete (the one place rotation and
 * thinning delete backups), and says how many went each way:
 * - thinning (decision 208): the unpinned automatic backups `backupsToThin` names at `thinAt`;
 * - the plan's count: at most `keep` of the account's backups, the new one always among them. Automatic backups go
 *   first (oldest first): the capture engine makes a new one whenever the page changes, so they must not push out
 *   the backups a person made or a Clear All caused. Only when no automatic backup is left do the oldest emergency
 *   backups and manual saves go (decision 039).
 * A pinned backup is never removed and does not count against `keep` (decision 154): the plan caps how many may be
 * pinned instead.
 */
export async function rotateBackups(tx: Runner, userId: string, policy: RotationPolicy, newBackupId: string): Promise<{ rotatedOut: number; thinnedOut: number }> {
  const thinned = policy.thinAt ? await thinnedBackups(tx, userId, policy.thinAt, newBackupId) : [];
  if (thinned.length === 0 && policy.keep === null) return { rotatedOut: 0, thinnedOut: 0 };
  const unpinnedOthers = and(eq(savedSessions.userId, userId), ne(savedSessions.id, newBackupId), isNull(savedSessions.pinnedAt));
  const othersKept = tx
    .select({ id: savedSessions.id })
    .from(savedSessions)
    .where(thinned.length > 0 ? and(unpinnedOthers, notInArray(savedSessions.id, thinned)) : unpinnedOthers)
    .orderBy(...keptFirst())
    .limit(Math.max((policy.keep ?? 0) - 1, 0));
  const removed = await tx
    .delete(savedSessions)
    .where(
      and(
        unpinnedOthers,
        or(
          thinned.length > 0 ? inArray(savedSessions.id, thinned) : undefined,
          policy.keep === null ? undefined : notInArray(savedSessions.id, othersKept),
        ),
      ),
    )
    .returning({ id: savedSessions.id });
  const thinnedSet = new Set(thinned);
  const thinnedOut = removed.filter((row) => thinnedSet.has(row.id)).length;
  return { rotatedOut: removed.length - thinnedOut, thinnedOut };
}

/** The account's unpinned automatic backups thinning removes at `now` (decision 208). */
async function thinnedBackups(tx: Runner, userId: string, now: Date, newBackupId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: savedSessions.id, createdAt: savedSessions.createdAt })
    .from(savedSessions)
    .where(and(eq(savedSessions.userId, userId), eq(savedSessions.triggerEvent, automatic), isNull(savedSessions.pinnedAt), ne(savedSessions.id, newBackupId)));
  return backupsToThin(
    rows.map((row) => ({ ...row, thinnable: true })),
    now,
  );
}

/** The emergency backup a new one would push out while it must stay (decision 207). */
export interface HeldEmergency {
  id: string;
  tabCount: number;
  windowCount: number;
  createdAt: Date;
}

/**
 * On a plan that keeps `keep` backups, the emergency backup from the last hour (`EMERGENCY_HOLD`) with more tabs
 * than `tabCount` that rotation would remove to make way for a new backup of `tabCount` tabs, if any (decision
 * 207): the new one must then not be stored, so an accidental close is never pushed out by a smaller loss or a
 * save right after it. Read before the write, with the account row locked, in rotation's own order.
 */
export async function heldEmergency(tx: Runner, userId: string, keep: number, tabCount: number, now: Date): Promise<HeldEmergency | undefined> {
  const wouldGo = tx
    .select({ id: savedSessions.id })
    .from(savedSessions)
    .where(and(eq(savedSessions.userId, userId), isNull(savedSessions.pinnedAt)))
    .orderBy(...keptFirst())
    .offset(Math.max(keep - 1, 0));
  const since = new Date(now.getTime() - EMERGENCY_HOLD.minutes * 60_000);
  const [held] = await tx
    .select({ id: savedSessions.id, tabCount: savedSessions.tabCount, createdAt: savedSessions.createdAt, windowCount: sql<number>`(select count(*)::int from ${backupWindows} where ${backupWindows.sessionId} = ${savedSessions.id})` })
    .from(savedSessions)
    .where(
      and(
        eq(savedSessions.userId, userId),
        inArray(savedSessions.id, wouldGo),
        inArray(savedSessions.triggerEvent, [...emergencyTriggers]),
        gte(savedSessions.createdAt, since),
        gt(savedSessions.tabCount, tabCount),
      ),
    )
    .orderBy(desc(savedSessions.tabCount), desc(savedSessions.createdAt))
    .limit(1);
  return held;
}
