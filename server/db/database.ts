import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type * as schema from "./schema";

/**
 * The one database type the rest of the server is written against, so no route or repository
 * knows whether PGlite or a PostgreSQL pool is underneath.
 */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseConnection {
  db: Database;
  driver: "pglite" | "postgres";
  /** Releases the driver (and, for PGlite, the DATA_DIR lock). Safe to call twice. */
  close(): Promise<void>;
}
