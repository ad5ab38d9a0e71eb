/**
 * Loads the built Chromium extension into Debian's Chromium and walks the person's path against a
 * stand-in of the extension's API (the in-memory server of the unit tests, behind node:http): the
 * service worker starts, Connect pairs through the device-authorization flow, two windows of 15 tabs
 * are watched, closing one uploads the emergency backup, the popup offers "Restore 15 tabs" and the
 * restore brings the window back. Screenshots of the popup go to e2e/artifacts/extension/.
 *
 *   npm run build:extension && node --import tsx scripts/smoke-extension.ts [--restore-1000]
 *
 * The real server's end-to-end tests replace the stand-in once the server side is merged.
 */
import { mkdir } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { extensionFor, launchWithExtension } from "../e2e/support/extension";
import { FakeServer } from "../extension/test/fake-server";

const ARTIFACTS = "e2e/artifacts/extension";
const restoreThousand = process.argv.includes("--restore-1000");

function log(message: string): void {
  console.log(`[smoke] ${message}`);
}

async function waitFor<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 15_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const stand = new FakeServer();
stand.keepUploads = true;
const http = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    void (async () => {
      const url = new URL(request.url ?? "/", `http://${request.headers.host}`);
      const page = /^\/page\/(\d+)/.exec(url.pathname);
      if (page) {
        response.writeHead(200, { "content-type": "text/html" }).end(`<!doctype html><title>Page ${page[1]}</title><h1>Page ${page[1]}</h1>`);
        return;
      }
      if (url.pathname === "/connect") {
        // A signed-in person confirms at once: the next poll gets the token.
        stand.pollAnswers.push({
          status: 200,
          body: { accessToken: stand.token, tokenType: "Bearer", scope: "browser", deviceId: "d1", deviceName: "Chromium on Linux", email: "ada@example.com" },
        });
        response.writeHead(200, { "content-type": "text/html" }).end(`<!doctype html><title>Connect</title><h1>Connected ${url.searchParams.get("code")}</h1>`);
        return;
      }
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) if (typeof value === "string") headers.set(name, value);
      const body = chunks.length > 0 ? new Uint8Array(Buffer.concat(chunks)) : undefined;
      try {
        const answer = await stand.fetch(url.toString(), { method: request.method, headers, body });
        response.writeHead(answer.status, { "content-type": "application/json" }).end(await answer.text());
      } catch {
        response.destroy();
      }
    })();
  });
});
await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
const serverUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
// The extension derives the origin from server-config.json; the stand-in answers on that origin.
Object.defineProperty(stand, "origin", { value: serverUrl });
log(`stand-in server at ${serverUrl}`);

await mkdir(ARTIFACTS, { recursive: true });
const { dir, remove } = await extensionFor(serverUrl);
const started = Date.now();
const extension = await launchWithExtension(dir);
log(`service worker started in ${Date.now() - started} ms: chrome-extension://${extension.extensionId}`);

try {
  const popup = await extension.openPopup();
  // chrome.* from an extension page: works whether the service worker runs or was stopped.
  const ext = <T>(code: string) => popup.evaluate(code) as Promise<T>;
  await popup.getByRole("button", { name: "Connect to TabVault" }).waitFor();
  await popup.screenshot({ path: `${ARTIFACTS}/popup-not-connected.png` });

  await popup.getByRole("button", { name: "Connect to TabVault" }).click();
  await waitFor("the connect page to open", async () => extension.context.pages().find((page) => page.url().includes("/connect?code=")));
  log("connect page opened; waiting for the poll");
  await popup.bringToFront();
  await popup.getByText("Connected as ada@example.com").waitFor({ timeout: 20_000 });
  log("paired: Connected as ada@example.com");

  const pages = (prefix: number) => Array.from({ length: 15 }, (_, index) => `${serverUrl}/page/${prefix + index}`);
  await ext(`chrome.windows.create({ url: ${JSON.stringify(pages(100))} })`);
  const secondId = await ext<number>(`chrome.windows.create({ url: ${JSON.stringify(pages(200))} }).then((w) => w.id)`);
  await ext(`chrome.tabs.query({ windowId: ${secondId} }).then((tabs) => chrome.tabs.group({ tabIds: tabs.slice(2, 5).map((t) => t.id), createProperties: { windowId: ${secondId} } })).then((id) => chrome.tabGroups.update(id, { title: "Research", color: "purple" }))`);
  await ext(`chrome.tabs.query({ windowId: ${secondId} }).then((tabs) => chrome.tabs.update(tabs[0].id, { pinned: true }))`);
  await waitFor("all 30 tabs to load", async () => (await ext<number>(`chrome.tabs.query({ status: "complete", url: "${serverUrl}/page/*" }).then((t) => t.length)`)) >= 30);
  await new Promise((resolve) => setTimeout(resolve, 2_500));

  // Stopped between the changes and the loss: nothing may depend on the worker's memory.
  await extension.stopServiceWorker();
  log("service worker stopped before the loss");

  const closedAt = Date.now();
  // Closed from another extension page (the popup): the stopped worker is woken by the close events.
  await popup.evaluate(`chrome.windows.remove(${secondId})`);
  const emergency = await waitFor("the emergency backup on the server", async () => stand.stored().find((body) => body.trigger === "clear_all_detected"), 10_000);
  const seconds = (Date.now() - closedAt) / 1000;
  const tabs = emergency.windows.map((window) => window.tabs.filter((tab) => tab.url.includes("/page/")).length);
  log(`emergency backup on the server ${seconds.toFixed(1)} s after the close: windows of ${tabs.join(" + ")} test pages, reason "${emergency.reason}"`);
  if (seconds > 5) throw new Error("The emergency backup took more than 5 s");
  if (!tabs.includes(15) || tabs.filter((count) => count === 15).length !== 2) throw new Error(`Expected two windows of 15 pages, got ${tabs.join(", ")}`);
  const notifications = await ext<Record<string, unknown>>("chrome.notifications.getAll()");
  log(`notifications: ${JSON.stringify(Object.keys(notifications))}`);

  await popup.reload();
  await popup.getByRole("button", { name: "Restore 15 tabs" }).waitFor();
  await popup.getByText("Emergency backup").first().waitFor();
  await popup.screenshot({ path: `${ARTIFACTS}/popup-after-loss.png` });
  const restoreStarted = Date.now();
  await popup.getByRole("button", { name: "Restore 15 tabs" }).click();
  const restored = await waitFor("the window to come back", async () => {
    const windows = await ext<{ id: number; tabs: { url: string; pinned: boolean; groupId: number }[] }[]>("chrome.windows.getAll({ populate: true })");
    return windows.find((window) => window.tabs.filter((tab) => tab.url.includes("/page/2") || tab.url.includes("placeholder.html")).length === 15);
  });
  log(`restored a window of ${restored.tabs.length} tabs in ${Date.now() - restoreStarted} ms (pinned: ${restored.tabs.filter((tab) => tab.pinned).length}, grouped: ${restored.tabs.filter((tab) => tab.groupId >= 0).length})`);
  await popup.screenshot({ path: `${ARTIFACTS}/popup-restored.png` });

  // The web app's side: a page of the server asks whether the extension is there, then for a restore.
  const site = await extension.context.newPage();
  await site.goto(`${serverUrl}/page/999`);
  const answers = await site.evaluate(async (backupId) => {
    const seen: unknown[] = [];
    window.addEventListener("message", (event) => {
      if ((event.data as { type?: string })?.type?.startsWith("tabvault:") && (event.data as { type: string }).type !== "tabvault:ping" && (event.data as { type: string }).type !== "tabvault:restore") seen.push(event.data);
    });
    window.postMessage({ type: "tabvault:ping" }, window.location.origin);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    window.postMessage({ type: "tabvault:restore", backupId }, window.location.origin);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    return seen;
  }, stand.backups[0]?.id ?? "");
  log(`bridge answers on the server's page: ${JSON.stringify(answers)}`);
  if (!answers.some((answer) => (answer as { type: string }).type === "tabvault:extension")) throw new Error("No answer to tabvault:ping");
  if (!answers.some((answer) => (answer as { type: string }).type === "tabvault:restore-started")) throw new Error("No tabvault:restore-started");
  await site.close();

  const options = await extension.context.newPage();
  await options.setViewportSize({ width: 640, height: 520 });
  await options.goto(`chrome-extension://${extension.extensionId}/options.html`);
  await options.getByText("Keep what I type").waitFor();
  await options.screenshot({ path: `${ARTIFACTS}/options.png` });
  await options.close();

  if (restoreThousand) {
    stand.backups.unshift({
      id: crypto.randomUUID(),
      sessionName: "1,000 tabs",
      triggerEvent: "manual_save",
      deviceName: "Chromium on Linux",
      browserType: "chromium",
      createdAt: new Date().toISOString(),
      tabCount: 1000,
      windows: [0, 1].map((windowIndex) => ({
        windowId: windowIndex + 1,
        state: "normal" as const,
        focused: windowIndex === 0,
        left: null,
        top: null,
        width: null,
        height: null,
        tabs: Array.from({ length: 500 }, (_, index) => ({
          url: `${serverUrl}/page/${10_000 + windowIndex * 500 + index}`,
          title: `Page ${index}`,
          faviconUrl: null,
          pinned: false,
          active: index === 0,
          groupId: null,
          formData: {},
          scrollPosition: { x: 0, y: 0 },
        })),
      })),
      groups: [],
    });
    await popup.reload();
    await popup.getByRole("listitem").filter({ hasText: "1,000 tabs" }).getByRole("button", { name: "Restore" }).click();
    // Read from the service worker: the popup shares the extension's renderer with the placeholders.
    const worker = await extension.worker();
    type Progress = { done: number; total: number; state: string; startedAt: number; finishedAt: number | null; message: string | null };
    const progress = await waitFor(
      "1,000 restored tabs",
      async () => {
        const stored = (await worker.evaluate(`chrome.storage.session.get("restoreProgress")`)) as { restoreProgress?: Progress };
        const current = stored.restoreProgress;
        return current && current.total === 1000 && current.state !== "running" ? current : null;
      },
      300_000,
    );
    const { execSync } = await import("node:child_process");
    const memory = execSync(`ps -eo rss,args | grep '[t]abvault-profile' | awk '{s+=$1} END {printf "%.0f MB in %d processes", s/1024, NR}'`).toString();
    log(`restore of 1,000 tabs: ${progress.state}, every tab created after ${(((progress.finishedAt ?? Date.now()) - progress.startedAt) / 1000).toFixed(1)} s (${progress.message}); browser memory ${memory}`);
  }
  log("smoke test passed");
} finally {
  await extension.close();
  await remove();
  http.close();
}
