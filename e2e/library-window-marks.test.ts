import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import type { Page } from "playwright-core";
import { DESKTOP, newContext, screenshot } from "./support/browser";
import { signInThroughMail } from "./support/mail";
import { useBrowserSuite } from "./support/suite";

/**
 * A backup's window names and private marks on the Session Manager (decision 217): a Session Buddy 4 file with a
 * private window, and a bookmarks file whose folders name its windows, imported through the file chooser. The account
 * is on Free: both files name the same three pages, which count once a day, so each import fits the day's allowance.
 */

const sessionBuddy4 = JSON.stringify({
  collections: [
    {
      title: "Before the trip",
      created: 1795420800000,
      folders: [
        { title: "Planning", state: "maximized", focused: true, incognito: false, links: [{ url: "https://maps.example/", title: "Maps", active: true }] },
        {
          title: "Gift ideas",
          state: "normal",
          left: 100,
          top: 80,
          width: 800,
          height: 600,
          incognito: true,
          links: [
            { url: "https://gifts.example/", title: "Gifts" },
            { url: "https://ring.example/", title: "Ring sizes", active: true },
          ],
        },
      ],
    },
  ],
});

const bookmarks = [
  "<!DOCTYPE NETSCAPE-Bookmark-file-1>",
  '<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">',
  "<TITLE>Bookmarks</TITLE>",
  "<H1>Bookmarks</H1>",
  "<DL><p>",
  '    <DT><H3 PERSONAL_TOOLBAR_FOLDER="true">Bookmarks bar</H3>',
  "    <DL><p>",
  '        <DT><A HREF="https://maps.example/">Maps</A>',
  "        <DT><H3>Travel</H3>",
  "        <DL><p>",
  '            <DT><A HREF="https://gifts.example/">Gifts</A>',
  "        </DL><p>",
  "    </DL><p>",
  "    <DT><H3>Other bookmarks</H3>",
  "    <DL><p>",
  '        <DT><A HREF="https://ring.example/">Ring sizes</A>',
  "    </DL><p>",
  "</DL><p>",
].join("\n");

describe("the Session Manager shows a backup's window names and private windows", () => {
  const suite = useBrowserSuite();
  let dir = "";
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), "tabvault-window-marks-"));
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function importFile(page: Page, name: string, body: string) {
    const path = join(dir, name);
    await writeFile(path, body);
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Import", exact: true }).click();
    await (await chooser).setFiles(path);
  }

  test("a Session Buddy file's private window is marked Private; bookmark folders name the windows", async () => {
    const context = await newContext(suite.browser, suite.server.url, DESKTOP);
    const page = await context.newPage();
    await signInThroughMail(page, suite.server.dataDir, "window-marks@example.com");
    await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
    await page.goto("/sessions");
    await page.getByRole("heading", { name: "Session Manager", level: 1 }).waitFor();

    await importFile(page, "session-buddy.json", sessionBuddy4);
    await page.getByText(/1 private \(incognito\) window is marked private/).first().waitFor();
    await page.getByRole("heading", { name: "Imported from Session Buddy, 1 collection", level: 2 }).waitFor();
    const windows = page.getByRole("list", { name: "Windows" });
    await windows.getByRole("listitem").filter({ hasText: "Planning" }).filter({ hasText: "1 tab" }).waitFor();
    const giftIdeas = windows.getByRole("listitem").filter({ hasText: "Gift ideas" });
    await giftIdeas.filter({ hasText: "2 tabs" }).getByText("Private", { exact: true }).waitFor();
    await screenshot(page, "library-window-marks-1280");

    await importFile(page, "bookmarks.html", bookmarks);
    await page.getByRole("heading", { name: "Imported from bookmarks, 3 folders", level: 2 }).waitFor();
    await windows.getByRole("listitem").filter({ hasText: "Bookmarks bar / Travel" }).waitFor();
    await windows.getByRole("listitem").filter({ has: page.getByText("Bookmarks bar", { exact: true }) }).waitFor();
    await windows.getByRole("listitem").filter({ has: page.getByText("Other bookmarks", { exact: true }) }).waitFor();
    await context.close();
  });
});
