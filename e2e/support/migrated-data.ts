/**
 * A migrated, empty database for the browser tests' servers (decision 243). A server started on a fresh DATA_DIR
 * creates its PGlite database and applies every migration, about 7 s of CPU on these 2 cores; the browser tests start
 * some fifty servers. The runner (`scripts/browser-tests.ts`) starts the built server once on a template directory,
 * stops it cleanly and names the directory in `TABVAULT_E2E_MIGRATED_DATA`; `startServer` copies its database into
 * each fresh DATA_DIR. A file run on its own, without the runner, starts from nothing as before, and so does a server
 * of another build (`appRoot`), whose migrations may differ.
 */
import { cp, mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

export const MIGRATED_DATA_ENV = "TABVAULT_E2E_MIGRATED_DATA";

/** Only the database is copied: each server still makes its own session secret. */
const databaseFolder = "db";

/** Copies the migrated database into `dataDir`, when the runner made one. */
export async function seedMigratedDatabase(dataDir: string, template = process.env[MIGRATED_DATA_ENV]): Promise<void> {
  if (!template) return;
  await cp(path.join(template, databaseFolder), path.join(dataDir, databaseFolder), { recursive: true });
}

/**
 * Starts the built server once on a new directory and stops it, leaving a migrated database there.
 * `start` is `startServer` (passed in: that module imports this one).
 */
export async function makeMigratedData(start: (env: Record<string, string>) => Promise<{ stop: () => Promise<void> }>): Promise<string> {
  const template = await mkdtemp(path.join(tmpdir(), "tabvault-e2e-migrated-"));
  const server = await start({ DATA_DIR: template });
  await server.stop();
  return template;
}
