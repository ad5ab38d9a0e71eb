import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/database";
import { protectionEvents } from "./table";

/** Days (UTC) on which the account backed up, restored or blocked something. */
export async function activeDays(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ days: sql<number>`count(distinct (${protectionEvents.createdAt} at time zone 'UTC')::date)::int` })
    .from(protectionEvents)
    .where(eq(protectionEvents.userId, userId));
  return row?.days ?? 0;
}
