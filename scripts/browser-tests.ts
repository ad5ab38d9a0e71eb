/**
 * Runs the browser tests (`e2e/*.test.ts`) two files at a time (decision 200), the longest first (decision 231):
 * taken in name order, the longest ones (the spec conformance, the team policy's minute) started last and ran on
 * alone at the end. Durations are those measured in one run, `e2e/support/file-durations.json`; a file missing
 * from it is taken first, as if it were the longest, so a new file never ends a run. Arguments are passed on to
 * `node --test` (e.g. `--test-reporter=spec`).
 */
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const E2E_DIR = "e2e";
export const DURATIONS_FILE = join(E2E_DIR, "support", "file-durations.json");

/** Test files ordered longest first by `seconds`; files not measured go first, in name order. */
export function longestFirst(files: readonly string[], seconds: Readonly<Record<string, number>>): string[] {
  const duration = (file: string) => seconds[file] ?? Number.POSITIVE_INFINITY;
  return [...files].sort((a, b) => duration(b) - duration(a) || a.localeCompare(b));
}

export function browserTestFiles(dir = E2E_DIR): string[] {
  return readdirSync(dir).filter((name) => name.endsWith(".test.ts"));
}

export function measuredSeconds(file = DURATIONS_FILE): Record<string, number> {
  const parsed: unknown = JSON.parse(readFileSync(file, "utf8"));
  const seconds = typeof parsed === "object" && parsed !== null && "seconds" in parsed ? parsed.seconds : null;
  if (typeof seconds !== "object" || seconds === null) throw new Error(`${file} has no "seconds" object`);
  return Object.fromEntries(Object.entries(seconds).filter((entry): entry is [string, number] => typeof entry[1] === "number"));
}

function run(): void {
  const files = longestFirst(browserTestFiles(), measuredSeconds()).map((name) => join(E2E_DIR, name));
  const child = spawn(process.execPath, ["--import", "tsx", "--test", "--test-concurrency=2", ...process.argv.slice(2), ...files], { stdio: "inherit" });
  child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) run();
