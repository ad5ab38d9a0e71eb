/**
 * `npm run bench:extension`: the extension's figures of issue 15, written into docs/benchmarks.md.
 * - against the fake browser of its unit tests: capture of a 2,000-tab snapshot (target < 50 ms), that
 *   snapshot's upload body (JSON and gzip bytes), and the restore code's own cost for 1,000 tabs;
 * - the server's time to store that 2,000-tab upload, on PGlite and on PostgreSQL when one answers
 *   (scripts/bench/browser-backup-insert.ts; target < 300 ms);
 * - in real Chromium: TabVault's restore beside the browser's own floors, side by side in alternating rounds
 *   (scripts/bench/extension-restore.ts, decision 218).
 * TSM_DIR, when set, names a build of Tab Session Manager made by hand outside this repository: measured beside them.
 * - in real Firefox ESR (when installed): TabVault's restore beside Firefox's floor, in its own section
 *   (scripts/bench/extension-restore-firefox.ts).
 * BENCH_RESTORE_TABS lists the restore's sizes (default "200,1000"), BENCH_ROUNDS the rounds of each (default 3),
 * BENCH_RESTORE_BROWSERS the browsers (default "chromium,firefox"; "firefox" alone writes only Firefox's section).
 * Needs the built extension (the npm script builds it).
 */
import { existsSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { gzipSync } from "node:zlib";
import { measureBrowserBackupUpload, type UploadFigures } from "./bench/browser-backup-insert";
import { CONTESTANTS, measureRestoreSideBySide, type RoundFigures } from "./bench/extension-restore";
import { measureFirefoxRestore } from "./bench/extension-restore-firefox";
import { FIREFOX_PATH } from "../e2e/support/firefox";
import { createBenchDatabase, writeReportSection } from "./bench/harness.mjs";
import { executeRestore, planFromBackup } from "../extension/src/restore";
import { buildSnapshot, readBrowserState, toUploadRequest } from "../extension/src/snapshot";
import { FakeWorld } from "../extension/test/fake-browser";
import { ManualClock } from "../extension/test/manual-clock";

const RESTORE_SIZES = (process.env.BENCH_RESTORE_TABS ?? "200,1000").split(",").map(Number).filter((size) => size > 0);
const RESTORE_ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const RESTORE_BROWSERS = (process.env.BENCH_RESTORE_BROWSERS ?? "chromium,firefox").split(",");

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;
}

// 2,000 tabs as people keep them: 10 windows of 200, long real-looking URLs and titles, a few
// groups and pins, some new-tab pages that are counted but not backed up.
const world = new FakeWorld("chromium");
for (let window = 0; window < 10; window += 1) {
  world.openWindow(
    Array.from({ length: 200 }, (_, index) => ({
      url: index % 50 === 49 ? "chrome://newtab/" : `https://www.example${index % 37}.com/articles/${window}/${index}/a-fairly-long-slug-for-a-real-article-title?utm_source=feed&ref=${index}`,
      title: `Article ${window}-${index}: a title as long as news sites make them, with a site name — Example News`,
      pinned: index < 2,
      group: index >= 10 && index < 30 ? `Research ${window}` : undefined,
      active: index === 5,
    })),
  );
}
const browser = world.api();

const captures: number[] = [];
const builds: number[] = [];
let snapshot = buildSnapshot("warm-up", 0, [], []);
for (let run = 0; run < 110; run += 1) {
  const started = performance.now();
  const { windows, groups } = await readBrowserState(browser);
  const read = performance.now();
  snapshot = buildSnapshot(crypto.randomUUID(), Date.now(), windows, groups);
  const done = performance.now();
  // The first runs measure the JIT warming up, not the steady state of a long-lived worker.
  if (run < 10) continue;
  captures.push(done - started);
  builds.push(done - read);
}

const body = toUploadRequest(snapshot, { snapshotId: crypto.randomUUID(), trigger: "clear_all_detected", reason: "A window with 200 tabs was closed", browserType: "chrome" });
const json = Buffer.from(JSON.stringify(body));
const gzip = gzipSync(json);

const restoreWorld = new FakeWorld("chromium");
const backup = {
  id: "b",
  sessionName: "1,000 tabs",
  triggerEvent: "manual_save",
  deviceName: null,
  browserType: "chrome",
  createdAt: new Date().toISOString(),
  tabCount: 1000,
  windows: [0, 1, 2, 3].map((window) => ({
    windowId: window,
    state: "normal" as const,
    focused: window === 0,
    left: null,
    top: null,
    width: null,
    height: null,
    tabs: Array.from({ length: 250 }, (_, index) => ({
      url: `https://example.com/${window}/${index}`,
      title: `Page ${index}`,
      faviconUrl: null,
      pinned: index === 0,
      active: index === 1,
      groupId: null,
      formData: {},
      scrollPosition: { x: 0, y: 0 },
    })),
  })),
  groups: [],
};
const restoreStarted = performance.now();
await executeRestore(planFromBackup(backup), {
  browser: restoreWorld.api(),
  clock: new ManualClock(),
  capabilities: { windows: true, tabGroups: true, discardedCreate: false, placeholder: true, sessions: false, privateWindows: false },
  onProgress: () => undefined,
  pauseMs: 0,
});
const restoreMs = performance.now() - restoreStarted;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${value.toFixed(0)} ms`;
const seconds = (value: number) => `${(value / 1000).toFixed(1)} s`;

const benchDatabase = await createBenchDatabase();
const uploads: UploadFigures[] = [await measureBrowserBackupUpload()];
try {
  if (benchDatabase) uploads.push(await measureBrowserBackupUpload(benchDatabase.url));
} finally {
  await benchDatabase?.drop();
}

const NAMES: Record<RoundFigures["contestant"], string> = {
  "floor-batches": "the floor: `tabs.create` in batches",
  "floor-windows": "the floor: one `windows.create` per window",
  tabvault: "**TabVault** (the popup's restore of a server backup)",
  "tabvault-before": "TabVault, the build given in `BENCH_TABVAULT_BEFORE` (the same restore before a change)",
  "tab-session-manager": "Tab Session Manager 7.3.0 (its default lazy restore, asked from its popup)",
  "firefox-floor": "the floor: `tabs.create` of discarded tabs with their titles, in batches",
  "firefox-tabvault": "**TabVault** (the popup's restore of a server backup)",
};
const FIREFOX_CONTESTANTS = ["firefox-floor", "firefox-tabvault"] as const;
const secondsOrNot = (value: number | null) => (value === null ? "not all" : seconds(value));

/** One size's table: medians over the rounds, and the median of each round's ratio to that round's batch floor. */
function sideBySide(size: number, rounds: RoundFigures[], contestants: readonly RoundFigures["contestant"][] = CONTESTANTS, floor: RoundFigures["contestant"] = "floor-batches"): string {
  const of = (contestant: RoundFigures["contestant"]) => rounds.filter((round) => round.contestant === contestant);
  const floorOf = (round: number) => rounds.find((item) => item.contestant === floor && item.round === round);
  const ratio = (figures: RoundFigures[], pick: (round: RoundFigures) => number | null) => {
    const ratios = figures.flatMap((round) => {
      const mine = pick(round);
      const floor = floorOf(round.round);
      const theirs = floor ? pick(floor) : null;
      return mine !== null && theirs !== null && theirs > 0 ? [mine / theirs] : [];
    });
    return ratios.length > 0 ? `${median(ratios).toFixed(2)} × floor` : "—";
  };
  const middle = (figures: RoundFigures[], pick: (round: RoundFigures) => number | null) => {
    const values = figures.map(pick);
    return values.some((value) => value === null) ? null : median(values.filter((value): value is number => value !== null));
  };
  const rows = contestants.filter((contestant) => of(contestant).length > 0).map((contestant) => {
    const figures = of(contestant);
    const drawn = middle(figures, (round) => round.drawnMs);
    return `| ${NAMES[contestant]} | ${secondsOrNot(middle(figures, (round) => round.existsMs))} | ${ratio(figures, (round) => round.existsMs)} | ${secondsOrNot(middle(figures, (round) => round.firstWindowMs))} | ${seconds(Math.max(...figures.map((round) => round.longestWaitMs)))} | ${drawn === null ? `not all (${Math.min(...figures.map((round) => round.drawnTabs))} of ${size} at worst)` : seconds(drawn)} | ${ratio(figures, (round) => round.drawnMs)} | ${median(figures.map((round) => round.memoryMb)).toFixed(0)} MB |`;
  });
  const loads = rounds.map((round) => round.loadAverage);
  return `### ${size.toLocaleString("en")} tabs in ${2} windows, ${RESTORE_ROUNDS} ${RESTORE_ROUNDS === 1 ? "round" : "rounds"}, load average ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}

| contestant | every tab exists | ratio | first window | longest API wait (worst round) | every tab drawn | ratio | browser memory after |
| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
${rows.join("\n")}
`;
}

const report = `## Browser extension (issue 15)

Written by \`npm run bench:extension\` on ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${cpus().length} cores,
load average ${loadavg()[0]?.toFixed(1)} when it finished (other work on the machine inflates every figure here).

| what | how | figure | target |
| --- | --- | --- | --- |
| capture of ${snapshot.tabCount.toLocaleString("en")} tabs in ${snapshot.windows.length} windows (read + build), median / p95 | the extension's snapshot code against the fake browser, 100 runs after 10 warm-up runs | ${median(captures).toFixed(1)} ms / ${percentile(captures, 0.95).toFixed(1)} ms (building the snapshot: ${median(builds).toFixed(1)} ms) | < 50 ms |
| that snapshot on the wire (${snapshot.uploadableTabCount.toLocaleString("en")} http(s) tabs) | same | ${kb(json.length)} JSON, **${kb(gzip.length)} gzip** | < 8 MB wire, < 32 MB JSON |
${uploads
  .map(
    (upload) =>
      `| upload of ${upload.tabs.toLocaleString("en")} tabs, server time (${upload.driver}) | \`app.inject\` of the real route: gunzip, parse, validate, store; ${upload.runs} runs, load ${upload.loadAverage} | median ${ms(upload.wholeMedianMs)}, best ${ms(upload.wholeBestMs)} (database write median ${ms(upload.writeMedianMs)}; CPU of the Node process ${ms(upload.cpuMedianMs)}) | < 300 ms |`,
  )
  .join("\n")}
| restore plan + API calls for 1,000 tabs in 4 windows | the extension's restore code against the fake browser (TabVault's own JavaScript, no browser) | ${ms(restoreMs)} | |
The restore in real browsers follows, one section for each browser and size, each written when it is measured.`;
await writeReportSection("extension", report);
console.log(report);

/** Writes one browser's table for one size as soon as it is measured: a size measured alone leaves the others' tables as they were. */
async function writeRestoreTable(browserName: "chromium" | "firefox", size: number, rounds: RoundFigures[]): Promise<void> {
  const chromium = browserName === "chromium";
  const intro = chromium
    ? `Headless Debian Chromium, each contestant in a fresh browser and profile, the order turned each round; medians over
the rounds, ratios the median of each round's ratio to that round's batch floor. "Every tab exists" and "drawn" are
seen by a census every 500 ms; "drawn" is a tab showing a title that is not an address, loaded or unloaded; the API
wait is the longest of a \`windows.getCurrent\` asked every 50 ms from an extension page (TabVault's: the popup).
Tab Session Manager is measured when \`TSM_DIR\` names a build of it made by hand from its public source, outside
this repository (its probe runs in its own popup).`
    : `Firefox ESR, the .xpi installed in a fresh profile each round, driven over WebDriver BiDi
(scripts/bench/extension-restore-firefox.ts); Firefox opens a restored tab discarded with its title, so a tab is drawn
as it exists. The probe runs in TabVault's popup for both; columns as in Chromium's tables.`;
  const table = chromium ? sideBySide(size, rounds) : sideBySide(size, rounds, FIREFOX_CONTESTANTS, "firefox-floor");
  const [heading = "", ...rows] = table.split("\n");
  const section = `### The restore in ${chromium ? "Chromium" : "Firefox ESR"}: ${heading.replace(/^### /, "")}

Written by \`npm run bench:extension\` on ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC, Node ${process.version}, ${cpus().length} cores. ${intro}
${rows.join("\n")}`;
  await writeReportSection(`extension-${browserName}-${size}`, section);
  console.log(section);
}

for (const size of RESTORE_SIZES) {
  if (RESTORE_BROWSERS.includes("chromium")) await writeRestoreTable("chromium", size, await measureRestoreSideBySide(size, RESTORE_ROUNDS));
  if (RESTORE_BROWSERS.includes("firefox") && existsSync(FIREFOX_PATH)) await writeRestoreTable("firefox", size, await measureFirefoxRestore(size, RESTORE_ROUNDS));
}
