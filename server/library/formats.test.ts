import { describe, expect, it } from "vitest";
import type { BrowserBackup } from "@common/api/browser-backups";
import { exportFormats, type ImportFormat } from "@common/api/library";
import { exportBackup } from "./export";
import { maximizedWindow } from "./export-fixture";
import { LibraryFileError, type LibraryFile } from "./library-file";
import { decodeLz4Block, decodeMozLz4, encodeLz4Block, encodeMozLz4 } from "./mozlz4";
import { readLibraryFile } from "./read-file";

/** Fixture files are written here from each format's documented shape, never copied from elsewhere. */

const now = new Date("2026-11-24T08:00:00Z");

function backup(): BrowserBackup {
  const tab = (n: number, extra: Partial<BrowserBackup["windows"][number]["tabs"][number]> = {}) => ({
    url: `https://example.com/page/${n}?q=a&b=${n}`,
    title: `Page ${n} <"quoted"> & more`,
    faviconUrl: "https://example.com/favicon.ico",
    pinned: false,
    active: false,
    groupId: null,
    formData: {},
    scrollPosition: { x: 0, y: 0 },
    ...extra,
  });
  return {
    id: "7d8f6c1e-2b1a-4c3d-9e8f-0a1b2c3d4e5f",
    sessionName: "Research: trip / 2026",
    triggerEvent: "manual_save",
    deviceName: "Chrome on Linux",
    browserType: "chrome",
    createdAt: "2026-11-23T10:00:00.000Z",
    tabCount: 5,
    windows: [
      maximizedWindow(41, [
        tab(0, { pinned: true, active: true, formData: { q: "lisbon hotels" }, scrollPosition: { x: 0, y: 640 } }),
        tab(1, { groupId: 9 }),
        tab(2, { groupId: 9 }),
      ]),
      { windowId: 42, state: "normal", focused: false, left: null, top: null, width: null, height: null, tabs: [tab(3, { active: true }), tab(4)] },
    ],
    groups: [{ groupId: 9, windowId: 41, title: "Flights", color: "blue", collapsed: false }],
  };
}

const read = (content: string, encoding: "text" | "base64" = "text") => readLibraryFile({ fileName: "", encoding, format: "auto", content });
const urlsOf = (file: LibraryFile) => file.windows.map((window) => window.tabs.map((tab) => tab.url));
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

describe("export, then import: every export format gives back the same tabs", () => {
  const original = backup();
  const urls = original.windows.map((window) => window.tabs.map((tab) => tab.url));
  const titles = original.windows.map((window) => window.tabs.map((tab) => tab.title));
  const expectedFormat: Record<(typeof exportFormats)[number], ImportFormat> = {
    tabvault: "tabvault",
    "tab-session-manager": "tab-session-manager",
    onetab: "onetab",
    "bookmarks-html": "bookmarks-html",
  };

  for (const format of exportFormats) {
    it(`${format}: windows, URLs and titles in order`, () => {
      const file = exportBackup(original, format, now);
      const back = read(file.body);
      expect(back.format).toBe(expectedFormat[format]);
      expect(urlsOf(back)).toEqual(urls);
      expect(titlesOf(back)).toEqual(titles);
    });
  }

  it("TabVault JSON keeps pins, the active tab, groups, window bounds, form values and scroll", () => {
    const back = read(exportBackup(original, "tabvault", now).body);
    const [first] = back.windows;
    expect(first).toMatchObject({ state: "maximized", focused: true, width: 1280, height: 800 });
    expect(first!.tabs[0]).toMatchObject({ pinned: true, active: true, formData: { q: "lisbon hotels" }, scroll: { x: 0, y: 640 } });
    expect(back.groups).toEqual([{ groupId: 1, windowId: 1, title: "Flights", color: "blue", collapsed: false }]);
    expect(first!.tabs.map((tab) => tab.groupId)).toEqual([null, 1, 1]);
    const document = JSON.parse(exportBackup(original, "tabvault", now).body);
    expect(document).toMatchObject({ format: "tabvault-backup", version: 1, backup: { name: "Research: trip / 2026" } });
  });

  it("Tab Session Manager JSON keeps pins, the active tab and groups", () => {
    const back = read(exportBackup(original, "tab-session-manager", now).body);
    expect(back.windows[0]!.tabs[0]).toMatchObject({ pinned: true, active: true });
    expect(back.groups).toEqual([{ groupId: 1, windowId: 1, title: "Flights", color: "blue", collapsed: false }]);
    expect(back.parts).toEqual({ count: 1, unit: "session" });
  });

  it("OneTab text is `URL | Title` a line, a blank line between windows", () => {
    expect(exportBackup(original, "onetab", now).body.split("\n").slice(0, 5)).toEqual([
      'https://example.com/page/0?q=a&b=0 | Page 0 <"quoted"> & more',
      'https://example.com/page/1?q=a&b=1 | Page 1 <"quoted"> & more',
      'https://example.com/page/2?q=a&b=2 | Page 2 <"quoted"> & more',
      "",
      'https://example.com/page/3?q=a&b=3 | Page 3 <"quoted"> & more',
    ]);
  });

  it("bookmarks HTML escapes titles and URLs and names the file after the backup", () => {
    const file = exportBackup(original, "bookmarks-html", now);
    expect(file.body).toContain('<DT><A HREF="https://example.com/page/0?q=a&amp;b=0" ADD_DATE="1795428000" ICON_URI="https://example.com/favicon.ico">Page 0 &lt;&quot;quoted&quot;&gt; &amp; more</A>');
    expect(file.fileName).toBe("research-trip-2026.bookmarks.html");
  });
});

describe("import-only formats, from their documented shapes", () => {
  it("Tab Session Manager, current shape: windows by id, tabs by id in index order, sleeping tabs' real URL, groups", () => {
    const session = {
      windows: {
        "12": {
          "301": { id: 301, index: 1, windowId: 12, url: "https://b.example/", title: "B", pinned: false, groupId: 4 },
          "300": { id: 300, index: 0, windowId: 12, url: "https://a.example/", title: "A", pinned: true, active: true, favIconUrl: "https://a.example/f.ico", groupId: -1 },
          "302": {
            id: 302,
            index: 2,
            windowId: 12,
            url: `moz-extension://0f1e2d3c/replaced/index.html?state=open&title=C&url=${encodeURIComponent("https://c.example/x?y=1")}&favIconUrl=`,
            title: "C",
          },
          "303": { id: 303, index: 3, windowId: 12, url: "about:newtab", title: "New Tab" },
        },
      },
      windowsNumber: 1,
      windowsInfo: { "12": { id: 12, state: "normal", focused: true, width: 1000, height: 700 } },
      tabsNumber: 4,
      name: "Work",
      date: 1795420800000,
      lastEditedTime: 1795420800000,
      tag: ["daily"],
      sessionStartTime: 1795420000000,
      id: "0b7a2a52-4c1f-4b55-9b36-5c1b0f6c2d11",
      tabGroups: [{ id: 4, windowId: 12, title: "Docs", color: "green", collapsed: true }],
    };
    const file = read(JSON.stringify([session]));
    expect(file.format).toBe("tab-session-manager");
    expect(urlsOf(file)).toEqual([["https://a.example/", "https://b.example/", "https://c.example/x?y=1"]]);
    expect(file.windows[0]!.tabs[0]).toMatchObject({ pinned: true, active: true, faviconUrl: "https://a.example/f.ico", groupId: null });
    expect(file.windows[0]!.tabs[1]!.groupId).toBe(1);
    expect(file.groups).toEqual([{ groupId: 1, windowId: 1, title: "Docs", color: "green", collapsed: true }]);
    expect(file.skipped).toBe(1);
    expect(file.windows[0]).toMatchObject({ focused: true, width: 1000, height: 700 });
    // And round-trips through TabVault's own export.
    expect(urlsOf(read(exportBackup(asBackup(file), "tabvault", now).body))).toEqual(urlsOf(file));
  });

  it("Tab Session Manager, old shape (before 1.9.3 and 4.0): tag as a string, date as text, no id", () => {
    const old = [
      {
        windows: { "3": { "7": { id: 7, index: 0, windowId: 3, url: "https://old.example/one", title: "One" }, "8": { id: 8, index: 1, windowId: 3, url: "https://old.example/two", title: "Two" } } },
        tabsNumber: 2,
        name: "Old session",
        date: "2017-05-01 10:00:00",
        tag: "user winClose",
        sessionStartTime: 1493632800000,
      },
      {
        windows: { "5": { "9": { id: 9, index: 0, windowId: 5, url: "https://old.example/three", title: "Three" } } },
        tabsNumber: 1,
        name: "Another",
        date: "2017-05-02 10:00:00",
        tag: "auto",
        sessionStartTime: 1493719200000,
      },
    ];
    const file = read(JSON.stringify(old));
    expect(file.format).toBe("tab-session-manager");
    expect(urlsOf(file)).toEqual([["https://old.example/one", "https://old.example/two"], ["https://old.example/three"]]);
    expect(file.parts).toEqual({ count: 2, unit: "session" });
  });

  it("Session Buddy, sessions shape (version 3)", () => {
    const sb = {
      sessions: [
        {
          type: "saved",
          name: "Reading",
          created: "2026-11-20T10:00:00.000Z",
          generated: "2026-11-20T10:00:00.000Z",
          gid: "g1",
          id: 1,
          modified: "2026-11-20T10:00:00.000Z",
          windows: [
            { id: 1, state: "maximized", focused: true, tabs: [{ id: 1, index: 1, url: "https://sb.example/2", title: "Two" }, { id: 2, index: 0, url: "https://sb.example/1", title: "One", pinned: true }] },
            { id: 2, tabs: [{ id: 3, index: 0, url: "https://sb.example/3", title: "Three", favIconUrl: "https://sb.example/i.png" }] },
          ],
        },
      ],
    };
    const file = read(JSON.stringify(sb));
    expect(file.format).toBe("session-buddy");
    expect(urlsOf(file)).toEqual([["https://sb.example/1", "https://sb.example/2"], ["https://sb.example/3"]]);
    expect(file.windows[0]).toMatchObject({ state: "maximized", focused: true });
    expect(file.windows[0]!.tabs[0]!.pinned).toBe(true);
    expect(urlsOf(read(exportBackup(asBackup(file), "onetab", now).body))).toEqual(urlsOf(file));
  });

  it("Session Buddy, collections shape (version 4): a folder is a window", () => {
    const sb = {
      format: "nxs.json.v1",
      created: "2026-11-20T10:00:00.000Z",
      collections: [
        { title: "Trip", folders: [{ title: "Flights", links: [{ url: "https://air.example/a", title: "A" }] }, { title: "Hotels", links: [{ url: "https://hotel.example/b", title: "B" }, { url: "chrome://settings", title: "Settings" }] }] },
      ],
    };
    const file = read(JSON.stringify(sb));
    expect(file.format).toBe("session-buddy");
    expect(urlsOf(file)).toEqual([["https://air.example/a"], ["https://hotel.example/b"]]);
    expect(file.skipped).toBe(1);
    expect(file.parts).toEqual({ count: 1, unit: "collection" });
  });

  it("OneTab, with an empty title and Windows line ends", () => {
    const file = read("https://one.example/a | A\r\nhttps://one.example/b | \r\n\r\nhttps://one.example/c | C | with a pipe\r\n");
    expect(file.format).toBe("onetab");
    expect(urlsOf(file)).toEqual([["https://one.example/a", "https://one.example/b"], ["https://one.example/c"]]);
    expect(titlesOf(file)).toEqual([["A", ""], ["C | with a pipe"]]);
    expect(file.parts).toEqual({ count: 2, unit: "group" });
  });

  it("a plain URL list, one a line", () => {
    const file = read("https://list.example/1\n\nhttps://list.example/2\nhttps://list.example/3\n");
    expect(file.format).toBe("url-list");
    expect(urlsOf(file)).toEqual([["https://list.example/1", "https://list.example/2", "https://list.example/3"]]);
    expect(urlsOf(read(exportBackup(asBackup(file), "bookmarks-html", now).body))).toEqual(urlsOf(file));
  });

  it("bookmarks HTML as browsers write it: nested folders, loose bookmarks, entities", () => {
    const html = [
      "<!DOCTYPE NETSCAPE-Bookmark-file-1>",
      '<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">',
      "<TITLE>Bookmarks</TITLE>",
      "<H1>Bookmarks</H1>",
      "<DL><p>",
      '    <DT><A HREF="https://loose.example/" ADD_DATE="1">Loose</A>',
      '    <DT><H3 ADD_DATE="1">Bar</H3>',
      "    <DL><p>",
      '        <DT><A HREF="https://bar.example/?a=1&amp;b=2" ICON="data:image/png;base64,iVBORw0KGgo=">Fish &amp; chips</A>',
      '        <DT><H3>Deeper</H3>',
      "        <DL><p>",
      '            <DT><A HREF="https://deep.example/">Deep</A>',
      '            <DT><A HREF="place:sort=8">Recent</A>',
      "        </DL><p>",
      '        <DT><A HREF="https://bar.example/after">After</A>',
      "    </DL><p>",
      "</DL><p>",
    ].join("\n");
    const file = read(html);
    expect(file.format).toBe("bookmarks-html");
    expect(urlsOf(file)).toEqual([["https://loose.example/"], ["https://bar.example/?a=1&b=2", "https://bar.example/after"], ["https://deep.example/"]]);
    expect(titlesOf(file)[1]![0]).toBe("Fish & chips");
    expect(file.windows[1]!.tabs[0]!.faviconUrl).toBe("data:image/png;base64,iVBORw0KGgo=");
    expect(file.skipped).toBe(1);
  });

  it("Firefox sessionstore.jsonlz4: current entries, pins, selection, form data under the privacy rules, scroll, groups", () => {
    const session = firefoxSession();
    const jsonlz4 = encodeMozLz4(Buffer.from(JSON.stringify(session)));
    const file = read(jsonlz4.toString("base64"), "base64");
    expect(file.format).toBe("firefox-sessionstore");
    expect(urlsOf(file)).toEqual([["https://fx.example/now", "https://fx.example/form"], ["https://fx.example/other"]]);
    expect(file.windows[0]).toMatchObject({ state: "maximized", focused: false, left: 10, top: 20, width: 1400, height: 900 });
    expect(file.windows[1]!.focused).toBe(true);
    const [history, form] = file.windows[0]!.tabs;
    expect(history).toMatchObject({ title: "Now", pinned: true, active: false, scroll: { x: 0, y: 1200 }, faviconUrl: "https://fx.example/icon.png", groupId: 1 });
    expect(form).toMatchObject({ active: true, scroll: { x: 5, y: 300 } });
    // The password, the card number and the one-time code are never kept; the checkbox is not text.
    expect(form!.formData).toEqual({ comment: "Half-written review", city: "Porto" });
    expect(file.groups).toEqual([{ groupId: 1, windowId: 1, title: "Reading", color: "grey", collapsed: false }]);
    expect(file.skipped).toBe(1);
    expect(file.parts).toEqual({ count: 2, unit: "window" });
    // Round-trip through TabVault JSON keeps the form values and scroll.
    const back = read(exportBackup(asBackup(file), "tabvault", now).body);
    expect(back.windows[0]!.tabs[1]!.formData).toEqual({ comment: "Half-written review", city: "Porto" });
  });
});

describe("malformed and hostile files are refused whole", () => {
  it("a javascript: URL anywhere refuses the file", () => {
    expect(refusal(() => read("https://ok.example/ | OK\njavascript:alert(1) | Evil\n")).message).toMatch(/javascript: link .*nothing was imported/);
    expect(refusal(() => read(JSON.stringify({ collections: [{ folders: [{ links: [{ url: " JavaScript:alert(1)" }] }] }] }))).message).toMatch(/javascript:/);
    expect(refusal(() => read('<DL><p><DT><A HREF="javascript:void(0)">x</A></DL>')).message).toMatch(/javascript:/);
  });

  it("JSON nested 100,000 deep is refused before it is parsed", () => {
    const error = refusal(() => read(`${"[".repeat(100_000)}${"]".repeat(100_000)}`));
    expect(error.statusCode).toBe(400);
    expect(error.message).toMatch(/nests deeper than 64 levels/);
  });

  it("bookmark folders nested 100,000 deep are refused", () => {
    const html = `<!DOCTYPE NETSCAPE-Bookmark-file-1>${"<DL><p>".repeat(100_000)}<DT><A HREF="https://x.example/">x</A>${"</DL>".repeat(100_000)}`;
    expect(refusal(() => read(html)).message).toMatch(/nests folders deeper/);
  });

  it("a file cut short imports nothing", () => {
    const json = exportBackup(backup(), "tab-session-manager", now).body;
    expect(refusal(() => read(json.slice(0, json.length / 2))).message).toMatch(/not valid JSON/);
    const html = exportBackup(backup(), "bookmarks-html", now).body;
    expect(refusal(() => read(html.slice(0, html.indexOf("</DL>")))).message).toMatch(/cut short/);
    const lz4 = encodeMozLz4(Buffer.from(JSON.stringify(firefoxSession())));
    expect(refusal(() => read(lz4.subarray(0, lz4.length - 40).toString("base64"), "base64")).message).toMatch(/damaged or cut short/);
  });

  it("a jsonlz4 bomb: a declared size past 24 MB (decision 204) is refused before anything is allocated, a lying size fails to decode", () => {
    const header = Buffer.alloc(12);
    header.write("mozLz40\0", 0, "latin1");
    header.writeUInt32LE(0xffffffff, 8);
    const declared = refusal(() => read(Buffer.concat([header, Buffer.from([0x1f, 0x41, 0x01, 0x00, 0xff, 0xff, 0xff])]).toString("base64"), "base64"));
    expect(declared.statusCode).toBe(413);
    expect(declared.message).toMatch(/more than the 24 MB/);
    // A small declared size with a block that expands far past it stops at the declared size.
    const bomb = encodeMozLz4(Buffer.alloc(1_000_000, 0x61));
    bomb.writeUInt32LE(1000, 8);
    expect(refusal(() => read(bomb.toString("base64"), "base64")).message).toMatch(/damaged or cut short/);
  });

  it("the wrong format, an empty list, more than 5,000 tabs", () => {
    expect(refusal(() => read("Dear diary, today I opened many tabs.")).message).toMatch(/does not recognise this file/);
    expect(refusal(() => read('{"hello": "world"}')).message).toMatch(/not an export TabVault reads/);
    expect(refusal(() => readLibraryFile({ fileName: "", encoding: "text", format: "onetab", content: "https://a.example/\nnot a url\n" })).message).toMatch(/not a OneTab export/);
    expect(refusal(() => read("about:blank\nchrome://newtab\n")).message).toMatch(/no web pages/);
    expect(refusal(() => read("aGVsbG8=", "base64")).message).toMatch(/not a Firefox .jsonlz4/);
    const many = Array.from({ length: 5_001 }, (_, n) => `https://many.example/${n}`).join("\n");
    const tooMany = refusal(() => read(many));
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.message).toMatch(/more than 5,000 tabs/);
  });
});

describe("the LZ4 block codec", () => {
  it("decodes what it encodes, including overlapping matches and long literal runs", () => {
    const samples = [Buffer.alloc(0), Buffer.from("a"), Buffer.from("abcabcabcabcabcabcabcabcabcabc".repeat(50)), Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 7919) % 251))];
    for (const sample of samples) {
      const block = encodeLz4Block(sample);
      const out = Buffer.alloc(sample.length);
      expect(decodeLz4Block(block, 0, out)).toBe(sample.length);
      expect(out.equals(sample)).toBe(true);
      expect(decodeMozLz4(encodeMozLz4(sample), 1024 * 1024).equals(sample)).toBe(true);
    }
  });

  it("decodes a block written by hand from the LZ4 specification", () => {
    // Token 0x3f: 3 literals "abc", then a match of 15+4+1=20 bytes at offset 3 (extra length byte 1).
    const block = Buffer.from([0x3f, 0x61, 0x62, 0x63, 0x03, 0x00, 0x01, 0x50, 0x78, 0x79, 0x7a, 0x21, 0x21]);
    const out = Buffer.alloc(28);
    expect(decodeLz4Block(block, 0, out)).toBe(28);
    expect(out.toString()).toBe(`${"abc".repeat(7)}ab` + "xyz!!");
  });
});

/** A Firefox session as docs of SessionStore describe it (version, windows, tabs with entries). */
function firefoxSession() {
  return {
    version: ["sessionrestore", 1],
    selectedWindow: 2,
    session: { lastUpdate: 1795420800000, startTime: 1795400000000 },
    windows: [
      {
        sizemode: "maximized",
        screenX: 10,
        screenY: 20,
        width: 1400,
        height: 900,
        selected: 2,
        groups: [{ id: "1795-1", name: "Reading", color: "gray", collapsed: false }],
        tabs: [
          {
            entries: [
              { url: "https://fx.example/before", title: "Before" },
              { url: "https://fx.example/now", title: "Now", scroll: "0,1200" },
              { url: "https://fx.example/after", title: "After" },
            ],
            index: 2,
            pinned: true,
            image: "https://fx.example/icon.png",
            groupId: "1795-1",
            lastAccessed: 1795420700000,
          },
          {
            entries: [{ url: "https://fx.example/form", title: "Form" }],
            index: 1,
            formdata: {
              url: "https://fx.example/form",
              id: { comment: "Half-written review", password: "hunter2", agree: true },
              xpath: {
                "/xhtml:html/xhtml:body/xhtml:form/xhtml:input[@name='city']": "Porto",
                "//xhtml:input[@name='card']": "4111 1111 1111 1111",
                "//xhtml:input[@name='otp']": "123456",
              },
            },
            scroll: { scroll: "5,300" },
          },
          { entries: [], userTypedValue: "half-typed" },
        ],
      },
      { tabs: [{ entries: [{ url: "https://fx.example/other", title: "Other" }], index: 1 }], selected: 1 },
    ],
    _closedWindows: [{ tabs: [{ entries: [{ url: "https://fx.example/closed" }], index: 1 }] }],
  };
}

/** A read file as the backup export reads it, for import-then-export round trips. */
function asBackup(file: LibraryFile): BrowserBackup {
  return {
    id: "7d8f6c1e-2b1a-4c3d-9e8f-0a1b2c3d4e5f",
    sessionName: "Imported",
    triggerEvent: "manual_save",
    deviceName: null,
    browserType: null,
    createdAt: now.toISOString(),
    tabCount: file.windows.reduce((sum, window) => sum + window.tabs.length, 0),
    windows: file.windows.map((window, index) => ({
      windowId: index + 1,
      state: window.state,
      focused: window.focused,
      left: window.left,
      top: window.top,
      width: window.width,
      height: window.height,
      tabs: window.tabs.map((tab) => ({ ...tab, scrollPosition: tab.scroll })),
    })),
    groups: file.groups,
  };
}
