import { gzipSync } from "node:zlib";
import { randomUUID } from "node:crypto";
import { count, eq, sql } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { describe, expect, it } from "vitest";
import { BROWSER_BACKUP_LIMITS } from "@common/api/browser-backups";
import { users } from "../accounts/table";
import { protectionEvents } from "../protection/table";
import { browserBackup, browserSession, browserTab } from "../test/backup-payloads";
import { bearer, pairDevice } from "../test/pair-device";
import { signIn, withSession } from "../test/sign-in";
import { useTestApp } from "../test/test-app";
import { backupTabGroups, backupWindows } from "./browser-tables";
import { savedSessions, backupTabsView } from "./table";

describe("browser backups from the extension: windows, tabs and groups", () => {
  let now = Date.parse("2026-11-23T10:00:00Z");
  const clock = () => new Date(now);
  const server = useTestApp({ clock });

  /** A signed-in account on `plan` with a paired extension. */
  async function account(email: string, plan: "free" | "basic" | "pro" = "pro") {
    const { cookie } = await signIn(server.app, server.mailDir, email);
    await server.database.db.update(users).set({ planType: plan }).where(eq(users.email, email));
    const { accessToken } = await pairDevice(server.app, cookie);
    const [user] = await server.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    return { cookie, token: accessToken, userId: user!.id };
  }
  const upload = (payload: unknown, auth: object, extra: Partial<InjectOptions> = {}) =>
    server.app.inject({ method: "POST", url: "/api/browser-backups", payload: payload as InjectOptions["payload"], ...auth, ...extra });
  const backupsOf = async (userId: string) =>
    (await server.database.db.select({ n: count() }).from(savedSessions).where(eq(savedSessions.userId, userId)))[0]!.n;

  it("stores every window with its tabs in order, pins and groups, and gives them back as they were", async () => {
    const a = await account("windows@example.com");
    const snapshot = browserBackup(30, { trigger: "clear_all_detected", reason: "A window with 15 tabs was closed" }, 2);
    // The extension may list a window's tabs out of order: their index decides.
    snapshot.windows[1]!.tabs.reverse();
    snapshot.windows[1]!.state = "maximized";
    const response = await upload(snapshot, bearer(a.token));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      backupId: expect.any(String),
      tabCount: 30,
      windowCount: 2,
      duplicate: false,
      message: "Emergency backup of 30 tabs from Chrome on Linux saved.",
    });
    const fetched = await server.app.inject({ method: "GET", url: `/api/browser-backups/${response.json().backupId}`, ...bearer(a.token) });
    expect(fetched.statusCode).toBe(200);
    const backup = fetched.json();
    expect(backup).toMatchObject({ triggerEvent: "clear_all_detected", deviceName: "Chrome on Linux", browserType: "chrome", tabCount: 30 });
    expect(backup.windows.map((window: { windowId: number; state: string; focused: boolean; tabs: unknown[] }) => [window.windowId, window.state, window.focused, window.tabs.length])).toEqual([
      [100, "normal", true, 15],
      [101, "maximized", false, 15],
    ]);
    expect(backup.windows[1].tabs.map((tab: { url: string }) => tab.url)).toEqual(
      Array.from({ length: 15 }, (_, i) => `https://example.com/page/${15 + i}`),
    );
    expect(backup.windows[0].tabs[0]).toEqual({
      url: "https://example.com/page/0",
      title: "Page 0",
      faviconUrl: "https://example.com/favicon.ico",
      sealedLocation: null,
      pinned: true,
      active: true,
      groupId: null,
      // As the extension captured it: smart recovery opens the most recently used tabs first.
      lastAccessed: snapshot.windows[0]!.tabs[0]!.lastAccessed,
      formData: {},
      scrollPosition: { x: 0, y: 0 },
    });
    expect(backup.windows[0].tabs[1]).toMatchObject({ groupId: 7, pinned: false });
    expect(backup.windows[0]).toMatchObject({ left: 0, top: 0, width: 1280, height: 800 });
    expect(backup.groups).toEqual([{ groupId: 7, windowId: 100, title: "Research", color: "blue", collapsed: false }]);

    // The Session Manager lists it like any other backup, and the event says what happened.
    const listed = (await server.app.inject({ method: "GET", url: "/api/saved-sessions", ...withSession(a.cookie) })).json();
    expect(listed[0]).toMatchObject({ id: backup.id, tabCount: 30, triggerEvent: "clear_all_detected", restorable: true });
    const [event] = await server.database.db.select().from(protectionEvents).where(eq(protectionEvents.userId, a.userId));
    expect(event).toMatchObject({
      eventType: "emergency_backup",
      description: "Emergency backup of 30 tabs from Chrome on Linux: A window with 15 tabs was closed",
    });
  });

  it("takes any id a real browser gives: Firefox's clock-sized tab group and window ids (decision 202)", async () => {
    const a = await account("firefox-ids@example.com");
    const snapshot = browserBackup(4, { trigger: "clear_all_detected", reason: "A window with 4 tabs was closed" }, 1);
    const groupId = 1_795_811_438_551_068;
    const windowId = 2 ** 40;
    snapshot.windows[0]!.windowId = windowId;
    for (const tab of snapshot.windows[0]!.tabs) tab.groupId = tab.index < 2 ? groupId : null;
    snapshot.groups = [{ groupId, windowId, title: "Research", color: "purple", collapsed: false }];
    const response = await upload(snapshot, bearer(a.token));
    expect(response.statusCode).toBe(201);
    const backup = (await server.app.inject({ method: "GET", url: `/api/browser-backups/${response.json().backupId}`, ...bearer(a.token) })).json();
    expect(backup.windows[0].windowId).toBe(windowId);
    expect(backup.windows[0].tabs.map((tab: { groupId: number | null }) => tab.groupId)).toEqual([groupId, groupId, null, null]);
    expect(backup.groups).toEqual([{ groupId, windowId, title: "Research", color: "purple", collapsed: false }]);
  });

  it("gives an older backup without windows back as one window", async () => {
    const a = await account("older@example.com");
    const saved = await server.app.inject({
      method: "POST",
      url: "/api/saved-sessions",
      payload: { sessionName: "Research", browserSession: browserSession(3) },
      ...withSession(a.cookie),
    });
    expect(saved.statusCode).toBe(201);
    const fetched = (await server.app.inject({ method: "GET", url: `/api/browser-backups/${saved.json().sessionId}`, ...bearer(a.token) })).json();
    expect(fetched.windows).toHaveLength(1);
    expect(fetched.windows[0]).toMatchObject({ windowId: 0, state: "normal", focused: true, left: null });
    expect(fetched.windows[0].tabs.map((tab: { url: string; pinned: boolean }) => [tab.url, tab.pinned])).toEqual([
      ["https://example.com/article/0", false],
      ["https://example.com/article/1", false],
      ["https://example.com/article/2", false],
    ]);
    expect(fetched.groups).toEqual([]);
  });

  it("is idempotent on the snapshot id: a retry answers the first backup and writes nothing", async () => {
    const a = await account("retry@example.com");
    const snapshot = browserBackup(5, { trigger: "clear_all_detected" });
    const first = await upload(snapshot, bearer(a.token));
    expect(first.statusCode).toBe(201);
    const events = async () => (await server.database.db.select({ n: count() }).from(protectionEvents).where(eq(protectionEvents.userId, a.userId)))[0]!.n;
    const eventsBefore = await events();
    const retry = await upload(snapshot, bearer(a.token));
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual({ ...first.json(), duplicate: true, message: expect.stringMatching(/already/) });
    // Through the sign-in session too: the snapshot is the account's, whoever sends it.
    expect((await upload(snapshot, withSession(a.cookie))).json().backupId).toBe(first.json().backupId);
    expect(await backupsOf(a.userId)).toBe(1);
    expect(await events()).toBe(eventsBefore);
    // Another account may use the same snapshot id: it is only unique per account.
    const b = await account("retry-other@example.com");
    expect((await upload(snapshot, bearer(b.token))).statusCode).toBe(201);
  });

  it("makes one backup of concurrent duplicates, and none of them fails", async () => {
    for (const plan of ["pro", "free"] as const) {
      const a = await account(`race-${plan}@example.com`, plan);
      const snapshot = browserBackup(50, { trigger: "clear_all_detected" });
      const answers = await Promise.all(Array.from({ length: 6 }, () => upload(snapshot, bearer(a.token))));
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 201]);
      expect(new Set(answers.map((answer) => answer.json().backupId)).size).toBe(1);
      expect(await backupsOf(a.userId)).toBe(1);
    }
  });

  it("stores an emergency backup whole on Free, never refused, even past the day's tabs", async () => {
    const a = await account("free-emergency@example.com", "free");
    // The day's 5 tabs are spent by a manual save first.
    const manual = await upload(browserBackup(5), bearer(a.token));
    expect(manual.statusCode).toBe(201);
    const emergency = await upload(browserBackup(300, { trigger: "clear_all_detected" }, 3), bearer(a.token));
    expect(emergency.statusCode).toBe(201);
    expect(emergency.json()).toMatchObject({ tabCount: 300, windowCount: 3 });
    const stored = await server.database.db.select({ n: count() }).from(backupTabsView).where(eq(backupTabsView.sessionId, emergency.json().backupId));
    expect(stored[0]!.n).toBe(300);
    // Free keeps one backup: the emergency replaced the manual save.
    expect(await backupsOf(a.userId)).toBe(1);
    // An emergency with no tabs left at all is still recorded, not refused, once the larger one is an hour old
    // (decision 207: within the hour it stays on the server and the small one stays in the browser).
    const within = await upload(browserBackup(0, { trigger: "clear_all_detected" }), bearer(a.token));
    expect(within.statusCode).toBe(200);
    expect(within.json()).toMatchObject({ backupId: emergency.json().backupId, tabCount: 300, storedOnServer: false });
    now += 61 * 60_000;
    expect((await upload(browserBackup(0, { trigger: "clear_all_detected" }), bearer(a.token))).statusCode).toBe(201);
  });

  it("shapes manual saves by the plan and refuses automatic backups on Free", async () => {
    const a = await account("free-manual@example.com", "free");
    const manual = await upload(browserBackup(12, {}, 2), bearer(a.token));
    expect(manual.statusCode).toBe(201);
    expect(manual.json().tabCount).toBe(5);
    expect(manual.json().message).toMatch(/7 tabs were left out \(Free protects 5 tabs a day\)/);
    // Only the windows that still hold a tab are kept.
    expect(manual.json().windowCount).toBe(1);
    const auto = await upload(browserBackup(3, { trigger: "auto_backup" }), bearer(a.token));
    expect(auto.statusCode).toBe(403);
    expect(auto.json().message).toMatch(/Automatic Backup needs the Basic plan/);
    const spent = await upload(browserBackup(3, { windows: [{ windowId: 1, tabs: [browserTab(900, { index: 0 })] }] }), bearer(a.token));
    expect(spent.statusCode).toBe(403);
    expect(spent.json().message).toMatch(/Free protects 5 tabs a day/);
    const b = await account("basic-auto@example.com", "basic");
    expect((await upload(browserBackup(3, { trigger: "auto_backup" }), bearer(b.token))).statusCode).toBe(201);
  });

  it("ungroups a tab whose group the snapshot does not describe (Chromium's -1) instead of refusing", async () => {
    const a = await account("groups@example.com");
    const snapshot = browserBackup(3, {
      groups: [
        { groupId: 7, windowId: 100, title: "First", color: "red" },
        { groupId: 7, windowId: 100, title: "Duplicate", color: "green" },
        { groupId: 9, windowId: 100, title: "Unused" },
      ],
    });
    snapshot.windows[0]!.tabs[0]!.groupId = -1;
    const response = await upload(snapshot, bearer(a.token));
    expect(response.statusCode).toBe(201);
    const backup = (await server.app.inject({ method: "GET", url: `/api/browser-backups/${response.json().backupId}`, ...bearer(a.token) })).json();
    expect(backup.windows[0].tabs.map((tab: { groupId: number | null }) => tab.groupId)).toEqual([null, 7, 7]);
    expect(backup.groups).toEqual([{ groupId: 7, windowId: 100, title: "First", color: "red", collapsed: false }]);
  });

  it("takes gzip bodies, and refuses other encodings (415), a corrupt gzip (400) and too much once decompressed (413)", async () => {
    const a = await account("gzip@example.com");
    const snapshot = browserBackup(200, { trigger: "clear_all_detected" }, 2);
    const zipped = gzipSync(JSON.stringify(snapshot));
    const headers = { "content-type": "application/json", "content-encoding": "gzip", ...bearer(a.token).headers };
    const ok = await server.app.inject({ method: "POST", url: "/api/browser-backups", payload: zipped, headers });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().tabCount).toBe(200);

    const brotli = await server.app.inject({ method: "POST", url: "/api/browser-backups", payload: zipped, headers: { ...headers, "content-encoding": "br" } });
    expect(brotli.statusCode).toBe(415);
    expect(brotli.json().message).toMatch(/Content-Encoding "br"/);
    const corrupt = await server.app.inject({ method: "POST", url: "/api/browser-backups", payload: Buffer.from("not gzip at all"), headers });
    expect(corrupt.statusCode).toBe(400);
    expect(corrupt.json()).toEqual({ message: "The request body is not valid gzip" });

    // A gzip bomb: 200 MB of spaces in ~200 KB. Inflating stops at the cap.
    const bomb = gzipSync(Buffer.alloc(200 * 1024 * 1024, " "), { level: 9 });
    expect(bomb.length).toBeLessThan(BROWSER_BACKUP_LIMITS.wireBytes);
    const started = performance.now();
    const exploded = await server.app.inject({ method: "POST", url: "/api/browser-backups", payload: bomb, headers });
    expect(exploded.statusCode).toBe(413);
    expect(exploded.json().message).toMatch(/larger than 32 MB once decompressed/);
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(await backupsOf(a.userId)).toBe(1);
  });

  it("refuses a body larger than the wire limit (413), gzip or not", async () => {
    const a = await account("wire@example.com");
    const big = Buffer.alloc(BROWSER_BACKUP_LIMITS.wireBytes + 1, " ");
    const plain = await server.app.inject({
      method: "POST",
      url: "/api/browser-backups",
      payload: big,
      headers: { "content-type": "application/json", ...bearer(a.token).headers },
    });
    expect(plain.statusCode).toBe(413);
    expect(plain.json().message).toMatch(/larger than 8 MB/);
  });

  it.each([
    ["5,001 tabs", () => browserBackup(5_001, {}, 2), /At most 5000 tabs per backup/],
    ["a missing snapshot id", () => ({ ...browserBackup(1), snapshotId: undefined }), /snapshotId/],
    ["a snapshot id that is no UUID", () => browserBackup(1, { snapshotId: "snapshot-1" }), /snapshotId must be a UUID/],
    ["an unknown trigger", () => ({ ...browserBackup(1), trigger: "windows_x_button" }), /trigger/],
    ["a file: URL", () => browserBackup(1, { windows: [{ windowId: 1, tabs: [browserTab(0, { url: "file:///etc/passwd" })] }] }), /Only http and https/],
    ["an unknown field", () => ({ ...browserBackup(1), userId: randomUUID() }), /userId|key/i],
    ["a window state browsers do not have", () => ({ ...browserBackup(1), windows: [{ windowId: 1, state: "docked", tabs: [] }] }), /state/],
    ["a group colour browsers do not have", () => browserBackup(2, { groups: [{ groupId: 7, windowId: 100, color: "black" as "grey" }] }), /color/],
    ["a tab index below zero", () => browserBackup(1, { windows: [{ windowId: 1, tabs: [browserTab(0, { index: -1 })] }] }), /index/],
    ["NUL in a title", () => browserBackup(1, { windows: [{ windowId: 1, tabs: [browserTab(0, { title: "a\u0000b" })] }] }), /NUL/],
  ])("refuses %s with 400 naming what is wrong, and stores nothing", async (_label, payload, message) => {
    const a = await account(`bad-${randomUUID().slice(0, 8)}@example.com`);
    const response = await upload(payload(), bearer(a.token));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: expect.stringMatching(message) });
    expect(await backupsOf(a.userId)).toBe(0);
  });

  it("accepts 5,000 tabs, and stores 2,000 in one go", async () => {
    const a = await account("large@example.com");
    const most = await upload(browserBackup(5_000, { trigger: "clear_all_detected" }, 5), bearer(a.token));
    expect(most.statusCode).toBe(201);
    expect(most.json().tabCount).toBe(5_000);
    const timings: number[] = [];
    for (let run = 0; run < 3; run++) {
      const body = JSON.stringify(browserBackup(2_000, { trigger: "clear_all_detected" }, 4));
      const started = performance.now();
      const response = await server.app.inject({
        method: "POST",
        url: "/api/browser-backups",
        payload: body,
        headers: { "content-type": "application/json", ...bearer(a.token).headers },
      });
      timings.push(performance.now() - started);
      expect(response.statusCode).toBe(201);
    }
    // A guard against a regression by an order of magnitude (a row at a time would take seconds), loose
    // enough for PGlite on a busy 2-core machine; scripts/bench/browser-backup-insert.ts measures the target.
    expect(Math.min(...timings)).toBeLessThan(1_500);
  });

  it("needs an account: signed out 401; another account's backup is not found", async () => {
    expect((await upload(browserBackup(1), {})).statusCode).toBe(401);
    const a = await account("mine@example.com");
    const b = await account("theirs@example.com");
    const created = (await upload(browserBackup(2), bearer(a.token))).json();
    for (const auth of [bearer(b.token), withSession(b.cookie)]) {
      const response = await server.app.inject({ method: "GET", url: `/api/browser-backups/${created.backupId}`, ...auth });
      expect(response.statusCode).toBe(404);
    }
    expect((await server.app.inject({ method: "GET", url: `/api/browser-backups/${created.backupId}` })).statusCode).toBe(401);
    expect((await server.app.inject({ method: "GET", url: "/api/browser-backups/not-a-uuid", ...bearer(a.token) })).json()).toEqual({
      message: "params.id: Not a backup id",
    });
    // B's deletes cannot reach A's windows and groups; A's delete takes them along.
    const windows = () => server.database.db.select({ n: count() }).from(backupWindows).where(eq(backupWindows.sessionId, created.backupId));
    expect((await windows())[0]!.n).toBe(1);
    expect((await server.app.inject({ method: "DELETE", url: `/api/saved-sessions/${created.backupId}`, ...bearer(b.token) })).statusCode).toBe(404);
    expect((await server.app.inject({ method: "DELETE", url: `/api/saved-sessions/${created.backupId}`, ...bearer(a.token) })).statusCode).toBe(204);
    expect((await windows())[0]!.n).toBe(0);
    const groups = await server.database.db.execute(sql`select count(*)::int as n from ${backupTabGroups} where session_id = ${created.backupId}::uuid`);
    expect((groups as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });

  it("rate-limits uploads per account like the other backup writes", async () => {
    now += 60 * 60_000;
    const a = await account("flood@example.com");
    const answers: number[] = [];
    for (let n = 0; n < 121; n++) answers.push((await upload(browserBackup(1, { trigger: "clear_all_detected" }), bearer(a.token))).statusCode);
    expect(answers.filter((status) => status === 201)).toHaveLength(120);
    expect(answers.at(-1)).toBe(429);
  });
});
