import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { PLAIN_TAB_REFUSED_MESSAGE } from "@common/api/encryption";
import type { BrowserTabInput } from "@common/api/browser-backups";
import { backupKeyFrom, createBackupKey, MIN_KDF_ITERATIONS, openTabLocation, sealTabLocation } from "@common/end-to-end-encryption";
import { users } from "../accounts/table";
import { savedSessions, backupTabsView } from "../backups/table";
import { openTabs } from "../open-tabs/table";
import { browserBackup, browserSession, browserTab, tab } from "../test/backup-payloads";
import { signIn, withSession } from "../test/sign-in";
import { insertTeam } from "../test/team";
import { useTestApp } from "../test/test-app";

/** Pages whose titles and addresses must never be readable in the database once sealed. */
const secretPages = [
  { url: "https://clinic.example/results/ana", title: "Ana's blood test results", faviconUrl: "https://clinic.example/favicon.ico" },
  { url: "https://lawyer.example/divorce-draft", title: "Divorce settlement draft", faviconUrl: null },
];

describe("sealed titles and addresses (issue 18 point 5, decision 199)", () => {
  const server = useTestApp();
  const made = createBackupKey("correct horse battery staple", MIN_KDF_ITERATIONS);
  const keyOf = async () => backupKeyFrom((await made).rawKey);

  async function account(email: string, { encrypting = true, sealing = true, plan = "pro" } = {}) {
    const { cookie } = await signIn(server.app, server.mailDir, email);
    await server.database.db.update(users).set({ planType: plan as "pro" }).where(eq(users.email, email));
    const asBrowser = withSession(cookie);
    const token = (await server.app.inject({ method: "POST", url: "/api/device-tokens", payload: { name: "Laptop" }, ...asBrowser })).json().token as string;
    const asDevice = { headers: { authorization: `Bearer ${token}` } };
    if (encrypting) expect((await server.app.inject({ method: "PUT", url: "/api/account/encryption", payload: { key: (await made).stored }, ...asBrowser })).statusCode).toBe(201);
    if (sealing) expect((await server.app.inject({ method: "PUT", url: "/api/account/encryption/tab-locations", payload: { seal: true }, ...asBrowser })).statusCode).toBe(200);
    const [user] = await server.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    return { asBrowser, asDevice, userId: user!.id };
  }

  async function sealedTab(n: number, page = secretPages[n % secretPages.length]!): Promise<BrowserTabInput> {
    // Bound to the tab's form entries and scroll (decision 225): every read below opens it beside what it was sent with.
    return browserTab(n, { url: "", title: "", faviconUrl: null, sealedLocation: await sealTabLocation(await keyOf(), page, browserTab(n)) });
  }

  async function sealedUpload(count = 2) {
    const upload = browserBackup(count);
    upload.windows[0]!.tabs = await Promise.all(upload.windows[0]!.tabs.map((plain, n) => sealedTab(n).then((sealed) => ({ ...sealed, index: plain.index, pinned: plain.pinned, groupId: plain.groupId }))));
    return upload;
  }

  const readableTables = async () =>
    JSON.stringify([await server.database.db.select().from(backupTabsView), await server.database.db.select().from(openTabs)]);

  it("the choice: signed out 401, a device token 403, encryption off 409, malformed 400; on and off from the browser", async () => {
    expect((await server.app.inject({ method: "PUT", url: "/api/account/encryption/tab-locations", payload: { seal: true } })).statusCode).toBe(401);
    const person = await account("chooser@example.com", { encrypting: false, sealing: false });
    const off = await server.app.inject({ method: "PUT", url: "/api/account/encryption/tab-locations", payload: { seal: true }, ...person.asBrowser });
    expect(off.statusCode).toBe(409);
    expect(off.json().message).toMatch(/Turn encryption on/);
    await server.app.inject({ method: "PUT", url: "/api/account/encryption", payload: { key: (await made).stored }, ...person.asBrowser });
    expect((await server.app.inject({ method: "PUT", url: "/api/account/encryption/tab-locations", payload: { seal: true }, ...person.asDevice })).statusCode).toBe(403);
    for (const payload of [{}, { seal: "yes" }, { seal: true, extra: 1 }]) {
      const bad = await server.app.inject({ method: "PUT", url: "/api/account/encryption/tab-locations", payload, ...person.asBrowser });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBeTruthy();
    }
    expect((await server.app.inject({ method: "GET", url: "/api/account/encryption", ...person.asDevice })).json().sealsTabLocations).toBe(false);
    const on = await server.app.inject({ method: "PUT", url: "/api/account/encryption/tab-locations", payload: { seal: true }, ...person.asBrowser });
    expect(on.json()).toMatchObject({ enabled: true, sealsTabLocations: true });
    expect((await server.app.inject({ method: "GET", url: "/api/account/encryption", ...person.asDevice })).json().sealsTabLocations).toBe(true);
    // Another account's choice is its own.
    const other = await account("other-chooser@example.com", { sealing: false });
    expect((await server.app.inject({ method: "GET", url: "/api/account/encryption", ...other.asBrowser })).json().sealsTabLocations).toBe(false);
  });

  it("stores sealed tabs with nothing readable; every read gives the sealed value back for the browser to open", async () => {
    const person = await account("sealed-store@example.com");
    const uploaded = await server.app.inject({ method: "POST", url: "/api/browser-backups", payload: await sealedUpload(), ...person.asDevice });
    expect(uploaded.statusCode).toBe(201);
    const webSave = await server.app.inject({
      method: "POST",
      url: "/api/saved-sessions",
      payload: { sessionName: "Sealed on the web", browserSession: browserSession(1, { tabs: [tab(0, { url: "", title: "", faviconUrl: null, sealedLocation: await sealTabLocation(await keyOf(), secretPages[1]!, tab(0)) })] }) },
      ...person.asBrowser,
    });
    expect(webSave.statusCode).toBe(201);

    const stored = await readableTables();
    for (const page of secretPages) for (const word of [page.url, page.title, "clinic", "lawyer", "Divorce"]) expect(stored).not.toContain(word);

    const key = await keyOf();
    const backup = (await server.app.inject({ method: "GET", url: `/api/browser-backups/${uploaded.json().backupId}`, ...person.asDevice })).json();
    const tabs = backup.windows[0].tabs as { url: string; title: string; sealedLocation: string; pinned: boolean; groupId: number | null; scrollPosition: { x: number; y: number } }[];
    expect(tabs.map((sealed) => [sealed.url, sealed.title])).toEqual([["", ""], ["", ""]]);
    expect(await Promise.all(tabs.map((sealed) => openTabLocation(key, sealed.sealedLocation, sealed)))).toEqual(secretPages);
    // Position, pin and group stay readable: restores need them.
    expect(tabs.map((sealed) => [sealed.pinned, sealed.groupId])).toEqual([[true, null], [false, 7]]);

    const list = (await server.app.inject({ method: "GET", url: "/api/saved-sessions", ...person.asBrowser })).json() as { id: string; sealedTabCount: number; tabCount: number }[];
    expect(list.map((row) => [row.tabCount, row.sealedTabCount]).sort()).toEqual([[1, 1], [2, 2]]);
    const detail = (await server.app.inject({ method: "GET", url: `/api/saved-sessions/${webSave.json().sessionId}`, ...person.asBrowser })).json();
    expect(await openTabLocation(key, detail.browserTabs[0].sealedLocation, detail.browserTabs[0])).toEqual(secretPages[1]);
    const restore = (await server.app.inject({ method: "POST", url: `/api/restore-session/${webSave.json().sessionId}`, ...person.asBrowser })).json();
    expect(restore.instructions.tabs).toEqual([]);
    expect(restore.session.tabs[0].sealedLocation).toBe(detail.browserTabs[0].sealedLocation);
    const digest = (await server.app.inject({ method: "GET", url: `/api/saved-sessions/${uploaded.json().backupId}/summary`, ...person.asBrowser })).json();
    expect(digest).toMatchObject({ tabCount: 2, encryptedTabs: 2, sites: [], duplicates: [] });
  });

  it("the plan's daily allowance counts each sealed tab on its own: sealing cannot stretch it; the account export carries them", async () => {
    const person = await account("free-sealer@example.com", { plan: "free" });
    const first = await server.app.inject({ method: "POST", url: "/api/browser-backups", payload: await sealedUpload(3), ...person.asDevice });
    expect(first.json().tabCount).toBe(3);
    // The same three pages sealed again are three new sealed values: only the 2 tabs left of today's 5 are kept.
    const second = await server.app.inject({ method: "POST", url: "/api/browser-backups", payload: await sealedUpload(3), ...person.asDevice });
    expect(second.json().tabCount).toBe(2);
    const exported = (await server.app.inject({ method: "GET", url: "/api/account/export", ...person.asBrowser })).json();
    const tabs = exported.backups.flatMap((backup: { tabs: { url: string; sealedLocation: string | null; formData: Record<string, string>; scrollX: number; scrollY: number }[] }) => backup.tabs);
    expect(tabs).toHaveLength(2);
    expect(await openTabLocation(await keyOf(), tabs[0].sealedLocation, { formData: tabs[0].formData, scrollPosition: { x: tabs[0].scrollX, y: tabs[0].scrollY } })).toEqual(secretPages[0]);
  });

  it("refuses a plain tab from an account that seals, whole, from every way in; a sealing account's old plain tabs stay", async () => {
    const person = await account("refuses-plain@example.com", { sealing: false });
    expect((await server.app.inject({ method: "POST", url: "/api/browser-backups", payload: browserBackup(2), ...person.asDevice })).statusCode).toBe(201);
    await server.app.inject({ method: "PUT", url: "/api/account/encryption/tab-locations", payload: { seal: true }, ...person.asBrowser });
    const count = async () => (await server.database.db.select().from(savedSessions).where(eq(savedSessions.userId, person.userId))).length;

    const mixed = await sealedUpload(2);
    mixed.windows[0]!.tabs.push(browserTab(2, { index: 2 }));
    for (const [url, payload, auth] of [
      ["/api/browser-backups", mixed, person.asDevice],
      ["/api/browser-backups", { ...browserBackup(1), trigger: "clear_all_detected" }, person.asDevice],
      ["/api/saved-sessions", { browserSession: browserSession(2) }, person.asBrowser],
    ] as const) {
      const refused = await server.app.inject({ method: "POST", url, payload, ...auth });
      expect(refused.statusCode, url).toBe(409);
      expect(refused.json().message).toBe(PLAIN_TAB_REFUSED_MESSAGE);
    }
    const imported = await server.app.inject({ method: "POST", url: "/api/library/imports", payload: { content: "https://plain.example/one | One\n" }, ...person.asBrowser });
    expect(imported.statusCode).toBe(409);
    expect(imported.json().message).toMatch(/only a TabVault export of encrypted tabs can be imported/);
    expect(await count()).toBe(1);
    // Sealed ones still go in.
    expect((await server.app.inject({ method: "POST", url: "/api/browser-backups", payload: await sealedUpload(1), ...person.asDevice })).statusCode).toBe(201);
    expect(await count()).toBe(2);
  });

  it("refuses malformed sealed tabs with a message: both readable and sealed, a sealed value that is not one, too long", async () => {
    const person = await account("malformed-sealed@example.com");
    const sealed = await sealedTab(0);
    for (const [bad, message] of [
      [{ ...sealed, url: secretPages[0]!.url }, "A tab with a sealedLocation has an empty url and title and no favicon"],
      [{ ...sealed, title: "leaked" }, "A tab with a sealedLocation has an empty url and title and no favicon"],
      [{ ...sealed, sealedLocation: "tv1.not-a-sealed-value" }, "sealedLocation is not a sealed value"],
      [{ ...sealed, sealedLocation: `tv1.${"A".repeat(16)}.${"A".repeat(20_000)}` }, "A sealed location has at most"],
      [{ ...sealed, sealedLocation: null }, "A tab needs a url"],
    ] as const) {
      const upload = browserBackup(1);
      upload.windows[0]!.tabs = [bad];
      const answer = await server.app.inject({ method: "POST", url: "/api/browser-backups", payload: upload, ...person.asDevice });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toContain(message);
    }
    expect(await server.database.db.select().from(savedSessions).where(eq(savedSessions.userId, person.userId))).toEqual([]);
  });

  it("search skips sealed tabs and says how many it could not read; duplicates never touch them; merge and undo carry them", async () => {
    const person = await account("library-sealed@example.com", { sealing: false });
    const plain = await server.app.inject({ method: "POST", url: "/api/browser-backups", payload: browserBackup(2), ...person.asDevice });
    await server.app.inject({ method: "PUT", url: "/api/account/encryption/tab-locations", payload: { seal: true }, ...person.asBrowser });
    const sealed = await server.app.inject({ method: "POST", url: "/api/browser-backups", payload: await sealedUpload(2), ...person.asDevice });
    // The same page sealed twice is two different sealed values: nothing here can tell them apart.
    const again = await sealedUpload(2);
    again.windows[0]!.tabs[1] = { ...(await sealedTab(0)), index: 1 };
    const sealedAgain = await server.app.inject({ method: "POST", url: "/api/browser-backups", payload: again, ...person.asDevice });

    const search = (await server.app.inject({ method: "GET", url: "/api/library/search?q=page", ...person.asBrowser })).json();
    expect(search.hits.map((hit: { backupId: string }) => hit.backupId)).toEqual([plain.json().backupId, plain.json().backupId]);
    expect(search.encryptedTabsNotSearched).toBe(4);

    const ids = [plain.json().backupId, sealed.json().backupId, sealedAgain.json().backupId];
    const dedupe = await server.app.inject({ method: "POST", url: "/api/library/dedupe", payload: { backupIds: ids }, ...person.asBrowser });
    expect(dedupe.json().message).toBe("No duplicate tabs found");

    const merged = await server.app.inject({ method: "POST", url: "/api/library/merges", payload: { backupIds: ids }, ...person.asBrowser });
    expect(merged.statusCode).toBe(201);
    const list = (await server.app.inject({ method: "GET", url: "/api/saved-sessions", ...person.asBrowser })).json() as { id: string; tabCount: number; sealedTabCount: number }[];
    expect(list.map((row) => [row.tabCount, row.sealedTabCount])).toEqual([[6, 4]]);
    const mergedTabs = (await server.app.inject({ method: "GET", url: `/api/browser-backups/${list[0]!.id}`, ...person.asDevice })).json().windows.flatMap((window: { tabs: unknown[] }) => window.tabs);
    const opened = await Promise.all(
      (mergedTabs as { url: string; sealedLocation: string | null; scrollPosition: { x: number; y: number } }[]).map(async (merged) => (merged.sealedLocation ? (await openTabLocation(await keyOf(), merged.sealedLocation, merged)).url : merged.url)),
    );
    expect(opened).toEqual(["https://example.com/page/0", "https://example.com/page/1", secretPages[0]!.url, secretPages[1]!.url, secretPages[0]!.url, secretPages[0]!.url]);

    expect((await server.app.inject({ method: "POST", url: "/api/library/undo", ...person.asBrowser })).statusCode).toBe(200);
    const undone = (await server.app.inject({ method: "GET", url: "/api/saved-sessions", ...person.asBrowser })).json() as { sealedTabCount: number }[];
    expect(undone.map((row) => row.sealedTabCount).sort()).toEqual([0, 2, 2]);
  });

  it("exports a sealed backup only as TabVault JSON, which carries the sealed values and imports back as the same tabs", async () => {
    const person = await account("export-sealed@example.com");
    const uploaded = await server.app.inject({ method: "POST", url: "/api/browser-backups", payload: await sealedUpload(2), ...person.asDevice });
    const id = uploaded.json().backupId as string;
    for (const format of ["onetab", "bookmarks-html", "tab-session-manager"]) {
      const refused = await server.app.inject({ method: "GET", url: `/api/library/backups/${id}/export?format=${format}`, ...person.asBrowser });
      expect(refused.statusCode, format).toBe(409);
      expect(refused.json().message).toMatch(/holds 2 encrypted tabs.*TabVault JSON/);
    }
    const file = await server.app.inject({ method: "GET", url: `/api/library/backups/${id}/export?format=tabvault`, ...person.asBrowser });
    expect(file.statusCode).toBe(200);
    for (const page of secretPages) expect(file.body).not.toContain(page.title);
    const before = (await server.app.inject({ method: "GET", url: `/api/browser-backups/${id}`, ...person.asDevice })).json().windows[0].tabs;

    await server.database.db.delete(savedSessions).where(eq(savedSessions.userId, person.userId));
    const imported = await server.app.inject({ method: "POST", url: "/api/library/imports", payload: { content: file.body, fileName: "x.tabvault.json" }, ...person.asBrowser });
    expect(imported.statusCode).toBe(201);
    expect(imported.json()).toMatchObject({ tabCount: 2, skipped: 0 });
    const after = (await server.app.inject({ method: "GET", url: `/api/browser-backups/${imported.json().backupId}`, ...person.asDevice })).json().windows[0].tabs;
    expect(after.map((tab: { sealedLocation: string }) => tab.sealedLocation)).toEqual(before.map((tab: { sealedLocation: string }) => tab.sealedLocation));

    const forged = file.body.replace(/"sealedLocation": "[^"]+"/, '"sealedLocation": "tv1.forged"');
    const refused = await server.app.inject({ method: "POST", url: "/api/library/imports", payload: { content: forged }, ...person.asBrowser });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/not a sealed value; nothing was imported/);
  });

  it("a backup with sealed tabs cannot be shared with the team, which has no key", async () => {
    const person = await account("team-sealer@example.com", { plan: "premium" });
    await insertTeam(server.database.db, "Sealers", [{ email: "team-sealer@example.com", role: "owner" }], new Date());
    const uploaded = await server.app.inject({ method: "POST", url: "/api/browser-backups", payload: await sealedUpload(1), ...person.asDevice });
    const share = await server.app.inject({ method: "POST", url: "/api/team/shared-sessions", payload: { sessionId: uploaded.json().backupId }, ...person.asBrowser });
    expect(share.statusCode).toBe(409);
    expect(share.json().message).toMatch(/1 encrypted tab that your team could not open/);
  });

  it("open tabs: plain lists go when sealing starts and are refused after; sealed ones are kept and listed", async () => {
    const person = await account("open-sealed@example.com", { sealing: false });
    const push = (windows: unknown) => server.app.inject({ method: "PUT", url: "/api/open-tabs", payload: { capturedAt: Date.now(), browserType: "chrome", windows }, ...person.asDevice });
    const plainWindows = browserBackup(1).windows;
    expect((await push(plainWindows)).statusCode).toBe(200);
    await server.app.inject({ method: "PUT", url: "/api/account/encryption/tab-locations", payload: { seal: true }, ...person.asBrowser });
    expect(await server.database.db.select().from(openTabs).where(eq(openTabs.userId, person.userId))).toEqual([]);
    const refused = await push(plainWindows);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(PLAIN_TAB_REFUSED_MESSAGE);
    expect((await push((await sealedUpload(2)).windows)).statusCode).toBe(200);
    const listed = (await server.app.inject({ method: "GET", url: "/api/open-tabs", ...person.asBrowser })).json();
    const device = listed.devices?.[0] ?? listed[0];
    const detail = (await server.app.inject({ method: "GET", url: `/api/open-tabs/${device.deviceId}`, ...person.asBrowser })).json();
    expect(await openTabLocation(await keyOf(), detail.windows[0].tabs[1].sealedLocation, detail.windows[0].tabs[1])).toEqual(secretPages[1]);
    expect(await readableTables()).not.toContain("clinic");
  });
});
