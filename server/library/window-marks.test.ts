import type { InjectOptions } from "fastify";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { BrowserBackup } from "@common/api/browser-backups";
import { users } from "../accounts/table";
import { browserBackup } from "../test/backup-payloads";
import { signIn, withSession } from "../test/sign-in";
import { useTestApp } from "../test/test-app";
import { bookmarksFileHeader } from "./formats/bookmarks-html";

/**
 * Window names and private marks come in with a file, are stored, read back, shown in the details and carried by the
 * exports that can hold them (decision 217). Fixtures are shaped like the files Session Buddy 4 and the browsers'
 * bookmark exports write, built from their documented fields.
 */

/** Session Buddy 4: a collection of folders, each a window with Chromium's window fields and its links. */
const sessionBuddy4 = {
  collections: [
    {
      id: "c1",
      title: "Before the trip",
      created: 1795420800000,
      folders: [
        {
          title: "Planning",
          state: "maximized",
          focused: true,
          left: 0,
          top: 0,
          width: 1920,
          height: 1040,
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
          focused: false,
          left: 100,
          top: 80,
          width: 800,
          height: 600,
          incognito: true,
          type: "normal",
          links: [
            { url: "https://gifts.example/", title: "Gifts", active: false },
            { url: "https://ring.example/", title: "Ring\u00a0sizes", active: true },
          ],
        },
      ],
    },
  ],
};

/** As Chrome writes it: the bookmarks bar with a nested folder, and Other bookmarks. */
const chromeBookmarks = [
  ...bookmarksFileHeader,
  "<DL><p>",
  '    <DT><H3 ADD_DATE="1700000000" LAST_MODIFIED="1700000000" PERSONAL_TOOLBAR_FOLDER="true">Bookmarks bar</H3>',
  "    <DL><p>",
  '        <DT><A HREF="https://news.example/" ADD_DATE="1700000000">News</A>',
  '        <DT><H3 ADD_DATE="1700000000" LAST_MODIFIED="1700000000">Travel &amp; trains</H3>',
  "        <DL><p>",
  '            <DT><A HREF="https://trains.example/" ADD_DATE="1700000000">Trains</A>',
  '            <DT><A HREF="https://ferries.example/" ADD_DATE="1700000000">Ferries</A>',
  "        </DL><p>",
  "    </DL><p>",
  '    <DT><H3 ADD_DATE="1700000000" LAST_MODIFIED="1700000000">Other bookmarks</H3>',
  "    <DL><p>",
  '        <DT><A HREF="https://recipes.example/" ADD_DATE="1700000000">Recipes</A>',
  "    </DL><p>",
  "</DL><p>",
].join("\n");

type Marks = { name: string | null | undefined; incognito: boolean | undefined; tabs: number }[];

describe("window names and private marks through import, storage and export", () => {
  const server = useTestApp({ clock: () => new Date("2026-11-24T10:00:00Z") });

  async function account(email: string) {
    const { cookie } = await signIn(server.app, server.mailDir, email);
    await server.database.db.update(users).set({ planType: "pro" }).where(eq(users.email, email));
    return withSession(cookie);
  }
  const importFile = async (content: string, auth: object) => {
    const response = await server.app.inject({ method: "POST", url: "/api/library/imports", payload: { fileName: "file", content } as InjectOptions["payload"], ...auth });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ backupId: string; message: string }>();
  };
  const read = async (id: string, auth: object) => (await server.app.inject({ method: "GET", url: `/api/browser-backups/${id}`, ...auth })).json<BrowserBackup>();
  const marksOf = (backup: BrowserBackup): Marks => backup.windows.map((window) => ({ name: window.name, incognito: window.incognito, tabs: window.tabs.length }));
  const exported = async (id: string, format: string, auth: object) =>
    (await server.app.inject({ method: "GET", url: `/api/library/backups/${id}/export?format=${format}`, ...auth })).body;

  it("a Session Buddy 4 file: folder titles name the windows, the incognito window stays private, with its state, bounds and active tab", async () => {
    const auth = await account("sb4-marks@example.com");
    const { backupId, message } = await importFile(JSON.stringify(sessionBuddy4), auth);
    expect(message).toContain("1 private (incognito) window is marked private");
    const backup = await read(backupId, auth);
    expect(marksOf(backup)).toEqual([
      { name: "Planning", incognito: false, tabs: 2 },
      { name: "Window 2", incognito: true, tabs: 2 },
    ]);
    expect(backup.windows.map(({ state, focused, left, top, width, height }) => ({ state, focused, left, top, width, height }))).toEqual([
      { state: "maximized", focused: true, left: 0, top: 0, width: 1920, height: 1040 },
      { state: "normal", focused: false, left: 100, top: 80, width: 800, height: 600 },
    ]);
    expect(backup.windows.map((window) => window.tabs.map((tab) => [tab.title, tab.active, tab.pinned]))).toEqual([
      [
        ["Maps", false, true],
        ["Hotels", true, false],
      ],
      [
        ["Gifts", false, false],
        ["Ring\u00a0sizes", true, false],
      ],
    ]);

    const overview = (await server.app.inject({ method: "GET", url: `/api/saved-sessions/${backupId}/overview`, ...auth })).json<{ windows: unknown }>();
    expect(overview.windows).toEqual([
      { name: "Planning", incognito: false, tabCount: 2 },
      { name: "Window 2", incognito: true, tabCount: 2 },
    ]);

    // TabVault's JSON and Tab Session Manager's carry the private mark; TabVault's the name too.
    const again = await importFile(await exported(backupId, "tabvault", auth), auth);
    expect(marksOf(await read(again.backupId, auth))).toEqual(marksOf(backup));
    const tsm = await importFile(await exported(backupId, "tab-session-manager", auth), auth);
    expect(marksOf(await read(tsm.backupId, auth)).map((window) => window.incognito)).toEqual([false, true]);
    // A bookmarks file carries the names as folders, not the private mark.
    const html = await importFile(await exported(backupId, "bookmarks-html", auth), auth);
    expect(marksOf(await read(html.backupId, auth))).toEqual([
      { name: "Planning", incognito: false, tabs: 2 },
      { name: "Window 2", incognito: false, tabs: 2 },
    ]);
  });

  it("a Chrome bookmarks file: each folder names its window, nesting as a path, and the names survive an export and an import", async () => {
    const auth = await account("bookmark-names@example.com");
    const { backupId } = await importFile(chromeBookmarks, auth);
    const backup = await read(backupId, auth);
    expect(marksOf(backup)).toEqual([
      { name: "Bookmarks bar", incognito: false, tabs: 1 },
      { name: "Bookmarks bar / Travel & trains", incognito: false, tabs: 2 },
      { name: "Other bookmarks", incognito: false, tabs: 1 },
    ]);
    expect(backup.groups).toEqual([]);
    const body = await exported(backupId, "bookmarks-html", auth);
    expect(body).toMatch(/<H3 ADD_DATE="\d+">Bookmarks bar \/ Travel &amp; trains<\/H3>/);
    for (const format of ["bookmarks-html", "tabvault"]) {
      const again = await importFile(await exported(backupId, format, auth), auth);
      expect(marksOf(await read(again.backupId, auth)), format).toEqual(marksOf(backup));
    }
  });

  it("the extension's own backups have unnamed ordinary windows, and its details list no windows", async () => {
    const auth = await account("extension-windows@example.com");
    const uploaded = await server.app.inject({ method: "POST", url: "/api/browser-backups", payload: browserBackup(4, {}, 2), ...auth });
    expect(uploaded.statusCode).toBe(201);
    const { backupId } = uploaded.json<{ backupId: string }>();
    expect(marksOf(await read(backupId, auth)).map(({ name, incognito }) => ({ name, incognito }))).toEqual([
      { name: null, incognito: false },
      { name: null, incognito: false },
    ]);
  });

  it("refuses a window name over 200 characters or a private mark that is not true or false, storing nothing", async () => {
    const auth = await account("hostile-marks@example.com");
    const base = browserBackup(2, {}, 1);
    for (const window of [{ name: "n".repeat(201) }, { incognito: "yes" }, { name: 7 }]) {
      const payload = { ...base, windows: base.windows.map((each) => ({ ...each, ...window })) };
      const response = await server.app.inject({ method: "POST", url: "/api/browser-backups", payload, ...auth });
      expect(response.statusCode, JSON.stringify(window)).toBe(400);
      expect(response.json()).toEqual({ message: expect.any(String) });
    }
    const list = (await server.app.inject({ method: "GET", url: "/api/saved-sessions", ...auth })).json<unknown[]>();
    expect(list).toEqual([]);
  });
});
