import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The directory holding package.json, found by walking up from this module. It is the same whether
 * the server runs from source (server/) or from the esbuild bundle (dist/server/), so committed
 * migrations and the built client are found from either.
 */
export function findAppRoot(start = dirname(fileURLToPath(import.meta.url))): string {
  for (let directory = start; ; directory = dirname(directory)) {
    if (existsSync(join(directory, "package.json"))) return directory;
    if (dirname(directory) === directory) throw new Error(`No package.json found above ${start}`);
  }
}
