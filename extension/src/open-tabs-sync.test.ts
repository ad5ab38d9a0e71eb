import "fake-indexeddb/auto";
import { afterEach, describe, expect, it } from "vitest";
import type { BrowserBackup } from "@common/api/browser-backups";
import { OPEN_TABS } from "@common/api/open-tabs";
import { ALARMS, createBackground, type Background } from "./background/index";
import { IDBFactory } from "fake-indexeddb";
import { ExtensionDb } from "./db";
import { indexedDbSecretArea, memoryKeyStore } from "./key-store";
import { LIBRARY_KEY, type CachedLibrary } from "./library-sync";
import type { ActionAnswer, BackupListAnswer, OpenTabsListAnswer } from "./messages";
import { FakeWorld, fakeBrowser } from "../test/fake-browser";
import { FakeServer } from "../test/fake-server";
import { ManualClock } from "../test/manual-clock";

let counter = 0;
const uuid = () => `00000000-0000-4000-9000-${String(++counter).padStart(12, "0")}`;

interface Running {
  world: FakeWorld;
  server: FakeServer;
  clock: ManualClock;
  background: Background;
  db: ExtensionDb[];
  send<T>(request: unknown): Promise<T>;
}

let running: Running | null = null;

afterEach(() => {
  running?.background.dispose();
  for (const db of running?.db ?? []) db.close();
  running = null;
});

/** A backup on the server, as the web app or another browser made it. */
function serverBackup(n: number): BrowserBackup {
  return {
    id: `10000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
    sessionName: `Backup ${n}`,
    triggerEvent: "manual_save",
    deviceName: "Chrome on Windows",
    browserType: "chrome",
    createdAt: new Date(Date.UTC(2026, 10, n)).toISOString(),
    tabCount: 1,
    windows: [{ windowId: 1, state: "normal", focused: true, left: null, top: null, width: null, height: null, tabs: [{ url: `https://saved.example/${n}`, title: `Saved ${n}`, faviconUrl: null, pinned: false, active: true, groupId: null, formData: {}, scrollPosition: { x: 0, y: 0 } }] }],
    groups: [],
  };
}

/** The background of a Chromium browser whose account is on `plan`; connected unless told otherwise. */
async function start(plan: string, options: { connected?: boolean; backups?: BrowserBackup[] } = {}): Promise<Running> {
  const world = new FakeWorld("chromium");
  const server = new FakeServer();
  server.planType = plan;
  server.backups = options.backups ?? [];
  const clock = new ManualClock();
  const db: ExtensionDb[] = [];
  const name = `open-tabs-${++counter}`;
  if (options.connected !== false) {
    await fakeBrowser.storage.local.set({
      auth: { serverUrl: server.origin, accessToken: server.token, deviceId: "d1", deviceName: "Chrome on Linux", email: "ada@example.com" },
      connection: { state: "connected", email: "ada@example.com", planType: plan, automaticBackups: false, message: null },
      // Downloaded once already: this browser was connected before.
      [LIBRARY_KEY]: { deviceId: "d1", syncedAt: 0, backups: [] } satisfies CachedLibrary,
    });
  }
  const background = createBackground({
    browser: world.api(),
    clock,
    fetch: server.fetch,
    openDb: async () => {
      const opened = await ExtensionDb.open(name);
      db.push(opened);
      return opened;
    },
    // Each test its own browser: its key and token stores (decision 225) start empty.
    keys: memoryKeyStore(),
    secrets: indexedDbSecretArea(new IDBFactory()),
    randomUUID: uuid,
    packagedConfig: async () => ({ serverUrl: null }),
    deviceFacts: (os) => ({ userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0", brands: [{ brand: "Google Chrome" }], os }),
    timings: { restorePauseMs: 0 },
    log: () => undefined,
  });
  await background.ready;
  // Past the start-up check of a new browser run, and the first push of the (empty) browser.
  await clock.advance(6_000);
  await background.settled();
  await step(clock, OPEN_TABS.pushDebounceMs + 1_000);
  const send = <T>(request: unknown) =>
    new Promise<T>((resolve) => {
      const trigger = fakeBrowser.runtime.onMessage.trigger as unknown as (message: unknown, sender: object, respond: (value: T) => void) => Promise<unknown>;
      void trigger(request, {}, resolve);
    });
  running = { world, server, clock, background, db, send };
  return running;
}

/**
 * Moves the manual clock, then lets real time pass too: a push gzips its body with CompressionStream, whose work
 * finishes on Node's thread pool, not in the microtasks the manual clock flushes.
 */
async function step(clock: ManualClock, ms: number): Promise<void> {
  await clock.advance(ms);
  for (let round = 0; round < 10; round += 1) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    await clock.advance(0);
  }
}

const pushes = (server: FakeServer) => server.requests.filter((request) => request.method === "PUT" && request.path === "/api/open-tabs");
const alarm = (name: string, clock: ManualClock) => fakeBrowser.alarms.onAlarm.trigger({ name, scheduledTime: clock.now() });

describe("open tabs on other devices, from the extension", () => {
  it("pushes this browser's tabs a few seconds after they change, without form data, on Pro", async () => {
    const { world, server, clock } = await start("pro");
    const before = pushes(server).length;
    world.openWindow(["https://a.example/", "https://b.example/"]);
    // The snapshot a second after the change, the push a few seconds after the snapshot.
    await step(clock, 1_100);
    expect(pushes(server)).toHaveLength(before);
    await step(clock, OPEN_TABS.pushDebounceMs);
    expect(pushes(server)).toHaveLength(before + 1);
    const stored = server.openTabs.get("d1");
    expect(stored?.windows.flatMap((window) => window.tabs.map((tab) => tab.url))).toEqual(expect.arrayContaining(["https://a.example/", "https://b.example/"]));
    expect(stored?.windows.flatMap((window) => window.tabs).every((tab) => Object.keys(tab.formData).length === 0)).toBe(true);
    // Pushes go up gzipped, like backups.
    expect(pushes(server).at(-1)?.contentEncoding).toBe("gzip");

    // The minute alarm finds nothing new: no second push.
    await alarm(ALARMS.snapshot, clock);
    await step(clock, 0);
    expect(pushes(server)).toHaveLength(before + 1);
  });

  it("a push that failed is retried, and an older capture never replaces a newer one", async () => {
    const { world, server, clock } = await start("pro");
    server.mode = "down";
    const windowId = world.openWindow(["https://offline.example/"]);
    await step(clock, 1_100 + OPEN_TABS.pushDebounceMs);
    const urlsUp = () => server.openTabs.get("d1")?.windows.flatMap((window) => window.tabs.map((tab) => tab.url)) ?? [];
    expect(urlsUp()).not.toContain("https://offline.example/");
    server.mode = "up";
    // The retry is a minute later at most (a timer, and the alarm if the worker stopped).
    await step(clock, OPEN_TABS.retryMinutes * 60_000);
    expect(server.openTabs.get("d1")?.windows.flatMap((window) => window.tabs.map((tab) => tab.url))).toContain("https://offline.example/");

    world.openTab(windowId, "https://later.example/");
    await step(clock, 1_100 + OPEN_TABS.pushDebounceMs);
    const newest = server.openTabs.get("d1");
    expect(newest?.tabCount).toBe(2);
    // A late answer from before (the fake keeps the newest, as the server does) changes nothing.
    const late = await server.fetch(`${server.origin}/api/open-tabs`, {
      method: "PUT",
      headers: { authorization: `Bearer ${server.token}`, "content-type": "application/json" },
      body: JSON.stringify({ capturedAt: 1, windows: [] }),
    });
    expect(await late.json()).toMatchObject({ applied: false });
    expect(server.openTabs.get("d1")).toEqual(newest);
  });

  it("tabs that change while a push is on its way are pushed too: the answer to the older push does not cancel theirs", async () => {
    const { world, server, clock } = await start("pro");
    const urlsUp = () => server.openTabs.get("d1")?.windows.flatMap((window) => window.tabs.map((tab) => tab.url)) ?? [];
    let answer = (): void => undefined;
    server.openTabsPushGate = new Promise((resolve) => (answer = resolve));
    const windowId = world.openWindow(["https://first.example/"]);
    await step(clock, 1_100 + OPEN_TABS.pushDebounceMs);
    // The first push waits on the server; meanwhile another tab opens and its push is scheduled.
    world.openTab(windowId, "https://second.example/");
    await step(clock, 1_100);
    server.openTabsPushGate = null;
    answer();
    await step(clock, 0);
    expect(urlsUp()).toContain("https://first.example/");
    // Well before the minute alarm, the newer tabs are up too.
    await step(clock, OPEN_TABS.pushDebounceMs);
    expect(urlsUp()).toContain("https://second.example/");
  });

  it("never pushes below Pro: the plan comes from the connection", async () => {
    const { world, server, clock } = await start("basic");
    world.openWindow(["https://a.example/"]);
    await step(clock, 1_100 + OPEN_TABS.pushDebounceMs);
    await alarm(ALARMS.snapshot, clock);
    await step(clock, 0);
    expect(pushes(server)).toHaveLength(0);
  });

  it("stops pushing once the server refuses for the plan: the connection is read again", async () => {
    const { world, server, clock } = await start("pro");
    // The plan dropped to Basic since this browser last read its connection.
    server.planType = "basic";
    const before = pushes(server).length;
    const windowId = world.openWindow(["https://a.example/"]);
    await step(clock, 1_100 + OPEN_TABS.pushDebounceMs);
    expect(pushes(server)).toHaveLength(before + 1);
    world.openTab(windowId, "https://b.example/");
    await step(clock, 1_100 + OPEN_TABS.pushDebounceMs);
    await alarm(ALARMS.snapshot, clock);
    await step(clock, 0);
    expect(pushes(server)).toHaveLength(before + 1);
  });

  it("a new, empty install downloads the library before it uploads anything, and deletes nothing", async () => {
    const library = [serverBackup(3), serverBackup(2), serverBackup(1)];
    const { server, clock, send } = await start("pro", { connected: false, backups: [...library] });
    server.requests.length = 0;
    await send<ActionAnswer>({ kind: "connect" });
    server.pollAnswers.push({ status: 200, body: { accessToken: server.token, tokenType: "Bearer", scope: "browser", deviceId: "d1", deviceName: "Chrome on Linux", email: "ada@example.com" } });
    await step(clock, 5_000);
    await step(clock, OPEN_TABS.pushDebounceMs);

    const calls = server.requests.map((request) => `${request.method} ${request.path}`).filter((call) => !call.includes("device-authorizations"));
    const download = calls.indexOf("GET /api/saved-sessions");
    const firstUpload = calls.findIndex((call) => call.startsWith("PUT") || call.startsWith("POST"));
    expect(download).toBeGreaterThanOrEqual(0);
    expect(firstUpload).toBeGreaterThan(download);
    // The empty browser's push is its own row, holding only the page it connected from; the library is whole.
    expect(calls.filter((call) => call.startsWith("DELETE") || call.startsWith("PATCH"))).toEqual([]);
    expect(server.openTabs.get("d1")?.windows.flatMap((window) => window.tabs.map((tab) => new URL(tab.url).pathname))).toEqual(["/connect"]);
    expect(server.backups.map((backup) => backup.id)).toEqual(library.map((backup) => backup.id));
    const cached = (await fakeBrowser.storage.local.get(LIBRARY_KEY))[LIBRARY_KEY] as CachedLibrary;
    expect(cached.backups.map((backup) => backup.sessionName)).toEqual(["Backup 3", "Backup 2", "Backup 1"]);
  });

  it("a backup deleted on the web or by another browser leaves this browser's list at its next sync", async () => {
    const { server, clock, send } = await start("pro", { backups: [serverBackup(3), serverBackup(2), serverBackup(1)] });
    const listed = await send<BackupListAnswer>({ kind: "list-backups" });
    expect(listed.ok && listed.backups.map((backup) => backup.sessionName)).toEqual(["Backup 3", "Backup 2", "Backup 1"]);

    // Deleted elsewhere: the library alarm's sync drops it from the copy here.
    server.backups = server.backups.filter((backup) => backup.sessionName !== "Backup 2");
    await alarm(ALARMS.library, clock);
    await step(clock, 0);
    const cached = (await fakeBrowser.storage.local.get(LIBRARY_KEY))[LIBRARY_KEY] as CachedLibrary;
    expect(cached.backups.map((backup) => backup.sessionName)).toEqual(["Backup 3", "Backup 1"]);

    // Offline, the popup still lists the last sync, and says so.
    server.mode = "down";
    const offline = await send<BackupListAnswer>({ kind: "list-backups" });
    expect(offline).toEqual({ ok: true, backups: cached.backups, notice: "TabVault cannot be reached: the list as it was at the last sync." });

    // Disconnecting forgets the copy: another account's list never shows.
    await send<ActionAnswer>({ kind: "disconnect" });
    expect((await fakeBrowser.storage.local.get(LIBRARY_KEY))[LIBRARY_KEY]).toBeUndefined();
  });

  it("lists the account's other browsers and reopens one's tabs here", async () => {
    const { world, server, clock, send } = await start("pro");
    const other = serverBackup(9);
    server.openTabs.set("d2", { deviceId: "d2", deviceName: "Chrome on Windows", browserType: "chrome", capturedAt: other.createdAt, tabCount: 2, windowCount: 1, windows: [{ ...other.windows[0]!, tabs: [other.windows[0]!.tabs[0]!, { ...other.windows[0]!.tabs[0]!, url: "https://saved.example/other", active: false }] }], groups: [] });
    world.openWindow(["https://mine.example/"]);
    await step(clock, 1_100 + OPEN_TABS.pushDebounceMs);

    const listed = await send<OpenTabsListAnswer>({ kind: "list-open-tabs" });
    // This browser's own row is not "another device".
    expect(listed.ok && listed.devices.map((device) => device.deviceName)).toEqual(["Chrome on Windows"]);
    const answer = await send<ActionAnswer>({ kind: "restore-open-tabs", deviceId: "d2" });
    expect(answer).toEqual({ ok: true, message: "Restoring 2 tabs (most recently used first)" });
    await step(clock, 1_000);
    // Inactive tabs open on the light placeholder page, which names their address.
    const unwrap = (url: string) => (url.includes("placeholder.html") ? (new URL(url).searchParams.get("url") ?? "") : url);
    expect(world.tabs.map((tab) => unwrap(tab.url ?? ""))).toEqual(["https://mine.example/", "https://saved.example/9", "https://saved.example/other"]);

    const gone = await send<ActionAnswer>({ kind: "restore-open-tabs", deviceId: "d3" });
    expect(gone).toMatchObject({ ok: false });
  });
});
