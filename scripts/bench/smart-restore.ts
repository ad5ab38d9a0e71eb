/**
 * `node --import tsx scripts/bench/smart-restore.ts`: the extension's restore code for 1,000 tabs in 4 windows against
 * the fake browser (TabVault's own JavaScript, no browser), as saved (below Pro), with smart recovery (100 pages
 * open, most recently used first) and with the suggested groups too, and how many `tabs.move` calls each needs
 * afterwards (each is a browser round trip in real Chromium). Prints; docs/benchmarks.md quotes it (decision 170).
 */
import { cpus, loadavg } from "node:os";
import type { BrowserBackup } from "../../common/api/browser-backups";
import { executeRestore, planFromBackup } from "../../extension/src/restore";
import { smartRecoveryPlan } from "../../extension/src/smart-recovery";
import { withSuggestedGroups } from "../../extension/src/suggested-group-restore";
import { FakeWorld } from "../../extension/test/fake-browser";
import { ManualClock } from "../../extension/test/manual-clock";

const now = Date.now();
const backup: BrowserBackup = {
  id: "b", sessionName: "x", triggerEvent: "manual_save", deviceName: null, browserType: "chrome", createdAt: new Date().toISOString(), tabCount: 1000,
  windows: Array.from({ length: 4 }, (_, w) => ({
    windowId: w, state: "normal" as const, focused: w === 0, left: null, top: null, width: null, height: null,
    tabs: Array.from({ length: 250 }, (_, i) => ({
      url: `https://www.example${i % 37}.com/articles/${w}/${i % 200}/a-fairly-long-slug`, title: `Article ${w}-${i}: ${["restore", "invoice", "travel", "recipe"][i % 4]} news from example`,
      faviconUrl: null, pinned: false, active: i === 0, groupId: null, lastAccessed: now - ((i * 7919) % 1000) * 60_000, formData: {}, scrollPosition: { x: 0, y: 0 },
    })),
  })),
  groups: [],
};
async function run(label: string, make: () => ReturnType<typeof planFromBackup>) {
  const times: number[] = [];
  let moves = 0;
  for (let r = 0; r < 7; r += 1) {
    const world = new FakeWorld("chromium");
    const api = world.api();
    const move = api.tabs.move;
    moves = 0;
    api.tabs.move = (ids, properties) => {
      moves += 1;
      return move(ids, properties);
    };
    const started = performance.now();
    await executeRestore(make(), { browser: api, clock: new ManualClock(), capabilities: { windows: true, tabGroups: true, discardedCreate: false, placeholder: true, sessions: false, privateWindows: false }, onProgress: () => undefined, pauseMs: 0 });
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(`${label}: median ${times[3]!.toFixed(0)} ms, best ${times[0]!.toFixed(0)} ms, ${moves} tabs.move calls`);
}
const open = Array.from({ length: 100 }, (_, i) => `https://www.example${i % 37}.com/articles/0/${i}/a-fairly-long-slug`);
await run("as saved (every plan below Pro)", () => planFromBackup(backup));
await run("smart recovery (100 open pages, most recent first)", () => smartRecoveryPlan(planFromBackup(backup), open).plan);
await run("smart recovery + suggested groups", () => smartRecoveryPlan(planFromBackup(withSuggestedGroups(backup).backup), open).plan);
const t = performance.now();
for (let r = 0; r < 20; r += 1) withSuggestedGroups(backup);
console.log(`suggestTabGroups over 1,000 tabs: ${((performance.now() - t) / 20).toFixed(1)} ms`);
console.log(`load ${loadavg().map((v) => v.toFixed(1)).join(" ")}, ${cpus().length} cores, ${process.version}`);
