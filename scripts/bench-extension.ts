/**
 * Measures the extension's background work against the fake browser of its unit tests:
 * - capture of a 2,000-tab snapshot (reading windows and groups, building the snapshot; target < 50 ms);
 * - the upload body of that snapshot: JSON bytes and gzip bytes on the wire;
 * - planning and creating 1,000 restored tabs (the API calls' own cost; the browser's is measured
 *   in real Chromium by `scripts/smoke-extension.ts --restore-1000`).
 *
 *   npm run bench:extension
 *
 * Prints a Markdown section for docs/benchmarks.md.
 */
import { gzipSync } from "node:zlib";
import { executeRestore, planFromBackup } from "../extension/src/restore";
import { buildSnapshot, readBrowserState, toUploadRequest } from "../extension/src/snapshot";
import { FakeWorld } from "../extension/test/fake-browser";
import { ManualClock } from "../extension/test/manual-clock";

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
  capabilities: { windows: true, tabGroups: true, discardedCreate: false, placeholder: true, sessions: false },
  onProgress: () => undefined,
  pauseMs: 0,
});
const restoreMs = performance.now() - restoreStarted;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
console.log(`## Browser extension (\`npm run bench:extension\`, ${new Date().toISOString().slice(0, 10)})

Against the fake browser of the unit tests (Node ${process.version}), 100 runs after 10 warm-up runs.

| what | figure | target |
| --- | --- | --- |
| capture of ${snapshot.tabCount.toLocaleString("en")} tabs in ${snapshot.windows.length} windows (read + build), median / p95 | ${median(captures).toFixed(1)} ms / ${percentile(captures, 0.95).toFixed(1)} ms | < 50 ms |
| of which building the snapshot object, median | ${median(builds).toFixed(1)} ms | |
| upload body of that snapshot (${snapshot.uploadableTabCount.toLocaleString("en")} http(s) tabs) | ${kb(json.length)} JSON, **${kb(gzip.length)} gzip on the wire** | < 8 MB wire, < 32 MB JSON |
| restore plan + API calls for 1,000 tabs in 4 windows (fake browser) | ${restoreMs.toFixed(0)} ms | |
`);
