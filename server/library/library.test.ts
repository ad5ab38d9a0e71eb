import { count, eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { describe, expect, it } from "vitest";
import { exportFormats, LIBRARY_LIMITS } from "@common/api/library";
import { users } from "../accounts/table";
import { protectedTabDays, savedSessions } from "../backups/table";
import { browserBackup } from "../test/backup-payloads";
import { bearer, pairDevice } from "../test/pair-device";
import { signIn, withSession } from "../test/sign-in";
import { useTestApp } from "../test/test-app";
import { encodeMozLz4 } from "./mozlz4";

describe("the library: import and export over HTTP", () => {
  const clock = () => new Date("2026-11-24T10:00:00Z");
  const server = useTestApp({ clock });

  async function account(email: string, plan: "free" | "basic" | "pro" = "pro") {
    const { cookie } = await signIn(server.app, server.mailDir, email);
    await server.database.db.update(users).set({ planType: plan }).where(eq(users.email, email));
    const [user] = await server.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    return { cookie, userId: user!.id, auth: withSession(cookie) };
  }
  const importFile = (payload: unknown, auth: object = {}) =>
    server.app.inject({ method: "POST", url: "/api/library/imports", payload: payload as InjectOptions["payload"], ...auth });
  const backupsOf = async (userId: string) =>
    (await server.database.db.select({ n: count() }).from(savedSessions).where(eq(savedSessions.userId, userId)))[0]!.n;
  const oneTab = (tabs: number, groupSize = 3, prefix = "https://onetab.example/") =>
    Array.from({ length: tabs }, (_, n) => `${prefix}${n} | Tab ${n}${(n + 1) % groupSize === 0 && n + 1 < tabs ? "\n" : ""}`).join("\n");
  const tabsOf = async (id: string, auth: object) => {
    const backup = (await server.app.inject({ method: "GET", url: `/api/browser-backups/${id}`, ...auth })).json<{
      windows: { tabs: { url: string; title: string }[] }[];
    }>();
    return backup.windows.map((window) => window.tabs.map((tab) => [tab.url, tab.title]));
  };

  it("imports a OneTab file as a manual save named after where it came from, once however often it is sent", async () => {
    const a = await account("importer@example.com");
    const response = await importFile({ fileName: "onetab.txt", content: oneTab(7) }, a.auth);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      backupId: expect.any(String),
      sessionName: "Imported from OneTab, 3 groups",
      format: "onetab",
      tabCount: 7,
      windowCount: 3,
      skipped: 0,
      duplicate: false,
      message: "Imported 7 tabs in 3 windows from OneTab.",
    });
    const { backupId } = response.json<{ backupId: string }>();
    expect((await tabsOf(backupId, a.auth))[0]).toEqual([
      ["https://onetab.example/0", "Tab 0"],
      ["https://onetab.example/1", "Tab 1"],
      ["https://onetab.example/2", "Tab 2"],
    ]);
    const listed = (await server.app.inject({ method: "GET", url: "/api/saved-sessions", ...a.auth })).json<{ id: string; triggerEvent: string }[]>();
    expect(listed.find((backup) => backup.id === backupId)).toMatchObject({ triggerEvent: "manual_save" });

    const again = await importFile({ fileName: "onetab.txt", content: oneTab(7) }, a.auth);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ backupId, duplicate: true, message: "This file was imported already (“Imported from OneTab, 3 groups”); nothing new was stored." });
    expect(await backupsOf(a.userId)).toBe(1);
  });

  it("exports a backup in every format, and each file imports back to the same tabs", async () => {
    const a = await account("exporter@example.com");
    const uploaded = await server.app.inject({ method: "POST", url: "/api/browser-backups", payload: browserBackup(6, {}, 2), ...a.auth });
    expect(uploaded.statusCode).toBe(201);
    const { backupId } = uploaded.json<{ backupId: string }>();
    const original = await tabsOf(backupId, a.auth);
    const types = { tabvault: "application/json", "tab-session-manager": "application/json", onetab: "text/plain", "bookmarks-html": "text/html" };
    for (const format of exportFormats) {
      const exported = await server.app.inject({ method: "GET", url: `/api/library/backups/${backupId}/export?format=${format}`, ...a.auth });
      expect(exported.statusCode, format).toBe(200);
      expect(exported.headers["content-type"]).toBe(`${types[format]}; charset=utf-8`);
      expect(exported.headers["content-disposition"]).toMatch(/^attachment; filename="manual-save-chrome-on-linux\.[a-z.-]+"$/);
      const back = await importFile({ fileName: "exported", content: exported.body }, a.auth);
      expect(back.statusCode, `${format}: ${back.body}`).toBe(201);
      expect(await tabsOf(back.json<{ backupId: string }>().backupId, a.auth), format).toEqual(original);
    }
  });

  it("imports Firefox's sessionstore.jsonlz4 sent as base64, with form values and scroll", async () => {
    const a = await account("firefox@example.com");
    const session = {
      version: ["sessionrestore", 1],
      windows: [
        {
          tabs: [
            {
              entries: [{ url: "https://fx.example/form", title: "Form" }],
              index: 1,
              formdata: { id: { note: "draft", password: "secret" } },
              scroll: { scroll: "0,900" },
            },
          ],
        },
      ],
    };
    const response = await importFile({ fileName: "sessionstore.jsonlz4", encoding: "base64", content: encodeMozLz4(Buffer.from(JSON.stringify(session))).toString("base64") }, a.auth);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ sessionName: "Imported from Firefox, 1 window", format: "firefox-sessionstore", tabCount: 1 });
    const backup = (await server.app.inject({ method: "GET", url: `/api/browser-backups/${response.json().backupId}`, ...a.auth })).json();
    expect(backup.windows[0].tabs[0]).toMatchObject({ url: "https://fx.example/form", formData: { note: "draft" }, scrollPosition: { x: 0, y: 900 } });
    expect(backup.browserType).toBe("firefox");
  });

  it("on Free and Basic an import must fit what is left of the day's allowance, whole, or nothing is stored", async () => {
    const free = await account("free-importer@example.com", "free");
    const small = await importFile({ content: oneTab(3) }, free.auth);
    expect(small.statusCode).toBe(201);
    const big = await importFile({ content: oneTab(12, 12, "https://big.example/") }, free.auth);
    expect(big.statusCode).toBe(403);
    expect(big.json().message).toBe(
      "This file has 12 tabs, and Free protects 5 tabs a day in your own saves (2 more fit today), so nothing was imported: an import is kept whole or not at all. Pro and Premium import files of up to 5,000 tabs.",
    );
    // Nothing of the refused file was stored, and it spent none of the allowance.
    expect(await backupsOf(free.userId)).toBe(1);
    const spent = await server.database.db.select({ n: count() }).from(protectedTabDays).where(eq(protectedTabDays.userId, free.userId));
    expect(spent[0]!.n).toBe(3);
    // What fits still goes in; on Free it replaces the one backup kept, as any manual save does.
    const fits = await importFile({ content: "https://fits.example/1\nhttps://fits.example/2\n" }, free.auth);
    expect(fits.statusCode).toBe(201);
    expect(fits.json().message).toBe("Imported 2 tabs in 1 window from a URL list. 1 older backup was removed (Free keeps 1). Upgrade to Basic to protect more.");
    expect(fits.json().sessionName).toBe("Imported from a URL list, 2 URLs");
    const none = await importFile({ content: "https://none.example/1\n" }, free.auth);
    expect(none.statusCode).toBe(403);
    expect(none.json().message).toMatch(/\(0 more fit today\)/);
  });

  it("refuses a hostile or broken file with a 4xx {message} and stores nothing", async () => {
    const a = await account("hostile@example.com");
    const cases: [unknown, number, RegExp][] = [
      [{ content: "https://ok.example/ | OK\njavascript:alert(document.cookie) | x" }, 400, /javascript: link/],
      [{ content: `${"[".repeat(100_000)}${"]".repeat(100_000)}` }, 400, /nests deeper than 64 levels/],
      [{ content: '[{"windows": {"1": {"1": {"url": "https://cut.example/"' }, 400, /not valid JSON/],
      [{ content: "just some words" }, 400, /does not recognise this file/],
      [{ content: "" }, 400, /The file is empty/],
      [{ content: "https://a.example/", encoding: "base64" }, 400, /not valid base64/],
      [{ content: "https://a.example/", format: "tabvault" }, 400, /not JSON/],
      [{ content: "https://a.example/", extra: true }, 400, /Unrecognized key/],
      [{ content: Array.from({ length: 5_001 }, (_, n) => `https://many.example/${n}`).join("\n") }, 413, /more than 5,000 tabs/],
    ];
    for (const [payload, status, message] of cases) {
      const response = await importFile(payload, a.auth);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(status);
      expect(response.json().message).toMatch(message);
    }
    expect(await backupsOf(a.userId)).toBe(0);
  });

  it("refuses an oversized body: past the content cap with 400, past the body limit with 413", async () => {
    const a = await account("oversized@example.com");
    const tooLong = await importFile({ content: "a".repeat(LIBRARY_LIMITS.contentLength + 1) }, a.auth);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toMatch(/at most 8 MB/);
    const huge = await importFile({ content: "a".repeat(LIBRARY_LIMITS.contentLength + 200_000) }, a.auth);
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ message: expect.any(String) });
  });

  it("needs a signed-in account; another account's backup is not found; the extension's token cannot import", async () => {
    const a = await account("owner-lib@example.com");
    const b = await account("other-lib@example.com");
    const uploaded = await server.app.inject({ method: "POST", url: "/api/browser-backups", payload: browserBackup(2), ...a.auth });
    const { backupId } = uploaded.json<{ backupId: string }>();
    expect((await importFile({ content: oneTab(2) })).statusCode).toBe(401);
    const exportUrl = `/api/library/backups/${backupId}/export?format=onetab`;
    expect((await server.app.inject({ method: "GET", url: exportUrl })).statusCode).toBe(401);
    const asOther = await server.app.inject({ method: "GET", url: exportUrl, ...b.auth });
    expect(asOther.statusCode).toBe(404);
    expect(asOther.json()).toEqual({ message: "Backup not found" });
    expect((await server.app.inject({ method: "GET", url: `/api/library/backups/${backupId}/export?format=pdf`, ...a.auth })).statusCode).toBe(400);
    expect((await server.app.inject({ method: "GET", url: "/api/library/backups/not-a-uuid/export?format=onetab", ...a.auth })).statusCode).toBe(400);
    const { accessToken } = await pairDevice(server.app, a.cookie);
    expect((await importFile({ content: oneTab(2) }, bearer(accessToken))).statusCode).toBe(403);
    // B's import lands in B's library only.
    expect((await importFile({ content: oneTab(2) }, b.auth)).statusCode).toBe(201);
    expect(await backupsOf(b.userId)).toBe(1);
    expect(await backupsOf(a.userId)).toBe(1);
  });

  it("says in the receipt that a Session Buddy file's private windows are kept marked private", async () => {
    const a = await account("incognito-import@example.com");
    const link = (n: number) => ({ url: `https://private.example/${n}`, title: `Private ${n}`, active: n === 0 });
    const file = {
      collections: [
        {
          title: "Mixed",
          folders: [
            { title: "Window 1", state: "normal", incognito: false, links: [link(0)] },
            { title: "Window 2", state: "maximized", incognito: true, links: [link(1)] },
          ],
        },
      ],
    };
    const response = await importFile({ fileName: "session-buddy.json", content: JSON.stringify(file) }, a.auth);
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe(
      "Imported 2 tabs in 2 windows from Session Buddy. 1 private (incognito) window is marked private: the extension reopens it as private where it is allowed in private windows.",
    );
  });

  it("imports a 5,000-tab Tab Session Manager file", async () => {
    const a = await account("big-import@example.com");
    const tabs = Object.fromEntries(
      Array.from({ length: 5_000 }, (_, n) => [String(n + 1), { id: n + 1, index: n, windowId: 1, url: `https://big.example/article/${n}`, title: `Article ${n}`, pinned: n < 3 }]),
    );
    const file = JSON.stringify([{ windows: { "1": tabs }, windowsInfo: { "1": { id: 1, state: "normal" } }, tabsNumber: 5_000, name: "Big", date: 1795420800000, tag: [], sessionStartTime: 1795420800000, id: "b1" }]);
    const started = performance.now();
    const response = await importFile({ fileName: "big.json", content: file }, a.auth);
    const elapsed = performance.now() - started;
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ tabCount: 5_000, sessionName: "Imported from Tab Session Manager, 1 session" });
    // The benchmark (scripts/bench/library-import.ts) measures it on its own; here only a loose bound.
    expect(elapsed).toBeLessThan(10_000);
  });
});
