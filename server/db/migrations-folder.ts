import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { findAppRoot } from "../config/app-root";

/**
 * The committed SQL migrations: beside the running module when the build copied them next to the
 * bundle (dist/server/migrations), otherwise in the source tree (server/db/migrations).
 */
export function findMigrationsFolder(): string {
  const besideModule = fileURLToPath(new URL("./migrations", import.meta.url));
  if (existsSync(join(besideModule, "meta", "_journal.json"))) return besideModule;
  return join(findAppRoot(), "server", "db", "migrations");
}
