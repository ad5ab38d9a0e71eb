import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { UploadBrowserBackupRequest } from "@common/api/browser-backups";
import { plans } from "@common/plans";
import { users } from "../accounts/table";
import { rowsOf } from "../db/rows";
import { browserBackup, browserSession } from "../test/backup-payloads";
import { bearer, pairDevice } from "../test/pair-device";
import { signIn, withSession } from "../test/sign-in";
import { useTestApp } from "../test/test-app";
import { storedBytes } from "./quota";
import { savedSessions } from "./table";

/** Tabs stored once (decision 212): contents per account by their content, one list row per backup. */
describe("tabs stored once: a backup names its tabs' contents, each stored once per account", () => {
  let now = Date.parse("2026-11-23T10:00:00Z");
  const server = useTestApp({ clock: () => new Date(now) });

  async function device(email: string) {
    const { cookie } = await signIn(server.app, server.mailDir, email);
    await server.database.db.update(users).set({ planType: "pro" }).where(eq(users.email, email));
    const { accessToken } = await pairDevice(server.app, cookie);
    const [user] = await server.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const upload = async (payload: UploadBrowserBackupRequest) => {
      now += 5 * 60_000;
      const response = await server.app.inject({ method: "POST", url: "/api/browser-backups", payload, ...bearer(accessToken) });
      expect(response.statusCode).toBe(201);
      return response.json<{ backupId: string }>().backupId;
    };
    return { cookie, userId: user!.id, upload };
  }
  const counts = async (userId: string) =>
    rowsOf<{ contents: number; lists: number }>(
      await server.database.db.execute(sql`
        select (select count(*)::int from tab_contents where user_id = ${userId}::uuid) as contents,
          (select count(*)::int from backup_tab_lists where user_id = ${userId}::uuid) as lists`),
    )[0]!;
  /** The browser's 200 tabs, uploaded, with tab `n` scrolled somewhere else: one content changed. */
  const snapshotUpload = (scrolledTab?: number): UploadBrowserBackupRequest => {
    const backup = browserBackup(200, { trigger: "auto_backup" });
    const tab = scrolledTab === undefined ? undefined : backup.windows[0]!.tabs[scrolledTab];
    if (tab) tab.scrollPosition = { x: 0, y: 99_999 };
    return backup;
  };

  it("a backup of an unchanged browser adds one list row and no tab content; a changed tab adds its one content", async () => {
    const { userId, upload } = await device("once@example.com");
    await upload(snapshotUpload());
    expect(await counts(userId)).toEqual({ contents: 200, lists: 1 });
    await upload(snapshotUpload());
    expect(await counts(userId)).toEqual({ contents: 200, lists: 2 });
    await upload(snapshotUpload(5));
    expect(await counts(userId)).toEqual({ contents: 201, lists: 3 });
  });

  it("every backup reads back whole, in order, with its own places (window, pin, group)", async () => {
    const { cookie, upload } = await device("whole@example.com");
    const payload = browserBackup(6, { trigger: "manual_save" }, 2);
    const first = await upload(payload);
    const second = await upload({ ...payload, snapshotId: crypto.randomUUID() });
    for (const id of [first, second]) {
      const read = await server.app.inject({ method: "GET", url: `/api/browser-backups/${id}`, ...withSession(cookie) });
      expect(read.statusCode).toBe(200);
      const backup = read.json<{ windows: { tabs: { url: string; pinned: boolean; groupId: number | null }[] }[] }>();
      expect(backup.windows.map((window) => window.tabs.map((tab) => [tab.url, tab.pinned, tab.groupId]))).toEqual(
        payload.windows.map((window) => window.tabs.map((tab) => [tab.url, tab.pinned, tab.groupId ?? null])),
      );
    }
  });

  it("deleting a backup removes the contents only it held, in the same statement; contents others hold stay", async () => {
    const { cookie, userId, upload } = await device("collect@example.com");
    const kept = await upload(snapshotUpload());
    const gone = await upload(snapshotUpload(7));
    expect(await counts(userId)).toEqual({ contents: 201, lists: 2 });
    const deleted = await server.app.inject({ method: "DELETE", url: `/api/saved-sessions/${gone}`, ...withSession(cookie) });
    expect(deleted.statusCode).toBe(204);
    expect(await counts(userId)).toEqual({ contents: 200, lists: 1 });
    const page = await server.app.inject({ method: "GET", url: `/api/saved-sessions/${kept}/tabs?offset=195&limit=10`, ...withSession(cookie) });
    expect(page.json<{ total: number; tabs: unknown[] }>()).toMatchObject({ total: 200 });
    expect(page.json<{ tabs: unknown[] }>().tabs).toHaveLength(5);
  });

  it("thinning removes an old automatic backup and the one content only it held; the backups kept read back whole", async () => {
    const { cookie, userId, upload } = await device("thinned@example.com");
    const thinned = await upload(snapshotUpload(1));
    const newestOfItsHour = await upload(snapshotUpload(2));
    expect(await counts(userId)).toEqual({ contents: 202, lists: 2 });
    // A day later the first two are past the 24 hours kept whole: only the newest of their hour stays (decision 208).
    now += 25 * 3_600_000;
    await upload(snapshotUpload(3));
    expect(await counts(userId)).toEqual({ contents: 202, lists: 2 });
    const gone = await server.app.inject({ method: "GET", url: `/api/browser-backups/${thinned}`, ...withSession(cookie) });
    expect(gone.statusCode).toBe(404);
    const kept = await server.app.inject({ method: "GET", url: `/api/browser-backups/${newestOfItsHour}`, ...withSession(cookie) });
    const tabs = kept.json<{ windows: { tabs: { url: string; scrollPosition: { y: number } }[] }[] }>().windows[0]!.tabs;
    expect(tabs.map((tab) => tab.url)).toEqual(snapshotUpload(2).windows[0]!.tabs.map((tab) => tab.url));
    expect(tabs.map((tab) => tab.scrollPosition.y)).toEqual(snapshotUpload(2).windows[0]!.tabs.map((tab) => tab.scrollPosition?.y));
  });

  it("making room removes only the oldest automatic backups the room needs, counting the contents each frees", async () => {
    const { cookie, userId, upload } = await device("room@example.com");
    /** 200 tabs of their own: `set` makes every address distinct from another set's. */
    const tabsOf = (set: number): UploadBrowserBackupRequest => {
      const backup = browserBackup(200, { trigger: "auto_backup" });
      for (const tab of backup.windows[0]!.tabs) tab.url = `${tab.url}?set=${set}`;
      return backup;
    };
    const save = await server.app.inject({
      method: "POST",
      url: "/api/saved-sessions",
      payload: { trigger: "manual_save", browserSession: browserSession(2) },
      ...withSession(cookie),
    });
    const oldest = await upload(tabsOf(1));
    const sameTabs = await upload({ ...tabsOf(1), snapshotId: crypto.randomUUID() });
    const newer = await upload(tabsOf(2));
    // The manual save weighs what leaves 1 KB free: the next automatic backup, with 200 new contents, does not fit.
    const used = await storedBytes(server.database.db, userId);
    await server.database.db
      .update(savedSessions)
      .set({ sizeBytes: sql`${savedSessions.sizeBytes} + ${plans.pro.limits.storageBytes - used - 1_000}` })
      .where(eq(savedSessions.id, save.json<{ sessionId: string }>().sessionId));
    const latest = await upload(tabsOf(3));
    // Removing the oldest frees only its own bytes (the next holds the same tabs); removing the next frees their
    // contents too, which is enough: the newer automatic backup stays.
    const ids = (await server.database.db.select({ id: savedSessions.id }).from(savedSessions).where(eq(savedSessions.userId, userId))).map((row) => row.id);
    expect(ids).not.toContain(oldest);
    expect(ids).not.toContain(sameTabs);
    expect(ids).toEqual(expect.arrayContaining([newer, latest, save.json<{ sessionId: string }>().sessionId]));
    expect(await storedBytes(server.database.db, userId)).toBeLessThanOrEqual(plans.pro.limits.storageBytes);
  });

  it("two accounts holding the same tabs each store their own contents; one's deletion leaves the other's whole", async () => {
    const a = await device("share-a@example.com");
    const b = await device("share-b@example.com");
    const payload = snapshotUpload();
    const aBackup = await a.upload(payload);
    await b.upload({ ...payload, snapshotId: crypto.randomUUID() });
    expect(await counts(a.userId)).toEqual({ contents: 200, lists: 1 });
    expect(await counts(b.userId)).toEqual({ contents: 200, lists: 1 });
    await server.app.inject({ method: "DELETE", url: `/api/saved-sessions/${aBackup}`, ...withSession(a.cookie) });
    expect(await counts(a.userId)).toEqual({ contents: 0, lists: 0 });
    expect(await counts(b.userId)).toEqual({ contents: 200, lists: 1 });
  });
});
