import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openPglite } from "../db/pglite";
import { createMigratedTemplate, withMaintenanceClient } from "./postgres-template";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated PGlite data directory, dumped once and cloned by every test file. */
    pgliteDumpFile: string;
    /** On PostgreSQL, a migrated database every test file's database is created from (decision 243). */
    postgresTemplate: string;
  }
}

/**
 * Migrating PGlite costs seconds; doing it once here and letting each test file load the dump keeps
 * the suite fast. Against PostgreSQL each test file creates its own database, copied from a template migrated once
 * here (a copy takes a tenth of a migration, decision 243).
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const testDatabaseUrl = process.env.TEST_DATABASE_URL;
  if (testDatabaseUrl) {
    await ensureDatabaseExists(testDatabaseUrl);
    const template = await createMigratedTemplate(testDatabaseUrl);
    project.provide("pgliteDumpFile", "");
    project.provide("postgresTemplate", template.name);
    return template.drop;
  }
  const directory = mkdtempSync(join(tmpdir(), "tabvault-test-db-"));
  const database = await openPglite();
  try {
    const dump = await database.client.dumpDataDir("none");
    const file = join(directory, "migrated.tar");
    writeFileSync(file, new Uint8Array(await dump.arrayBuffer()));
    project.provide("pgliteDumpFile", file);
    project.provide("postgresTemplate", "");
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
  await withMaintenanceClient(url, (client) => client.query(`create database ${pg.escapeIdentifier(name)}`));
}
