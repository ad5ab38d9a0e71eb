import { sql } from "drizzle-orm";
import type { Database } from "./database";

export class DatabaseTimeoutError extends Error {
  override name = "DatabaseTimeoutError";
}

/** Resolves with the round-trip time, or rejects when the database fails or is slower than timeoutMs. */
export async function pingDatabase(db: Database, timeoutMs: number): Promise<number> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DatabaseTimeoutError("Database did not answer in time")), timeoutMs);
  });
  try {
    await Promise.race([db.execute(sql`select 1`), timeout]);
    return performance.now() - started;
  } finally {
    clearTimeout(timer);
  }
}
