import type { BrowserApi, StorageArea } from "../browser-api";
import { indexedDbSecretArea, type KeyStore } from "../key-store";
import type { Clock } from "../clock";
import type { ExtensionDb } from "../db";
import type { DeviceFacts } from "../device";
import { backgroundItems, type BackgroundItems } from "./items";

export interface Timings {
  /** A running snapshot this long after the last tab or window change. */
  captureDebounceMs: number;
  /**
   * …and never later than this after the first change not yet in one: a stream of events (a restore,
   * pages loading one after another) would otherwise push the snapshot away until it ends, and a loss in
   * that stream would be compared with a snapshot from before it.
   */
  captureMaxWaitMs: number;
  /** A snapshot whose tabs did not change is stored again after this long (fresh active tabs and times). */
  versionRefreshMs: number;
  /** The start-up check waits for the browser to bring its tabs back: this long at least… */
  startupDelayMs: number;
  /** …and until no tab was created for this long… */
  startupQuietMs: number;
  /** …but never longer than this. */
  startupMaxWaitMs: number;
  /** Between an emergency being queued and its upload: a window's close events finish arriving. */
  emergencySettleMs: number;
  /** Tab creations a restore has asked and not yet had answered (decision 241). */
  restoreInFlight: number;
  /** Placeholders loading at once before a restore waits to open more, and unloading at once (decision 241). */
  placeholdersLoading: number;
  placeholdersUnloading: number;
  /** Firefox for Android's restore (no sliding window there): the pause after each `restoreInFlight` tabs. */
  restorePauseMs: number;
}

export const DEFAULT_TIMINGS: Timings = {
  captureDebounceMs: 1_000,
  captureMaxWaitMs: 3_000,
  versionRefreshMs: 5 * 60_000,
  startupDelayMs: 5_000,
  startupQuietMs: 2_000,
  startupMaxWaitMs: 30_000,
  emergencySettleMs: 300,
  restoreInFlight: 16,
  placeholdersLoading: 16,
  placeholdersUnloading: 4,
  restorePauseMs: 30,
};

export interface BackgroundDeps {
  browser: BrowserApi;
  clock: Clock;
  fetch: typeof fetch;
  openDb(): Promise<ExtensionDb>;
  /** Where the unlocked backup key is kept; the extension's IndexedDB unless a test gives its own (decision 220). */
  keys?: KeyStore;
  /** Where the device token is kept; the extension's IndexedDB unless a test gives its own (decision 225). */
  secrets?: StorageArea;
  randomUUID(): string;
  /** The package's server-config.json. */
  packagedConfig(): Promise<unknown>;
  deviceFacts?(os: string): DeviceFacts;
  timings?: Partial<Timings>;
  log?(message: string, error?: unknown): void;
}

/** What every room of the background shares: the browser, time, storage, the database once open, and the event chain. */
export interface BackgroundContext {
  browser: BrowserApi;
  clock: Clock;
  fetch: typeof fetch;
  randomUUID(): string;
  timings: Timings;
  log(message: string, error?: unknown): void;
  local: StorageArea;
  /** storage.session is cleared when the browser restarts: the mark of a new browser run. */
  session: StorageArea;
  items: BackgroundItems;
  /** The database, opened by the start-up (every caller waits for `ready` first). */
  db(): ExtensionDb;
  /** Settles when the start-up has opened the database and read the stored state. */
  ready: Promise<void>;
  /** Runs browser-event work one task at a time, in the order the events came. */
  serial<T>(task: () => Promise<T>): Promise<T>;
  /** The event work queued so far, finished (tests, and uploads that wait for a window's close events). */
  eventsDone(): Promise<unknown>;
}

export function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

/** The shared context, and `start`, which runs the start-up (opening the database) that settles `ready`. */
export function createContext(deps: BackgroundDeps): { ctx: BackgroundContext; start(init: (setDb: (db: ExtensionDb) => void) => Promise<void>): void } {
  const { browser } = deps;
  const log = deps.log ?? ((message: string, error?: unknown) => console.warn(`TabVault: ${message}`, error ?? ""));
  const local = browser.storage.local;
  const session = browser.storage.session ?? browser.storage.local;
  let db: ExtensionDb | null = null;
  let eventChain: Promise<unknown> = Promise.resolve();
  let settle: { resolve(): void; reject(error: unknown): void } = { resolve: () => undefined, reject: () => undefined };
  const ready = new Promise<void>((resolve, reject) => {
    settle = { resolve, reject };
  });
  const ctx: BackgroundContext = {
    browser,
    clock: deps.clock,
    fetch: deps.fetch,
    randomUUID: deps.randomUUID,
    timings: { ...DEFAULT_TIMINGS, ...deps.timings },
    log,
    local,
    session,
    items: backgroundItems(local, session, deps.secrets ?? indexedDbSecretArea()),
    db: () => {
      if (!db) throw new Error("The database is not open yet.");
      return db;
    },
    ready,
    serial: <T>(task: () => Promise<T>): Promise<T> => {
      const run = eventChain.then(task);
      eventChain = run.catch((error) => log("event handling failed", error));
      return run;
    },
    eventsDone: () => eventChain,
  };
  return {
    ctx,
    start: (init) => {
      init((opened) => {
        db = opened;
      }).then(settle.resolve, settle.reject);
    },
  };
}
