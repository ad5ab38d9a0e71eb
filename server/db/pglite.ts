import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { lockDataDir } from "./data-dir-lock";
import type { Database, DatabaseConnection } from "./database";
import { findMigrationsFolder } from "./migrations-folder";
import * as schema from "./schema";

export interface PgliteOptions {
  /** Persist under DATA_DIR/db (locked against a second process); in memory when absent. */
  dataDir?: string;
  /** A dumped data directory to start from (tests clone one migrated database this way). */
  loadDataDir?: Blob;
  migrate?: boolean;
}

export async function openPglite(options: PgliteOptions = {}): Promise<DatabaseConnection & { client: PGlite }> {
  const lock = options.dataDir === undefined ? undefined : lockDataDir(options.dataDir);
  let client: PGlite | undefined;
  try {
    client = new PGlite({
      dataDir: options.dataDir === undefined ? undefined : join(options.dataDir, "db"),
      loadDataDir: options.loadDataDir,
      // The library's search indexes titles and URLs by trigrams (migration 0010, decision 152).
      extensions: { pg_trgm },
    });
    await client.waitReady;
    const db = drizzle({ client, schema });
    if (options.migrate ?? true) await migrate(db, { migrationsFolder: findMigrationsFolder() });
    const opened = client;
    let closing: Promise<void> | undefined;
    return {
      db: db as Database,
      driver: "pglite",
      client: opened,
      close: () => {
        closing ??= (async () => {
          try {
            if (!opened.closed) await opened.close();
          } finally {
            lock?.release();
          }
        })();
        return closing;
      },
    };
  } catch (error) {
    if (client && !client.closed) await client.close().catch(() => undefined);
    lock?.release();
    throw error;
  }
}
