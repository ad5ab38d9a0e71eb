import { and, desc, eq, isNull, ne, notInArray, sql } from "drizzle-orm";
import type { TriggerEvent } from "@common/api/backups";
import type { Database } from "../db/database";
import { savedSessions } from "./table";

/** Any query runner: the database or the backup's open transaction. */
type Runner = Pick<Database, "select" | "delete">;

const automatic: TriggerEvent = "auto_backup";

/**
 * Keeps at most `keep` of the account's backups, the new one always among them, and deletes the rest;
 * returns how many went. Automatic backups go first (oldest first): the capture engine makes a new one
 * whenever the page changes, so they must not push out the backups a person made or a Clear All
 * caused. Only when no automatic backup is left do the oldest emergency backups and manual saves go.
 * A pinned backup is never rotated out and does not count against `keep` (decision 154): the plan caps
 * how many may be pinned instead.
 */
export async function rotateBackups(tx: Runner, userId: string, keep: number, newSessionId: string): Promise<number> {
  const othersKept = tx
    .select({ id: savedSessions.id })
    .from(savedSessions)
    .where(and(eq(savedSessions.userId, userId), ne(savedSessions.id, newSessionId), isNull(savedSessions.pinnedAt)))
    // false sorts before true: every other backup is kept before any automatic one, newest first.
    .orderBy(sql`${savedSessions.triggerEvent} = ${automatic}`, desc(savedSessions.createdAt), desc(savedSessions.id))
    .limit(Math.max(keep - 1, 0));
  const rotated = await tx
    .delete(savedSessions)
    .where(
      and(
        eq(savedSessions.userId, userId),
        ne(savedSessions.id, newSessionId),
        isNull(savedSessions.pinnedAt),
        notInArray(savedSessions.id, othersKept),
      ),
    )
    .returning({ id: savedSessions.id });
  return rotated.length;
}
