import assert from "node:assert/strict";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import type { Page } from "playwright-core";
import { DESKTOP, MOBILE, newContext, screenshot } from "./support/browser";
import { buyPlanAndSignIn } from "./support/payments";
import { useBrowserSuite } from "./support/suite";

/**
 * The library's search and organising in a real browser (points 1 and 2): three
 * imported backups; a tab found by a word of its URL, highlighted and opened; a backup renamed, tagged,
 * filtered by its tag and pinned; duplicates removed across two backups and the clean-up undone from the
 * toast; two backups merged and the merge undone. The account pays for Pro in the sandbox first, as Free
 * keeps one backup.
 */

const files: { name: string; backupName: string; body: string }[] = [
  {
    name: "onetab.txt",
    backupName: "Imported from OneTab, 1 group",
    body: "https://docs.example/kubernetes-guide | Operating clusters\nhttps://news.example/today | Today's news\n",
  },
  { name: "urls.txt", backupName: "Imported from a URL list, 2 URLs", body: "https://news.example/today\nhttps://shop.example/cart\n" },
  {
    name: "bookmarks.html",
    backupName: "Imported from bookmarks, 1 folder",
    body: '<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n<DT><H3>Food</H3>\n<DL><p>\n<DT><A HREF="https://recipes.example/bread">Sourdough bread</A>\n</DL><p>\n</DL><p>\n',
  },
];

describe("the library: search, tag, pin, merge, dedupe, undo", () => {
  const suite = useBrowserSuite();
  let dir = "";
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), "tabvault-organise-"));
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function importFile(page: Page, file: (typeof files)[number]) {
    const path = join(dir, file.name);
    await writeFile(path, file.body);
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Import", exact: true }).click();
    await (await chooser).setFiles(path);
    await page.getByRole("heading", { name: file.backupName, level: 2 }).waitFor();
  }

  const backupList = (page: Page) => page.getByRole("list", { name: "Saved Sessions" });
  const openBackup = async (page: Page, name: string) => {
    await backupList(page).getByRole("button", { name: new RegExp(`${name.replace(/[()]/g, "\\$&")}`) }).click();
    await page.getByRole("heading", { name, level: 2 }).waitFor();
  };
  /** The toast that says what changed, and its Undo. */
  const toastSays = (page: Page, text: string | RegExp) => page.getByRole("region", { name: /Notifications/ }).getByText(text).waitFor();

  test("find a tab by a word of its URL and open it; tag, filter, pin; dedupe and merge, each undone from the toast", async () => {
    const context = await newContext(suite.browser, suite.server.url, DESKTOP);
    await context.route("https://docs.example/**", (route) => route.fulfill({ contentType: "text/html", body: "<title>Operating clusters</title><h1>Guide</h1>" }));
    const page = await context.newPage();
    await buyPlanAndSignIn(page, suite.server.dataDir, "pro", "organiser@example.com");
    await page.goto("/sessions");
    await page.getByRole("heading", { name: "Session Manager", level: 1 }).waitFor();
    for (const file of files) await importFile(page, file);

    // Search: a word of the URL finds the tab, highlighted, and opens it in a new tab.
    await page.getByRole("searchbox", { name: "Search all backups" }).fill("kubernetes");
    const results = page.getByRole("list", { name: "Search results" });
    const hit = results.getByRole("link", { name: /Operating clusters/ });
    await hit.waitFor();
    assert.equal(await results.locator("mark").first().textContent(), "kubernetes");
    await screenshot(page, "library-search-1280");
    const opened = context.waitForEvent("page");
    await hit.click();
    const tab = await opened;
    await tab.waitForURL("https://docs.example/kubernetes-guide");
    await tab.getByRole("heading", { name: "Guide" }).waitFor();
    await tab.close();
    await results.getByRole("button", { name: "In Imported from OneTab, 1 group" }).click();
    await page.getByRole("heading", { name: "Imported from OneTab, 1 group", level: 2 }).waitFor();

    // Rename, tag, filter by the tag, pin.
    await page.getByRole("button", { name: "Rename" }).click();
    await page.getByLabel("Backup name").fill("Cluster reading");
    await page.getByRole("button", { name: "Save name" }).click();
    await page.getByRole("heading", { name: "Cluster reading", level: 2 }).waitFor();
    await page.getByLabel("New tag").fill("Work");
    await page.getByRole("button", { name: "Add tag" }).click();
    await toastSays(page, "Tagged “work”");
    await page.getByRole("group", { name: "Filter by tag" }).getByRole("button", { name: "work" }).click();
    await backupList(page).getByRole("button", { name: /Cluster reading/ }).waitFor();
    assert.equal(await backupList(page).getByRole("listitem").count(), 1);
    await page.getByRole("group", { name: "Filter by tag" }).getByRole("button", { name: "All" }).click();
    await backupList(page).getByRole("button", { name: /^Imported from bookmarks/ }).waitFor();
    await page.getByRole("button", { name: "Pin", exact: true }).click();
    await toastSays(page, /^Pinned/);
    await page.getByRole("button", { name: "Unpin" }).waitFor();

    // Duplicates across two backups: the newer keeps its copy; Undo puts it back.
    await page.getByRole("checkbox", { name: "Select Cluster reading" }).check();
    await page.getByRole("checkbox", { name: "Select Imported from a URL list, 2 URLs" }).check();
    await page.getByRole("button", { name: "Remove duplicates across them" }).click();
    await toastSays(page, "Removed 1 duplicate tab");
    await openBackup(page, "Cluster reading");
    await page.getByRole("heading", { name: "Tabs (1)" }).waitFor();
    await page.getByRole("button", { name: "Undo" }).click();
    await toastSays(page, "Removed 1 duplicate tab");
    await page.getByRole("heading", { name: "Tabs (2)" }).waitFor();
    await page.getByText("https://news.example/today", { exact: true }).waitFor();

    // Merge two backups into one; Undo brings both back.
    await page.getByRole("checkbox", { name: "Select Cluster reading" }).check();
    await page.getByRole("checkbox", { name: "Select Imported from bookmarks, 1 folder" }).check();
    await page.getByRole("button", { name: "Merge into one" }).click();
    await toastSays(page, /^Merged 2 backups into/);
    await page.getByRole("heading", { name: /^Merged: / , level: 2 }).waitFor();
    await page.getByRole("heading", { name: "Tabs (3)" }).waitFor();
    assert.equal(await backupList(page).getByRole("listitem").count(), 2);
    await screenshot(page, "library-merged-1280");
    await page.getByRole("button", { name: "Undo" }).click();
    await toastSays(page, /^Merged 2 backups/);
    await backupList(page).getByRole("button", { name: /^Imported from bookmarks/ }).waitFor();
    await backupList(page).getByRole("button", { name: /Cluster reading/ }).waitFor();
    assert.equal(await backupList(page).getByRole("listitem").count(), 3);
    await openBackup(page, "Cluster reading");
    await page.getByRole("button", { name: "Unpin" }).waitFor();
    await screenshot(page, "library-organise-1280");
    await context.close();
  });

  test("search and organise fit a phone's screen", async () => {
    const context = await newContext(suite.browser, suite.server.url, MOBILE);
    const page = await context.newPage();
    await buyPlanAndSignIn(page, suite.server.dataDir, "pro", "phone-organiser@example.com");
    await page.goto("/sessions");
    await importFile(page, files[0]!);
    await importFile(page, files[2]!);
    await page.getByRole("checkbox", { name: "Select Imported from OneTab, 1 group" }).check();
    await page.getByRole("searchbox", { name: "Search all backups" }).fill("bread");
    await page.getByRole("list", { name: "Search results" }).getByRole("link", { name: /Sourdough bread/ }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow}px`);
    await screenshot(page, "library-search-390");
    await page.getByRole("button", { name: "Rename" }).click();
    await screenshot(page, "library-organise-390");
    await context.close();
  });
});
