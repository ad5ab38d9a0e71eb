import { readFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { getTableName } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { createPostgresDatabase, testDatabaseUrl } from "../test/test-database";
import { findMigrationsFolder } from "./migrations-folder";
import { openPglite } from "./pglite";
import { migratePostgres } from "./postgres";
import * as schema from "./schema";

const migrationCount = (
  JSON.parse(readFileSync(join(findMigrationsFolder(), "meta", "_journal.json"), "utf8")) as { entries: unknown[] }
).entries.length;

describe("migrations", () => {
  it("are committed", () => {
    expect(migrationCount).toBeGreaterThan(0);
  });

  it.skipIf(testDatabaseUrl)("are applied once to a persisted PGlite across restarts", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "tabvault-migrate-"));
    try {
      for (let start = 0; start < 2; start++) {
        const database = await openPglite({ dataDir });
        try {
          const result = await database.client.query<{ count: number }>(
            "select count(*)::int as count from drizzle.__drizzle_migrations",
          );
          expect(result.rows[0]?.count).toBe(migrationCount);
        } finally {
          await database.close();
        }
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it.runIf(testDatabaseUrl)("are applied once when several instances migrate one PostgreSQL at once", async () => {
    const { url, drop } = await createPostgresDatabase();
    try {
      await Promise.all([migratePostgres(url), migratePostgres(url), migratePostgres(url)]);
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const applied = await client.query<{ count: number; distinct: number }>(
          "select count(*)::int as count, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations",
        );
        expect(applied.rows[0]).toEqual({ count: migrationCount, distinct: migrationCount });
        const tables = await client.query<{ table_name: string }>(
          "select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name",
        );
        const declared = Object.values(schema).map((table) => getTableName(table)).sort();
        expect(tables.rows.map((row) => row.table_name)).toEqual(declared);
      } finally {
        await client.end();
      }
    } finally {
      await drop();
    }
  });
});
