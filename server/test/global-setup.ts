import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openPglite } from "../db/pglite";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated PGlite data directory, dumped once and cloned by every test file. */
    pgliteDumpFile: string;
  }
}

/**
 * Migrating PGlite costs seconds; doing it once here and letting each test file load the dump keeps
 * the suite fast. Against PostgreSQL each test file creates its own database instead.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const testDatabaseUrl = process.env.TEST_DATABASE_URL;
  if (testDatabaseUrl) {
    await ensureDatabaseExists(testDatabaseUrl);
    project.provide("pgliteDumpFile", "");
    return () => undefined;
  }
  const directory = mkdtempSync(join(tmpdir(), "tabvault-test-db-"));
  const database = await openPglite();
  try {
    const dump = await database.client.dumpDataDir("none");
    const file = join(directory, "migrated.tar");
    writeFileSync(file, new Uint8Array(await dump.arrayBuffer()));
    project.provide("pgliteDumpFile", file);
  } finally {
    await database.close();
  }
  return () => rmSync(directory, { recursive: true, force: true });
}

/** CI may point TEST_DATABASE_URL at a database nobody created yet. */
async function ensureDatabaseExists(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.end();
    return;
  } catch (error) {
    await client.end().catch(() => undefined);
    if ((error as { code?: string }).code !== "3D000") throw error;
  }
  const maintenance = new URL(url);
  maintenance.pathname = "/postgres";
  const admin = new pg.Client({ connectionString: maintenance.toString(), connectionTimeoutMillis: 5000 });
  await admin.connect();
  try {
    await admin.query(`create database ${pg.escapeIdentifier(name)}`);
  } finally {
    await admin.end();
  }
}
