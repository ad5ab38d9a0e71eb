import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Page } from "playwright-core";
import { bigTabTitle, makeBigBackup } from "./support/big-backup";
import { DESKTOP, MOBILE, newContext, screenshot } from "./support/browser";
import { buyPlanAndSignIn } from "./support/payments";
import { useBrowserSuite } from "./support/suite";

/**
 * A 10,000-tab backup in the Session Manager (point 6): made through the API as a person could
 * (two 5,000-tab uploads merged), it opens with its first tabs at once, only the rows near the screen are in
 * the page, and the keyboard's End key takes the list to the very last tab, found by its text. At 1280 and
 * 390 wide. Premium keeps both uploads and the merge.
 */
const TOTAL = 10_000;
const NAME = "Everything I had open";

describe("a 10,000-tab backup in the Session Manager", () => {
  const suite = useBrowserSuite();

  const tabList = (page: Page) => page.getByRole("list", { name: "Tabs", exact: true });

  async function openAndScrollToTheEnd(page: Page, width: string) {
    await page.goto("/sessions");
    await page.getByRole("list", { name: "Saved Sessions" }).getByRole("button", { name: new RegExp(NAME) }).click();
    await page.getByRole("heading", { name: NAME, level: 2 }).waitFor();
    await page.getByRole("heading", { name: `Tabs (${TOTAL})` }).waitFor();
    await tabList(page).getByText(bigTabTitle(1, TOTAL), { exact: true }).waitFor();
    await tabList(page).getByText("a note on article 10").waitFor();
    // Drawn a screen at a time: a few dozen rows in the page, not 10,000; each says where it stands.
    const drawn = await tabList(page).getByRole("listitem").count();
    assert.ok(drawn > 5 && drawn < 80, `${drawn} rows drawn`);
    assert.equal(await tabList(page).getByRole("listitem").first().getAttribute("aria-setsize"), String(TOTAL));
    await screenshot(page, `big-backup-first-${width}`);

    // The keyboard reaches the end: the scrollable list takes focus, End scrolls it to the last tab.
    await page.getByRole("region", { name: "Tabs, scrollable" }).focus();
    await page.keyboard.press("End");
    const last = tabList(page).getByText(bigTabTitle(TOTAL, TOTAL), { exact: true });
    await last.waitFor();
    const lastRow = tabList(page).getByRole("listitem").filter({ hasText: bigTabTitle(TOTAL, TOTAL) });
    assert.equal(await lastRow.getAttribute("aria-posinset"), String(TOTAL));
    // Inside the scrolled box, whole: not merely drawn below its edge.
    const box = (await page.getByRole("region", { name: "Tabs, scrollable" }).boundingBox())!;
    const row = (await lastRow.boundingBox())!;
    assert.ok(row.y >= box.y - 1 && row.y + row.height <= box.y + box.height + 1, `last row at ${row.y}+${row.height}, box ${box.y}+${box.height}`);
    await screenshot(page, `big-backup-last-${width}`);

    // Back up a little by the wheel: the rows there are read and drawn too.
    await page.getByRole("region", { name: "Tabs, scrollable" }).hover();
    await page.mouse.wheel(0, -6_000);
    await tabList(page).getByText(/^Tab 99\d\d of 10000$/).first().waitFor();
  }

  test("opens with its first tabs, scrolls to its very last tab and finds it by its text, at 1280 and 390 wide", async () => {
    const context = await newContext(suite.browser, suite.server.url, DESKTOP);
    try {
      const page = await context.newPage();
      await buyPlanAndSignIn(page, suite.server.dataDir, "premium", "hoarder@example.com");
      await makeBigBackup(page, NAME, TOTAL);
      await openAndScrollToTheEnd(page, "1280");
      await page.setViewportSize(MOBILE);
      await openAndScrollToTheEnd(page, "390");
    } finally {
      await context.close();
    }
  });
});
