/**
 * A restore in real Chromium beside the floor the browser itself sets, measured the same way in the same run
 * (decision 218): in alternating rounds, each contestant in a fresh browser and profile,
 * - the floor in batches: the same number of `chrome.tabs.create` calls, 25 at a time with a 30 ms pause, on a
 *   script-free page of an extension that does nothing else;
 * - the floor in windows: one `chrome.windows.create` per window given all of its addresses;
 * - TabVault: the popup's restore of a server backup (the stand-in server) of the same tabs.
 * For each: time until every tab exists and until the first window, the longest wait of a trivial API call
 * (`windows.getCurrent`, asked every 50 ms from an extension page: for TabVault the popup itself) meanwhile, the time
 * until every tab is drawn (its title shown, loaded or unloaded), and the browser's memory after.
 * - Tab Session Manager, when `TSM_DIR` names a build of it made by hand from its public source outside this
 *   repository: its own restore ("open" in a new window, its default lazy setting) of the same tabs, asked of its
 *   background by a message from its own popup, which also runs the probe.
 */
import { execSync } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { z } from "zod";
import type { Browser } from "wxt/browser";
import type { BrowserBackup } from "../../common/api/browser-backups";
import { extensionFor, launchWithExtension, type ExtensionBrowser } from "../../e2e/support/extension";
import { waitFor } from "../../e2e/support/wait-for";
import { startExtensionStandIn } from "../extension-stand-in";

// The functions passed to evaluate() run in the extension's worker and pages, where `chrome` is the browser's.
declare const chrome: { windows: typeof Browser.windows; tabs: typeof Browser.tabs; runtime: typeof Browser.runtime; storage: typeof Browser.storage };

export type Contestant = "floor-batches" | "floor-windows" | "tabvault" | "tabvault-before" | "tab-session-manager";
/**
 * The contestants measured by default: Tab Session Manager only when a build of it is given, and an earlier build of
 * TabVault (`BENCH_TABVAULT_BEFORE`, an unpacked chrome-mv3 folder) when a change is to be measured against it in the
 * same run (decision 229).
 */
export const CONTESTANTS: readonly Contestant[] = [
  "floor-batches",
  "floor-windows",
  "tabvault",
  ...(process.env.BENCH_TABVAULT_BEFORE ? (["tabvault-before"] as const) : []),
  ...(process.env.TSM_DIR ? (["tab-session-manager"] as const) : []),
];
export const WINDOWS = 2;

/** A page the probe runs in: Playwright's (Chromium) or Puppeteer's (Firefox), asked with code as text. */
export interface ProbePage {
  evaluate(code: string): Promise<unknown>;
}

export interface RoundFigures {
  contestant: Contestant | "firefox-floor" | "firefox-tabvault";
  round: number;
  /** Until every tab exists (seen by the census every 500 ms), from the start. */
  existsMs: number | null;
  firstWindowMs: number | null;
  /** The longest a trivial API call waited during the restore and until every tab was drawn. */
  longestWaitMs: number;
  /** Until every tab showed its title; null when some had not 180 s after they all existed. */
  drawnMs: number | null;
  drawnTabs: number;
  memoryMb: number;
  loadAverage: number;
}

/** What the probe in the page has seen so far. */
const probeSchema = z.object({
  maxWaitMs: z.number(),
  existsAt: z.number().nullable(),
  drawnAt: z.number().nullable(),
  firstWindowAt: z.number().nullable(),
  drawn: z.number(),
});

/** Resident memory of a browser and every process under it, found by an argument only it has, or by its process id. */
export function browserMemoryMb(marker: string | number): number {
  const rows = execSync("ps -eo pid=,ppid=,rss=,args=", { maxBuffer: 64 * 1024 * 1024 })
    .toString()
    .split("\n")
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(\d+)\s+(.*)$/.exec(line))
    .flatMap((match) => (match ? [{ pid: Number(match[1]), ppid: Number(match[2]), rss: Number(match[3]), args: match[4] ?? "" }] : []));
  const ours = new Set(rows.filter((row) => (typeof marker === "number" ? row.pid === marker : row.args.includes(marker) && !row.args.includes("ps -eo"))).map((row) => row.pid));
  for (let grown = true; grown; ) {
    grown = false;
    for (const row of rows) {
      if (!ours.has(row.pid) && ours.has(row.ppid)) {
        ours.add(row.pid);
        grown = true;
      }
    }
  }
  return rows.filter((row) => ours.has(row.pid)).reduce((sum, row) => sum + row.rss, 0) / 1024;
}

/**
 * Starts, in an extension page, the trivial call every 50 ms and the census every 500 ms. A tab counts when its
 * address is one of the restore's; it is drawn once loaded or unloaded with a title that is not an address.
 */
export async function startProbe(page: ProbePage, expected: number, pattern: string, api: "chrome" | "browser" = "chrome"): Promise<void> {
  // As text: tsx names the functions of a compiled callback with a helper the page does not have.
  await page.evaluate(`(async () => {
    ${api === "browser" ? "const chrome = browser;" : ""}
    const expected = ${JSON.stringify(expected)};
    const ours = new RegExp(${JSON.stringify(pattern)});
    const windowsBefore = (await chrome.windows.getAll()).length;
    const probe = { maxWaitMs: 0, existsAt: null, drawnAt: null, firstWindowAt: null, drawn: 0, stop: false };
    window.probe = probe;
    const anAddress = (title) => title === "" || title === "TabVault" || /^(chrome-extension|https?):\\/\\//.test(title) || /^(127\\.0\\.0\\.1|localhost)/.test(title);
    const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
    void (async () => {
      while (!probe.stop) {
        const asked = performance.now();
        await chrome.windows.getCurrent();
        probe.maxWaitMs = Math.max(probe.maxWaitMs, performance.now() - asked);
        await pause(50);
      }
    })();
    void (async () => {
      while (!probe.stop && probe.drawnAt === null) {
        const [tabs, windows] = await Promise.all([chrome.tabs.query({}), chrome.windows.getAll()]);
        const restored = tabs.filter((tab) => ours.test(tab.url || tab.pendingUrl || ""));
        if (probe.firstWindowAt === null && windows.length > windowsBefore) probe.firstWindowAt = Date.now();
        if (probe.existsAt === null && restored.length >= expected) probe.existsAt = Date.now();
        probe.drawn = restored.filter((tab) => (tab.status === "complete" || tab.discarded) && !anAddress(tab.title || "")).length;
        if (probe.existsAt !== null && probe.drawn >= expected) probe.drawnAt = Date.now();
        await pause(500);
      }
    })();
  })()`);
}

export async function finishProbe(page: ProbePage, startedAt: number, tabs: number, contestant: RoundFigures["contestant"], round: number, marker: string | number): Promise<RoundFigures> {
  let said = Date.now();
  const read = async () => {
    const probe = probeSchema.parse(await page.evaluate("window.probe"));
    if (Date.now() - said > 15_000) {
      said = Date.now();
      console.error(`[bench] ${contestant}: ${JSON.stringify(probe)}`);
    }
    return probe;
  };
  await waitFor(`${contestant}: every tab existing`, async () => (await read()).existsAt !== null, 900_000);
  const existsAt = (await read()).existsAt ?? Date.now();
  await waitFor(`${contestant}: every tab drawn`, async () => {
    const probe = await read();
    return probe.drawnAt !== null || Date.now() - existsAt > 180_000;
  }, 200_000).catch(() => undefined);
  const probe = probeSchema.parse(await page.evaluate("(window.probe.stop = true, window.probe)"));
  const figures: RoundFigures = {
    contestant,
    round,
    existsMs: probe.existsAt === null ? null : probe.existsAt - startedAt,
    firstWindowMs: probe.firstWindowAt === null ? null : probe.firstWindowAt - startedAt,
    longestWaitMs: probe.maxWaitMs,
    drawnMs: probe.drawnAt === null ? null : probe.drawnAt - startedAt,
    drawnTabs: probe.drawn,
    memoryMb: browserMemoryMb(marker),
    loadAverage: loadavg()[0] ?? 0,
  };
  console.error(`[bench] round ${round} ${contestant}: ${JSON.stringify(figures)}`);
  return figures;
}

/** An extension that does nothing but own the floor's script-free page and the API calls. */
async function floorExtension(): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), "tabvault-floor-"));
  await writeFile(join(dir, "manifest.json"), JSON.stringify({ manifest_version: 3, name: "Floor", version: "1", permissions: ["tabs"], background: { service_worker: "worker.js" } }));
  await writeFile(join(dir, "worker.js"), "");
  await writeFile(join(dir, "blank.html"), "<!doctype html><title>Blank</title>");
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

async function floorRound(contestant: "floor-batches" | "floor-windows", tabs: number, round: number): Promise<RoundFigures> {
  const floor = await floorExtension();
  const extension = await launchWithExtension(floor.dir);
  try {
    const probePage = await extension.context.newPage();
    await probePage.goto(`chrome-extension://${extension.extensionId}/blank.html?probe`);
    await startProbe(probePage, tabs, "/blank\\.html\\?\\d");
    const worker = await extension.worker();
    const startedAt = Date.now();
    // As text, for the reason given at startProbe.
    void worker.evaluate(`(async () => {
      const count = ${tabs}, windows = ${WINDOWS}, batches = ${contestant === "floor-batches"};
      const url = (n) => chrome.runtime.getURL("/blank.html?" + n);
      const perWindow = Math.ceil(count / windows);
      if (!batches) {
        for (let window = 0; window < windows; window += 1) {
          const first = window * perWindow;
          await chrome.windows.create({ url: Array.from({ length: Math.min(perWindow, count - first) }, (_, index) => url(first + index)) });
        }
        return;
      }
      const windowIds = [];
      for (let window = 0; window < windows; window += 1) windowIds.push((await chrome.windows.create({ url: url(window * perWindow) })).id);
      const rest = Array.from({ length: count }, (_, n) => n).filter((n) => n % perWindow !== 0);
      for (let start = 0; start < rest.length; start += 25) {
        await Promise.all(rest.slice(start, start + 25).map((n) => chrome.tabs.create({ windowId: windowIds[Math.floor(n / perWindow)], url: url(n), active: false })));
        await new Promise((resolve) => setTimeout(resolve, 30));
      }
    })()`);
    return await finishProbe(probePage, startedAt, tabs, contestant, round, floor.dir);
  } finally {
    await extension.close();
    await floor.remove();
  }
}

export function backupOf(tabs: number, serverUrl: string): BrowserBackup {
  const perWindow = Math.ceil(tabs / WINDOWS);
  return {
    id: crypto.randomUUID(),
    sessionName: `${tabs} tabs`,
    triggerEvent: "manual_save",
    deviceName: "Chromium on Linux",
    browserType: "chromium",
    createdAt: new Date().toISOString(),
    tabCount: tabs,
    windows: Array.from({ length: WINDOWS }, (_, windowIndex) => ({
      windowId: windowIndex + 1,
      state: "normal" as const,
      focused: windowIndex === 0,
      left: null,
      top: null,
      width: null,
      height: null,
      tabs: Array.from({ length: Math.min(perWindow, tabs - windowIndex * perWindow) }, (_, index) => ({
        url: `${serverUrl}/page/${10_000 + windowIndex * perWindow + index}`,
        title: `Page ${windowIndex * perWindow + index}: a title as long as news sites make them`,
        faviconUrl: null,
        pinned: index < 2,
        active: index === 0,
        groupId: null,
        formData: {},
        scrollPosition: { x: 0, y: 0 },
      })),
    })),
    groups: [],
  };
}

async function tabVaultRound(tabs: number, round: number, contestant: "tabvault" | "tabvault-before" = "tabvault", build?: string): Promise<RoundFigures> {
  const standIn = await startExtensionStandIn();
  const copy = await extensionFor(standIn.url, build);
  let extension: ExtensionBrowser | undefined;
  try {
    extension = await launchWithExtension(copy.dir);
    const backup = backupOf(tabs, standIn.url);
    standIn.stand.backups.unshift(backup);
    await (await extension.worker()).evaluate(
      ([serverUrl, token]) =>
        chrome.storage.local.set({
          auth: { serverUrl, accessToken: token, deviceId: "d1", deviceName: "Chromium on Linux", email: "ada@example.com" },
          connection: { state: "connected", email: "ada@example.com", planType: "pro", automaticBackups: true, message: null },
        }),
      [standIn.url, standIn.stand.token] as const,
    );
    const popup = await extension.openPopup();
    // The probe runs in the popup: whether it stays responsive while the placeholders draw is part of the figure.
    await startProbe(popup, tabs, "placeholder\\.html|/page/\\d");
    const startedAt = Date.now();
    await popup.evaluate((backupId) => chrome.runtime.sendMessage({ kind: "restore-backup", backupId }), backup.id);
    return await finishProbe(popup, startedAt, tabs, contestant, round, copy.dir);
  } finally {
    await extension?.close();
    await copy.remove();
    await standIn.close();
  }
}

/**
 * The same backup as Tab Session Manager keeps a session (its `background/save.js`): windows and tabs keyed by id,
 * each tab with its index; no tag, so its restore does not start tracking the windows.
 */
function tabSessionManagerSessionOf(backup: BrowserBackup): unknown {
  let nextTabId = 1;
  const windows: Record<string, Record<string, unknown>> = {};
  const windowsInfo: Record<string, unknown> = {};
  for (const window of backup.windows) {
    const tabs: Record<string, unknown> = {};
    window.tabs.forEach((tab, index) => {
      const id = nextTabId++;
      tabs[id] = { id, index, windowId: window.windowId, url: tab.url, title: tab.title, favIconUrl: "", pinned: tab.pinned, active: tab.active, incognito: false, groupId: -1 };
    });
    windows[window.windowId] = tabs;
    windowsInfo[window.windowId] = { id: window.windowId, state: "normal", focused: window.focused, incognito: false };
  }
  return { id: backup.id, name: backup.sessionName, date: Date.now(), lastEditedTime: Date.now(), tag: [], sessionStartTime: Date.now(), tabsNumber: backup.tabCount, windowsNumber: backup.windows.length, windows, windowsInfo, tabGroups: [] };
}

async function tabSessionManagerRound(tabs: number, round: number, dir: string): Promise<RoundFigures> {
  const standIn = await startExtensionStandIn();
  let extension: ExtensionBrowser | undefined;
  try {
    extension = await launchWithExtension(dir);
    const popup = await extension.context.newPage();
    await popup.setViewportSize({ width: 360, height: 600 });
    await popup.goto(`chrome-extension://${extension.extensionId}/popup/index.html`);
    await startProbe(popup, tabs, "replaced/index\\.html|/page/\\d");
    const session = tabSessionManagerSessionOf(backupOf(tabs, standIn.url));
    const startedAt = Date.now();
    // Its popup's "open" button sends this message (its `popup/actions/controlSessions.js`); its background answers
    // at once and opens the tabs after.
    await popup.evaluate((asked) => chrome.runtime.sendMessage({ message: "open", session: asked, property: "openInNewWindow" }), session);
    return await finishProbe(popup, startedAt, tabs, "tab-session-manager", round, dir);
  } finally {
    await extension?.close();
    await standIn.close();
  }
}

async function roundOf(contestant: Contestant, tabs: number, round: number): Promise<RoundFigures> {
  if (contestant === "tabvault") return tabVaultRound(tabs, round);
  if (contestant === "tabvault-before") {
    const build = process.env.BENCH_TABVAULT_BEFORE;
    if (!build) throw new Error("BENCH_TABVAULT_BEFORE must name an unpacked build of TabVault");
    return tabVaultRound(tabs, round, contestant, build);
  }
  if (contestant === "tab-session-manager") {
    const dir = process.env.TSM_DIR;
    if (!dir) throw new Error("TSM_DIR must name a built Tab Session Manager");
    return tabSessionManagerRound(tabs, round, dir);
  }
  return floorRound(contestant, tabs, round);
}

/** `rounds` rounds, each contestant once a round, the order turned by one each round. */
export async function measureRestoreSideBySide(tabs: number, rounds: number, contestants: readonly Contestant[] = CONTESTANTS): Promise<RoundFigures[]> {
  const figures: RoundFigures[] = [];
  for (let round = 1; round <= rounds; round += 1) {
    const order = contestants.map((_, index) => contestants[(index + round - 1) % contestants.length]!);
    for (const contestant of order) figures.push(await roundOf(contestant, tabs, round));
  }
  return figures;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // `node --import tsx scripts/bench/extension-restore.ts [tabs] [rounds] [contestant,…]`
  const only = process.argv[4]?.split(",").filter((name): name is Contestant => CONTESTANTS.some((contestant) => contestant === name));
  console.log(JSON.stringify(await measureRestoreSideBySide(Number(process.argv[2] ?? 200), Number(process.argv[3] ?? 1), only), null, 2));
}
