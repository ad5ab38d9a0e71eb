import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { indexedDbSecretArea, memoryKeyStore } from "../src/key-store";
import { afterEach, beforeEach, describe } from "vitest";
import { createBackground, type Background } from "../src/background/index";
import { ExtensionDb } from "../src/db";
import { FakeWorld, fakeBrowser, type Shape } from "./fake-browser";
import { FakeServer } from "./fake-server";
import { ManualClock } from "./manual-clock";

/**
 * The whole background in a fake browser, against a fake server, on a clock moved by hand: the background's tests
 * (extension/src/background/*.test.ts) each start one.
 */
let dbCounter = 0;
let uuidCounter = 0;
const uuid = () => `00000000-0000-4000-8000-${String(++uuidCounter).padStart(12, "0")}`;

export interface Harness {
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

export async function start(shape: Shape, options: { connected?: boolean } = {}): Promise<Harness> {
  const world = new FakeWorld(shape);
  const server = new FakeServer();
  const clock = new ManualClock();
  const dbName = `bg-${++dbCounter}`;
  const databases: ExtensionDb[] = [];
  // One browser's key store: it outlives a worker restart, as the extension's IndexedDB does.
  const keys = memoryKeyStore();
  // …and its device token, in an IndexedDB of its own (decision 225).
  const secrets = indexedDbSecretArea(new IDBFactory());
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
      keys,
      secrets,
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

/** Nothing outlives a test: the worker's timers stop and its databases close. */
export function stop(harness: Harness | undefined): void {
  harness?.background.dispose();
  for (const db of harness?.databases ?? []) db.close();
}

/** A number never given before in this test run (ids made by the tests). */
export function nextCount(): number {
  return ++uuidCounter;
}

export async function versions(h: Harness) {
  return h.databases.at(-1)!.versions();
}

export async function settle(h: Harness, ms = 0) {
  await h.clock.advance(ms);
  await h.background.settled();
  await h.background.queue.flush();
  await h.clock.advance(0);
}

/** The background of the test that is running: started by {@link eachDesktopBrowser} or {@link startAlone}. */
export let harness: Harness | undefined;

/** Starts a background of `shape` for the running test alone (a start-up test, a browser of its own). */
export async function startAlone(shape: Shape, options: { connected?: boolean } = {}): Promise<Harness> {
  harness = await start(shape, options);
  return harness;
}

/** The running test's background; a test that has none is a mistake in the test. */
export function current(): Harness {
  if (!harness) throw new Error("no background: the test runs outside eachDesktopBrowser and did not call startAlone");
  return harness;
}

/**
 * `body` once for Chromium and once for Firefox, each test on a fresh background past the start-up check of a new
 * browser session; every background is stopped after its test.
 */
export function eachDesktopBrowser(title: string, body: (shape: "chromium" | "firefox") => void): void {
  describe.each(["chromium", "firefox"] as const)(title, (shape) => {
    beforeEach(async () => {
      await startAlone(shape);
      await settle(current(), 6_000);
    });
    body(shape);
  });
}

/** Stops the running test's background after it (call once at the top of a test file). */
export function stopAfterEach(): void {
  afterEach(() => {
    stop(harness);
    harness = undefined;
  });
}
