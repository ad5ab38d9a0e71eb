/**
 * Runs the browser tests (`e2e/*.test.ts`) two files at a time (decision 200), the longest first (decision 231):
 * taken in name order, the longest ones (the spec conformance, the team policy's minute) started last and ran on
 * alone at the end. `node --test` sorts the files it is given by name, so they go through `run()` from `node:test`,
 * which keeps their order; each file still runs in a process of its own, with this process's `--import tsx`.
 * Durations are those measured in one run, `e2e/support/file-durations.json`; a file missing from it is taken first,
 * as if it were the longest, so a new file never ends a run. Given file names, runs only those. Reports as `node
 * --test` does: spec on a terminal, TAP otherwise; exits 1 when a test failed. First it leaves a migrated database
 * for the files' servers to copy (decision 243, `e2e/support/migrated-data.ts`), removed when they have run.
 */
import { readdirSync, readFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { basename, join, resolve } from "node:path";
import { run } from "node:test";
import { spec, tap } from "node:test/reporters";
import { fileURLToPath } from "node:url";
import { MIGRATED_DATA_ENV, makeMigratedData } from "../e2e/support/migrated-data";
import { startServer } from "../e2e/support/server";

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

async function runBrowserTests(): Promise<void> {
  const template = await makeMigratedData(startServer);
  process.env[MIGRATED_DATA_ENV] = template;
  const only = new Set(process.argv.slice(2).map((file) => basename(file)));
  const names = browserTestFiles().filter((name) => only.size === 0 || only.has(name));
  const files = longestFirst(names, measuredSeconds()).map((name) => resolve(E2E_DIR, name));
  const stream = run({ files, concurrency: 2 });
  stream.on("test:fail", () => {
    process.exitCode = 1;
  });
  stream.once("end", () => void rm(template, { recursive: true, force: true }));
  (process.stdout.isTTY ? stream.compose(new spec()) : stream.compose(tap)).pipe(process.stdout);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await runBrowserTests();
