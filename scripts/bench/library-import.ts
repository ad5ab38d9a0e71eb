/**
 * Issue 18's import benchmark: a 5,000-tab Tab Session Manager file imported through the real route
 * (`POST /api/library/imports` by app.inject with a signed-in session: JSON body, zod, format
 * recognition, reading, validation, the transaction of saveBrowserBackup), target < 2 s. Also a
 * 5,000-tab Firefox sessionstore.jsonlz4 (with history entries, so the decompressed JSON is several MB).
 *
 * Run: `node --import tsx scripts/bench/library-import.ts [DATABASE_URL]` (or `npm run bench:library`) — PGlite in memory, and
 * PostgreSQL: the empty database given, or else a scratch one made and dropped on BENCH_DATABASE_URL's server. Writes its section of docs/benchmarks.md (between the
 * `library:` markers) and prints it.
 */
import { readFile, writeFile } from "node:fs/promises";
import { cpus, loadavg } from "node:os";
import { eq } from "drizzle-orm";
import { users } from "../../server/accounts/table";
import type { DatabaseConnection } from "../../server/db/database";
import { openPglite } from "../../server/db/pglite";
import { openPostgres } from "../../server/db/postgres";
import { encodeMozLz4 } from "../../server/library/mozlz4";
import { buildTestApp, createTestMailer } from "../../server/test/test-app";
import { signIn, withSession } from "../../server/test/sign-in";
import { createBenchDatabase } from "./harness.mjs";

const TABS = 5_000;
const RUNS = 7;

function tabSessionManagerFile(run: number): string {
  const tabs = Object.fromEntries(
    Array.from({ length: TABS }, (_, n) => [
      String(n + 1),
      { id: n + 1, index: n % 500, windowId: Math.floor(n / 500) + 1, url: `https://news.example/${run}/article/${n}?ref=bench`, title: `Article ${n} of run ${run}`, pinned: false, active: n % 500 === 0, favIconUrl: "https://news.example/favicon.ico" },
    ]),
  );
  const windows: Record<string, Record<string, unknown>> = {};
  for (const [id, tab] of Object.entries(tabs)) (windows[String(tab.windowId)] ??= {})[id] = tab;
  return JSON.stringify([{ windows, windowsNumber: 10, tabsNumber: TABS, name: "Bench", date: 1795420800000, lastEditedTime: 1795420800000, tag: [], sessionStartTime: 1795420800000, id: `bench-${run}` }], null, 2);
}

function firefoxFile(run: number): Buffer {
  const session = {
    version: ["sessionrestore", 1],
    windows: Array.from({ length: 10 }, (_, w) => ({
      tabs: Array.from({ length: TABS / 10 }, (_, t) => ({
        entries: Array.from({ length: 5 }, (_, e) => ({ url: `https://fx.example/${run}/${w}/${t}/${e}`, title: `Entry ${e} of tab ${t}`, scroll: "0,400" })),
        index: 5,
        lastAccessed: 1795420800000,
        formdata: { id: { comment: `note ${t}` } },
      })),
      selected: 1,
    })),
  };
  return encodeMozLz4(Buffer.from(JSON.stringify(session)));
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function measureOn(url: string | undefined, rows: string[]) {
  const database: DatabaseConnection = url ? await openPostgres(url) : await openPglite();
  const { mailer, mailDir, remove } = createTestMailer();
  const app = await buildTestApp({ database: database.db, mailer });
  try {
    const email = `library-bench-${Date.now()}@example.com`;
    const { cookie } = await signIn(app, mailDir, email);
    await database.db.update(users).set({ planType: "pro" }).where(eq(users.email, email));
    const measure = async (name: string, payload: (run: number) => Record<string, string>) => {
      const times: number[] = [];
      const cpu: number[] = [];
      let size = 0;
      for (let run = 0; run < RUNS; run++) {
        const body = payload(run);
        size = body.content!.length;
        const started = performance.now();
        const cpuStarted = process.cpuUsage();
        const response = await app.inject({ method: "POST", url: "/api/library/imports", payload: body, ...withSession(cookie) });
        times.push(performance.now() - started);
        const used = process.cpuUsage(cpuStarted);
        cpu.push((used.user + used.system) / 1000);
        if (response.statusCode !== 201) throw new Error(`${name} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
        const stored = response.json<{ tabCount: number }>().tabCount;
        if (stored !== TABS) throw new Error(`${name} stored ${stored} tabs, not ${TABS}`);
      }
      rows.push(
        `| ${name} | ${(size / 1024 / 1024).toFixed(1)} MB sent | median **${Math.round(median(times))} ms**, best ${Math.round(Math.min(...times))} ms, worst ${Math.round(Math.max(...times))} ms (CPU of the Node process, median ${Math.round(median(cpu))} ms) | < 2 s |`,
      );
    };
    await measure(`import of a ${TABS.toLocaleString("en-US")}-tab Tab Session Manager file (${database.driver})`, (run) => ({ fileName: "bench.json", content: tabSessionManagerFile(run) }));
    await measure(`import of a ${TABS.toLocaleString("en-US")}-tab Firefox sessionstore.jsonlz4, 5 history entries a tab (${database.driver})`, (run) => ({
      fileName: "sessionstore.jsonlz4",
      encoding: "base64",
      content: firefoxFile(run).toString("base64"),
    }));
  } finally {
    await app.close();
    await database.close();
    await remove();
  }
}

async function main() {
  const rows: string[] = [];
  await measureOn(undefined, rows);
  // PostgreSQL too: the URL given, or a scratch database made and dropped here (BENCH_DATABASE_URL's server).
  if (process.argv[2]) await measureOn(process.argv[2], rows);
  else {
    const scratch = await createBenchDatabase();
    if (scratch) {
      try {
        await measureOn(scratch.url, rows);
      } finally {
        await scratch.drop();
      }
    } else console.error("[bench] PostgreSQL is not reachable (BENCH_DATABASE_URL): PGlite only");
  }
  const section = [
    "<!-- library:start -->",
    "## Session library import (issue 18)",
    "",
    `Written by \`node --import tsx scripts/bench/library-import.ts\` on ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${cpus().length} cores,`,
    `load average ${loadavg().map((n) => n.toFixed(1)).join(" ")} when it finished. Each figure is the whole request through \`app.inject\` with a`,
    `signed-in session (JSON body, validation, recognising and reading the format, storing the backup in one transaction), ${RUNS} runs, a new file each run.`,
    "",
    "| what | size | figure | target |",
    "| --- | --- | --- | --- |",
    ...rows,
    "<!-- library:end -->",
  ].join("\n");
  const path = new URL("../../docs/benchmarks.md", import.meta.url);
  const current = await readFile(path, "utf8");
  const next = /<!-- library:start -->[\s\S]*<!-- library:end -->/.test(current)
    ? current.replace(/<!-- library:start -->[\s\S]*<!-- library:end -->/, section)
    : `${current.trimEnd()}\n\n${section}\n`;
  await writeFile(path, next);
  console.log(section);
}

await main();
