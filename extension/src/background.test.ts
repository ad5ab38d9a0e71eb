import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createBackground, type Background } from "./background/index";
import { ExtensionDb, VERSIONS_KEPT } from "./db";
import type { AutomationRule } from "@common/api/automation";
import type { UploadBrowserBackupRequest } from "@common/api/browser-backups";
import { backupKeyFrom, createBackupKey, MIN_KDF_ITERATIONS, openTabLocation, sealTabLocation } from "@common/end-to-end-encryption";
import { LOCKED_RESTORE_MESSAGE } from "./form-encryption";
import type { AppliedTeamPolicy, TeamPolicy } from "@common/api/protection";
import { type ActionAnswer, type AutomationStatus, LOCKED_QUEUE_MESSAGE, type Status } from "./messages";
import { FakeWorld, fakeBrowser, type Shape } from "../test/fake-browser";
import { FakeServer } from "../test/fake-server";
import { ManualClock } from "../test/manual-clock";

let dbCounter = 0;
let uuidCounter = 0;
const uuid = () => `00000000-0000-4000-8000-${String(++uuidCounter).padStart(12, "0")}`;

interface Harness {
  world: FakeWorld;
  server: FakeServer;
  clock: ManualClock;
  dbName: string;
  background: Background;
  databases: ExtensionDb[];
  /** Stops the worker and starts a new one on the same storage, IndexedDB and tabs. */
  restartWorker(): Promise<void>;
  send<T>(request: unknown, sender?: object): Promise<T>;
}

let harness: Harness;

async function start(shape: Shape, options: { connected?: boolean } = {}): Promise<Harness> {
  const world = new FakeWorld(shape);
  const server = new FakeServer();
  const clock = new ManualClock();
  const dbName = `bg-${++dbCounter}`;
  const databases: ExtensionDb[] = [];
  const boot = () =>
    createBackground({
      browser: world.api(),
      clock,
      fetch: server.fetch,
      openDb: async () => {
        const db = await ExtensionDb.open(dbName);
        databases.push(db);
        return db;
      },
      randomUUID: uuid,
      packagedConfig: async () => ({ serverUrl: null }),
      deviceFacts: (os) => ({ userAgent: shape === "chromium" ? "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0" : "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0", brands: shape === "chromium" ? [{ brand: "Google Chrome" }] : undefined, os }),
      timings: { restorePauseMs: 0 },
      log: () => undefined,
    });
  if (options.connected !== false) {
    await fakeBrowser.storage.local.set({
      auth: { serverUrl: server.origin, accessToken: server.token, deviceId: "d1", deviceName: "Chrome on Linux", email: "ada@example.com" },
      connection: { state: "connected", email: "ada@example.com", planType: "basic", automaticBackups: true, message: null },
    });
  }
  const h: Harness = {
    world,
    server,
    clock,
    dbName,
    databases,
    background: boot(),
    async restartWorker() {
      h.background.dispose();
      world.stopWorker();
      h.background = boot();
      await h.background.ready;
      await clock.advance(0);
    },
    async send<T>(request: unknown, sender: object = {}) {
      return new Promise<T>((resolve) => {
        // The fake's typing names two arguments; the background answers through the third, as in both browsers.
        const trigger = fakeBrowser.runtime.onMessage.trigger as unknown as (message: unknown, sender: object, respond: (value: T) => void) => Promise<unknown>;
        void trigger(request, sender, resolve);
      });
    },
  };
  await h.background.ready;
  await clock.advance(0);
  return h;
}

afterEach(() => {
  harness?.background.dispose();
  for (const db of harness?.databases ?? []) db.close();
});

async function versions(h: Harness) {
  return h.databases.at(-1)!.versions();
}

async function settle(h: Harness, ms = 0) {
  await h.clock.advance(ms);
  await h.background.settled();
  await h.background.queue.flush();
  await h.clock.advance(0);
}

describe.each(["chromium", "firefox"] as const)("the background on %s", (shape) => {
  beforeEach(async () => {
    harness = await start(shape);
    // Past the start-up check of a new browser session.
    await settle(harness, 6_000);
  });

  it("takes one running snapshot about a second after a burst of changes", async () => {
    const h = harness;
    const before = (await versions(h)).length;
    const windowId = h.world.openWindow(["https://a.example/", "https://b.example/"]);
    await h.clock.advance(400);
    h.world.openTab(windowId, "https://c.example/");
    await h.clock.advance(400);
    h.world.navigate(h.world.windowTabsOf(windowId)[0]!.id, "https://a2.example/");
    await h.clock.advance(900);
    expect((await versions(h)).length).toBe(before);
    await h.clock.advance(200);
    const after = await versions(h);
    expect(after.length).toBe(before + 1);
    expect(after.at(-1)?.windows.flatMap((window) => window.tabs.map((tab) => tab.url))).toEqual(["https://a2.example/", "https://b.example/", "https://c.example/"]);
    // Switching tabs is not a new version.
    h.world.activate(h.world.windowTabsOf(windowId)[2]!.id);
    await h.clock.advance(1_100);
    expect((await versions(h)).length).toBe(before + 1);
  });

  it("a steady stream of changes still gets a snapshot every 3 seconds", async () => {
    const h = harness;
    const before = (await versions(h)).length;
    const windowId = h.world.openWindow(["https://stream.example/0"]);
    // A change every 500 ms would push a plain one-second debounce away for as long as it lasts.
    for (let index = 1; index <= 7; index += 1) {
      await h.clock.advance(500);
      h.world.openTab(windowId, `https://stream.example/${index}`);
    }
    const during = await versions(h);
    expect(during.length).toBe(before + 1);
    expect(during.at(-1)?.tabCount).toBeGreaterThan(1);
    await h.clock.advance(1_100);
    expect((await versions(h)).at(-1)?.windows.find((window) => window.tabs.some((tab) => tab.url.includes("stream")))?.tabs).toHaveLength(8);
  });

  it("keeps the last 20 versions", async () => {
    const h = harness;
    const windowId = h.world.openWindow(["https://start.example/"]);
    for (let index = 0; index < 25; index += 1) {
      h.world.openTab(windowId, `https://example.com/${index}`);
      await h.clock.advance(1_100);
    }
    expect((await versions(h)).length).toBe(VERSIONS_KEPT);
  });

  it("closing a window with 2+ tabs uploads the snapshot from before as clear_all_detected and offers to restore", async () => {
    const h = harness;
    const first = h.world.openWindow(Array.from({ length: 15 }, (_, index) => `https://one.example/${index}`));
    const second = h.world.openWindow(Array.from({ length: 15 }, (_, index) => `https://two.example/${index}`));
    await h.clock.advance(1_100);
    h.world.closeWindow(second);
    await settle(h, 500);
    const emergencies = h.server.stored().filter((body) => body.trigger === "clear_all_detected");
    expect(emergencies).toHaveLength(1);
    const body = emergencies[0]!;
    expect(body.windows.map((window) => window.tabs.length)).toEqual([15, 15]);
    expect(body.reason).toBe("A window with 15 tabs was closed");
    const notifications = await fakeBrowser.notifications.getAll();
    const [id, notification] = (Object.entries(notifications)[0] ?? []) as [string, { title: string; buttons?: { title: string }[] }] | [];
    expect(notification?.title).toBe("Restore 15 tabs");
    expect(shape === "chromium" ? notification?.buttons?.[0]?.title : undefined).toBe(shape === "chromium" ? "Restore 15 tabs" : undefined);

    // The notification reopens the closed window, not the one still open.
    await fakeBrowser.notifications.onClicked.trigger(id as string);
    await settle(h);
    const layout = h.world.layout();
    expect(layout).toHaveLength(2);
    expect(layout.find((window) => window.windowId !== first)?.tabs).toEqual(Array.from({ length: 15 }, (_, index) => `https://two.example/${index}`));
  });

  it("tells the server's pages its live state: connection, emergency backups kept and the tabs they saved (the blocker page)", async () => {
    const h = harness;
    const pageSender = { url: "http://localhost:3000/clear-all-blocker", origin: "http://localhost:3000" };
    expect(await h.send({ kind: "web-status" }, { url: "https://evil.example/" })).toBeNull();
    h.world.openWindow(["https://keep.example/"]);
    const closing = h.world.openWindow(["https://a.example/", "https://b.example/", "https://c.example/"]);
    await h.clock.advance(1_100);
    await settle(h);
    expect(await h.send({ kind: "web-status" }, pageSender)).toEqual({
      version: "0.1.0",
      connection: "connected",
      email: "ada@example.com",
      emergencyBackups: 0,
      tabsSaved: 0,
      watchedTabs: 4,
      lastSnapshotAt: expect.any(Number),
    });
    h.world.closeWindow(closing);
    await settle(h, 1_500);
    expect(await h.send({ kind: "web-status" }, pageSender)).toMatchObject({ emergencyBackups: 1, tabsSaved: 3, watchedTabs: 1 });
    // Restored, it is still one the extension kept.
    const status = await h.send<Status>({ kind: "status" });
    await h.send<ActionAnswer>({ kind: "restore-emergency", id: status.emergencies[0]!.id });
    await settle(h, 1_500);
    expect(await h.send({ kind: "web-status" }, pageSender)).toMatchObject({ emergencyBackups: 1, tabsSaved: 3, watchedTabs: 4 });
    await h.send({ kind: "disconnect" });
    expect(await h.send({ kind: "web-status" }, pageSender)).toMatchObject({ connection: "not-connected", email: null });
  });

  it("three tabs closed within a second: the pre-loss snapshot is kept, not the one after", async () => {
    const h = harness;
    const windowId = h.world.openWindow(["https://a.example/", "https://b.example/", "https://c.example/", "https://d.example/", "https://e.example/"]);
    await h.clock.advance(1_100);
    const tabs = h.world.windowTabsOf(windowId);
    h.world.closeTab(tabs[1]!.id);
    await h.clock.advance(300);
    h.world.closeTab(tabs[2]!.id);
    await h.clock.advance(300);
    h.world.closeTab(tabs[3]!.id);
    await settle(h, 2_000);
    const [emergency] = h.server.stored().filter((body) => body.trigger === "clear_all_detected");
    expect(emergency?.windows[0]?.tabs.map((tab) => tab.url)).toEqual(["https://a.example/", "https://b.example/", "https://c.example/", "https://d.example/", "https://e.example/"]);
    expect(emergency?.reason).toBe("3 tabs closed within a second");
    // The debounced snapshot after the loss exists too, as a newer version.
    expect((await versions(h)).at(-1)?.uploadableTabCount).toBe(2);
    // Restoring puts the three back into the window that is still open.
    const status = await h.send<Status>({ kind: "status" });
    expect(status.emergencies[0]).toMatchObject({ lostCount: 3 });
    await h.send<ActionAnswer>({ kind: "restore-emergency", id: status.emergencies[0]!.id });
    await settle(h);
    expect(h.world.layout()).toHaveLength(1);
    expect(h.world.layout()[0]?.tabs.length).toBe(5);
    expect((await h.send<Status>({ kind: "status" })).emergencies).toEqual([]);
  });

  it("tabs closed one by one are no emergency", async () => {
    const h = harness;
    const windowId = h.world.openWindow(["https://a.example/", "https://b.example/", "https://c.example/", "https://d.example/"]);
    await h.clock.advance(1_100);
    for (const tab of h.world.windowTabsOf(windowId).slice(0, 3)) {
      h.world.closeTab(tab.id);
      await h.clock.advance(1_500);
    }
    await settle(h, 1_000);
    expect(h.server.stored().filter((body) => body.trigger === "clear_all_detected")).toEqual([]);
    expect(Object.keys(await fakeBrowser.notifications.getAll())).toEqual([]);
  });

  it("a worker stopped in the middle of a close-all still sees it", async () => {
    const h = harness;
    const windowId = h.world.openWindow(["https://a.example/", "https://b.example/", "https://c.example/", "https://d.example/"]);
    await h.clock.advance(1_100);
    const tabs = h.world.windowTabsOf(windowId);
    h.world.closeTab(tabs[0]!.id);
    await h.clock.advance(100);
    await h.background.settled();
    await h.restartWorker();
    h.world.closeTab(tabs[1]!.id);
    await h.clock.advance(100);
    h.world.closeTab(tabs[2]!.id);
    await settle(h, 500);
    const [emergency] = h.server.stored().filter((body) => body.trigger === "clear_all_detected");
    expect(emergency?.windows[0]?.tabs).toHaveLength(4);
  });

  it("server down during a close-all: the backup waits and goes up once when the server is back", async () => {
    const h = harness;
    const windowId = h.world.openWindow(["https://a.example/", "https://b.example/", "https://c.example/"]);
    await h.clock.advance(1_100);
    h.server.mode = "down";
    h.world.closeWindow(windowId);
    await settle(h, 500);
    let status = await h.send<Status>({ kind: "status" });
    expect(status.queue.waiting).toBe(1);
    expect(status.queue.entries[0]).toMatchObject({ trigger: "clear_all_detected", tabCount: 3 });
    await settle(h, 5_000);
    await settle(h, 10_000);
    expect(h.server.uploads).toEqual([]);
    h.server.mode = "up";
    await settle(h, 20_000);
    status = await h.send<Status>({ kind: "status" });
    expect(status.queue.waiting).toBe(0);
    expect(h.server.uploads.filter((upload) => upload.trigger === "clear_all_detected")).toHaveLength(1);
  });

  it("a revoked token: disconnected, and every snapshot kept to upload after reconnecting", async () => {
    const h = harness;
    h.server.revoked = true;
    const windowId = h.world.openWindow(["https://a.example/", "https://b.example/", "https://c.example/"]);
    await h.clock.advance(1_100);
    const answer = await h.send<ActionAnswer>({ kind: "back-up-now" });
    expect(answer.message).toContain("goes up once this browser is connected");
    h.world.closeWindow(windowId);
    await settle(h, 500);
    const status = await h.send<Status>({ kind: "status" });
    expect(status.connection).toMatchObject({ state: "disconnected", email: "ada@example.com" });
    expect(status.queue.waiting).toBe(2);

    // Reconnect through pairing: the new token is used and the queue drains.
    h.server.revoked = false;
    h.server.token = "device-token-2";
    await h.send<ActionAnswer>({ kind: "connect" });
    h.server.pollAnswers.push({ status: 200, body: { accessToken: "device-token-2", tokenType: "Bearer", scope: "browser", deviceId: "d2", deviceName: "Chrome on Linux", email: "ada@example.com" } });
    await settle(h, 5_000);
    await settle(h);
    const after = await h.send<Status>({ kind: "status" });
    expect(after.connection.state).toBe("connected");
    expect(after.queue.waiting).toBe(0);
    expect(h.server.stored().map((body) => body.trigger).sort()).toEqual(["clear_all_detected", "manual_save"]);
  });

  it("automatic backups every 5 minutes when something changed, only when the plan has them", async () => {
    const h = harness;
    const windowId = h.world.openWindow(["https://a.example/"]);
    await h.clock.advance(1_100);
    await fakeBrowser.alarms.onAlarm.trigger({ name: "auto-backup", scheduledTime: h.clock.now() });
    await settle(h);
    expect(h.server.stored().map((body) => body.trigger)).toEqual(["auto_backup"]);
    await fakeBrowser.alarms.onAlarm.trigger({ name: "auto-backup", scheduledTime: h.clock.now() });
    await settle(h);
    expect(h.server.stored()).toHaveLength(1);
    h.world.openTab(windowId, "https://b.example/");
    await h.clock.advance(1_100);
    await fakeBrowser.alarms.onAlarm.trigger({ name: "auto-backup", scheduledTime: h.clock.now() });
    await settle(h);
    expect(h.server.stored()).toHaveLength(2);
    await fakeBrowser.storage.local.set({ connection: { state: "connected", email: "ada@example.com", planType: "free", automaticBackups: false, message: null } });
    h.world.openTab(windowId, "https://c.example/");
    await h.clock.advance(1_100);
    await fakeBrowser.alarms.onAlarm.trigger({ name: "auto-backup", scheduledTime: h.clock.now() });
    await settle(h);
    expect(h.server.stored()).toHaveLength(2);
    expect((await fakeBrowser.alarms.get("auto-backup"))?.periodInMinutes).toBe(5);
  });

  it("restores a backup from the server on request, and answers the web app's ping", async () => {
    const h = harness;
    h.server.backups.push({
      id: "6f1c1c1e-8d2a-4f7e-9d9a-1c2b3c4d5e6f",
      sessionName: "Before the crash",
      triggerEvent: "clear_all_detected",
      deviceName: "Chrome on Linux",
      browserType: "chrome",
      createdAt: "2025-06-01T10:00:00.000Z",
      tabCount: 2,
      windows: [{ windowId: 1, state: "normal", focused: true, left: 0, top: 0, width: 800, height: 600, tabs: ["https://x.example/", "https://y.example/"].map((url, index) => ({ url, title: url, faviconUrl: null, pinned: index === 0, active: index === 1, groupId: null, formData: {}, scrollPosition: { x: 0, y: 0 } })) }],
      groups: [],
    });
    const list = await h.send<{ ok: boolean; backups: { id: string; sessionName: string }[] }>({ kind: "list-backups" });
    expect(list.backups.map((backup) => backup.sessionName)).toEqual(["Before the crash"]);
    const pageSender = { url: "http://localhost:3000/sessions", origin: "http://localhost:3000" };
    // Only the server's own pages may ask.
    expect(await h.send({ kind: "web-ping" }, { url: "https://evil.example/" })).toBeNull();
    expect(await h.send({ kind: "web-restore", backupId: "6f1c1c1e-8d2a-4f7e-9d9a-1c2b3c4d5e6f" }, { url: "https://evil.example/" })).toMatchObject({ ok: false });
    expect(await h.send({ kind: "web-ping" }, pageSender)).toEqual({ version: "0.1.0", deviceId: "d1" });
    expect(await h.send({ kind: "web-restore", backupId: "6f1c1c1e-8d2a-4f7e-9d9a-1c2b3c4d5e6f" }, pageSender)).toEqual({ ok: true, message: "Restoring 2 tabs" });
    await settle(h);
    const restored = h.world.layout().find((window) => window.tabs.some((url) => url.includes("y.example")));
    expect(restored?.tabs.map((url) => (url.includes("placeholder.html") ? new URL(url).searchParams.get("url") : url))).toEqual(["https://x.example/", "https://y.example/"]);
    const status = await h.send<Status>({ kind: "status" });
    expect(status.restore).toMatchObject({ state: "done", done: 2, total: 2 });
    // The web app's restore was recorded by the server already; the popup's is the extension's to record.
    const recorded = () => h.server.requests.filter((request) => request.method === "POST" && request.path === "/api/user/protection-event");
    expect(recorded()).toHaveLength(0);
    expect(await h.send({ kind: "restore-backup", backupId: "6f1c1c1e-8d2a-4f7e-9d9a-1c2b3c4d5e6f" })).toMatchObject({ ok: true });
    await settle(h);
    expect(recorded()).toHaveLength(1);
    expect(recorded()[0]!.authorization).toMatch(/^Bearer /);
  });

  it("restores a backup shared with the team when the web app asks, read with this browser's token", async () => {
    const h = harness;
    const sharedId = "5e1c1c1e-8d2a-4f7e-9d9a-1c2b3c4d5e6f";
    h.server.sharedBackups.push({
      id: sharedId,
      sessionName: "Team reading list",
      triggerEvent: "manual_save",
      deviceName: null,
      browserType: "chrome",
      createdAt: "2025-06-01T10:00:00.000Z",
      tabCount: 2,
      windows: [{ windowId: 1, state: "normal", focused: true, left: 0, top: 0, width: 800, height: 600, tabs: ["https://team.example/a", "https://team.example/b"].map((url, index) => ({ url, title: url, faviconUrl: null, pinned: false, active: index === 0, groupId: null, formData: {}, scrollPosition: { x: 0, y: 0 } })) }],
      groups: [],
    });
    const pageSender = { url: "http://localhost:3000/sessions", origin: "http://localhost:3000" };
    expect(await h.send({ kind: "web-restore-shared", sharedId }, { url: "https://evil.example/" })).toMatchObject({ ok: false });
    expect(await h.send({ kind: "web-restore-shared", sharedId: "00000000-0000-4000-8000-000000000000" }, pageSender)).toEqual({ ok: false, message: "No such backup is shared with your team." });
    expect(await h.send({ kind: "web-restore-shared", sharedId }, pageSender)).toEqual({ ok: true, message: "Restoring 2 tabs" });
    await settle(h);
    const restored = h.world.layout().find((window) => window.tabs.some((url) => url.includes("team.example")));
    expect(restored?.tabs.map((url) => (url.includes("placeholder.html") ? new URL(url).searchParams.get("url") : url))).toEqual(["https://team.example/a", "https://team.example/b"]);
    expect(h.server.requests.filter((request) => request.path === `/api/team/shared-sessions/${sharedId}`).map((request) => request.authorization)).toEqual([`Bearer ${h.server.token}`]);
  });

  describe("smart recovery and tab organization (Pro and up)", () => {
    const BACKUP_ID = "7a1c1c1e-8d2a-4f7e-9d9a-1c2b3c4d5e6f";
    const pageSender = { url: "http://localhost:3000/sessions", origin: "http://localhost:3000" };
    const seen = (url: string) => (url.includes("placeholder.html") ? new URL(url).searchParams.get("url") : url);

    async function onPlan(h: Harness, planType: string) {
      h.server.planType = planType;
      await h.send({ kind: "settings-changed" });
    }

    function addBackup(h: Harness, tabs: { url: string; title?: string; lastAccessed?: number | null; active?: boolean }[]) {
      h.server.backups.push({
        id: BACKUP_ID,
        sessionName: "Before the crash",
        triggerEvent: "clear_all_detected",
        deviceName: "Chrome on Linux",
        browserType: "chrome",
        createdAt: "2025-06-01T10:00:00.000Z",
        tabCount: tabs.length,
        windows: [
          {
            windowId: 1,
            state: "normal",
            focused: true,
            left: 0,
            top: 0,
            width: 800,
            height: 600,
            tabs: tabs.map((tab) => ({ url: tab.url, title: tab.title ?? tab.url, faviconUrl: null, pinned: false, active: tab.active ?? false, groupId: null, lastAccessed: tab.lastAccessed ?? null, formData: {}, scrollPosition: { x: 0, y: 0 } })),
          },
        ],
        groups: [],
      });
    }

    const recoveryBackup = [
      { url: "https://open.example/", lastAccessed: 10 },
      { url: "https://a.example/", lastAccessed: 100 },
      { url: "https://a.example/#again", lastAccessed: 50 },
      { url: "https://b.example/", lastAccessed: 300, active: true },
      { url: "https://c.example/" },
    ];

    it("on Pro, leaves out what is open and the repeats, opens the most recent first, and puts each at its place", async () => {
      const h = harness;
      await onPlan(h, "pro");
      h.world.openWindow(["https://open.example"]);
      addBackup(h, recoveryBackup);
      expect(await h.send({ kind: "web-restore", backupId: BACKUP_ID }, pageSender)).toEqual({
        ok: true,
        message: "Restoring 3 tabs (most recently used first; 1 already open, 1 duplicate skipped)",
      });
      await settle(h);
      const restored = h.world.layout().find((window) => window.tabs.some((url) => seen(url) === "https://b.example/"));
      expect(restored?.tabs.map(seen)).toEqual(["https://a.example/", "https://b.example/", "https://c.example/"]);
      // The window opens with the tab used last; then a (100), then c (never said).
      expect(h.world.createdWindows.at(-1)?.url).toBe("https://b.example/");
      expect(h.world.created.slice(-2).map((tab) => seen(tab.url ?? ""))).toEqual(["https://a.example/", "https://c.example/"]);
      // Lazily, as on every plan: the tabs not looked at are not loaded.
      expect(h.world.created.slice(-2).every((tab) => tab.discarded === true || (tab.url ?? "").includes("placeholder.html"))).toBe(true);
      const status = await h.send<Status>({ kind: "status" });
      expect(status.restore?.message).toMatch(/^Restored 3 tabs in .* s \(most recently used first; 1 already open, 1 duplicate skipped\)\.$/);
    });

    it("counts a placeholder of an earlier restore as open", async () => {
      const h = harness;
      await onPlan(h, "premium");
      h.world.openWindow([`${fakeBrowser.runtime.getURL("/placeholder.html")}?url=${encodeURIComponent("https://a.example/")}&title=A`]);
      addBackup(h, [{ url: "https://a.example/" }, { url: "https://d.example/" }]);
      expect(await h.send({ kind: "web-restore", backupId: BACKUP_ID }, pageSender)).toMatchObject({ ok: true, message: "Restoring 1 tab (most recently used first; 1 already open skipped)" });
    });

    it("below Pro, restores exactly as saved: every tab, in order", async () => {
      const h = harness;
      h.world.openWindow(["https://open.example/"]);
      addBackup(h, recoveryBackup);
      expect(await h.send({ kind: "web-restore", backupId: BACKUP_ID }, pageSender)).toEqual({ ok: true, message: "Restoring 5 tabs" });
      await settle(h);
      const restored = h.world.layout().find((window) => window.tabs.some((url) => seen(url) === "https://c.example/"));
      expect(restored?.tabs.map(seen)).toEqual(recoveryBackup.map((tab) => tab.url));
      expect(h.world.createdWindows.at(-1)?.url).toBe("https://open.example/");
    });

    const topicalBackup = [
      { url: "https://github.com/tabvault/issues/1", title: "Issue one" },
      { url: "https://news.example/", title: "Morning news" },
      { url: "https://docs.example/restore", title: "How restore works" },
      { url: "https://github.com/tabvault/pulls", title: "Pull requests" },
      { url: "https://blog.example/restore", title: "Restore tips" },
    ];

    it(shape === "chromium" ? "on Pro, restores with the suggested groups as tab groups, each group's tabs side by side" : "on Pro in a browser without tab groups, restores ungrouped and says so", async () => {
      const h = harness;
      await onPlan(h, "pro");
      addBackup(h, topicalBackup);
      const answer = await h.send<ActionAnswer>({ kind: "web-restore", backupId: BACKUP_ID, suggestedGroups: true }, pageSender);
      await settle(h);
      const restored = h.world.layout().find((window) => window.tabs.some((url) => seen(url)?.includes("news.example")));
      if (shape === "chromium") {
        expect(answer.message).toBe("Restoring 5 tabs (most recently used first; in 2 suggested groups)");
        expect(restored?.tabs.map(seen)).toEqual([topicalBackup[0]!.url, topicalBackup[3]!.url, topicalBackup[2]!.url, topicalBackup[4]!.url, topicalBackup[1]!.url]);
        const groups = [...h.world.groups.values()].filter((group) => group.windowId === restored?.windowId);
        expect(groups.map((group) => [group.title, group.color])).toEqual([
          ["github.com", "blue"],
          ["restore", "red"],
        ]);
        const tabs = h.world.windowTabsOf(restored!.windowId);
        expect(tabs.map((tab) => groups.findIndex((group) => group.id === tab.groupId))).toEqual([0, 0, 1, 1, -1]);
      } else {
        expect(answer.message).toBe("Restoring 5 tabs (most recently used first; tab groups are not available in this browser: restored without groups)");
        expect(restored?.tabs).toHaveLength(5);
      }
    });

    it("names only the suggested groups that still have a tab to open once the open pages are left out", async () => {
      const h = harness;
      await onPlan(h, "pro");
      h.world.openWindow([topicalBackup[0]!.url, topicalBackup[3]!.url]);
      addBackup(h, topicalBackup);
      const answer = await h.send<ActionAnswer>({ kind: "web-restore", backupId: BACKUP_ID, suggestedGroups: true }, pageSender);
      expect(answer.message).toBe(
        shape === "chromium"
          ? "Restoring 3 tabs (most recently used first; 2 already open skipped; in 1 suggested group)"
          : "Restoring 3 tabs (most recently used first; 2 already open skipped; tab groups are not available in this browser: restored without groups)",
      );
    });

    it("below Pro, refuses the suggested groups with the plan that has them", async () => {
      const h = harness;
      addBackup(h, topicalBackup);
      expect(await h.send({ kind: "web-restore", backupId: BACKUP_ID, suggestedGroups: true }, pageSender)).toEqual({
        ok: false,
        message: "Tab organization needs the Pro plan or higher; you are on Basic.",
      });
    });
  });

  it("registers the bridge for the server's pages, and form capture only with permission", async () => {
    const h = harness;
    expect(h.world.scripts.map((script) => [script.id, script.matches])).toEqual([["tabvault-bridge", ["http://localhost/*"]]]);
    await fakeBrowser.storage.local.set({ formCapture: true });
    await h.send({ kind: "settings-changed" });
    expect(h.world.scripts.map((script) => script.id)).toEqual(["tabvault-bridge"]);
    h.world.grantedOrigins.add("<all_urls>");
    await h.send({ kind: "settings-changed" });
    expect(h.world.scripts.map((script) => script.id)).toEqual(["tabvault-bridge", "tabvault-form-capture"]);
  });

  describe("a team policy (decision 187)", () => {
    const teamPolicy = (policy: Partial<TeamPolicy> = {}): AppliedTeamPolicy => ({
      teamName: "Acme",
      policy: { protectionMode: null, automaticBackupMinutes: null, neverCapturedSites: [], formCapture: null, ...policy },
      locked: [],
    });
    const refreshAlarm = async (h: Harness) => {
      await fakeBrowser.alarms.onAlarm.trigger({ name: "settings-refresh", scheduledTime: h.clock.now() });
      await settle(h);
    };

    it("reads the settings every minute; the team's sites and the person's own never reach a snapshot, an upload or the open tabs", async () => {
      const h = harness;
      expect((await fakeBrowser.alarms.get("settings-refresh"))?.periodInMinutes).toBe(1);
      const windowId = h.world.openWindow(["https://mail.bank.example/inbox", "https://news.example/", "https://diary.example/today"]);
      await h.clock.advance(1_100);
      // A backup queued while the server could not be reached, before the policy arrived.
      h.server.mode = "down";
      await h.send({ kind: "back-up-now" });
      h.server.mode = "up";
      h.server.settings = { ...h.server.settings, neverCapturedSites: ["diary.example"], teamPolicy: teamPolicy({ neverCapturedSites: ["bank.example"] }) };
      await refreshAlarm(h);
      await h.background.queue.flush(true);
      await settle(h);
      const uploaded = h.server.stored().map((body) => body.windows.flatMap((window) => window.tabs.map((tab) => tab.url)));
      expect(uploaded).toEqual([["https://news.example/"]]);
      const latest = (await versions(h)).at(-1)!;
      expect(latest.windows.flatMap((window) => window.tabs.map((tab) => tab.url))).toEqual(["https://news.example/"]);
      expect(latest.tabCount).toBe(3);
      expect(latest.uploadableTabCount).toBe(1);

      h.world.openTab(windowId, "https://www.bank.example/");
      await h.clock.advance(1_100);
      await fakeBrowser.alarms.onAlarm.trigger({ name: "auto-backup", scheduledTime: h.clock.now() });
      await settle(h);
      expect(h.server.stored().flatMap((body) => body.windows.flatMap((window) => window.tabs.map((tab) => tab.url)))).not.toContain("https://www.bank.example/");

      const status = await h.send<Status>({ kind: "status" });
      expect(status.team).toEqual({ teamName: "Acme", policy: teamPolicy({ neverCapturedSites: ["bank.example"] }).policy });
      expect(status.ownNeverCapturedSites).toEqual(["diary.example"]);

      // Out of the team: the next minute's read frees the browser.
      h.server.settings = { ...h.server.settings, neverCapturedSites: [], teamPolicy: null };
      await refreshAlarm(h);
      expect((await versions(h)).at(-1)!.uploadableTabCount).toBe(4);
      expect((await h.send<Status>({ kind: "status" })).team).toBeNull();
    });

    it("the automatic backup alarm runs on the team's interval, and back on the product's without it", async () => {
      const h = harness;
      expect((await fakeBrowser.alarms.get("auto-backup"))?.periodInMinutes).toBe(5);
      h.server.settings = { ...h.server.settings, teamPolicy: teamPolicy({ automaticBackupMinutes: 1 }) };
      await refreshAlarm(h);
      expect((await fakeBrowser.alarms.get("auto-backup"))?.periodInMinutes).toBe(1);
      expect((await h.send<Status>({ kind: "status" })).automaticBackupMinutes).toBe(1);
      // A worker that wakes up keeps the team's period (the alarm is not pushed back).
      const scheduled = (await fakeBrowser.alarms.get("auto-backup"))?.scheduledTime;
      await h.restartWorker();
      expect((await fakeBrowser.alarms.get("auto-backup"))?.scheduledTime).toBe(scheduled);
      h.server.settings = { ...h.server.settings, teamPolicy: null };
      await refreshAlarm(h);
      expect((await fakeBrowser.alarms.get("auto-backup"))?.periodInMinutes).toBe(5);
    });

    it("form capture off: the content script goes, and no backup keeps what was typed; on: it is on without the person's switch", async () => {
      const h = harness;
      h.world.grantedOrigins.add("<all_urls>");
      await fakeBrowser.storage.local.set({ formCapture: true });
      await h.send({ kind: "settings-changed" });
      expect(h.world.scripts.map((script) => script.id)).toEqual(["tabvault-bridge", "tabvault-form-capture"]);
      const windowId = h.world.openWindow(["https://forms.example/"]);
      const tabId = h.world.windowTabsOf(windowId)[0]!.id;
      await h.send({ kind: "page-state", url: "https://forms.example/", formData: { note: "typed" }, scrollPosition: { x: 0, y: 40 } }, { tab: { id: tabId } });
      await h.clock.advance(1_100);

      h.server.settings = { ...h.server.settings, teamPolicy: teamPolicy({ formCapture: "off" }) };
      await refreshAlarm(h);
      expect(h.world.scripts.map((script) => script.id)).toEqual(["tabvault-bridge"]);
      expect((await versions(h)).at(-1)!.windows[0]!.tabs[0]!.formData).toBeUndefined();
      await h.send({ kind: "back-up-now" });
      await settle(h);
      expect(h.server.stored().at(-1)!.windows[0]!.tabs[0]!.formData).toEqual({});
      expect((await h.send<Status>({ kind: "status" })).formCapture).toBe(false);

      await fakeBrowser.storage.local.set({ formCapture: false });
      h.server.settings = { ...h.server.settings, teamPolicy: teamPolicy({ formCapture: "on" }) };
      await refreshAlarm(h);
      expect(h.world.scripts.map((script) => script.id)).toEqual(["tabvault-bridge", "tabvault-form-capture"]);
      expect((await h.send<Status>({ kind: "status" })).formCapture).toBe(true);
    });
  });
});

describe.each(["chromium", "firefox"] as const)("start-up on %s", (shape) => {
  it("far fewer tabs after a restart: the previous session goes up as an emergency", async () => {
    harness = await start(shape);
    const h = harness;
    await settle(h, 6_000);
    h.world.openWindow(Array.from({ length: 8 }, (_, index) => `https://a.example/${index}`));
    h.world.openWindow(Array.from({ length: 4 }, (_, index) => `https://b.example/${index}`));
    await h.clock.advance(1_100);
    await h.clock.advance(60_000);
    // The browser restarts with one of those tabs; a new worker starts on the same profile.
    await h.world.restartEmpty(["https://a.example/0"]);
    await h.restartWorker();
    await settle(h, 3_000);
    expect(h.server.stored().filter((body) => body.trigger === "clear_all_detected")).toEqual([]);
    await settle(h, 3_000);
    const [emergency] = h.server.stored().filter((body) => body.trigger === "clear_all_detected");
    expect(emergency?.windows.map((window) => window.tabs.length)).toEqual([8, 4]);
    expect(emergency?.reason).toBe("Only 1 tab of 12 came back when the browser started");
    const notification = Object.values(await fakeBrowser.notifications.getAll())[0];
    expect(notification?.title).toBe("Restore 11 tabs");
    // The restore skips the tab that came back.
    const status = await h.send<Status>({ kind: "status" });
    await h.send({ kind: "restore-emergency", id: status.emergencies[0]!.id });
    await settle(h);
    const urls = h.world.layout().flatMap((window) => window.tabs).map((url) => (url.includes("placeholder.html") ? new URL(url).searchParams.get("url") : url));
    expect(urls.filter((url) => url === "https://a.example/0")).toHaveLength(1);
    expect(urls).toHaveLength(12);
  });

  it("a restart that brings everything back is no emergency", async () => {
    harness = await start(shape);
    const h = harness;
    await settle(h, 6_000);
    const tabs = Array.from({ length: 6 }, (_, index) => `https://a.example/${index}`);
    h.world.openWindow(tabs);
    await h.clock.advance(1_100);
    await h.world.restartEmpty(tabs);
    await h.restartWorker();
    await settle(h, 10_000);
    expect(h.server.stored().filter((body) => body.trigger === "clear_all_detected")).toEqual([]);
  });
});

describe("Firefox for Android (no windows API)", () => {
  it("snapshots its one window and reports the reduced mode", async () => {
    harness = await start("firefox_android");
    const h = harness;
    h.world.openWindow(["https://a.example/", "https://b.example/"]);
    await settle(h, 6_000);
    const status = await h.send<Status>({ kind: "status" });
    expect(status.reducedMode).toBe(true);
    expect(status.device).toBe("Firefox on Android");
    expect(status.lastSnapshot).toMatchObject({ tabCount: 2, windowCount: 1 });
  });
});

describe.each(["chromium", "firefox"] as const)("workflow automation on %s (decision 180)", (shape) => {
  const rule = (fields: Partial<AutomationRule> & Pick<AutomationRule, "kind">): AutomationRule => ({
    id: `00000000-0000-4000-9000-${String(++uuidCounter).padStart(12, "0")}`,
    enabled: true,
    minTabs: null,
    time: null,
    backupName: null,
    tag: null,
    createdAt: new Date(1_700_000_000_000).toISOString(),
    updatedAt: new Date(1_700_000_000_000).toISOString(),
    ...fields,
  });
  const ruleUploads = (h: Harness) => h.server.stored().filter((body) => body.automationRuleId);

  async function premium(rules: AutomationRule[]): Promise<Harness> {
    harness = await start(shape);
    const h = harness;
    h.server.planType = "premium";
    h.server.automationRules = rules;
    await settle(h, 6_000);
    // The popup opens: the connection and the rules are read.
    await fakeBrowser.alarms.onAlarm.trigger({ name: "connection-refresh", scheduledTime: h.clock.now() });
    await h.send({ kind: "automation" });
    await settle(h);
    return h;
  }

  it("a window of N or more tabs closing goes up alone, for its rule (the server names and tags it); a smaller one does not", async () => {
    const close = rule({ kind: "window_close", minTabs: 5, backupName: "Closed research", tag: "research" });
    const wider = rule({ kind: "window_close", minTabs: 3, backupName: "Any window" });
    const h = await premium([wider, close]);
    const automation = await h.send<AutomationStatus>({ kind: "automation" });
    expect(automation).toMatchObject({ running: true, offer: null });
    expect(automation.rules).toEqual(["When a window of 3+ tabs closes: “Any window”", "When a window of 5+ tabs closes: “Closed research” #research"]);
    h.world.openWindow(["https://keep.example/"]);
    const big = h.world.openWindow(Array.from({ length: 6 }, (_, index) => `https://research.example/${index}`));
    const small = h.world.openWindow(["https://s.example/1", "https://s.example/2"]);
    await h.clock.advance(1_100);
    h.world.closeWindow(big);
    await settle(h, 500);
    const uploads = ruleUploads(h);
    expect(uploads).toHaveLength(1);
    // The most particular rule it meets, once: the window as it was before it closed, and nothing else.
    expect(uploads[0]).toMatchObject({ automationRuleId: close.id, trigger: "auto_backup", reason: 'A window with 6 tabs was closed (rule "Closed research")' });
    expect(uploads[0]!.windows.map((window) => window.tabs.map((tab) => tab.url))).toEqual([Array.from({ length: 6 }, (_, index) => `https://research.example/${index}`)]);
    h.world.closeWindow(small);
    await settle(h, 500);
    expect(ruleUploads(h)).toHaveLength(1);
  });

  it("runs nothing below Premium, and a rule switched off at the website stops within the minute", async () => {
    const close = rule({ kind: "window_close", minTabs: 2, backupName: "Closed" });
    const h = await premium([close]);
    h.server.automationRules = [{ ...close, enabled: false }];
    await h.clock.advance(60_000);
    const reads = () => h.server.requests.filter((request) => request.path === "/api/automation/rules").length;
    const before = reads();
    await fakeBrowser.alarms.onAlarm.trigger({ name: "snapshot", scheduledTime: h.clock.now() });
    await settle(h);
    expect(reads()).toBe(before + 1);
    const first = h.world.openWindow(["https://a.example/1", "https://a.example/2", "https://a.example/3"]);
    await h.clock.advance(1_100);
    h.world.closeWindow(first);
    await settle(h, 500);
    expect(ruleUploads(h)).toEqual([]);

    h.server.automationRules = [close];
    h.server.planType = "pro";
    await fakeBrowser.alarms.onAlarm.trigger({ name: "connection-refresh", scheduledTime: h.clock.now() });
    const status = await h.send<AutomationStatus>({ kind: "automation" });
    expect(status).toMatchObject({ running: false, rules: [], message: "Workflow automation needs the Premium plan or higher; you are on Pro." });
    const second = h.world.openWindow(["https://b.example/1", "https://b.example/2", "https://b.example/3"]);
    await h.clock.advance(1_100);
    h.world.closeWindow(second);
    await settle(h, 500);
    expect(ruleUploads(h)).toEqual([]);
  });

  it("backs up every window at the daily time, once a day, and once after a browser asleep at that minute; a rule made after its time waits for tomorrow", async () => {
    const startAt = new ManualClock().now() + 6_000;
    // Two minutes after the test's start, in this process's local time (the browser's).
    const inTwoMinutes = new Date(startAt + 2 * 60_000);
    const time = `${String(inTwoMinutes.getHours()).padStart(2, "0")}:${String(inTwoMinutes.getMinutes()).padStart(2, "0")}`;
    const earlier = new Date(startAt - 60 * 60_000);
    const missed = rule({ kind: "daily", time: `${String(earlier.getHours()).padStart(2, "0")}:${String(earlier.getMinutes()).padStart(2, "0")}`, backupName: "Missed", updatedAt: new Date(startAt).toISOString() });
    const daily = rule({ kind: "daily", time, backupName: "End of day", tag: "daily" });
    const h = await premium([daily, missed]);
    h.world.openWindow(["https://one.example/1", "https://one.example/2"]);
    h.world.openWindow(["https://two.example/1"]);
    await h.clock.advance(1_100);
    expect(ruleUploads(h)).toEqual([]);
    expect(await fakeBrowser.alarms.get("automation-daily")).toBeDefined();
    await settle(h, 2 * 60_000);
    const uploads = ruleUploads(h);
    expect(uploads.map((upload) => upload.automationRuleId)).toEqual([daily.id]);
    expect(uploads[0]!.windows.map((window) => window.tabs.length)).toEqual([2, 1]);
    // The minute alarm and the daily alarm again that day: nothing more.
    for (let minute = 0; minute < 3; minute += 1) {
      await h.clock.advance(60_000);
      await fakeBrowser.alarms.onAlarm.trigger({ name: "snapshot", scheduledTime: h.clock.now() });
      await fakeBrowser.alarms.onAlarm.trigger({ name: "automation-daily", scheduledTime: h.clock.now() });
      await settle(h);
    }
    expect(ruleUploads(h)).toHaveLength(1);

    // Asleep for three days: at waking, each rule runs once (the one made after its time too, as its time has come since).
    h.background.dispose();
    h.world.stopWorker();
    await h.clock.advance(3 * 24 * 60 * 60_000);
    await h.restartWorker();
    await settle(h);
    await h.send({ kind: "automation" });
    await settle(h);
    expect(ruleUploads(h).map((upload) => upload.automationRuleId).sort()).toEqual([daily.id, daily.id, missed.id].sort());
    await fakeBrowser.alarms.onAlarm.trigger({ name: "snapshot", scheduledTime: h.clock.now() });
    await settle(h);
    expect(ruleUploads(h)).toHaveLength(3);
  });

  it("at browser start, a start-up rule offers the last session in a notification and the popup, and restores what did not come back", async () => {
    const h = await premium([rule({ kind: "startup" })]);
    const tabs = Array.from({ length: 6 }, (_, index) => `https://last.example/${index}`);
    h.world.openWindow(tabs);
    await h.clock.advance(1_100);
    await h.clock.advance(60_000);
    // The browser starts again with 4 of its 6 tabs (no emergency: most came back).
    await h.world.restartEmpty(tabs.slice(0, 4));
    await h.restartWorker();
    await fakeBrowser.runtime.onStartup.trigger();
    await settle(h, 10_000);
    expect(h.server.stored().filter((body) => body.trigger === "clear_all_detected")).toEqual([]);
    const notifications = await fakeBrowser.notifications.getAll();
    expect((notifications["last-session"] as { title: string; message: string } | undefined)?.title).toBe("Restore last session");
    expect((notifications["last-session"] as { message: string }).message).toBe("Your last session had 2 tabs that are not open now. Click to restore them.");
    const offered = await h.send<AutomationStatus>({ kind: "automation" });
    expect(offered.offer).toMatchObject({ tabCount: 2 });
    const answer = await h.send<ActionAnswer>({ kind: "restore-last-session" });
    expect(answer).toMatchObject({ ok: true });
    await settle(h);
    const urls = h.world.layout().flatMap((window) => window.tabs).map((url) => (url.includes("placeholder.html") ? new URL(url).searchParams.get("url") : url));
    expect([...urls].sort()).toEqual([...tabs].sort());
    expect((await h.send<AutomationStatus>({ kind: "automation" })).offer).toBeNull();
  });

  it("offers nothing when the extension was only updated (no browser start), or without a start-up rule", async () => {
    const h = await premium([rule({ kind: "startup" })]);
    const tabs = Array.from({ length: 6 }, (_, index) => `https://last.example/${index}`);
    h.world.openWindow(tabs);
    await h.clock.advance(61_100);
    await h.world.restartEmpty(tabs.slice(0, 4));
    await h.restartWorker();
    await settle(h, 10_000);
    expect((await h.send<AutomationStatus>({ kind: "automation" })).offer).toBeNull();
    expect(await fakeBrowser.notifications.getAll()).toEqual({});
  });
});

describe("titles and addresses sealed when the account chooses (decision 199)", () => {
  const PASSPHRASE = "correct horse battery staple";
  const pages = ["https://private.example/diagnosis", "https://private.example/letter"];
  const seen = (url: string) => (url.includes("placeholder.html") ? new URL(url).searchParams.get("url") : url);
  const backupRequests = (h: Harness) => h.server.requests.filter((request) => request.method === "POST" && request.path === "/api/browser-backups");
  let rawKey: Uint8Array<ArrayBuffer>;

  /** The account encrypts (its key wrapped with the fewest rounds allowed, for speed) and seals locations or not. */
  async function encrypting(sealsTabLocations: boolean): Promise<Harness> {
    harness = await start("chromium");
    const h = harness;
    const made = await createBackupKey(PASSPHRASE, MIN_KDF_ITERATIONS);
    rawKey = made.rawKey;
    h.server.formEncryption = { enabled: true, key: made.stored, setAt: "2026-11-24T10:00:00.000Z", changedAt: "2026-11-24T10:00:00.000Z", sealsTabLocations };
    await settle(h, 6_000);
    // The options page opens: the account's answer is read.
    await h.send({ kind: "encryption-status" });
    h.world.openWindow(pages.map((url) => ({ url, title: `Title of ${url}` })));
    await h.clock.advance(1_100);
    return h;
  }

  /** Tabs as the server answers them for an account that seals: nothing readable beside each sealed location. */
  async function sealedTabs(urls: string[]) {
    const key = await backupKeyFrom(rawKey);
    return Promise.all(
      urls.map(async (url, index) => ({
        url: "",
        title: "",
        faviconUrl: null,
        sealedLocation: await sealTabLocation(key, { url, title: `Sealed ${index}`, faviconUrl: null }),
        pinned: false,
        active: index === 0,
        groupId: null,
        formData: {},
        scrollPosition: { x: 0, y: 0 },
      })),
    );
  }

  function expectOnlySealed(upload: UploadBrowserBackupRequest | undefined) {
    const tabs = upload?.windows.flatMap((window) => window.tabs) ?? [];
    expect(tabs.length).toBeGreaterThanOrEqual(pages.length);
    for (const tab of tabs) expect(tab).toMatchObject({ url: "", title: "", faviconUrl: null, sealedLocation: expect.stringMatching(/^tv1\./) });
    expect(JSON.stringify(upload)).not.toMatch(/private\.example|Title of/);
  }

  it("locked: nothing is sent and the backup waits on the device; unlocked: it goes up with only sealed tabs", async () => {
    const h = await encrypting(true);
    const before = backupRequests(h).length;
    expect(await h.send<ActionAnswer>({ kind: "back-up-now" })).toMatchObject({ ok: true, message: expect.stringMatching(/^Saved on this device: it goes up encrypted once you unlock this browser/) });
    await settle(h, 60_000);
    expect(backupRequests(h).length).toBe(before);
    let status = await h.send<Status>({ kind: "status" });
    expect(status.backupsLocked).toBe(true);
    expect(status.queue.waiting).toBeGreaterThanOrEqual(1);
    expect(status.queue.lastError).toBe(LOCKED_QUEUE_MESSAGE);

    expect(await h.send<ActionAnswer>({ kind: "encryption-unlock", passphrase: PASSPHRASE })).toMatchObject({ ok: true });
    await settle(h);
    status = await h.send<Status>({ kind: "status" });
    expect(status).toMatchObject({ backupsLocked: false, queue: { waiting: 0 } });
    const manual = h.server.stored().find((upload) => upload.trigger === "manual_save");
    expectOnlySealed(manual);
    const key = await backupKeyFrom(rawKey);
    const opened = await Promise.all(manual!.windows.flatMap((window) => window.tabs).map((tab) => openTabLocation(key, tab.sealedLocation!)));
    expect(opened.map((location) => location.url)).toEqual(expect.arrayContaining(pages));
  });

  it("the account turns sealing on meanwhile: the server's 409 keeps the backup, sealed once unlocked", async () => {
    const h = await encrypting(false);
    // The server starts sealing after this browser last asked: the first send is refused, not lost.
    (h.server.formEncryption as { sealsTabLocations: boolean }).sealsTabLocations = true;
    await h.send<ActionAnswer>({ kind: "back-up-now" });
    await settle(h);
    const status = await h.send<Status>({ kind: "status" });
    expect(status).toMatchObject({ backupsLocked: true, queue: { refused: 0 } });
    expect(status.queue.waiting).toBeGreaterThanOrEqual(1);
    expect(h.server.stored().filter((upload) => upload.trigger === "manual_save")).toEqual([]);

    await h.send({ kind: "encryption-unlock", passphrase: PASSPHRASE });
    await settle(h);
    expectOnlySealed(h.server.stored().find((upload) => upload.trigger === "manual_save"));
  });

  it("open tabs are pushed sealed, and not at all while locked", async () => {
    const h = await encrypting(true);
    h.server.planType = "pro";
    await h.send({ kind: "settings-changed" });
    await settle(h, 61_000);
    expect(h.server.requests.filter((request) => request.method === "PUT" && request.path === "/api/open-tabs")).toEqual([]);
    await h.send({ kind: "encryption-unlock", passphrase: PASSPHRASE });
    await settle(h);
    const pushed = h.server.openTabs.get("d1");
    expect(pushed?.tabCount).toBeGreaterThanOrEqual(pages.length);
    expect(JSON.stringify(pushed)).not.toMatch(/private\.example|Title of/);
  });

  it("on Pro, another browser's sealed open tabs restore here to their real pages, smart recovery leaving out the one open", async () => {
    const h = await encrypting(true);
    h.server.planType = "pro";
    await h.send({ kind: "settings-changed" });
    const otherDevice = "0b1c1c1e-8d2a-4f7e-9d9a-1c2b3c4d5e6f";
    const urls = [pages[0]!, "https://laptop.example/notes"];
    const tabs = await sealedTabs(urls);
    h.server.openTabs.set(otherDevice, {
      deviceId: otherDevice,
      deviceName: "Firefox on the laptop",
      browserType: "firefox",
      capturedAt: "2026-11-24T10:00:00.000Z",
      tabCount: 2,
      windowCount: 1,
      windows: [{ windowId: 1, state: "normal", focused: true, left: null, top: null, width: null, height: null, tabs }],
      groups: [],
    });
    expect(await h.send<ActionAnswer>({ kind: "restore-open-tabs", deviceId: otherDevice })).toEqual({ ok: false, message: LOCKED_RESTORE_MESSAGE });
    await h.send({ kind: "encryption-unlock", passphrase: PASSPHRASE });
    expect(await h.send<ActionAnswer>({ kind: "restore-open-tabs", deviceId: otherDevice })).toEqual({ ok: true, message: "Restoring 1 tab (most recently used first; 1 already open skipped)" });
    await settle(h);
    const everywhere = h.world.layout().flatMap((window) => window.tabs.map(seen));
    expect(everywhere.filter((url) => url === "https://laptop.example/notes")).toHaveLength(1);
    expect(everywhere.filter((url) => url === pages[0])).toHaveLength(1);
  });

  it("a restore opens sealed tabs to their real pages; locked, it refuses instead of opening blank tabs", async () => {
    const h = await encrypting(true);
    const backupId = "8a1c1c1e-8d2a-4f7e-9d9a-1c2b3c4d5e6f";
    const urls = ["https://sealed.example/one", "https://sealed.example/two"];
    h.server.backups.push({
      id: backupId,
      sessionName: "Sealed",
      triggerEvent: "manual_save",
      deviceName: "Chrome on Linux",
      browserType: "chrome",
      createdAt: "2026-11-24T10:00:00.000Z",
      tabCount: 2,
      windows: [
        {
          windowId: 1,
          state: "normal",
          focused: true,
          left: null,
          top: null,
          width: null,
          height: null,
          tabs: await sealedTabs(urls),
        },
      ],
      groups: [],
    });
    const windowsBefore = h.world.layout().length;
    expect(await h.send<ActionAnswer>({ kind: "restore-backup", backupId })).toEqual({ ok: false, message: LOCKED_RESTORE_MESSAGE });
    await settle(h);
    expect(h.world.layout().length).toBe(windowsBefore);

    await h.send({ kind: "encryption-unlock", passphrase: PASSPHRASE });
    expect(await h.send<ActionAnswer>({ kind: "restore-backup", backupId })).toEqual({ ok: true, message: "Restoring 2 tabs" });
    await settle(h);
    const restored = h.world.layout().find((window) => window.tabs.some((url) => url.includes("sealed.example")));
    expect(restored?.tabs.map(seen)).toEqual(urls);
  });
});
