import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import type { Database, DatabaseConnection } from "./database";
import { guardLentClients } from "./guarded-pool";
import { findMigrationsFolder } from "./migrations-folder";
import * as schema from "./schema";

export interface PostgresOptions {
  /** A dead server must turn into errors quickly instead of requests that hang. */
  connectionTimeoutMillis?: number;
  queryTimeoutMillis?: number;
  maxConnections?: number;
  migrate?: boolean;
  /** Idle connections can break while the server restarts; the pool replaces them, we only log. */
  onPoolError?: (error: Error) => void;
}

/**
 * How long a request waits for PostgreSQL before it is answered 503. A stopped server refuses at
 * once; these bound the worse case, a server that stops answering without closing its connections
 * (a host gone, a partition): a connection (or a free pool slot) within 3 s, a query within 4 s, so
 * no request waits past 5 s. The slowest real query (admin stats over 100,000 payments) takes ~0.2 s.
 */
export const postgresTimeouts = { connectionMs: 3000, queryMs: 4000 };

/** Any 64-bit number works, as long as every instance of TabVault uses the same one. */
const migrationLockKey = 7_146_201_905_318_114n;

export async function openPostgres(
  url: string,
  options: PostgresOptions = {},
): Promise<DatabaseConnection & { pool: pg.Pool }> {
  const connectionTimeoutMillis = options.connectionTimeoutMillis ?? postgresTimeouts.connectionMs;
  const queryTimeoutMillis = options.queryTimeoutMillis ?? postgresTimeouts.queryMs;
  if (options.migrate ?? true) await migratePostgres(url, { connectionTimeoutMillis });

  const pool = new pg.Pool({
    connectionString: url,
    max: options.maxConnections ?? 10,
    connectionTimeoutMillis,
    // query_timeout is enforced by the client even when the server stops answering at all;
    // statement_timeout lets the server cancel its own work too.
    query_timeout: queryTimeoutMillis,
    statement_timeout: queryTimeoutMillis,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
    application_name: "tabvault",
  });
  pool.on("error", (error) => options.onPoolError?.(error));
  guardLentClients(pool);
  const db = drizzle({ client: pool, schema });
  let closing: Promise<void> | undefined;
  return {
    db: db as Database,
    driver: "postgres",
    pool,
    close: () => {
      closing ??= pool.end();
      return closing;
    },
  };
}

/**
 * Several instances may start at once; a session-level advisory lock lets one migrate while the
 * others wait, then find nothing left to do. A dedicated connection without the pool's query
 * timeout is used so a long migration (or waiting for another instance's) is not cut off.
 */
export async function migratePostgres(
  url: string,
  options: { connectionTimeoutMillis?: number } = {},
): Promise<void> {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: options.connectionTimeoutMillis ?? postgresTimeouts.connectionMs,
    application_name: "tabvault-migrate",
  });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [migrationLockKey.toString()]);
    try {
      await migrate(drizzle({ client, schema }), { migrationsFolder: findMigrationsFolder() });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [migrationLockKey.toString()]);
    }
  } finally {
    await client.end();
  }
}
