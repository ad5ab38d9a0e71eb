/**
 * Loads the built Chromium extension into Debian's Chromium and walks the person's path against a
 * stand-in of the extension's API (the in-memory server of the unit tests, behind node:http): the
 * service worker starts, Connect pairs through the device-authorization flow, two windows of 15 tabs
 * are watched, closing one uploads the emergency backup, the popup offers "Restore 15 tabs" and the
 * restore brings the window back. Screenshots of the popup go to e2e/artifacts/extension/.
 *
 *   npm run build:extension && node --import tsx scripts/smoke-extension.ts
 *
 * The real server's path is `e2e/extension.test.ts`; this is the quick check while working on the
 * extension alone. The 1,000-tab restore is measured by `npm run bench:extension`.
 */
import { mkdir } from "node:fs/promises";
import { extensionFor, launchWithExtension } from "../e2e/support/extension";
import { startExtensionStandIn } from "./extension-stand-in";
import { waitFor } from "../e2e/support/wait-for";

const ARTIFACTS = "e2e/artifacts/extension";

function log(message: string): void {
  console.log(`[smoke] ${message}`);
}

const { stand, url: serverUrl, close: closeStandIn } = await startExtensionStandIn();
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

  log("smoke test passed");
} finally {
  await extension.close();
  await remove();
  await closeStandIn();
}
