import { desc, lt, sql } from "drizzle-orm";
import type { SystemLogPage } from "@common/api/system-log";
import type { Database } from "../db/database";
import { systemLogs } from "./table";

/** Up to `limit` entries, newest first, older than `cursor` (the previous page's last id). */
export async function readLogPage(db: Database, limit: number, cursor: number | undefined): Promise<SystemLogPage> {
  // One row more than the page says whether another page follows.
  const rows = await db
    .select()
    .from(systemLogs)
    .where(cursor === undefined ? undefined : lt(systemLogs.id, cursor))
    .orderBy(desc(systemLogs.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return {
    entries: page.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    nextCursor: rows.length > limit ? (page.at(-1)?.id ?? null) : null,
  };
}

export async function deleteAllEntries(db: Database): Promise<void> {
  await db.delete(systemLogs);
}

/** Replaces `text` (a deleted account's address) wherever the system log quotes it. */
export async function redactFromSystemLog(db: Pick<Database, "update">, text: string, replacement: string): Promise<void> {
  await db
    .update(systemLogs)
    .set({ message: sql`replace(${systemLogs.message}, ${text}, ${replacement})` })
    .where(sql`strpos(${systemLogs.message}, ${text}) > 0`);
}
