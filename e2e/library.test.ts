import assert from "node:assert/strict";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import type { Page } from "playwright-core";
import { DESKTOP, MOBILE, newContext, screenshot } from "./support/browser";
import { signInThroughMail } from "./support/mail";
import { useBrowserSuite } from "./support/suite";

/**
 * The library's import and export in a real browser (point 3): a file of each
 * format goes in through the Session Manager's Import (a real file chooser), and a backup goes out
 * in each export format (a real download) and back in to the same tabs. The account is on Free: every
 * file names the same five pages, which count once a day, so each import fits the day's allowance.
 */

const pages = ["https://news.example/alpha", "https://docs.example/beta", "https://shop.example/gamma", "https://mail.example/delta", "https://blog.example/epsilon"];
const titled = pages.map((url, n) => ({ url, title: `Page ${n}` }));

/** An LZ4 block of literals only: valid LZ4 that any decoder reads, enough for a test file. */
function mozLz4(json: string): Buffer {
  const data = Buffer.from(json);
  const lengths: number[] = [];
  let rest = data.length - 15;
  while (rest >= 255) {
    lengths.push(255);
    rest -= 255;
  }
  lengths.push(rest);
  const header = Buffer.alloc(12);
  header.write("mozLz40\0", 0, "latin1");
  header.writeUInt32LE(data.length, 8);
  return Buffer.concat([header, Buffer.from([0xf0, ...lengths]), data]);
}

/** One file per format, written from the formats' documented shapes (docs/library-formats.md). */
const files: { name: string; body: string | Buffer; backupName: string; urls: string[] }[] = [
  {
    name: "tsm-current.json",
    backupName: "Imported from Tab Session Manager, 1 session",
    urls: pages.slice(0, 3),
    body: JSON.stringify([
      {
        windows: { "7": Object.fromEntries(titled.slice(0, 3).map((tab, index) => [String(index + 10), { id: index + 10, index, windowId: 7, ...tab }])) },
        windowsNumber: 1,
        windowsInfo: { "7": { id: 7, state: "normal" } },
        tabsNumber: 3,
        name: "Work",
        date: 1795420800000,
        lastEditedTime: 1795420800000,
        tag: [],
        sessionStartTime: 1795420800000,
        id: "3b0e0f5e-8f0c-4b8e-9d3c-5b9e2a6f7c11",
      },
    ]),
  },
  {
    name: "tsm-old.json",
    backupName: "Imported from Tab Session Manager, 1 session",
    urls: pages.slice(1, 4),
    body: JSON.stringify([
      {
        windows: { "2": Object.fromEntries(titled.slice(1, 4).map((tab, index) => [String(index), { id: index, index, windowId: 2, ...tab }])) },
        tabsNumber: 3,
        name: "Old",
        date: "2017-05-01 10:00:00",
        tag: "user",
        sessionStartTime: 1493632800000,
      },
    ]),
  },
  {
    name: "session-buddy.json",
    backupName: "Imported from Session Buddy, 1 session",
    urls: pages.slice(0, 2),
    body: JSON.stringify({ sessions: [{ type: "saved", name: "SB", created: "2026-11-20", generated: "2026-11-20", gid: "g", id: 1, modified: "2026-11-20", windows: [{ id: 1, tabs: titled.slice(0, 2) }] }] }),
  },
  {
    name: "session-buddy-collections.json",
    backupName: "Imported from Session Buddy, 1 collection",
    urls: pages.slice(3, 5),
    body: JSON.stringify({ collections: [{ title: "Trip", folders: [{ title: "One", links: titled.slice(3, 5) }] }] }),
  },
  {
    name: "onetab.txt",
    backupName: "Imported from OneTab, 2 groups",
    urls: pages,
    body: `${titled.slice(0, 2).map((tab) => `${tab.url} | ${tab.title}`).join("\n")}\n\n${titled.slice(2).map((tab) => `${tab.url} | ${tab.title}`).join("\n")}\n`,
  },
  {
    name: "bookmarks.html",
    backupName: "Imported from bookmarks, 1 folder",
    urls: pages.slice(0, 4),
    body: `<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<TITLE>Bookmarks</TITLE>\n<DL><p>\n<DT><H3>Reading</H3>\n<DL><p>\n${titled
      .slice(0, 4)
      .map((tab) => `<DT><A HREF="${tab.url}">${tab.title}</A>`)
      .join("\n")}\n</DL><p>\n</DL><p>\n`,
  },
  { name: "urls.txt", backupName: "Imported from a URL list, 2 URLs", urls: pages.slice(2, 4), body: `${pages.slice(2, 4).join("\n")}\n` },
  {
    name: "sessionstore.jsonlz4",
    backupName: "Imported from Firefox, 1 window",
    urls: pages.slice(0, 2),
    body: mozLz4(
      JSON.stringify({
        version: ["sessionrestore", 1],
        windows: [{ tabs: titled.slice(0, 2).map((tab) => ({ entries: [{ url: tab.url, title: tab.title }], index: 1 })), selected: 1 }],
      }),
    ),
  },
];

describe("the library: import every format, export and re-import", () => {
  const suite = useBrowserSuite();
  let dir = "";
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), "tabvault-library-"));
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function importThroughChooser(page: Page, path: string) {
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Import", exact: true }).click();
    await (await chooser).setFiles(path);
  }

  async function expectBackup(page: Page, name: string, urls: string[]) {
    await page.getByRole("heading", { name, level: 2 }).waitFor();
    await page.getByRole("heading", { name: `Tabs (${urls.length})` }).waitFor();
    for (const url of urls) await page.getByText(url, { exact: true }).first().waitFor();
  }

  test("a file of each format imports through the file chooser and shows its tabs; each export downloads and imports back to the same tabs", async () => {
    const context = await newContext(suite.browser, suite.server.url, DESKTOP);
    const page = await context.newPage();
    await signInThroughMail(page, suite.server.dataDir, "librarian@example.com");
    await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
    await page.goto("/sessions");
    await page.getByRole("heading", { name: "Session Manager", level: 1 }).waitFor();
    await page.getByText(/Import a Tab Session Manager or Session Buddy export/).waitFor();

    for (const file of files) {
      const path = join(dir, file.name);
      await writeFile(path, file.body);
      await importThroughChooser(page, path);
      await expectBackup(page, file.backupName, file.urls);
    }
    await screenshot(page, "library-imported-1280");

    // Export the OneTab import (the last is Firefox's; import OneTab's again to export all five pages).
    await importThroughChooser(page, join(dir, "onetab.txt"));
    await expectBackup(page, "Imported from OneTab, 2 groups", pages);
    const exports: [string, string][] = [
      ["TabVault JSON", "Imported from TabVault, 2 windows"],
      ["Tab Session Manager JSON", "Imported from Tab Session Manager, 1 session"],
      ["OneTab text", "Imported from OneTab, 2 groups"],
      ["Bookmarks HTML", "Imported from bookmarks, 2 folders"],
    ];
    for (const [label, backupName] of exports) {
      await page.getByText("Export", { exact: true }).click();
      const download = page.waitForEvent("download");
      await page.getByRole("link", { name: label }).click();
      const saved = join(dir, (await download).suggestedFilename());
      await (await download).saveAs(saved);
      assert.ok((await readFile(saved, "utf8")).includes(pages[4]!), `${label} holds the tabs`);
      await importThroughChooser(page, saved);
      await expectBackup(page, backupName, pages);
    }

    // A hostile file is refused with the server's message, and nothing changes.
    const hostile = join(dir, "hostile.txt");
    await writeFile(hostile, "https://ok.example/ | OK\njavascript:alert(1) | Evil\n");
    await importThroughChooser(page, hostile);
    await page.getByText(/holds a javascript: link/).first().waitFor();
    await page.getByText("Export", { exact: true }).click();
    await screenshot(page, "library-export-menu-1280");
    await context.close();
  });

  test("a file over 8 MB is refused by the page before it is uploaded, with the limit in the message", async () => {
    const context = await newContext(suite.browser, suite.server.url, DESKTOP);
    const page = await context.newPage();
    await signInThroughMail(page, suite.server.dataDir, "big-file-librarian@example.com");
    await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
    await page.goto("/sessions");
    await page.getByRole("heading", { name: "Session Manager", level: 1 }).waitFor();
    let uploads = 0;
    page.on("request", (request) => {
      if (request.url().includes("/api/library/imports")) uploads += 1;
    });
    const path = join(dir, "too-big-sessions.json");
    await writeFile(path, Buffer.alloc(9 * 1024 * 1024, 0x20));
    await importThroughChooser(page, path);
    await page.getByText("Import failed").first().waitFor();
    await page.getByText("too-big-sessions.json is 9.0 MB; a file to import has at most 8 MB, so it was not uploaded.").first().waitFor();
    assert.equal(uploads, 0, "nothing was sent to the server");
    await context.close();
  });

  test("the Import button and the export menu fit a phone's screen", async () => {
    const context = await newContext(suite.browser, suite.server.url, MOBILE);
    const page = await context.newPage();
    await signInThroughMail(page, suite.server.dataDir, "phone-librarian@example.com");
    await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
    await page.goto("/sessions");
    const path = join(dir, "phone-onetab.txt");
    await writeFile(path, `${pages[0]} | Phone\n`);
    await importThroughChooser(page, path);
    await expectBackup(page, "Imported from OneTab, 1 group", [pages[0]!]);
    await page.getByText("Export", { exact: true }).click();
    for (const label of ["TabVault JSON", "Bookmarks HTML"]) {
      const box = await page.getByRole("link", { name: label }).boundingBox();
      assert.ok(box && box.x >= 0 && box.x + box.width <= 390, `${label} is on the screen: ${JSON.stringify(box)}`);
    }
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow}px`);
    await screenshot(page, "library-390");
    await context.close();
  });
});
