import { lt } from "drizzle-orm";
import type { CreateAppEventRequest } from "@common/api/events";
import type { Database } from "../db/database";
import { appEvents } from "./table";

export async function insertAppEvent(db: Database, event: CreateAppEventRequest): Promise<void> {
  await db.insert(appEvents).values({ name: event.name, path: event.path ?? null });
}

/** Deletes the app events older than `cutoff` (the retention job); returns how many went. */
export async function deleteAppEventsBefore(db: Database, cutoff: Date): Promise<number> {
  const deleted = await db.delete(appEvents).where(lt(appEvents.createdAt, cutoff)).returning({ id: appEvents.id });
  return deleted.length;
}
