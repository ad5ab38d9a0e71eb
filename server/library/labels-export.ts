import { and, asc, eq, isNotNull, or, sql } from "drizzle-orm";
import type { AccountExport } from "@common/api/account-data";
import { savedSessions } from "../backups/table";
import type { Database } from "../db/database";

/**
 * The tags, note and pin of each of the account's backups that has any (the library, decisions 153–154),
 * oldest backup first, for the account export (decision 216).
 */
export async function backupLabelsOfUserForExport(db: Database, userId: string): Promise<AccountExport["backupLabels"]> {
  const rows = await db
    .select({ backupId: savedSessions.id, tags: savedSessions.tags, note: savedSessions.note, pinnedAt: savedSessions.pinnedAt })
    .from(savedSessions)
    .where(and(eq(savedSessions.userId, userId), or(sql`cardinality(${savedSessions.tags}) > 0`, isNotNull(savedSessions.note), isNotNull(savedSessions.pinnedAt))))
    .orderBy(asc(savedSessions.createdAt), asc(savedSessions.id));
  return rows.map((row) => ({ ...row, pinnedAt: row.pinnedAt?.toISOString() ?? null }));
}
