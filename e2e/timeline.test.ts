import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { Page } from "playwright-core";
import { uploadBrowserBackup, type UploadBrowserBackupRequest } from "../common/api/browser-backups";
import { endpointUrl } from "../common/api/endpoint";
import { postFromPage } from "./support/big-backup";
import { MOBILE, newContext, saveScreenshot, screenshot } from "./support/browser";
import { buyPlanAndSignIn } from "./support/payments";
import { servePages, type TestPages } from "./support/pages";
import { useBrowserSuite } from "./support/suite";

/**
 * A phone's timeline in the Session Manager (decision 222): three automatic backups of one device made through the
 * extension's upload route a moment apart, as its alarm makes them; the timeline lists them, a moment is picked,
 * what changed since the one before is shown (tabs opened and closed), and one closed tab is restored on its own.
 * At 1280 wide, then at 390 (a phone, where the timeline is mostly used).
 */
const DEVICE = "Chrome on Android";
const titles: Record<string, string> = { news: "Morning news", docs: "Team docs", soup: "Soup recipe", weather: "Weather", shop: "Shoe shop" };

describe("a device's timeline: pick a moment, see what changed, restore one tab", () => {
  const suite = useBrowserSuite();
  let pages: TestPages;
  before(async () => {
    pages = await servePages({ titleOf: (name) => titles[name ?? ""] ?? "Page" });
  });
  after(async () => {
    await pages?.close();
  });

  /** An automatic backup of these pages from the phone, as its extension uploads one. */
  const upload = (names: string[]): UploadBrowserBackupRequest => ({
    snapshotId: crypto.randomUUID(),
    trigger: "auto_backup",
    capturedAt: Date.now(),
    deviceName: DEVICE,
    browserType: "chrome",
    groups: [],
    windows: [
      {
        windowId: 1,
        state: "normal",
        focused: true,
        tabs: names.map((name, index) => ({ url: `${pages.url}/page/${name}`, title: titles[name]!, index, active: index === 0, formData: {}, scrollPosition: { x: 0, y: 0 } })),
      },
    ],
  });

  async function seedMoments(page: Page) {
    // Each a little over a second after the one before: the timeline tells moments apart to the second.
    for (const names of [["news", "docs", "soup", "weather"], ["news", "docs", "shop"], ["news", "shop"]]) {
      await postFromPage(page, endpointUrl(uploadBrowserBackup), upload(names));
      await new Promise((resolve) => setTimeout(resolve, 1_100));
    }
  }

  async function walkTheTimeline(page: Page, width: string) {
    await page.goto("/sessions");
    // Newest first: the latest backup of the phone.
    await page.getByRole("list", { name: "Saved Sessions" }).getByRole("button", { name: new RegExp(`Automatic backup — ${DEVICE}`) }).first().click();
    await page.getByRole("heading", { name: "Tabs (2)" }).waitFor();
    await page.getByRole("button", { name: "Timeline of this device" }).click();
    await page.getByRole("heading", { name: `Timeline of ${DEVICE}` }).waitFor();
    const moments = page.getByRole("list", { name: "Moments" });
    await page.getByText("3 moments kept.", { exact: false }).waitFor();
    assert.equal(await moments.getByRole("button").count(), 3);
    // The newest is the one the timeline was opened from.
    assert.equal(await moments.getByRole("button", { name: /2 tabs/ }).getAttribute("aria-pressed"), "true");

    // Pick the moment before: the details follow it, and what changed since the first moment is said.
    await moments.getByRole("button", { name: /3 tabs/ }).click();
    await page.getByRole("heading", { name: "Tabs (3)" }).waitFor();
    assert.equal(await moments.getByRole("button", { name: /3 tabs/ }).getAttribute("aria-pressed"), "true");
    const changed = page.getByRole("region", { name: "What changed" });
    await changed.getByText("1 tab opened, 2 tabs closed, 2 tabs open at both.").waitFor();
    const opened = changed.getByRole("list", { name: "Opened" });
    const closed = changed.getByRole("list", { name: "Closed" });
    assert.deepEqual(await opened.getByRole("listitem").allInnerTexts().then((rows) => rows.map((row) => row.split("\n")[0])), ["Shoe shop"]);
    assert.deepEqual(await closed.getByRole("listitem").allInnerTexts().then((rows) => rows.map((row) => row.split("\n")[0])), ["Soup recipe", "Weather"]);
    // The picked moment's details below, once: its tab-by-tab restore (no extension here) is there a single time.
    assert.equal(await page.getByRole("button", { name: "Restore tab by tab" }).count(), 1);
    await screenshot(page, `timeline-${width}`);
    await saveScreenshot(page.getByRole("region", { name: `Timeline of ${DEVICE}` }), { path: `/tmp/timeline-${width}.png` });

    // Restore one closed tab: it opens on its own, nothing else does.
    const popup = page.context().waitForEvent("page");
    await closed.getByRole("button", { name: "Restore Soup recipe" }).click();
    const restored = await popup;
    await restored.waitForURL(`${pages.url}/page/soup`);
    await restored.getByRole("heading", { name: "Soup recipe" }).waitFor();
    await page.getByText("Tab Restored", { exact: true }).waitFor();
    assert.equal(page.context().pages().length, 2);
    await restored.close();

    // Comparing with a later moment reads the other way: from this moment to the newest.
    await page.getByLabel("Compare with").selectOption({ index: 1 });
    await changed.getByText("0 tabs opened, 1 tab closed, 2 tabs open at both.").waitFor();
    assert.deepEqual(await changed.getByRole("list", { name: "Closed" }).getByRole("listitem").allInnerTexts().then((rows) => rows.map((row) => row.split("\n")[0])), ["Team docs"]);
  }

  test("three moments of a phone: the middle one picked shows what was opened and closed, one closed tab restored, at 1280 and 390 wide", async () => {
    const context = await newContext(suite.browser, suite.server.url);
    try {
      const page = await context.newPage();
      await buyPlanAndSignIn(page, suite.server.dataDir, "pro", "timeline@example.com");
      await seedMoments(page);
      await walkTheTimeline(page, "1280");
      await page.setViewportSize(MOBILE);
      await walkTheTimeline(page, "390");
    } finally {
      await context.close();
    }
  });
});
