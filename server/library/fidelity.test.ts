import { describe, expect, it } from "vitest";
import type { BrowserBackup } from "@common/api/browser-backups";
import { exportFormats } from "@common/api/library";
import { exportBackup } from "./export";
import { bookmarksFileHeader } from "./formats/bookmarks-html";
import { LibraryFileError, type LibraryFile } from "./library-file";
import { encodeMozLz4 } from "./mozlz4";
import { readLibraryFile } from "./read-file";

/**
 * A real file comes through whole (decision 204). Fixtures are shaped like the files the browsers and
 * session managers write, built here from their documented fields, never copied from a person's files.
 */

const read = (content: string, encoding: "text" | "base64" = "text") => readLibraryFile({ fileName: "", encoding, format: "auto", content });
const titlesOf = (file: LibraryFile) => file.windows.map((window) => window.tabs.map((tab) => tab.title));

function refusal(run: () => unknown): LibraryFileError {
  try {
    run();
  } catch (error) {
    if (error instanceof LibraryFileError) return error;
    throw error;
  }
  throw new Error("expected the file to be refused");
}

/** Titles as real pages have them: Firefox's image pages hold no-break spaces ("934 × 660 pixels"). */
const awkwardTitles = [
  "photo.jpg (JPEG Image, 934\u00a0×\u00a0660\u00a0pixels)",
  "Hair\u200aspace and thin\u2009space",
  "Two  spaces   and three",
  "  Leading and trailing  ",
  "Tab\tinside",
  "Ends with a no-break space\u00a0",
];

function backupWith(titles: string[], groups: BrowserBackup["groups"] = []): BrowserBackup {
  return {
    id: "5a0f6c1e-2b1a-4c3d-9e8f-0a1b2c3d4e5f",
    sessionName: "Spaces",
    triggerEvent: "manual_save",
    deviceName: "Firefox on Linux",
    browserType: "firefox",
    createdAt: "2026-11-23T10:00:00.000Z",
    tabCount: titles.length,
    windows: [
      {
        windowId: 1,
        state: "normal",
        focused: true,
        left: null,
        top: null,
        width: null,
        height: null,
        tabs: titles.map((title, n) => ({
          url: `https://spaces.example/${n}`,
          title,
          faviconUrl: null,
          pinned: false,
          active: n === 0,
          groupId: groups.length > 0 ? groups[0]!.groupId : null,
          formData: {},
          scrollPosition: { x: 0, y: 0 },
        })),
      },
    ],
    groups,
  };
}

describe("titles come back byte for byte", () => {
  it.each(exportFormats)("through %s", (format) => {
    const file = exportBackup(backupWith(awkwardTitles), format, new Date("2026-11-24T08:00:00Z"));
    expect(titlesOf(read(file.body))).toEqual([awkwardTitles]);
  });

  it("a bookmarks file's titles are read as written, spaces and entities kept", () => {
    const html = [
      "<!DOCTYPE NETSCAPE-Bookmark-file-1>",
      "<DL><p>",
      '    <DT><A HREF="https://img.example/a.jpg" ADD_DATE="1">a.jpg (JPEG Image, 934&nbsp;×&nbsp;660 pixels)</A>',
      '    <DT><A HREF="https://img.example/b">Two  spaces</A>',
      "</DL><p>",
    ].join("\n");
    expect(titlesOf(read(html))).toEqual([["a.jpg (JPEG Image, 934\u00a0×\u00a0660 pixels)", "Two  spaces"]]);
  });

  it("a OneTab line keeps its title's trailing spaces, and only a line break becomes a space on export", () => {
    expect(titlesOf(read("https://a.example/ | Trailing  \nhttps://b.example/ |  Leading\n"))).toEqual([["Trailing  ", " Leading"]]);
    const file = exportBackup(backupWith(["Two\nlines"]), "onetab", new Date());
    expect(titlesOf(read(file.body))).toEqual([["Two lines"]]);
  });
});

/** A Firefox session store as Firefox 13x writes it: form data on the tab, `url` without the fragment. */
function firefoxSession(formdata: Record<string, unknown>, url = "https://shop.example/checkout#step-2"): unknown {
  return {
    version: ["sessionrestore", 1],
    windows: [
      {
        tabs: [
          {
            entries: [{ url, title: "Checkout", cacheKey: 0, ID: 3, docshellUUID: "{0d3c}", triggeringPrincipal_base64: "", docIdentifier: 5, persist: true }],
            lastAccessed: 1795420800000,
            hidden: false,
            attributes: {},
            index: 1,
            requestedIndex: 0,
            image: "https://shop.example/favicon.ico",
            formdata,
            scroll: { scroll: "0,1200" },
          },
        ],
        selected: 1,
        sizemode: "normal",
        screenX: 10,
        screenY: 20,
        width: 1200,
        height: 900,
      },
    ],
    selectedWindow: 1,
    _closedWindows: [],
    session: { lastUpdate: 1795420800000, startTime: 1795420000000, recentCrashes: 0 },
    global: {},
  };
}

describe("Firefox form data", () => {
  it("is matched without the #fragment, as Firefox saves and restores it", () => {
    const session = firefoxSession({ url: "https://shop.example/checkout", id: { street: "1 Rua Augusta" }, xpath: {} });
    const file = read(encodeMozLz4(Buffer.from(JSON.stringify(session))).toString("base64"), "base64");
    expect(file.windows[0]!.tabs[0]!.formData).toEqual({ street: "1 Rua Augusta" });
  });

  it("of another page (the tab navigated) is still left out", () => {
    const session = firefoxSession({ url: "https://shop.example/cart", id: { street: "1 Rua Augusta" } });
    expect(read(JSON.stringify(session)).windows[0]!.tabs[0]!.formData).toEqual({});
  });

  it("inside frames (children) is kept, after the page's own", () => {
    const session = firefoxSession({
      url: "https://shop.example/checkout",
      id: { street: "1 Rua Augusta" },
      children: [
        null,
        { url: "https://pay.example/frame", xpath: { "/xhtml:html/xhtml:body/xhtml:form/xhtml:input[@name='holder']": "A. Person" } },
        { url: "https://notes.example/", id: { street: "not the page's", note: "leave at door" } },
      ],
    });
    expect(read(JSON.stringify(session)).windows[0]!.tabs[0]!.formData).toEqual({ street: "1 Rua Augusta", holder: "A. Person", note: "leave at door" });
  });
});

describe("bookmarks", () => {
  const longIcon = `data:image/png;base64,${"A".repeat(3_000)}`;
  const chromeExport = [
    ...bookmarksFileHeader,
    "<DL><p>",
    '    <DT><H3 ADD_DATE="1700000000" LAST_MODIFIED="1700000001" PERSONAL_TOOLBAR_FOLDER="true">Bookmarks bar</H3>',
    "    <DL><p>",
    `        <DT><A HREF="https://news.example/" ADD_DATE="1700000000" ICON="${longIcon}" ICON_URI="https://news.example/favicon.ico">News</A>`,
    '        <DT><H3 ADD_DATE="1700000000">Travel</H3>',
    "        <DL><p>",
    '            <DT><A HREF="https://trains.example/" ADD_DATE="1700000000" ICON="data:image/png;base64,iVBORw0KGgo=">Trains</A>',
    "        </DL><p>",
    "    </DL><p>",
    '    <DT><H3 ADD_DATE="1700000000">Other bookmarks</H3>',
    "    <DL><p>",
    '        <DT><A HREF="https://recipes.example/" ADD_DATE="1700000000">Recipes</A>',
    "    </DL><p>",
    "</DL><p>",
  ].join("\n");

  it("an ICON data URI over 2,048 characters gives way to ICON_URI", () => {
    const file = read(chromeExport);
    expect(file.windows[0]!.tabs[0]!.faviconUrl).toBe("https://news.example/favicon.ico");
    expect(file.windows[1]!.tabs[0]!.faviconUrl).toBe("data:image/png;base64,iVBORw0KGgo=");
  });

  it("each folder's name, with its nesting, names its window (decision 217), and makes no tab group", () => {
    const file = read(chromeExport);
    expect(file.windows.map((window) => window.name)).toEqual(["Bookmarks bar", "Bookmarks bar / Travel", "Other bookmarks"]);
    expect(file.groups).toEqual([]);
  });

  it("folder names survive an export and an import again, under the folder named after the backup", () => {
    const original = read(chromeExport);
    const backup: BrowserBackup = {
      ...backupWith([]),
      windows: original.windows.map((window, index) => ({
        windowId: index + 1,
        state: window.state,
        focused: window.focused,
        left: window.left,
        top: window.top,
        width: window.width,
        height: window.height,
        name: window.name,
        tabs: window.tabs.map((tab) => ({ ...tab, scrollPosition: tab.scroll })),
      })),
      groups: original.groups,
    };
    const again = read(exportBackup(backup, "bookmarks-html", new Date()).body);
    expect(again.windows.map((window) => window.name)).toEqual(["Bookmarks bar", "Bookmarks bar / Travel", "Other bookmarks"]);
  });

  it("a Firefox bookmark backup (bookmarks-*.jsonlz4) is refused with what it is and how to import it", () => {
    const places = {
      guid: "root________",
      title: "",
      index: 0,
      dateAdded: 1700000000000000,
      lastModified: 1700000000000000,
      id: 1,
      typeCode: 2,
      type: "text/x-moz-place-container",
      root: "placesRoot",
      children: [{ guid: "menu________", title: "menu", typeCode: 2, type: "text/x-moz-place-container", root: "bookmarksMenuFolder", children: [] }],
    };
    for (const error of [
      refusal(() => read(encodeMozLz4(Buffer.from(JSON.stringify(places))).toString("base64"), "base64")),
      refusal(() => read(JSON.stringify(places))),
    ]) {
      expect(error.statusCode).toBe(400);
      expect(error.message).toMatch(/Firefox bookmarks backup/);
      expect(error.message).toMatch(/Export Bookmarks to HTML/);
    }
  });
});

describe("Session Buddy 4", () => {
  const collection = {
    collections: [
      {
        id: "c1",
        title: "Before the trip",
        created: 1795420800000,
        folders: [
          {
            title: "Window 1",
            state: "maximized",
            focused: true,
            left: 8,
            top: 16,
            width: 1440,
            height: 900,
            incognito: false,
            type: "normal",
            links: [
              { url: "https://maps.example/", title: "Maps", favIconUrl: "https://maps.example/favicon.ico", pinned: true, active: false },
              { url: "https://hotels.example/", title: "Hotels", active: true },
            ],
          },
          {
            title: "Window 2",
            state: "normal",
            left: 100,
            top: 100,
            width: 800,
            height: 600,
            incognito: true,
            type: "normal",
            links: [{ url: "https://gifts.example/", title: "Gifts", active: true }],
          },
        ],
      },
    ],
  };

  it("keeps the active tab, the window's state and bounds, its title as its name, and its incognito mark", () => {
    const file = read(JSON.stringify(collection));
    expect(file.windows.map(({ state, focused, left, top, width, height }) => ({ state, focused, left, top, width, height }))).toEqual([
      { state: "maximized", focused: true, left: 8, top: 16, width: 1440, height: 900 },
      { state: "normal", focused: false, left: 100, top: 100, width: 800, height: 600 },
    ]);
    expect(file.windows.map((window) => window.tabs.map((tab) => tab.active))).toEqual([[false, true], [true]]);
    expect(file.windows.map(({ name, incognito }) => ({ name, incognito }))).toEqual([
      { name: "Window 1", incognito: false },
      { name: "Window 2", incognito: true },
    ]);
  });
});
