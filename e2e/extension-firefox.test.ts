import assert from "node:assert/strict";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import type { Page } from "puppeteer-core";
import { listBackups, type BackupSummary } from "../common/api/backups";
import { getBrowserBackup } from "../common/api/browser-backups";
import { endpointUrl } from "../common/api/endpoint";
import { downloadExtensionPackage } from "../common/api/extension-packages";
import { ARTIFACTS_DIR, saveScreenshot } from "./support/browser";
import { byRole, clickByRole, type FirefoxWithExtension, launchFirefoxWithExtension } from "./support/firefox";
import { signInLinkFor } from "./support/mail";
import { servePages, type TestPages } from "./support/pages";
import { type RunningServer, startServer } from "./support/server";
import { waitFor } from "./support/wait-for";

/**
 * The extension in Debian's Firefox ESR, as a person gets it: the .xpi downloaded from /download of the real server,
 * connected through /connect, protecting real windows, tabs and tab groups (Firefox gives groups ids past 2^31)
 * against the real API. Elements are found by role and visible text.
 */

const EMAIL = "firefox-person@example.com";
const SHOTS = join(ARTIFACTS_DIR, "extension-firefox");

/** Waits until the page shows `text`; asks again across a reload, where puppeteer's own wait gives up. */
const textShown = (page: Page, text: string, timeout = 15_000) =>
  waitFor(`"${text}" on the page`, () => page.evaluate((wanted) => document.body.innerText.includes(wanted), text).catch(() => false), timeout);

describe("the browser extension in real Firefox ESR against the real server", () => {
  let server: RunningServer;
  let pages: TestPages;
  let firefox: FirefoxWithExtension;
  let site: Page;

  async function backupsOnServer(): Promise<BackupSummary[]> {
    const answer = await site.evaluate(async (url) => (await fetch(url)).json(), endpointUrl(listBackups));
    return listBackups.responses[200].parse(answer);
  }

  async function backupOnServer(id: string) {
    const answer = await site.evaluate(async (url) => (await fetch(url)).json(), endpointUrl(getBrowserBackup, { params: { id } }));
    return getBrowserBackup.responses[200].parse(answer);
  }

  async function openWindow(prefix: number, count: number): Promise<number> {
    const urls = Array.from({ length: count }, (_, index) => `${pages.url}/page/${prefix + index}`);
    return firefox.ext<number>(`browser.windows.create({ url: ${JSON.stringify(urls)} }).then((w) => w.id)`);
  }

  /** What the popup's status line says now (the answer to its last button). */
  async function popupStatus(): Promise<string> {
    return firefox.popup.evaluate(() => document.querySelector<HTMLElement>('[role="status"]')?.innerText ?? "");
  }

  /** The refused backup the popup lists, as its buttons name it: "manual backup of N tabs". */
  async function refusedRow(): Promise<string> {
    const label = await firefox.popup.evaluate(() => document.querySelector('[aria-label="Refused backups"] button[aria-label^="Retry "]')?.getAttribute("aria-label") ?? "");
    assert.match(label, /^Retry manual backup of \d+ tabs$/);
    return label.slice("Retry ".length);
  }

  /** Waits until the running snapshot holds every tab open now (it follows about a second after a change). */
  async function snapshotSettled(): Promise<void> {
    await waitFor("every page loaded", async () => firefox.ext<boolean>(`browser.tabs.query({ url: "${pages.url}/page/*" }).then((tabs) => tabs.every((tab) => tab.status === "complete"))`), 30_000);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
  }

  before(async () => {
    await mkdir(SHOTS, { recursive: true });
    pages = await servePages();
    server = await startServer();
    const xpi = await fetch(`${server.url}${endpointUrl(downloadExtensionPackage, { params: { target: "firefox" } })}`);
    assert.equal(xpi.status, 200);
    firefox = await launchFirefoxWithExtension(new Uint8Array(await xpi.arrayBuffer()));
    site = await firefox.browser.newPage();
    await site.goto(`${server.url}/api/login?email=${encodeURIComponent(EMAIL)}`);
    await site.goto(await signInLinkFor(server.dataDir, EMAIL));
    await clickByRole(site, "button", "Sign in");
    await site.waitForFunction(() => location.pathname !== "/sign-in/confirm");
  });

  after(async () => {
    await firefox?.close();
    await server?.stop();
    await pages?.close();
  });

  test("installs from /download and connects with one confirmation", async () => {
    await firefox.popup.bringToFront();
    await clickByRole(firefox.popup, "button", "Connect to TabVault");
    const connect = await firefox.pageWith("/connect?code=");
    await clickByRole(connect, "button", "Connect");
    await byRole(connect, "heading", "Connected");
    await saveScreenshot(connect, { path: join(SHOTS, "connect-done.png") });
    await connect.close();
    await firefox.reloadPopup();
    await textShown(firefox.popup, `Connected as ${EMAIL}`, 20_000);
    await saveScreenshot(firefox.popup, { path: join(SHOTS, "popup-connected.png") });
  });

  test("the popup says Firefox cannot read the other devices' tabs (decision 219)", async () => {
    assert.equal(await firefox.popup.evaluate(() => typeof (globalThis as { browser?: { sessions?: { getDevices?: unknown } } }).browser?.sessions?.getDevices), "undefined");
    await textShown(firefox.popup, "This browser cannot read your other devices' tabs: only Chrome and other Chromium browsers share synced tabs with extensions.");
  });

  test("closing a window with a pinned tab and a tab group puts its tabs, pin and group on the server", async () => {
    const windowId = await openWindow(100, 6);
    const groupId = await firefox.ext<number>(
      // Without a window, Firefox moves the tabs into a group in the current window (the popup's).
      `browser.tabs.query({ windowId: ${windowId} }).then((tabs) => browser.tabs.group({ tabIds: tabs.slice(2, 5).map((t) => t.id), createProperties: { windowId: ${windowId} } }))`,
    );
    // Firefox numbers tab groups from the clock: far past the 32-bit integers Chromium uses.
    assert.ok(groupId > 2 ** 31, `group id ${groupId}`);
    await firefox.ext(`browser.tabGroups.update(${groupId}, { title: "Research", color: "purple" })`);
    await firefox.ext(`browser.tabs.query({ windowId: ${windowId} }).then((tabs) => browser.tabs.update(tabs[0].id, { pinned: true }))`);
    await snapshotSettled();

    const closedAt = Date.now();
    await firefox.ext(`browser.windows.remove(${windowId})`);
    const emergency = await waitFor("the emergency backup on the server", async () => (await backupsOnServer()).find((backup) => backup.triggerEvent === "clear_all_detected"), 15_000);
    assert.ok(Date.now() - closedAt < 5_000, `took ${Date.now() - closedAt} ms`);

    const backup = await backupOnServer(emergency.id);
    const lost = backup.windows.flatMap((window) => window.tabs).filter((tab) => tab.url.includes("/page/1"));
    // Firefox moves grouped tabs together and pinned tabs first: the backup keeps the order the browser had.
    assert.deepEqual(lost.map((tab) => tab.url).sort(), Array.from({ length: 6 }, (_, index) => `${pages.url}/page/${100 + index}`));
    assert.equal(lost.filter((tab) => tab.pinned).length, 1);
    assert.equal(backup.groups.find((group) => group.title === "Research")?.color, "purple");
  });

  test("restore from the popup brings the window back with its pin and its group", async () => {
    await firefox.reloadPopup();
    await clickByRole(firefox.popup, "button", "Restore 6 tabs");
    const restored = await waitFor("the window to come back", async () => {
      const windows = await firefox.ext<{ tabs: { url: string; pinned: boolean; groupId: number }[] }[]>("browser.windows.getAll({ populate: true })");
      return windows.find((window) => window.tabs.filter((tab) => tab.url.includes("/page/1")).length === 6);
    }, 30_000);
    assert.equal(restored.tabs.filter((tab) => tab.pinned).length, 1);
    const grouped = restored.tabs.filter((tab) => tab.groupId >= 0);
    assert.equal(grouped.length, 3);
    const group = await firefox.ext<{ title: string; color: string }>(`browser.tabGroups.get(${grouped[0]!.groupId})`);
    assert.deepEqual({ title: group.title, color: group.color }, { title: "Research", color: "purple" });
    await saveScreenshot(firefox.popup, { path: join(SHOTS, "popup-after-restore.png") });
  });

  test("restoring the server's copy of a backup whose window is still open opens only what is missing, and the local offer goes", async () => {
    const before = new Set((await backupsOnServer()).map((backup) => backup.id));
    const kept = await openWindow(500, 4);
    const closed = await openWindow(600, 3);
    await snapshotSettled();
    await firefox.ext(`browser.windows.remove(${closed})`);
    await waitFor("the emergency backup of the closed window", async () => (await backupsOnServer()).find((backup) => backup.triggerEvent === "clear_all_detected" && !before.has(backup.id)), 15_000);
    // One tab of the window still open goes too, on its own: no emergency, but it is missing there now.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    await firefox.ext(`browser.tabs.query({ windowId: ${kept} }).then((tabs) => browser.tabs.remove(tabs.find((tab) => tab.url.endsWith("/page/503")).id))`);
    await firefox.reloadPopup();
    await byRole(firefox.popup, "button", "Restore 3 tabs");
    const windowsBefore = await firefox.ext<number>("browser.windows.getAll().then((w) => w.length)");
    const pagesOf = (windowId: number) => firefox.ext<string[]>(`browser.tabs.query({ windowId: ${windowId} }).then((tabs) => tabs.map((tab) => tab.url))`);

    // The server's emergency backup holds every window open then, not only the one that closed.
    await clickByRole(firefox.popup, "button", "Restore");
    await waitFor("the restore to finish", () => firefox.popup.evaluate(() => /Restored 4 tabs in [\d.]+ s \(\d+ windows still open: \d+ tabs already there\)\./.test(document.body.innerText)).catch(() => false), 30_000);
    await saveScreenshot(firefox.popup, { path: join(SHOTS, "popup-restored-only-missing.png") });
    const windows = await firefox.ext<{ id: number; tabs: { url: string }[] }[]>("browser.windows.getAll({ populate: true })");
    assert.equal(windows.length, windowsBefore + 1, "only the closed window opens again");
    assert.deepEqual((await pagesOf(kept)).filter((url) => url.includes("/page/50")).sort(), [500, 501, 502, 503].map((index) => `${pages.url}/page/${index}`));
    const reopened = windows.find((window) => window.tabs.some((tab) => tab.url.endsWith("/page/600")));
    assert.deepEqual(reopened?.tabs.map((tab) => tab.url), [600, 601, 602].map((index) => `${pages.url}/page/${index}`));
    const everyUrl = windows.flatMap((window) => window.tabs.map((tab) => tab.url)).filter((url) => url.includes("/page/"));
    assert.equal(new Set(everyUrl).size, everyUrl.length, "no page open twice");

    // The local offer of those 3 tabs is gone: they are back.
    await firefox.reloadPopup();
    await textShown(firefox.popup, "watched");
    const offers = await firefox.popup.evaluate(() => [...document.querySelectorAll("button")].filter((button) => /^Restore \d+ tabs?$/.test(button.innerText.trim())).length);
    assert.equal(offers, 0);
    await saveScreenshot(firefox.popup, { path: join(SHOTS, "popup-offer-gone.png") });
  });

  test("closing 3 tabs at once is an emergency backup too", async () => {
    const before = new Set((await backupsOnServer()).map((backup) => backup.id));
    const windowId = await openWindow(300, 5);
    await snapshotSettled();
    await firefox.ext(`browser.tabs.query({ windowId: ${windowId} }).then((tabs) => browser.tabs.remove(tabs.slice(0, 3).map((t) => t.id)))`);
    const emergency = await waitFor(
      "the second emergency backup",
      async () => (await backupsOnServer()).find((backup) => backup.triggerEvent === "clear_all_detected" && !before.has(backup.id)),
      15_000,
    );
    const urls = (await backupOnServer(emergency.id)).windows.flatMap((window) => window.tabs).map((tab) => tab.url);
    for (const index of [300, 301, 302]) assert.ok(urls.includes(`${pages.url}/page/${index}`), `page ${index} in the backup`);
  });

  test("a refused upload shown as refused: the server's reason, Retry and Discard, never success", async () => {
    // Free keeps 1 backup, and the emergency of the last test is larger than the 5 tabs a save may keep: the server
    // refuses to let a save push it out within the hour (decision 207). The person sees why, retries, discards.
    await openWindow(700, 6);
    await snapshotSettled();
    const storedBefore = (await backupsOnServer()).length;
    await firefox.reloadPopup();
    await clickByRole(firefox.popup, "button", "Back up now");
    await textShown(firefox.popup, "The server refused this backup:", 20_000);
    const said = await popupStatus();
    assert.match(said, /Not saved: .* Pin that backup in the Session Manager to keep both.* It stays on this device/);
    assert.doesNotMatch(said, /saved\./);
    await textShown(firefox.popup, "The server said:");
    const row = await refusedRow();
    await saveScreenshot(firefox.popup, { path: join(SHOTS, "popup-refused.png"), fullPage: true });

    // Retry: refused again, in the same words; nothing stored. Then Discard: gone from the device.
    await clickByRole(firefox.popup, "button", `Retry ${row}`);
    await textShown(firefox.popup, "The server refused it again:", 20_000);
    assert.equal((await backupsOnServer()).length, storedBefore);
    await clickByRole(firefox.popup, "button", `Discard ${row}`);
    await textShown(firefox.popup, "Discarded: it will not be sent.");
    assert.equal(await firefox.popup.evaluate(() => document.querySelector('[aria-label="Refused backups"]') === null), true);
  });

  test("a killed Firefox that comes back with its tabs gone uploads the tabs it had", async () => {
    await openWindow(400, 12);
    await snapshotSettled();
    const before = new Set((await backupsOnServer()).map((backup) => backup.id));
    await firefox.kill();
    // Firefox does not bring the tabs back after the crash (decided by the profile's prefs), as after a
    // Clear All: the extension compares the new run with its last snapshot.
    await firefox.restart();
    site = await firefox.browser.newPage();
    await site.goto(`${server.url}/`);
    const arrived = await waitFor(
      "the start-up emergency backup",
      async () => (await backupsOnServer()).find((backup) => backup.triggerEvent === "clear_all_detected" && !before.has(backup.id)),
      30_000,
    );
    const urls = (await backupOnServer(arrived.id)).windows.flatMap((window) => window.tabs).map((tab) => tab.url);
    assert.ok(urls.filter((url) => url.includes("/page/4")).length === 12, "the 12 tabs open before the kill");
    await firefox.reloadPopup();
    await textShown(firefox.popup, "came back");
    await saveScreenshot(firefox.popup, { path: join(SHOTS, "popup-after-restart.png") });
  });
});
