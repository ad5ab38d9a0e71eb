import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import pg from "pg";
import { inject } from "vitest";
import type { DatabaseConnection } from "../db/database";
import { openPglite } from "../db/pglite";
import { openPostgres, type PostgresOptions } from "../db/postgres";
import { withMaintenanceClient } from "./postgres-template";

export interface TestDatabase extends DatabaseConnection {
  /** Set on PostgreSQL, for tests that start server processes against the same database. */
  url: string | undefined;
}

export const testDatabaseUrl = process.env.TEST_DATABASE_URL || undefined;

/**
 * A private, migrated database for one test file: a clone of the migrated PGlite dump, or, when
 * TEST_DATABASE_URL is set, a fresh PostgreSQL database that close() drops again.
 */
export async function createTestDatabase(options: { migrate?: boolean } & PostgresOptions = {}): Promise<TestDatabase> {
  if (!testDatabaseUrl) {
    const dump = readFileSync(inject("pgliteDumpFile"));
    const database = await openPglite({ loadDataDir: new Blob([dump]), migrate: false });
    return { ...database, url: undefined };
  }
  // A copy of the template migrated once for the run; a test that migrates itself starts from nothing.
  const template = options.migrate === false ? undefined : inject("postgresTemplate") || undefined;
  const { url, drop } = await createPostgresDatabase({ template });
  try {
    const database = await openPostgres(url, options);
    return {
      ...database,
      url,
      close: async () => {
        await database.close();
        await drop();
      },
    };
  } catch (error) {
    await drop();
    throw error;
  }
}

/** A PostgreSQL database with a random name beside TEST_DATABASE_URL's: empty, or a copy of `template`. */
export async function createPostgresDatabase(options: { template?: string } = {}): Promise<{ url: string; drop: () => Promise<void> }> {
  if (!testDatabaseUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `tv_test_${randomBytes(6).toString("hex")}`;
  const copied = options.template ? ` template ${pg.escapeIdentifier(options.template)}` : "";
  await withMaintenanceClient(testDatabaseUrl, (client) => client.query(`create database ${name}${copied}`));
  const url = new URL(testDatabaseUrl);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    url: url.toString(),
    drop: async () => {
      if (dropped) return;
      dropped = true;
      await withMaintenanceClient(testDatabaseUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}
