import type { CreateAppEventRequest } from "@common/api/events";
import type { Database } from "../db/database";
import { appEvents } from "./table";

export async function insertAppEvent(db: Database, event: CreateAppEventRequest): Promise<void> {
  await db.insert(appEvents).values({ name: event.name, path: event.path ?? null });
}
