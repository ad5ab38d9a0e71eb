import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The committed SQL migrations are read from the source tree both when running from source and
 * from the esbuild bundle in dist/server, so the app root is found by walking up to package.json.
 */
export function findMigrationsFolder(start = dirname(fileURLToPath(import.meta.url))): string {
  let directory = start;
  for (;;) {
    const candidate = join(directory, "server", "db", "migrations");
    if (existsSync(join(directory, "package.json")) && existsSync(candidate)) return candidate;
    const parent = dirname(directory);
    if (parent === directory) throw new Error(`No server/db/migrations folder found above ${start}`);
    directory = parent;
  }
}
