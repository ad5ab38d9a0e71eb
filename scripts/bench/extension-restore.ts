/**
 * The 1,000-tab restore in real Chromium (issue 15: every tab exists within 10 s), beside the floor the
 * browser itself sets: the same number of tabs created by the same API in the same batches, on a
 * script-free extension page, with nothing of TabVault running. The difference is what TabVault adds;
 * the floor is what no extension can go below on this machine.
 * Also reads the service worker's JavaScript heap once the restored tabs are in a running snapshot.
 */
import { execSync } from "node:child_process";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { loadavg } from "node:os";
import type { Browser } from "wxt/browser";
import type { BrowserBackup } from "../../common/api/browser-backups";
import { extensionFor, launchWithExtension, type ExtensionBrowser } from "../../e2e/support/extension";
import { startExtensionStandIn } from "../extension-stand-in";
import { waitFor } from "../../e2e/support/wait-for";

// The functions passed to evaluate() run in the extension's worker and pages, where `chrome` is the browser's.
declare const chrome: { windows: typeof Browser.windows; tabs: typeof Browser.tabs; runtime: typeof Browser.runtime; storage: typeof Browser.storage };

export interface RestoreFigures {
  tabs: number;
  floorMs: number;
  restoreMs: number;
  firstWindowMs: number;
  message: string;
  browserMemory: string;
  workerHeapMb: number;
  snapshotTabs: number;
  loadAverage: number;
}

type Progress = { done: number; total: number; state: string; startedAt: number; finishedAt: number | null; message: string | null };

function browserMemory(): string {
  return execSync(`ps -eo rss,args | grep '[t]abvault-profile' | awk '{s+=$1} END {printf "%.0f MB in %d processes", s/1024, NR}'`).toString();
}

/** The service worker's used JS heap, through the DevTools protocol (the worker has no performance.memory). */
async function workerHeapMb(extension: ExtensionBrowser): Promise<number> {
  const page = extension.context.pages()[0] ?? (await extension.context.newPage());
  const cdp = await extension.context.newCDPSession(page);
  try {
    const { targetInfos } = (await cdp.send("Target.getTargets")) as { targetInfos: { targetId: string; type: string; url: string }[] };
    const worker = targetInfos.find((target) => target.type === "service_worker" && target.url.startsWith(`chrome-extension://${extension.extensionId}/`));
    if (!worker) throw new Error("The extension's service worker is not running");
    const { sessionId } = (await cdp.send("Target.attachToTarget", { targetId: worker.targetId, flatten: false })) as { sessionId: string };
    const answer = new Promise<{ usedSize: number }>((resolve) => {
      cdp.on("Target.receivedMessageFromTarget", (event: { sessionId: string; message: string }) => {
        const message = JSON.parse(event.message) as { id?: number; result?: { usedSize: number } };
        if (event.sessionId === sessionId && message.id === 1 && message.result) resolve(message.result);
      });
    });
    // Garbage collected first: the figure is what the worker keeps, not what it has not freed yet.
    await cdp.send("Target.sendMessageToTarget", { sessionId, message: JSON.stringify({ id: 0, method: "HeapProfiler.collectGarbage" }) });
    await cdp.send("Target.sendMessageToTarget", { sessionId, message: JSON.stringify({ id: 1, method: "Runtime.getHeapUsage" }) });
    const { usedSize } = await answer;
    await cdp.send("Target.detachFromTarget", { sessionId });
    return usedSize / 1024 / 1024;
  } finally {
    await cdp.detach();
  }
}

function backupOf(tabs: number, serverUrl: string): BrowserBackup {
  const windows = 2;
  const perWindow = Math.ceil(tabs / windows);
  return {
    id: crypto.randomUUID(),
    sessionName: `${tabs} tabs`,
    triggerEvent: "manual_save",
    deviceName: "Chromium on Linux",
    browserType: "chromium",
    createdAt: new Date().toISOString(),
    tabCount: tabs,
    windows: Array.from({ length: windows }, (_, windowIndex) => ({
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

export async function measureChromiumRestore(tabs = 1_000): Promise<RestoreFigures> {
  const standIn = await startExtensionStandIn();
  const { dir, remove } = await extensionFor(standIn.url);
  // The floor's page: an extension page with no script, so only the browser's own work is measured.
  await writeFile(join(dir, "bench-blank.html"), "<!doctype html><title>Blank</title>");
  let extension = await launchWithExtension(dir);
  try {
    const floorMs = await (await extension.worker()).evaluate(async (count) => {
      const started = performance.now();
      const windowIds = await Promise.all([0, 1].map(async () => (await chrome.windows.create({ url: chrome.runtime.getURL("/bench-blank.html") }))?.id));
      for (let start = 0; start < count; start += 25) {
        await Promise.all(
          Array.from({ length: Math.min(25, count - start) }, (_, offset) =>
            chrome.tabs.create({ windowId: windowIds[(start + offset) % 2], url: chrome.runtime.getURL(`/bench-blank.html?${start + offset}`), active: false }),
          ),
        );
        await new Promise((resolve) => setTimeout(resolve, 30));
      }
      return performance.now() - started;
    }, tabs);
    console.error(`[bench] floor: ${tabs} tabs in ${(floorMs / 1000).toFixed(1)} s`);
    // A fresh browser for the restore, so the floor's tabs cost it nothing.
    await extension.close();
    extension = await launchWithExtension(dir);

    const backup = backupOf(tabs, standIn.url);
    standIn.stand.backups.unshift(backup);
    const worker = await extension.worker();
    await worker.evaluate(
      ([serverUrl, token]) =>
        chrome.storage.local.set({
          auth: { serverUrl, accessToken: token, deviceId: "d1", deviceName: "Chromium on Linux", email: "ada@example.com" },
          connection: { state: "connected", email: "ada@example.com", planType: "pro", automaticBackups: true, message: null },
        }),
      [standIn.url, standIn.stand.token] as const,
    );
    const popup = await extension.openPopup();
    const windowsBefore = await popup.evaluate(() => chrome.windows.getAll().then((windows) => windows.length));
    const clickedAt = Date.now();
    await popup.evaluate((backupId) => chrome.runtime.sendMessage({ kind: "restore-backup", backupId }), backup.id);
    await waitFor("the first window", () => popup.evaluate((count) => chrome.windows.getAll().then((windows) => windows.length > count), windowsBefore), 60_000);
    const firstWindowMs = Date.now() - clickedAt;
    const progress = await waitFor(
      `${tabs} restored tabs`,
      async () => {
        const stored = (await worker.evaluate(() => chrome.storage.session.get("restoreProgress"))) as { restoreProgress?: Progress };
        const current = stored.restoreProgress;
        return current && current.total === tabs && current.state !== "running" ? current : null;
      },
      600_000,
    );
    const memory = browserMemory();
    console.error(`[bench] restore: ${progress.message} (floor ${(floorMs / 1000).toFixed(1)} s); ${memory}`);
    // Read from the worker's IndexedDB: the extension's pages share one renderer with a thousand
    // placeholders and may take long to open right after the restore.
    const snapshotTabs = await waitFor(
      "a running snapshot of the restored tabs",
      () =>
        worker.evaluate(
          (count) =>
            new Promise<number | null>((resolve) => {
              const open = indexedDB.open("tabvault");
              open.onsuccess = () => {
                const cursor = open.result.transaction("versions").objectStore("versions").index("capturedAt").openCursor(null, "prev");
                cursor.onsuccess = () => {
                  const tabCount = (cursor.result?.value as { tabCount: number } | undefined)?.tabCount ?? 0;
                  open.result.close();
                  resolve(tabCount >= count ? tabCount : null);
                };
              };
              open.onerror = () => resolve(null);
            }),
          tabs,
        ),
      300_000,
    );
    return {
      tabs,
      floorMs,
      restoreMs: (progress.finishedAt ?? Date.now()) - progress.startedAt,
      firstWindowMs,
      message: progress.message ?? progress.state,
      browserMemory: memory,
      workerHeapMb: await workerHeapMb(extension),
      snapshotTabs: snapshotTabs ?? 0,
      loadAverage: loadavg()[0] ?? 0,
    };
  } finally {
    await extension.close();
    await remove();
    await standIn.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await measureChromiumRestore(Number(process.argv[2] ?? 1_000)));
}
