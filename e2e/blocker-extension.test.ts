import assert from "node:assert/strict";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import type { Browser, Locator, Page } from "playwright-core";
import { assertNoSeriousViolations } from "./support/accessibility";
import { ARTIFACTS_DIR, launchBrowser, MOBILE, newContext, saveScreenshot } from "./support/browser";
import { connectExtension, type ExtensionBrowser, type ExtensionSetup, startWithExtension } from "./support/extension";
import { openSignInLink, signInLinkFor } from "./support/mail";
import { servePages, type TestPages } from "./support/pages";
import { type RunningServer } from "./support/server";
import { waitFor } from "./support/wait-for";

/**
 * Issue 16 point 4: /clear-all-blocker shows what the TabVault extension in this browser is doing, asked from the
 * extension itself while the page stays open, and says so when there is none.
 */

const EMAIL = "blocker-extension@example.com";
const SHOTS = join(ARTIFACTS_DIR, "blocker-extension");

/** The value beside a figure's name in the extension panel. */
function figure(panel: Locator, name: string): Locator {
  return panel.locator("div", { has: panel.page().getByText(name, { exact: true }) }).locator("dd");
}

describe("the blocker page with and without the real extension", () => {
  let server: RunningServer;
  let pages: TestPages | undefined;
  let pagesUrl = "";
  let extension: ExtensionBrowser;
  let setup: ExtensionSetup | undefined;
  let popup: Page;
  let plain: Browser;
  const ext = <T>(code: string) => popup.evaluate(code) as Promise<T>;

  before(async () => {
    await mkdir(SHOTS, { recursive: true });
    pages = await servePages();
    pagesUrl = pages.url;
    setup = await startWithExtension();
    ({ server, extension } = setup);
    plain = await launchBrowser();
    popup = await extension.openPopup();
  });

  after(async () => {
    await setup?.close();
    await plain?.close();
    await pages?.close();
  });

  test("without the extension the page says so and links to /download", async () => {
    const page = await (await newContext(plain, server.url)).newPage();
    await page.goto("/clear-all-blocker");
    const panel = page.getByRole("region", { name: "Browser extension" });
    await panel.getByText("The TabVault extension is not installed in this browser.", { exact: false }).waitFor();
    assert.equal(await panel.getByRole("link", { name: "Get the extension" }).getAttribute("href"), "/download");
    assert.equal(await panel.getByText("PROTECTING").count(), 0);
    await panel.scrollIntoViewIfNeeded();
    await saveScreenshot(page, { path: join(SHOTS, "blocker-without-extension.png") });
    await assertNoSeriousViolations(page, "/clear-all-blocker without the extension");
  });

  test("with the extension: not connected, then protecting, and its emergency figures rise while the page is open", async () => {
    const site = await extension.context.newPage();
    await site.goto(`${server.url}/api/login?email=${encodeURIComponent(EMAIL)}`);
    await openSignInLink(site, await signInLinkFor(server.dataDir, EMAIL));

    const blocker = await extension.context.newPage();
    await blocker.goto(`${server.url}/clear-all-blocker`);
    const panel = blocker.getByRole("region", { name: "Browser extension" });
    await panel.getByText("NOT CONNECTED", { exact: true }).waitFor();
    await panel.getByText(/^Watching this browser's tabs, not connected\./).waitFor();
    await panel.scrollIntoViewIfNeeded();
    await saveScreenshot(blocker, { path: join(SHOTS, "blocker-not-connected.png") });

    await popup.bringToFront();
    await connectExtension(extension, popup, EMAIL);
    // The page was not reloaded: it asks the extension again while it is open.
    await panel.getByText("PROTECTING", { exact: true }).waitFor({ timeout: 10_000 });
    await panel.getByText(`Protecting this browser for ${EMAIL}.`, { exact: false }).waitFor();
    assert.equal(await figure(panel, "Emergency backups on this device").textContent(), "0");

    const urls = Array.from({ length: 3 }, (_, index) => `${pagesUrl}/page/${index}`);
    const windowId = await ext<number>(`chrome.windows.create({ url: ${JSON.stringify(urls)} }).then((w) => w.id)`);
    await waitFor("the pages loaded", async () => (await ext<number>(`chrome.tabs.query({ windowId: ${windowId}, status: "complete" }).then((t) => t.length)`)) === 3, 20_000);
    await waitFor("a snapshot with the new window", async () => Number(await figure(panel, "Tabs watched now").textContent()) >= 3, 15_000);
    await ext(`chrome.windows.remove(${windowId})`);

    await waitFor("the emergency on the blocker page", async () => (await figure(panel, "Emergency backups on this device").textContent()) === "1", 15_000);
    assert.equal(await figure(panel, "Tabs they saved").textContent(), "3");
    await blocker.bringToFront();
    await panel.scrollIntoViewIfNeeded();
    await saveScreenshot(blocker, { path: join(SHOTS, "blocker-protecting.png") });
    await assertNoSeriousViolations(blocker, "/clear-all-blocker with the extension's panel");
    await blocker.setViewportSize(MOBILE);
    await panel.scrollIntoViewIfNeeded();
    await saveScreenshot(blocker, { path: join(SHOTS, "blocker-protecting-390.png") });
    await blocker.close();
  });
});
