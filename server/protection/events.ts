import { desc, eq, lt } from "drizzle-orm";
import type { ProtectionEvent } from "@common/api/protection";
import type { Database } from "../db/database";
import { protectionEvents } from "./table";

/** Any query runner: the database or an open transaction. */
type Runner = Pick<Database, "insert" | "select">;

export interface NewProtectionEvent {
  userId: string;
  eventType: string;
  description: string;
  createdAt: Date;
}

/**
 * The insert of one event as a query, not yet run: awaited on its own, or embedded as a clause of a
 * larger statement, as a backup does so that it and its event are written in one round trip.
 */
export function protectionEventInsert(db: Pick<Database, "insert">, event: NewProtectionEvent) {
  return db.insert(protectionEvents).values(event);
}

export async function recordProtectionEvent(
  db: Runner,
  userId: string,
  eventType: string,
  description: string,
  now: Date,
): Promise<ProtectionEvent> {
  const [row] = await protectionEventInsert(db, { userId, eventType, description, createdAt: now }).returning();
  if (!row) throw new Error("protection event insert returned no row");
  return toProtectionEvent(row);
}

export async function latestProtectionEvents(db: Database, userId: string, limit: number): Promise<ProtectionEvent[]> {
  const rows = await db
    .select()
    .from(protectionEvents)
    .where(eq(protectionEvents.userId, userId))
    .orderBy(desc(protectionEvents.createdAt), desc(protectionEvents.id))
    .limit(limit);
  return rows.map(toProtectionEvent);
}

function toProtectionEvent(row: typeof protectionEvents.$inferSelect): ProtectionEvent {
  return { id: String(row.id), eventType: row.eventType, description: row.description, createdAt: row.createdAt.toISOString() };
}

/** Deletes every account's events older than `cutoff` (the retention job); returns how many went. */
export async function deleteProtectionEventsBefore(db: Database, cutoff: Date): Promise<number> {
  const deleted = await db.delete(protectionEvents).where(lt(protectionEvents.createdAt, cutoff)).returning({ id: protectionEvents.id });
  return deleted.length;
}

/** Every event of the account still kept, oldest first, for its export. */
export async function protectionEventsOfUser(db: Database, userId: string) {
  return db
    .select({ type: protectionEvents.eventType, description: protectionEvents.description, createdAt: protectionEvents.createdAt })
    .from(protectionEvents)
    .where(eq(protectionEvents.userId, userId))
    .orderBy(protectionEvents.createdAt, protectionEvents.id);
}
