// Runs after `npm install`: WXT generates the extension's types (extension/.wxt/, git-ignored) that
// `tsc -b` reads, so a fresh clone type-checks. A production-only install has no WXT and skips it.
import { spawnSync } from "node:child_process";

try {
  import.meta.resolve("wxt");
} catch {
  console.log("prepare-extension: WXT is not installed (production install), extension types skipped");
  process.exit(0);
}
const run = spawnSync("npx", ["--no-install", "wxt", "prepare", "extension"], { stdio: "inherit" });
process.exit(run.status ?? 1);
