/**
 * Issue 18's "big sessions stay fast" benchmark: a 10,000-tab backup (two 5,000-tab uploads merged, every 10th
 * tab with a form value) opened in the Session Manager in headless Chromium — from the click on the backup to
 * its first tab row painted, target < 1 s — with the page's JavaScript heap, and scrolled through by frames; and
 * the API's pages of such a backup (`GET /api/saved-sessions/:id/tabs`) beside the whole read, on PGlite and
 * PostgreSQL.
 *
 * Run: `npm run bench:backups` (builds first) or `node --import tsx scripts/bench/big-backup.ts [DATABASE_URL]`
 * after `npm run build`. PostgreSQL: the empty database given, or a scratch one made and dropped on
 * BENCH_DATABASE_URL's server. Writes its section of docs/benchmarks.md (between the `big-backup:` markers).
 */
import { cpus, loadavg } from "node:os";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { endpointUrl } from "../../common/api/endpoint";
import { getBackup } from "../../common/api/backups";
import { getBackupOverview, listBackupTabs } from "../../common/api/backup-pages";
import { mergeBackups } from "../../common/api/library-organise";
import { uploadBrowserBackup } from "../../common/api/browser-backups";
import { bigTabTitle, bigBackupUploads, makeBigBackup } from "../../e2e/support/big-backup";
import { DESKTOP, launchBrowser, newContext } from "../../e2e/support/browser";
import { buyPlanAndSignIn } from "../../e2e/support/payments";
import { startServer } from "../../e2e/support/server";
import { users } from "../../server/accounts/table";
import type { DatabaseConnection } from "../../server/db/database";
import { openPglite } from "../../server/db/pglite";
import { openPostgres } from "../../server/db/postgres";
import { signIn, withSession } from "../../server/test/sign-in";
import { buildTestApp, createTestMailer } from "../../server/test/test-app";
import { createBenchDatabase, writeReportSection } from "./harness.mjs";

const TOTAL = 10_000;
const NAME = "Everything I had open";
const API_RUNS = 15;
const BROWSER_RUNS = 5;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const worst = (values: number[]) => Math.max(...values);
const ms = (value: number) => `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`;

/** The API's reads of one 10,000-tab backup through `app.inject`, with a signed-in session. */
async function measureApi(url: string | undefined, rows: string[]) {
  const database: DatabaseConnection = url ? await openPostgres(url) : await openPglite();
  const { mailer, mailDir, remove } = createTestMailer();
  const app = await buildTestApp({ database: database.db, mailer });
  try {
    const email = `big-backup-bench-${Date.now()}@example.com`;
    const { cookie } = await signIn(app, mailDir, email);
    await database.db.update(users).set({ planType: "premium" }).where(eq(users.email, email));
    const post = async (path: string, payload: object) => {
      const response = await app.inject({ method: "POST", url: path, payload, ...withSession(cookie) });
      if (response.statusCode !== 201) throw new Error(`${path} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
      return response.json<{ backupId: string }>().backupId;
    };
    const ids: string[] = [];
    for (const upload of bigBackupUploads(TOTAL)) ids.push(await post(endpointUrl(uploadBrowserBackup), upload));
    const id = await post(endpointUrl(mergeBackups), { backupIds: ids, sessionName: NAME });

    const reads: [string, string][] = [
      ["overview (labels and applications, no tabs)", endpointUrl(getBackupOverview, { params: { id } })],
      ["first page of 100 tabs", endpointUrl(listBackupTabs, { params: { id }, query: { offset: 0, limit: 100 } })],
      ["last page of 100 tabs (offset 9,900)", endpointUrl(listBackupTabs, { params: { id }, query: { offset: 9_900, limit: 100 } })],
      ["page of 500 tabs (the largest) at offset 5,000", endpointUrl(listBackupTabs, { params: { id }, query: { offset: 5_000, limit: 500 } })],
      ["the whole backup at once (GET /api/saved-sessions/:id, as before)", endpointUrl(getBackup, { params: { id } })],
    ];
    for (const [what, path] of reads) {
      const times: number[] = [];
      let bytes = 0;
      for (let run = 0; run < API_RUNS; run++) {
        const started = performance.now();
        const response = await app.inject({ method: "GET", url: path, ...withSession(cookie) });
        times.push(performance.now() - started);
        if (response.statusCode !== 200) throw new Error(`${path} answered ${response.statusCode}`);
        bytes = response.rawPayload.length;
      }
      rows.push(`| ${what} (${database.driver}) | ${(bytes / 1024).toFixed(0)} KB | median **${ms(median(times))}**, worst ${ms(worst(times))} |`);
    }
  } finally {
    await app.close();
    await database.close();
    await remove();
  }
}

/**
 * In the page: clicks the backup's row, then waits frame by frame for the first tab's row and one frame more
 * (the frame that paints it). Plain JavaScript in a string: the page runs it as written.
 */
const openBackupInPage = `async ({ name, firstTitle }) => {
  const button = [...document.querySelectorAll('ul[aria-label="Saved Sessions"] button')].find((b) => b.textContent.includes(name));
  const clicked = performance.now();
  button.click();
  for (;;) {
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const rows = document.querySelectorAll('ul[aria-label="Tabs"] li');
    if ([...rows].some((row) => row.textContent.includes(firstTitle))) break;
  }
  await new Promise((resolve) => requestAnimationFrame(resolve));
  const painted = performance.now();
  return { clickToFirstRow: painted - clicked, navigationToFirstRow: painted, rowsDrawn: document.querySelectorAll('ul[aria-label="Tabs"] li').length };
}`;

/** In the page: scrolls the tab list by `step` pixels a frame for `frames` frames and times the frames. */
const scrollInPage = `async ({ step, frames }) => {
  const box = document.querySelector('[aria-label="Tabs, scrollable"]');
  const intervals = [];
  let last = performance.now();
  for (let frame = 0; frame < frames; frame++) {
    box.scrollTop += step;
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const now = performance.now();
    intervals.push(now - last);
    last = now;
  }
  return { intervals, reachedEnd: box.scrollTop + box.clientHeight >= box.scrollHeight - 1 };
}`;

async function heapMb(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("HeapProfiler.collectGarbage");
  await cdp.send("Performance.enable");
  const { metrics } = await cdp.send("Performance.getMetrics");
  await cdp.detach();
  return (metrics.find((metric) => metric.name === "JSHeapUsedSize")?.value ?? 0) / 1024 / 1024;
}

async function measureBrowser(rows: string[]) {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const context = await newContext(browser, server.url, DESKTOP);
    const page = await context.newPage();
    await buyPlanAndSignIn(page, server.dataDir, "premium", "big-backup-bench@example.com");
    await makeBigBackup(page, NAME, TOTAL);
    const figures: { clickToFirstRow: number; navigationToFirstRow: number; rowsDrawn: number }[] = [];
    for (let run = 0; run < BROWSER_RUNS; run++) {
      await page.goto("/sessions");
      await page.getByRole("list", { name: "Saved Sessions" }).getByRole("button", { name: new RegExp(NAME) }).waitFor();
      figures.push(await page.evaluate(`(${openBackupInPage})(${JSON.stringify({ name: NAME, firstTitle: bigTabTitle(1, TOTAL) })})`));
    }
    const openedHeap = await heapMb(page);
    // 1,000 px a frame: the 10,000 rows (760,000 px) go by in about 760 frames; then the heap again.
    const scrolled = (await page.evaluate(`(${scrollInPage})({ step: 1000, frames: 800 })`)) as { intervals: number[]; reachedEnd: boolean };
    await page.getByRole("list", { name: "Tabs", exact: true }).getByText(bigTabTitle(TOTAL, TOTAL), { exact: true }).waitFor();
    const scrolledHeap = await heapMb(page);
    const sortedFrames = [...scrolled.intervals].sort((a, b) => a - b);
    const p95 = sortedFrames[Math.floor(sortedFrames.length * 0.95)]!;
    const click = figures.map((figure) => figure.clickToFirstRow);
    rows.push(
      `| click on the backup → its first tab row painted (${BROWSER_RUNS} loads of /sessions) | median **${ms(median(click))}**, worst ${ms(worst(click))} | < 1 s |`,
      `| navigation to /sessions → first tab row painted (includes the app's load and the click) | median ${ms(median(figures.map((figure) => figure.navigationToFirstRow)))} | |`,
      `| rows in the page once open | ${median(figures.map((figure) => figure.rowsDrawn))} of ${TOTAL.toLocaleString("en-US")} | |`,
      `| page's JS heap (used, after GC) once open | ${openedHeap.toFixed(1)} MB | |`,
      `| scrolling the whole list, 1,000 px a frame (${scrolled.intervals.length} frames${scrolled.reachedEnd ? ", reached the last tab" : ", did NOT reach the end"}) | frame interval median ${ms(median(scrolled.intervals))}, p95 ${ms(p95)}, worst ${ms(worst(scrolled.intervals))}; ${scrolled.intervals.filter((interval) => interval > 50).length} frames over 50 ms | |`,
      `| page's JS heap (used, after GC) after scrolling to the last tab | ${scrolledHeap.toFixed(1)} MB | |`,
    );
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
  }
}

async function main() {
  const browserRows: string[] = [];
  await measureBrowser(browserRows);
  const apiRows: string[] = [];
  await measureApi(undefined, apiRows);
  if (process.argv[2]) await measureApi(process.argv[2], apiRows);
  else {
    const scratch = await createBenchDatabase();
    if (scratch) {
      try {
        await measureApi(scratch.url, apiRows);
      } finally {
        await scratch.drop();
      }
    } else console.error("[bench] PostgreSQL is not reachable (BENCH_DATABASE_URL): PGlite only");
  }
  const section = [
    "## A 10,000-tab backup in the Session Manager (issue 18)",
    "",
    `Written by \`npm run bench:backups\` (\`scripts/bench/big-backup.ts\`) on ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${cpus().length} cores,`,
    `load average ${loadavg().map((n) => n.toFixed(1)).join(" ")} when it finished (other agents' runs share the cores). The backup is two`,
    "5,000-tab uploads merged, every 10th tab with a form value and a scroll position. The browser is Debian's Chromium,",
    "headless, 1280 × 800, against the built app started as a real process (PGlite); each click is timed in the page from",
    "the click to the frame after the first tab's row is in the list (decisions 165, 166).",
    "",
    "| in the browser | figure | target |",
    "| --- | --- | --- |",
    ...browserRows,
    "",
    `The API's reads of the same backup through \`app.inject\` with a signed-in session, ${API_RUNS} runs each:`,
    "",
    "| read | answer | time |",
    "| --- | ---: | --- |",
    ...apiRows,
  ].join("\n");
  await writeReportSection("big-backup", section);
  console.log(section);
}

await main();
