import type { Config } from "../config/config";
import type { DatabaseConnection } from "./database";
import { openPglite } from "./pglite";
import { openPostgres } from "./postgres";

/** PostgreSQL when DATABASE_URL is set, otherwise the embedded PGlite in DATA_DIR/db; migrated. */
export function openDatabase(
  config: Pick<Config, "databaseUrl" | "dataDir">,
  options: { onPoolError?: (error: Error) => void } = {},
): Promise<DatabaseConnection> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, { onPoolError: options.onPoolError });
  return openPglite({ dataDir: config.dataDir });
}
