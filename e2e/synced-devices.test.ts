import assert from "node:assert/strict";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import type { Browser, Page } from "playwright-core";
import { listBackups } from "../common/api/backups";
import { endpointUrl } from "../common/api/endpoint";
import { ARTIFACTS_DIR, launchBrowser, MOBILE, newContext, saveScreenshot } from "./support/browser";
import { type ExtensionBrowser, type ExtensionSetup, inWorker, signInAndConnect, startWithExtension } from "./support/extension";
import { signInThroughMail } from "./support/mail";
import { servePages, type TestPages } from "./support/pages";
import { type RunningServer } from "./support/server";
import { waitFor } from "./support/wait-for";

/**
 * A phone's tabs protected through Chrome's own tab sync (decision 219), in Chromium with the built extension against
 * the real server. Headless Chromium has no sync, so `chrome.sessions.getDevices` is stubbed in the service worker with
 * an answer shaped like Chrome's: the phone lists 20 tabs, then none (its "Close all tabs" synced); the server then
 * holds an emergency backup of those 20 tabs under the phone's name, and the web app on a 390 px screen restores it
 * tap by tap.
 */
const EMAIL = "synced-phone@example.com";
const SHOTS = join(ARTIFACTS_DIR, "synced-devices");

describe("a phone's tabs through Chrome's sync", () => {
  let server: RunningServer;
  let pages: TestPages | undefined;
  let setup: ExtensionSetup | undefined;
  let browser: ExtensionBrowser;
  let site: Page;
  let popup: Page;
  let phone: Browser | undefined;

  const phoneTabs = () => Array.from({ length: 20 }, (_, index) => `${pages!.url}/page/phone-${index}`);
  /** Chrome's answer: each window a session, `lastModified` in seconds, synced tabs with a sessionId and no id. */
  const devicesAnswer = (urls: string[]) =>
    urls.length === 0
      ? []
      : [
          {
            deviceName: "Pixel 9",
            sessions: [
              {
                lastModified: Math.floor(Date.now() / 1000),
                window: {
                  sessionId: "Pixel 9.1",
                  focused: false,
                  incognito: false,
                  alwaysOnTop: false,
                  state: "normal",
                  type: "normal",
                  tabs: urls.map((url, index) => ({ sessionId: `Pixel 9.1.${index}`, windowId: -1, index, url, title: `Phone page ${index}`, pinned: false, active: index === 0, incognito: false, highlighted: false, selected: false })),
                },
              },
            ],
          },
        ];
  /** Replaces the browser's answer in the service worker (the extension reads `chrome.sessions.getDevices` on each read). */
  async function phoneLists(urls: string[]) {
    await inWorker(
      browser,
      `(() => {
        const answer = ${JSON.stringify(devicesAnswer(urls))};
        Object.defineProperty(chrome.sessions, "getDevices", { configurable: true, writable: true, value: async () => answer });
        return true;
      })()`,
    );
  }
  /** The minute alarm rings now (the extension reads the synced devices on it: Chrome sends no event for them). */
  const minuteRings = () => inWorker(browser, `chrome.alarms.create("snapshot", { when: Date.now() + 50, periodInMinutes: 1 }).then(() => true)`);

  async function emergenciesOnServer() {
    const response = await site.request.get(`${server.url}${endpointUrl(listBackups)}`);
    assert.equal(response.status(), 200);
    return listBackups.responses[200].parse(await response.json()).filter((backup) => backup.triggerEvent === "clear_all_detected");
  }

  before(async () => {
    await mkdir(SHOTS, { recursive: true });
    pages = await servePages();
    setup = await startWithExtension({ baseURL: true });
    ({ server, extension: browser } = setup);
    ({ site, popup } = await signInAndConnect(browser, EMAIL, (page) => signInThroughMail(page, server.dataDir, EMAIL)));
  });

  after(async () => {
    await phone?.close();
    await setup?.close();
    await pages?.close();
  });

  test("the phone's 20 tabs, then none: an emergency backup of the 20 on the server under the phone's name", async () => {
    await phoneLists(phoneTabs());
    await minuteRings();
    await waitFor(
      "the popup lists the phone",
      async () => {
        await popup.reload();
        return (await popup.getByText(/Pixel 9 · 20 tabs/).count()) > 0;
      },
      20_000,
    );
    await saveScreenshot(popup, { path: join(SHOTS, "popup-lists-the-phone.png") });

    await phoneLists([]);
    await minuteRings();
    const backup = await waitFor("the phone's emergency backup on the server", async () => (await emergenciesOnServer())[0], 20_000);
    assert.equal(backup.deviceName, "Pixel 9");
    assert.equal(backup.tabCount, 20);
    assert.equal(backup.browserType, "sync");
    assert.match(backup.sessionName, /^Emergency backup — Pixel 9 \(through sync, read by .+\)$/);
  });

  test("on a 390 px phone, the web app restores it tap by tap, and copies every address", async () => {
    phone = await launchBrowser();
    const context = await newContext(phone, server.url, MOBILE);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
    const page = await context.newPage();
    await signInThroughMail(page, server.dataDir, EMAIL);
    await page.goto("/sessions");
    await page.getByRole("button", { name: /Emergency backup — Pixel 9/ }).click();
    await page.getByText("Pixel 9, through sync").first().waitFor();
    await page.getByRole("button", { name: "Restore tab by tab" }).click();
    const next = page.getByRole("button", { name: /^Open next tab/ });
    await next.waitFor();
    assert.equal(await next.textContent(), "Open next tab (1 of 20)");
    for (let tap = 0; tap < 3; tap += 1) {
      const opened = context.waitForEvent("page");
      await next.click();
      const tab = await opened;
      await tab.waitForLoadState();
      assert.equal(new URL(tab.url()).pathname, `/page/phone-${tap}`);
      await tab.close();
    }
    await page.getByRole("status").filter({ hasText: "3 of 20 opened" }).waitFor();
    assert.equal(await page.getByRole("button", { name: /^Opened: / }).count(), 3);
    assert.equal(await next.textContent(), "Open next tab (4 of 20)");
    await saveScreenshot(page, { path: join(SHOTS, "restore-tab-by-tab-390.png"), fullPage: true });

    await page.getByRole("button", { name: "Copy all" }).click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    assert.deepEqual(copied.split("\n"), phoneTabs());
  });

  test("on a 390 px phone, /product, /documentation and /download say what protects Chrome on Android", async () => {
    phone ??= await launchBrowser();
    const context = await newContext(phone, server.url, MOBILE);
    const page = await context.newPage();
    await page.goto("/product");
    const line = page.getByText("Chrome on Android, through Chrome's own sync.");
    await line.scrollIntoViewIfNeeded();
    assert.ok(await line.isVisible());
    await page.getByText(/reads your phone's open tabs when both are signed in to the same Google account with open tabs sync on/).waitFor();
    await saveScreenshot(page, { path: join(SHOTS, "product-390.png"), fullPage: true });
    await page.goto("/documentation#faq");
    await page.getByText("How do I protect Chrome on my Android phone?").click();
    const answer = page.getByText(/Chrome for Android runs no extensions, so the TabVault extension in Chrome on a computer protects it/);
    await answer.scrollIntoViewIfNeeded();
    assert.ok(await answer.isVisible());
    await page.getByRole("link", { name: "Session Manager" }).first().waitFor();
    await page.goto("/download");
    // The screen is loaded lazily: waited for, not asked at once (isVisible does not wait).
    await page.getByText(/Chrome on an Android phone runs no extensions: the extension in Chrome on your computer protects its tabs through Chrome's sync of open tabs\./).waitFor();
    await context.close();
  });
});
