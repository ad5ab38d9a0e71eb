import { type BrowserBackup, getBrowserBackup, getExtensionConnection, type ExtensionConnection } from "@common/api/browser-backups";
import { getTeamSharedSession } from "@common/api/team-sharing";
import type { DeviceTokenGrant } from "@common/api/device-authorization";
import type { ExtensionLiveState } from "@common/extension-bridge";
import { catalogueFeatureNeedsPlanMessage, planHasFeature, planTypes, type CatalogueFeatureId, type PlanType } from "@common/plan-catalogue";
import { getProtectionSettings, logProtectionEvent } from "@common/api/protection";
import { EXTENSION_SETTINGS_REFRESH_MINUTES } from "@common/product";
import { callEndpoint } from "./api";
import type { BrowserApi, MessageSender, Tab } from "./browser-api";
import {
  automaticBackupMinutes,
  captureRulesOf,
  type CaptureRules,
  formCapturePolicy,
  neverCapturedSites,
  noCaptureRules,
  uploadUnderRules,
} from "./capture-policy";
import type { Clock } from "./clock";
import type { EmergencyRecord, ExtensionDb } from "./db";
import { currentDeviceFacts, describeDevice, type Device, type DeviceFacts } from "./device";
import {
  emptyDetector,
  lostByUrl,
  onTabRemoved,
  onWindowRemoved,
  startupLoss,
  windowLossStart,
  type DetectorState,
  type EmergencyTrigger,
} from "./emergency";
import { Automation, windowOf } from "./automation";
import { ALL_SITES, type AutomationStatus, type ActionAnswer, type BackupListAnswer, type Request, type RestoreProgress, type Status } from "./messages";
import { FormEncryption, LOCKED_RESTORE_MESSAGE } from "./form-encryption";
import { LibrarySync } from "./library-sync";
import { OpenTabsSync } from "./open-tabs-sync";
import { Pairing } from "./pairing";
import { executeRestore, matchRecentlyClosed, planFromBackup, planFromSnapshot, type RestoreCapabilities, type RestorePlan, type RestoreTab } from "./restore";
import { originPattern, resolveServer, SERVER_URL_KEY, type ServerAddress } from "./server-config";
import { openPageUrl, skipsText, smartRecoveryPlan } from "./smart-recovery";
import { buildSnapshot, readBrowserState, toUploadRequest, type PageState, type Snapshot } from "./snapshot";
import { withSuggestedGroups } from "./suggested-group-restore";
import { UploadQueue } from "./upload-queue";

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
  restoreBatch: number;
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
  restoreBatch: 25,
  restorePauseMs: 30,
};

/** How often the extension downloads the library again: a deletion elsewhere leaves its list within this. */
export const LIBRARY_SYNC_MINUTES = 5;

export const ALARMS = {
  snapshot: "snapshot",
  autoBackup: "auto-backup",
  upload: "upload-retry",
  pairing: "pairing-poll",
  connection: "connection-refresh",
  startup: "startup-check",
  openTabs: "open-tabs-push",
  library: "library-sync",
  /** The next daily automation rule's minute (decision 180). */
  automationDaily: "automation-daily",
  /** The account's settings and team policy, read every minute (decision 187). */
  settings: "settings-refresh",
} as const;



const KEYS = {
  auth: "auth",
  connection: "connection",
  detector: "detector",
  startupCheck: "startupCheck",
  sessionStarted: "sessionStarted",
  lastAutoFingerprint: "lastAutoFingerprint",
  formCapture: "formCapture",
  captureRules: "captureRules",
  restore: "restoreProgress",
  /** Set by runtime.onStartup: this browser session began with the browser, not with an install or update. */
  browserStarted: "browserStarted",
} as const;

interface Auth {
  serverUrl: string;
  accessToken: string;
  deviceId: string;
  deviceName: string;
  email: string;
}

interface StoredConnection {
  state: "connected" | "disconnected";
  email: string | null;
  planType: string | null;
  automaticBackups: boolean;
  message: string | null;
}

interface StartupCheck {
  /** The moment this browser session was first seen: the previous session's snapshots are older. */
  at: number;
  lastTabCreatedAt: number;
}

export interface BackgroundDeps {
  browser: BrowserApi;
  clock: Clock;
  fetch: typeof fetch;
  openDb(): Promise<ExtensionDb>;
  randomUUID(): string;
  /** The package's server-config.json. */
  packagedConfig(): Promise<unknown>;
  deviceFacts?(os: string): DeviceFacts;
  timings?: Partial<Timings>;
  log?(message: string, error?: unknown): void;
}

export const FORM_CAPTURE_SCRIPT = { id: "tabvault-form-capture", js: ["content-scripts/form-capture.js"] } as const;
export const BRIDGE_SCRIPT = { id: "tabvault-bridge", js: ["content-scripts/bridge.js"] } as const;

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

/**
 * The extension's background: running snapshots, emergency backups, the upload queue, pairing and
 * restore, wired to the browser's events. Listeners are added synchronously (a Manifest V3 worker
 * woken by an event must have them at once); the state lives in IndexedDB and storage, so the worker
 * may be stopped between any two events.
 */
export function createBackground(deps: BackgroundDeps) {
  const { browser, clock } = deps;
  const timings: Timings = { ...DEFAULT_TIMINGS, ...deps.timings };
  const log = deps.log ?? ((message: string, error?: unknown) => console.warn(`TabVault: ${message}`, error ?? ""));
  const local = browser.storage.local;
  // storage.session is cleared when the browser restarts: the mark of a new browser session.
  const session = browser.storage.session ?? browser.storage.local;
  const initAt = clock.now();

  let db!: ExtensionDb;
  let detector: DetectorState = emptyDetector();
  let device: Device | null = null;
  let server: ServerAddress | null = null;
  /** Counts removals, so a capture that overlapped one is never taken for the state before it. */
  let removalSeq = 0;
  let captureTimer: unknown = null;
  let firstUncapturedChangeAt: number | null = null;
  let capturing: Promise<Snapshot | null> = Promise.resolve(null);
  let eventChain: Promise<unknown> = Promise.resolve();
  const timers = new Map<string, unknown>();
  let restoring = false;
  /**
   * What the popup's status shows of the newest snapshot and of the emergencies, kept here: the popup
   * asks every 2 s, and reading 2,000-tab snapshots out of IndexedDB each time would be wasted work.
   */
  let latestCache: Snapshot | null | undefined;
  let emergencyCache: Status["emergencies"] | undefined;
  /** Every emergency kept on this device and the tabs they saved, restored or not: the blocker page's figures. */
  let emergencyTotals: { count: number; tabs: number } | undefined;
  const forgetEmergencies = () => {
    emergencyCache = undefined;
    emergencyTotals = undefined;
  };
  /** Tab ids Chromium replaced when it discarded a tab (old id → new id), for a restore under way. */
  const replacedTabIds = new Map<number, number>();
  const resolveTabId = (id: number): number => {
    let current = id;
    for (let hops = 0; hops < 5 && replacedTabIds.has(current); hops += 1) current = replacedTabIds.get(current) as number;
    return current;
  };

  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const run = eventChain.then(task);
    eventChain = run.catch((error) => log("event handling failed", error));
    return run;
  };

  // ----- settings, server and connection ---------------------------------------------------------

  async function getServer(): Promise<ServerAddress> {
    server ??= await resolveServer({ packagedConfig: deps.packagedConfig, storedUrl: async () => (await local.get(SERVER_URL_KEY))[SERVER_URL_KEY] });
    return server;
  }

  async function getDevice(): Promise<Device> {
    if (!device) {
      const os = await browser.runtime.getPlatformInfo().then((info) => info.os).catch(() => "linux");
      device = describeDevice((deps.deviceFacts ?? currentDeviceFacts)(os), browser.windows !== undefined);
    }
    return device;
  }

  async function getAuth(): Promise<Auth | null> {
    const auth = (await local.get(KEYS.auth))[KEYS.auth] as Auth | undefined;
    if (!auth) return null;
    // A token belongs to the server that issued it.
    return auth.serverUrl === (await getServer()).serverUrl ? auth : null;
  }

  async function getConnection(): Promise<StoredConnection | null> {
    return ((await local.get(KEYS.connection))[KEYS.connection] as StoredConnection | undefined) ?? null;
  }

  async function connectedAuth(): Promise<Auth | null> {
    const auth = await getAuth();
    return auth && (await getConnection())?.state !== "disconnected" ? auth : null;
  }

  async function captureRules(): Promise<CaptureRules> {
    return ((await local.get(KEYS.captureRules))[KEYS.captureRules] as CaptureRules | undefined) ?? noCaptureRules;
  }

  /**
   * Reads the account's settings and team policy (decision 187): a change is obeyed from the next capture, the
   * automatic backup alarm takes the team's interval, and form capture follows the team's switch.
   */
  async function refreshCaptureRules(): Promise<void> {
    const auth = await connectedAuth();
    if (!auth) return;
    const answer = await callEndpoint(getProtectionSettings, {}, { serverUrl: auth.serverUrl, token: auth.accessToken, fetch: deps.fetch });
    if (!answer.ok) {
      if (answer.kind === "unauthorized") await markDisconnected(answer.message || "The server no longer accepts this browser's token.");
      return;
    }
    const before = await captureRules();
    const rules = captureRulesOf(answer.data, clock.now());
    await local.set({ [KEYS.captureRules]: rules });
    await ensureAutoBackupAlarm(rules);
    if (JSON.stringify({ ...before, readAt: 0 }) !== JSON.stringify({ ...rules, readAt: 0 })) {
      await syncContentScripts().catch((error) => log("content scripts could not be registered", error));
      // The newest snapshot obeys the rules at once: open tabs pushed from it and the next backup leave the sites out.
      await capture();
    }
  }

  // End-to-end encryption of form entries (decision 177): sealed just before an upload, opened for a refill.
  const formEncryption = new FormEncryption({
    storage: local,
    fetch: deps.fetch,
    credentials: async () => {
      const auth = await connectedAuth();
      return auth ? { serverUrl: auth.serverUrl, token: auth.accessToken } : null;
    },
  });

  /**
   * Reads the account's encryption again. Backups and open tabs held while it sealed tab locations and this browser
   * was locked go up at once when it no longer does (decision 199).
   */
  async function refreshEncryption(): Promise<void> {
    const wasLockedOut = await formEncryption.lockedOut();
    await formEncryption.refresh();
    if (wasLockedOut && !(await formEncryption.lockedOut())) sendHeld();
  }

  let heldSent: Promise<unknown> = Promise.resolve();
  function sendHeld(): void {
    heldSent = Promise.all([
      queue.flush(true).catch((error) => log("upload failed", error)),
      openTabs.push(true).catch((error) => log("open tabs push failed", error)),
    ]);
  }

  async function credentials(): Promise<{ serverUrl: string; token: string } | null> {
    const auth = await connectedAuth();
    // A new connection downloads the library before anything goes up (decision 164).
    if (!auth || !(await library.ensureDownloaded())) return null;
    return { serverUrl: auth.serverUrl, token: auth.accessToken };
  }

  async function markDisconnected(message: string): Promise<void> {
    // The next connection may be another account's: its key must be unlocked afresh.
    await formEncryption.forget();
    const previous = await getConnection();
    const auth = await getAuth();
    await local.set({
      [KEYS.connection]: {
        state: "disconnected",
        email: auth?.email ?? previous?.email ?? null,
        planType: previous?.planType ?? null,
        automaticBackups: false,
        message,
      } satisfies StoredConnection,
    });
  }

  async function storeConnection(data: ExtensionConnection): Promise<void> {
    await local.set({
      [KEYS.connection]: { state: "connected", email: data.email, planType: data.planType, automaticBackups: data.automaticBackups, message: null } satisfies StoredConnection,
    });
  }

  async function refreshConnection(): Promise<void> {
    const auth = await getAuth();
    if (!auth) return;
    const answer = await callEndpoint(getExtensionConnection, {}, { serverUrl: auth.serverUrl, token: auth.accessToken, fetch: deps.fetch });
    if (answer.ok) {
      await storeConnection(answer.data);
      await refreshEncryption();
    } else if (answer.kind === "unauthorized") await markDisconnected("The server no longer accepts this browser's token.");
  }

  async function onGranted(grant: DeviceTokenGrant, serverUrl: string): Promise<void> {
    await local.set({
      [KEYS.auth]: { serverUrl, accessToken: grant.accessToken, deviceId: grant.deviceId, deviceName: grant.deviceName, email: grant.email } satisfies Auth,
      [KEYS.connection]: { state: "connected", email: grant.email, planType: null, automaticBackups: false, message: null } satisfies StoredConnection,
    });
    await refreshConnection();
    await refreshCaptureRules();
    // Download first: the library as it is, before this browser sends anything (decision 164).
    await library.sync();
    await automation.refresh().catch((error) => log("automation rules could not be read", error));
    await scheduleDaily();
    // Backups that waited while disconnected go up now.
    void queue.flush(true);
    void openTabs.push(true).catch((error) => log("open tabs push failed", error));
  }

  // ----- timers that outlive the worker: a timer while alive, an alarm after ---------------------

  async function scheduleAt(name: string, at: number | null, run: () => Promise<unknown>): Promise<void> {
    const timer = timers.get(name);
    if (timer !== undefined) clock.clearTimeout(timer);
    timers.delete(name);
    if (at === null) {
      await browser.alarms.clear(name);
      return;
    }
    await browser.alarms.create(name, { when: Math.max(at, clock.now() + 1_000) });
    timers.set(
      name,
      clock.setTimeout(
        () => {
          timers.delete(name);
          run().catch((error) => log(`${name} failed`, error));
        },
        Math.max(0, at - clock.now()),
      ),
    );
  }

  const library: LibrarySync = new LibrarySync({
    storage: local,
    clock,
    fetch: deps.fetch,
    auth: connectedAuth,
    onUnauthorized: (message) => markDisconnected(message || "The server no longer accepts this browser's token."),
  });

  const openTabs: OpenTabsSync = new OpenTabsSync({
    storage: local,
    clock,
    fetch: deps.fetch,
    auth: connectedAuth,
    planType: async () => (await getConnection())?.planType ?? null,
    latest: async () => latestCache ?? (await db.latestVersion()) ?? null,
    browserType: async () => (await getDevice()).browserType,
    libraryDownloaded: () => library.downloaded(),
    schedule: (at): Promise<void> => scheduleAt(ALARMS.openTabs, at, () => openTabs.push()),
    onUnauthorized: (message) => markDisconnected(message || "The server no longer accepts this browser's token."),
    // Read the plan again, so a browser whose plan dropped below Pro stops pushing at once.
    onPlanRefused: () => refreshConnection(),
    // Titles and addresses sealed when the account chose so (decision 199); nothing pushed while locked.
    prepare: (request) => formEncryption.sealOpenTabs(request),
    onPlainTabRefused: () => formEncryption.refresh().then(() => undefined),
    open: async (data) => {
      const opened = await openedForRestore(data);
      return typeof opened === "string" ? opened : opened.backup;
    },
  });

  // Workflow automation (decision 180): the account's rules, read at connect, each minute and when the popup opens.
  const automation: Automation = new Automation({
    storage: local,
    clock,
    fetch: deps.fetch,
    auth: connectedAuth,
    planType: async () => (await getConnection())?.planType ?? null,
    onUnauthorized: (message) => markDisconnected(message || "The server no longer accepts this browser's token."),
  });

  const queue: UploadQueue = new UploadQueue({
    get db() {
      return db;
    },
    clock,
    fetch: deps.fetch,
    credentials,
    onUnauthorized: (message) => markDisconnected(message || "The server no longer accepts this browser's token."),
    schedule: (at): Promise<void> => scheduleAt(ALARMS.upload, at, () => queue.flush()),
    // Sites never captured and a team's form capture switch hold for what waited in the queue too.
    prepare: async (request) => formEncryption.sealUpload(uploadUnderRules(request, await captureRules())),
    onPlainTabRefused: () => formEncryption.refresh().then(() => undefined),
  });

  const pairing: Pairing = new Pairing({
    storage: local,
    clock,
    fetch: deps.fetch,
    openTab: async (url) => {
      await browser.tabs.create({ url, active: true });
    },
    onGranted,
    schedule: (at): Promise<void> => scheduleAt(ALARMS.pairing, at, () => pairing.poll()),
  });

  // ----- snapshots ---------------------------------------------------------------------------------

  async function pageStates(): Promise<Map<number, PageState>> {
    const all = await session.get(null);
    const states = new Map<number, PageState>();
    for (const [key, value] of Object.entries(all)) {
      if (key.startsWith("page:")) states.set(Number(key.slice(5)), value as PageState);
    }
    return states;
  }

  async function captureOnce(): Promise<Snapshot | null> {
    const seq = removalSeq;
    const startedAt = clock.now();
    const { windows, groups } = await readBrowserState(browser);
    const states = await pageStates();
    const rules = await captureRules();
    // A removal during the read may or may not be in it: then it is dated after that removal.
    const capturedAt = seq === removalSeq ? startedAt : clock.now();
    const snapshot = buildSnapshot(deps.randomUUID(), capturedAt, windows, groups, states, {
      neverCaptured: neverCapturedSites(rules),
      keepFormData: formCapturePolicy(rules) !== "off",
    });
    const latest = latestCache ?? (await db.latestVersion());
    if (latest && latest.fingerprint === snapshot.fingerprint && latest.tabCount === snapshot.tabCount && capturedAt - latest.capturedAt < timings.versionRefreshMs) {
      return latest;
    }
    await db.addVersion(snapshot);
    latestCache = snapshot;
    void openTabs.changed().catch((error) => log("open tabs push failed", error));
    return snapshot;
  }

  /** Takes a running snapshot now (one at a time) and keeps it as a version if anything changed. */
  function capture(): Promise<Snapshot | null> {
    const run = capturing.then(captureOnce, captureOnce);
    capturing = run.catch((error) => {
      log("snapshot failed", error);
      return null;
    });
    return run;
  }

  function scheduleCapture(): void {
    if (captureTimer !== null) clock.clearTimeout(captureTimer);
    const now = clock.now();
    firstUncapturedChangeAt ??= now;
    const delay = Math.min(timings.captureDebounceMs, Math.max(0, firstUncapturedChangeAt + timings.captureMaxWaitMs - now));
    captureTimer = clock.setTimeout(() => {
      captureTimer = null;
      firstUncapturedChangeAt = null;
      void ready.then(capture).catch((error) => log("snapshot failed", error));
    }, delay);
  }

  // ----- emergencies -------------------------------------------------------------------------------

  function lostUploadable(record: EmergencyRecord): number {
    const lost = new Set(record.lostTabIds);
    return record.snapshot.windows.reduce((sum, window) => sum + window.tabs.filter((tab) => lost.has(tab.tabId)).length, 0);
  }

  async function notify(record: EmergencyRecord): Promise<void> {
    if (!browser.notifications) return;
    const count = lostUploadable(record);
    const chromium = (await getDevice()).platform === "chromium";
    await browser.notifications
      .create(`emergency:${record.id}`, {
        type: "basic",
        iconUrl: browser.runtime.getURL("/icons/128.png"),
        title: `Restore ${plural(count, "tab")}`,
        message: `${record.reason}. TabVault kept ${count === 1 ? "it" : "them"}: click to restore.`,
        ...(chromium ? { buttons: [{ title: `Restore ${plural(count, "tab")}` }], requireInteraction: true } : {}),
      })
      .catch((error) => log("notification failed", error));
  }

  async function raiseEmergency(trigger: EmergencyTrigger, afterRestart = false, lostOverride?: number[]): Promise<void> {
    const version = await db.versionBefore(trigger.since);
    if (!version) return;
    const existing = await db.getEmergency(version.id);
    const inSnapshot = new Set(version.windows.flatMap((window) => window.allTabIds));
    const closedWindows = new Set(trigger.closedWindowIds);
    const lost = new Set(existing?.lostTabIds ?? []);
    for (const id of lostOverride ?? trigger.removedTabIds) if (inSnapshot.has(id)) lost.add(id);
    for (const window of version.windows) if (closedWindows.has(window.windowId)) for (const id of window.allTabIds) lost.add(id);
    // A window closing says more than the burst of its tabs' removals that came first.
    const reason = trigger.reason && (!existing || trigger.closedWindowIds.length > 0) ? trigger.reason : (existing?.reason ?? trigger.reason);
    const record: EmergencyRecord = { id: version.id, createdAt: existing?.createdAt ?? clock.now(), reason, lostTabIds: [...lost], afterRestart, snapshot: version };
    if (lostUploadable(record) === 0) return;
    await db.putEmergency(record);
    forgetEmergencies();
    const key = `clear_all_detected:${version.id}`;
    const waiting = await db.getQueueEntry(key);
    if (waiting && waiting.attempts === 0 && waiting.state === "waiting") {
      await db.putQueueEntry({ ...waiting, request: { ...waiting.request, reason } });
    } else if (!waiting && !existing) {
      const dev = await getDevice();
      const auth = await getAuth();
      await queue.enqueue(
        key,
        "clear_all_detected",
        toUploadRequest(version, { snapshotId: deps.randomUUID(), trigger: "clear_all_detected", reason, deviceName: auth?.deviceName ?? dev.clientName, browserType: dev.browserType }),
        version.uploadableTabCount,
      );
    }
    await notify(record);
    // The close events still queued (a window's other tabs) finish before the upload.
    await scheduleAt(ALARMS.upload, clock.now() + timings.emergencySettleMs, () => eventChain.then(() => queue.flush()));
  }

  async function saveDetector(): Promise<void> {
    await session.set({ [KEYS.detector]: detector });
  }

  function handleTabRemoved(tabId: number, info: { windowId: number; isWindowClosing: boolean }): Promise<void> {
    removalSeq += 1;
    const at = clock.now();
    return serial(async () => {
      await ready;
      const step = onTabRemoved(detector, { tabId, windowId: info.windowId, at, isWindowClosing: info.isWindowClosing });
      detector = step.state;
      await saveDetector();
      await session.remove(`page:${tabId}`);
      if (step.trigger) await raiseEmergency(step.trigger);
    });
  }

  function handleWindowRemoved(windowId: number): Promise<void> {
    removalSeq += 1;
    const at = clock.now();
    return serial(async () => {
      await ready;
      const since = windowLossStart(detector, at);
      const before = await db.versionBefore(since);
      const held = before?.windows.find((window) => window.windowId === windowId)?.allTabIds.length ?? 0;
      const step = onWindowRemoved(detector, windowId, at, held);
      detector = step.state;
      await saveDetector();
      if (step.trigger) await raiseEmergency(step.trigger);
      if (before) await runWindowCloseRule(before, windowId, held);
    });
  }

  async function runStartupCheck(): Promise<void> {
    const check = (await local.get(KEYS.startupCheck))[KEYS.startupCheck] as StartupCheck | undefined;
    if (!check) return;
    const now = clock.now();
    const quietSince = now - check.lastTabCreatedAt;
    if (now - check.at < timings.startupMaxWaitMs && (now - check.at < timings.startupDelayMs || quietSince < timings.startupQuietMs)) {
      // The browser is still bringing tabs back.
      const at = Math.max(check.at + timings.startupDelayMs, check.lastTabCreatedAt + timings.startupQuietMs);
      await scheduleAt(ALARMS.startup, at, () => serial(runStartupCheck));
      return;
    }
    await local.remove(KEYS.startupCheck);
    await scheduleAt(ALARMS.startup, null, async () => undefined);
    const previous = await db.versionBefore(check.at);
    const { windows } = await readBrowserState(browser);
    const open = windows.filter((window) => !window.incognito).flatMap((window) => window.tabs ?? []);
    const loss = startupLoss(previous, open.length);
    const lost = previous ? lostByUrl(previous, open.map((tab) => tab.url || tab.pendingUrl || "")) : [];
    if (previous && loss) await raiseEmergency({ since: check.at, reason: loss.reason, removedTabIds: [], closedWindowIds: [] }, true, lost);
    // A start-up rule offers the last session in the popup, and in a notification unless an emergency's says it already.
    if (previous) await offerLastSession(previous, lost, loss === null);
  }

  // ----- workflow automation (decision 180) ----------------------------------------------------------

  /** Queues and sends a backup a rule made: named and tagged by the server from the rule, never superseded in the queue. */
  async function uploadForRule(ruleId: string, key: string, snapshot: Snapshot, reason: string): Promise<void> {
    const dev = await getDevice();
    const auth = await getAuth();
    await queue.enqueue(
      key,
      "auto_backup",
      {
        ...toUploadRequest(snapshot, { snapshotId: deps.randomUUID(), trigger: "auto_backup", reason, deviceName: auth?.deviceName ?? dev.clientName, browserType: dev.browserType }),
        automationRuleId: ruleId,
      },
      snapshot.uploadableTabCount,
    );
    // As an emergency's: the close events still queued finish before the upload.
    await scheduleAt(ALARMS.upload, clock.now() + timings.emergencySettleMs, () => eventChain.then(() => queue.flush()));
  }

  /** A window closed: the close rule it reaches backs that window up, as it was in the last snapshot before the close. */
  async function runWindowCloseRule(before: Snapshot, windowId: number, held: number): Promise<void> {
    const rule = await automation.windowCloseRule(held);
    const window = rule ? windowOf(before, windowId) : null;
    if (!rule || !window) return;
    await uploadForRule(rule.id, `automation:${rule.id}:${before.id}:${windowId}`, window, `A window with ${plural(held, "tab")} was closed (rule "${rule.backupName ?? ""}")`);
  }

  /** The daily rules whose time has come since they last ran here: every window, backed up once each. */
  async function runDailyRules(): Promise<void> {
    const due = await automation.dueDailyRules();
    if (due.length === 0) return;
    const snapshot = await capture();
    for (const rule of due) {
      // Marked first: a failure to read the tabs must not make the rule fire every minute of the day.
      await automation.markDailyRun(rule.id);
      if (!snapshot || snapshot.uploadableTabCount === 0) continue;
      await uploadForRule(rule.id, `automation:${rule.id}:${clock.now()}`, snapshot, `Every day at ${rule.time ?? ""} (rule "${rule.backupName ?? ""}")`);
    }
  }

  /** The alarm at the next daily rule's minute (the minute alarm catches up whatever it misses). */
  async function scheduleDaily(): Promise<void> {
    await scheduleAt(ALARMS.automationDaily, await automation.nextDailyAt(), () => serial(async () => {
      await runDailyRules();
      await scheduleDaily();
    }));
  }

  /** The minute's automation work: the rules read again, the daily rules due run, the next one's alarm set. */
  async function runAutomation(): Promise<void> {
    await automation.refreshIfStale();
    await serial(runDailyRules);
    await scheduleDaily();
  }

  /** At browser start with a start-up rule: a notification and the popup offer the last session's tabs not open now. */
  async function offerLastSession(previous: Snapshot, lost: number[], notifyToo: boolean): Promise<void> {
    await automation.clearOffer();
    const browserStarted = (await session.get(KEYS.browserStarted))[KEYS.browserStarted] === true;
    if (!browserStarted || !(await automation.startupRule())) return;
    const lostSet = new Set(lost);
    const count = previous.windows.reduce((sum, window) => sum + window.tabs.filter((tab) => lostSet.has(tab.tabId)).length, 0);
    if (count === 0) return;
    await automation.setOffer(previous, lost, count);
    if (!notifyToo) return;
    await browser.notifications
      ?.create("last-session", {
        type: "basic",
        iconUrl: browser.runtime.getURL("/icons/128.png"),
        title: "Restore last session",
        message: `Your last session had ${plural(count, "tab")} that are not open now. Click to restore them.`,
        ...((await getDevice()).platform === "chromium" ? { buttons: [{ title: "Restore last session" }] } : {}),
      })
      .catch((error) => log("notification failed", error));
  }

  async function automationStatus(): Promise<AutomationStatus> {
    const [active, listed, offer, plan] = await Promise.all([automation.activeRules(), automation.listed(), automation.offer(), connectedPlan()]);
    const running = active.length > 0 || (listed?.included === true && planHasFeature(plan, "workflowAutomation"));
    const tag = (value: string | null) => (value ? ` #${value}` : "");
    return {
      running,
      rules: active.map((rule) =>
        rule.kind === "window_close"
          ? `When a window of ${rule.minTabs ?? 0}+ tabs closes: “${rule.backupName ?? ""}”${tag(rule.tag)}`
          : rule.kind === "daily"
            ? `Every day at ${rule.time ?? ""}: “${rule.backupName ?? ""}”${tag(rule.tag)}`
            : "At browser start: offer the last session",
      ),
      message: running ? null : catalogueFeatureNeedsPlanMessage("workflowAutomation", plan),
      offer: offer ? { tabCount: offer.tabCount, offeredAt: offer.offeredAt } : null,
    };
  }

  async function restoreLastSession(): Promise<ActionAnswer> {
    await browser.notifications?.clear("last-session").catch(() => false);
    const offer = await automation.offer();
    if (!offer) return { ok: false, message: "No last session is waiting to be restored." };
    return startRestore("last session", async () => {
      const { windows } = await readBrowserState(browser);
      const candidates = { ...offer.snapshot, windows: offer.snapshot.windows.map((window) => ({ ...window, tabs: window.tabs.filter((tab) => offer.lostTabIds.includes(tab.tabId)) })) };
      // What came back by itself since the offer is not opened twice.
      const lost = lostByUrl(candidates, windows.flatMap((window) => window.tabs ?? []).map((tab) => tab.url || tab.pendingUrl || ""));
      const plan = planFromSnapshot(offer.snapshot, lost, new Set());
      if (plan.tabCount === 0) return "Every tab of your last session is open already.";
      const prepared = await smartIfIncluded(plan);
      return prepared.plan.tabCount > 0 ? prepared : "Every tab of your last session is open already.";
    }, () => automation.clearOffer());
  }

  // ----- restore -----------------------------------------------------------------------------------

  async function capabilities(): Promise<RestoreCapabilities> {
    const dev = await getDevice();
    return {
      windows: browser.windows !== undefined,
      tabGroups: browser.tabGroups !== undefined && browser.tabs.group !== undefined,
      discardedCreate: dev.platform !== "chromium",
      placeholder: dev.platform === "chromium",
      sessions: browser.sessions !== undefined,
    };
  }

  async function setProgress(progress: RestoreProgress): Promise<void> {
    await session.set({ [KEYS.restore]: progress });
  }

  async function rememberRefill(tabId: number, tab: RestoreTab): Promise<void> {
    await session.set({ [`refill:${tabId}`]: { url: tab.url, formData: tab.formData, scrollPosition: tab.scrollPosition } satisfies PageState });
  }

  /** A plan to run, and what the person is told besides the count ("3 already open, 2 duplicates skipped"). */
  interface PreparedRestore {
    plan: RestorePlan;
    notes: string[];
  }

  /** Starts a restore and answers at once; progress goes to storage.session for the popup. */
  async function startRestore(label: string, makePlan: (caps: RestoreCapabilities) => Promise<PreparedRestore | string>, onDone?: () => Promise<void>): Promise<ActionAnswer> {
    if (restoring) return { ok: false, message: "A restore is already running." };
    restoring = true;
    const id = deps.randomUUID();
    const caps = await capabilities();
    let prepared: PreparedRestore | string;
    try {
      prepared = await makePlan(caps);
    } catch (error) {
      prepared = error instanceof Error ? error.message : String(error);
    }
    if (typeof prepared === "string") {
      restoring = false;
      await setProgress({ id, label, done: 0, total: 0, state: "failed", message: prepared, startedAt: clock.now(), finishedAt: clock.now() });
      return { ok: false, message: prepared };
    }
    let plan = prepared.plan;
    const notes = prepared.notes.length > 0 ? ` (${prepared.notes.join("; ")})` : "";
    if (caps.sessions && browser.sessions) {
      const closed = await browser.sessions.getRecentlyClosed({ maxResults: 25 }).catch(() => []);
      plan = matchRecentlyClosed(plan, closed);
    }
    const total = plan.tabCount;
    const startedAt = clock.now();
    await setProgress({ id, label, done: 0, total, state: "running", message: null, startedAt, finishedAt: null });
    const run = executeRestore(plan, {
      browser,
      clock,
      capabilities: caps,
      batchSize: timings.restoreBatch,
      pauseMs: timings.restorePauseMs,
      rememberRefill,
      resolveTabId,
      onProgress: (done) => setProgress({ id, label, done, total, state: "running", message: null, startedAt, finishedAt: null }),
    })
      .then(async (result) => {
        const finishedAt = clock.now();
        await onDone?.();
        // What came back is protected at once, not after the restore's trailing tab events settle.
        await capture().catch(() => null);
        await setProgress({
          id,
          label,
          done: total,
          total,
          state: "done",
          message: `Restored ${plural(result.created + result.viaSessions, "tab")} in ${((finishedAt - startedAt) / 1000).toFixed(1)} s${result.failed > 0 ? `, ${result.failed} could not be opened` : ""}${notes}.`,
          startedAt,
          finishedAt,
        });
      })
      .catch((error) => setProgress({ id, label, done: 0, total, state: "failed", message: error instanceof Error ? error.message : String(error), startedAt, finishedAt: clock.now() }))
      .finally(() => {
        restoring = false;
        replacedTabIds.clear();
      });
    lastRestore = run;
    return { ok: true, message: `Restoring ${plural(total, "tab")}${notes}` };
  }
  let lastRestore: Promise<unknown> = Promise.resolve();

  /** The connected account's plan, as the server last said (Free until it has said). */
  async function connectedPlan(): Promise<PlanType> {
    const planType = (await getConnection())?.planType;
    return planTypes.find((type) => type === planType) ?? "free";
  }

  async function hasFeature(id: CatalogueFeatureId): Promise<boolean> {
    return planHasFeature(await connectedPlan(), id);
  }

  /**
   * Smart recovery (Pro and up): the pages open in this browser now, placeholders of an earlier restore included,
   * and the backup's own repeats are left out; the rest opens most recently used first. Below Pro, the plan as it is.
   */
  async function smartIfIncluded(plan: RestorePlan): Promise<PreparedRestore> {
    if (!(await hasFeature("smartRecovery"))) return { plan, notes: [] };
    const { windows } = await readBrowserState(browser);
    const placeholderPage = browser.runtime.getURL("/placeholder.html");
    const open = windows.flatMap((window) => window.tabs ?? []).map((tab) => openPageUrl(tab.url || tab.pendingUrl || "", placeholderPage));
    const smart = smartRecoveryPlan(plan, open);
    const skipped = skipsText(smart.skipped);
    return { plan: smart.plan, notes: ["most recently used first", ...(skipped ? [skipped] : [])] };
  }

  /** What became of the suggested groups: those with a tab left to open once smart recovery has left some out. */
  function groupsNote(plan: RestorePlan, caps: RestoreCapabilities): string {
    if (!caps.tabGroups) return "tab groups are not available in this browser: restored without groups";
    const names = new Set(plan.windows.flatMap((window) => window.tabs.flatMap((tab) => (tab.group === null ? [] : [window.groups[tab.group]?.title ?? ""]))));
    return names.size === 0 ? "no groups to suggest" : `in ${plural(names.size, "suggested group")}`;
  }

  /**
   * A backup or open-tabs list read from the server, opened for a restore: sealed titles and addresses (decision 199)
   * and form entries (decision 177) opened with this browser's key. Locked, a restore of sealed tabs is refused rather
   * than opened as blank tabs; unlocked, tabs sealed under a key it does not hold are left out and said.
   */
  async function openedForRestore<B extends Pick<BrowserBackup, "windows">>(backup: B): Promise<{ backup: B; notes: string[] } | string> {
    const opened = await formEncryption.openBackup(backup);
    if (opened.stillSealed === 0) return { backup: opened.backup, notes: [] };
    if (!opened.unlocked) return LOCKED_RESTORE_MESSAGE;
    return { backup: opened.backup, notes: [`${plural(opened.stillSealed, "encrypted tab")} this browser cannot open left out`] };
  }

  /**
   * A restore the server did not see (one started from the popup, or of an emergency backup kept on this device)
   * goes to the account's events, so the dashboard, analytics and team insights count it. The web app's restores
   * are recorded by the server itself. Best effort: a restore never waits for or fails on it.
   */
  async function recordRestore(description: string): Promise<void> {
    const auth = await getAuth();
    if (!auth) return;
    await callEndpoint(logProtectionEvent, { body: { eventType: "manual_restore", description } }, { serverUrl: auth.serverUrl, token: auth.accessToken, fetch: deps.fetch }).catch(
      () => undefined,
    );
  }

  async function restoreBackup(backupId: string, options: { suggestedGroups?: boolean; recordAsRestore?: boolean } = {}): Promise<ActionAnswer> {
    if (options.suggestedGroups && !(await hasFeature("tabOrganization"))) {
      return { ok: false, message: catalogueFeatureNeedsPlanMessage("tabOrganization", await connectedPlan()) };
    }
    let restoredName: string | null = null;
    return startRestore("backup", async (caps) => {
      const auth = await getAuth();
      if (!auth) return "Connect this browser to TabVault first.";
      const answer = await callEndpoint(getBrowserBackup, { params: { id: backupId } }, { serverUrl: auth.serverUrl, token: auth.accessToken, fetch: deps.fetch });
      if (!answer.ok) {
        if (answer.kind === "unauthorized") await markDisconnected(answer.message);
        return answer.kind === "network" ? "TabVault cannot be reached." : answer.message;
      }
      restoredName = answer.data.sessionName;
      const opened = await openedForRestore(answer.data);
      if (typeof opened === "string") return opened;
      let backup = opened.backup;
      if (options.suggestedGroups) backup = withSuggestedGroups(backup).backup;
      const plan = planFromBackup(backup);
      if (plan.tabCount === 0) return "This backup has no tabs to reopen.";
      const prepared = await smartIfIncluded(plan);
      if (prepared.plan.tabCount === 0) return `Every tab of this backup is open already (${prepared.notes.slice(1).join("; ")}).`;
      const notes = [...prepared.notes, ...opened.notes];
      return { plan: prepared.plan, notes: options.suggestedGroups ? [...notes, groupsNote(prepared.plan, caps)] : notes };
    }, options.recordAsRestore ? () => recordRestore(`Restored "${restoredName ?? "a backup"}" from the TabVault extension`) : undefined);
  }

  /**
   * A backup shared with the person's team (decision 190), read with this browser's token: it carries no form
   * entries, so nothing is refilled. Smart recovery (Pro and up, as the team's Premium is) leaves out what is open.
   */
  function restoreSharedBackup(sharedId: string): Promise<ActionAnswer> {
    return startRestore("shared backup", async () => {
      const auth = await getAuth();
      if (!auth) return "Connect this browser to TabVault first.";
      const answer = await callEndpoint(getTeamSharedSession, { params: { id: sharedId } }, { serverUrl: auth.serverUrl, token: auth.accessToken, fetch: deps.fetch });
      if (!answer.ok) {
        if (answer.kind === "unauthorized") await markDisconnected(answer.message);
        return answer.kind === "network" ? "TabVault cannot be reached." : answer.message;
      }
      const plan = planFromBackup(answer.data);
      if (plan.tabCount === 0) return "This shared backup has no tabs to reopen.";
      const prepared = await smartIfIncluded(plan);
      return prepared.plan.tabCount > 0 ? prepared : "Every tab of this shared backup is open here already.";
    });
  }

  /** Another browser's open tabs here; smart recovery (Pro, as the feature itself) leaves out what is open already. */
  function restoreOpenTabs(deviceId: string): Promise<ActionAnswer> {
    return startRestore("open tabs", async () => {
      const plan = await openTabs.restorePlan(deviceId);
      if (typeof plan === "string") return plan;
      const prepared = await smartIfIncluded(plan);
      return prepared.plan.tabCount > 0 ? prepared : "Every one of those tabs is open here already.";
    });
  }

  async function restoreEmergency(id: string): Promise<ActionAnswer> {
    await browser.notifications?.clear(`emergency:${id}`).catch(() => false);
    return startRestore("emergency", async () => {
      const record = await db.getEmergency(id);
      if (!record) return "This backup is no longer on this device.";
      const { windows } = await readBrowserState(browser);
      const openTabs = windows.flatMap((window) => window.tabs ?? []);
      let lost: number[];
      if (record.afterRestart) {
        lost = lostByUrl(record.snapshot, openTabs.map((tab) => tab.url || tab.pendingUrl || "")).filter((tabId) => record.lostTabIds.includes(tabId));
      } else {
        // Tabs reopened since (e.g. with Ctrl+Shift+T) are not opened twice.
        const known = new Set(record.snapshot.windows.flatMap((window) => window.allTabIds));
        const lostSet = new Set(record.lostTabIds);
        const candidates = { ...record.snapshot, windows: record.snapshot.windows.map((window) => ({ ...window, tabs: window.tabs.filter((tab) => lostSet.has(tab.tabId)) })) };
        lost = lostByUrl(candidates, openTabs.filter((tab: Tab) => tab.id === undefined || !known.has(tab.id)).map((tab) => tab.url || tab.pendingUrl || ""));
      }
      const openWindowIds = new Set(record.afterRestart ? [] : windows.flatMap((window) => (window.id === undefined ? [] : [window.id])));
      const plan = planFromSnapshot(record.snapshot, lost, openWindowIds);
      if (plan.tabCount === 0) return "Every tab of this backup is open again.";
      const prepared = await smartIfIncluded(plan);
      return prepared.plan.tabCount > 0 ? prepared : "Every tab of this backup is open again.";
    }, async () => {
      const record = await db.getEmergency(id);
      if (record) await db.putEmergency({ ...record, restoredAt: clock.now() });
      forgetEmergencies();
      await recordRestore("Restored an emergency backup kept on this device, from the TabVault extension");
    });
  }

  // ----- backups ---------------------------------------------------------------------------------------

  async function backUpNow(): Promise<ActionAnswer> {
    const snapshot = await capture();
    if (!snapshot) return { ok: false, message: "The tabs could not be read." };
    if (snapshot.uploadableTabCount === 0) return { ok: false, message: "No web page is open to back up." };
    const dev = await getDevice();
    const auth = await getAuth();
    await queue.enqueue(
      `manual_save:${deps.randomUUID()}`,
      "manual_save",
      toUploadRequest(snapshot, { snapshotId: deps.randomUUID(), trigger: "manual_save", deviceName: auth?.deviceName ?? dev.clientName, browserType: dev.browserType }),
      snapshot.uploadableTabCount,
    );
    const result = await queue.flush(true);
    if (result.stoppedBy === "done") return { ok: true, message: `Backed up ${plural(snapshot.uploadableTabCount, "tab")}.` };
    if (result.stoppedBy === "locked") {
      return { ok: true, message: `Saved on this device: it goes up encrypted once you unlock this browser in TabVault's options (${plural(result.waiting, "backup")} waiting).` };
    }
    if (result.stoppedBy === "not-connected" || result.stoppedBy === "disconnected") {
      return { ok: true, message: `Saved on this device: it goes up once this browser is connected (${plural(result.waiting, "backup")} waiting).` };
    }
    return { ok: true, message: `TabVault cannot be reached: the backup waits on this device and goes up when it can (${plural(result.waiting, "backup")} waiting).` };
  }

  async function autoBackup(): Promise<void> {
    const connection = await getConnection();
    if (!connection || connection.state !== "connected" || !connection.automaticBackups || !(await getAuth())) return;
    const snapshot = await capture();
    if (!snapshot || snapshot.uploadableTabCount === 0) return;
    const last = (await local.get(KEYS.lastAutoFingerprint))[KEYS.lastAutoFingerprint];
    if (last === snapshot.fingerprint) return;
    const dev = await getDevice();
    const auth = await getAuth();
    await queue.enqueue(
      `auto_backup:${snapshot.id}`,
      "auto_backup",
      toUploadRequest(snapshot, { snapshotId: deps.randomUUID(), trigger: "auto_backup", deviceName: auth?.deviceName ?? dev.clientName, browserType: dev.browserType }),
      snapshot.uploadableTabCount,
    );
    await local.set({ [KEYS.lastAutoFingerprint]: snapshot.fingerprint });
    await queue.flush();
  }

  async function fetchBackupList(): Promise<BackupListAnswer> {
    const answer = await library.sync();
    if (answer.ok) return { ok: true, backups: answer.library.backups };
    // Offline, the last download still lists the library (deletions arrive with the next sync).
    const cached = answer.kind === "network" ? await library.cached() : null;
    if (cached) return { ok: true, backups: cached.backups, notice: "TabVault cannot be reached: the list as it was at the last sync." };
    return { ok: false, message: answer.kind === "network" ? "TabVault cannot be reached." : answer.message };
  }

  // ----- content scripts -----------------------------------------------------------------------------

  async function syncContentScripts(): Promise<void> {
    const scripting = browser.scripting;
    if (!scripting) return;
    const { serverUrl } = await getServer();
    const registered = await scripting.getRegisteredContentScripts().catch(() => []);
    const bridge = registered.find((script) => script.id === BRIDGE_SCRIPT.id);
    const pattern = originPattern(serverUrl);
    if (!bridge || bridge.matches?.join() !== pattern) {
      if (bridge) await scripting.unregisterContentScripts({ ids: [BRIDGE_SCRIPT.id] });
      await scripting.registerContentScripts([{ id: BRIDGE_SCRIPT.id, js: [...BRIDGE_SCRIPT.js], matches: [pattern], runAt: "document_start", persistAcrossSessions: true }]);
    }
    // A team's policy decides over the person's own switch (decision 187); the access to every site stays theirs to give.
    const policy = formCapturePolicy(await captureRules());
    const switchedOn = policy === null ? (await local.get(KEYS.formCapture))[KEYS.formCapture] === true : policy === "on";
    const wanted = switchedOn && (await browser.permissions.contains({ origins: [ALL_SITES] }));
    const form = registered.find((script) => script.id === FORM_CAPTURE_SCRIPT.id);
    if (wanted && !form) {
      await scripting.registerContentScripts([
        { id: FORM_CAPTURE_SCRIPT.id, js: [...FORM_CAPTURE_SCRIPT.js], matches: ["http://*/*", "https://*/*"], runAt: "document_idle", persistAcrossSessions: true },
      ]);
    } else if (!wanted && form) {
      await scripting.unregisterContentScripts({ ids: [FORM_CAPTURE_SCRIPT.id] });
    }
  }

  async function fromServerPage(sender: MessageSender): Promise<boolean> {
    const url = sender.origin ?? sender.url;
    if (!url || !URL.canParse(url)) return false;
    return new URL(url).origin === (await getServer()).serverUrl;
  }

  // ----- status ----------------------------------------------------------------------------------------

  function connectionState(auth: Auth | null, connection: StoredConnection | null): Status["connection"]["state"] {
    return auth ? (connection?.state ?? "connected") : connection?.state === "disconnected" ? "disconnected" : "not-connected";
  }

  /** What the blocker page shows of this extension, asked every few seconds while it is open: cached figures only. */
  async function liveState(): Promise<ExtensionLiveState> {
    const [auth, connection, latest] = await Promise.all([getAuth(), getConnection(), latestCache === undefined ? db.latestVersion().then((version) => (latestCache = version ?? null)) : latestCache]);
    let totals = emergencyTotals;
    if (!totals) {
      const records = await db.emergencies();
      totals = { count: records.length, tabs: records.reduce((sum, record) => sum + lostUploadable(record), 0) };
      emergencyTotals = totals;
    }
    return {
      version: browser.runtime.getManifest().version,
      connection: connectionState(auth, connection),
      email: auth?.email ?? connection?.email ?? null,
      emergencyBackups: totals.count,
      tabsSaved: totals.tabs,
      watchedTabs: latest?.uploadableTabCount ?? 0,
      lastSnapshotAt: latest?.capturedAt ?? null,
    };
  }

  async function status(): Promise<Status> {
    const [address, dev, auth, connection, pending, outcome, entries, latest, emergencies] = await Promise.all([
      getServer(),
      getDevice(),
      getAuth(),
      getConnection(),
      pairing.pending(),
      pairing.outcome(),
      queue.entries(),
      latestCache === undefined ? db.latestVersion().then((version) => (latestCache = version ?? null)) : latestCache,
      emergencyCache ??
        db.emergencies().then(
          (records) =>
            (emergencyCache = records
              .filter((record) => record.restoredAt === undefined)
              .map((record) => ({ id: record.id, reason: record.reason, createdAt: record.createdAt, lostCount: lostUploadable(record) }))),
        ),
    ]);
    const waiting = entries.filter((entry) => entry.state === "waiting");
    const restore = ((await session.get(KEYS.restore))[KEYS.restore] as RestoreProgress | undefined) ?? null;
    const rules = await captureRules();
    const policy = formCapturePolicy(rules);
    const formCapture = policy === null ? (await local.get(KEYS.formCapture))[KEYS.formCapture] === true : policy === "on";
    return {
      version: browser.runtime.getManifest().version,
      serverUrl: address.serverUrl,
      serverSource: address.source,
      device: dev.clientName,
      reducedMode: dev.reducedMode,
      connection: {
        state: connectionState(auth, connection),
        email: auth?.email ?? connection?.email ?? null,
        planType: connection?.planType ?? null,
        automaticBackups: connection?.automaticBackups ?? false,
        message: connection?.message ?? null,
      },
      pairing: pending ? { userCode: pending.userCode, verificationUrl: pending.verificationUrl, expiresAt: pending.expiresAt } : null,
      pairingOutcome: outcome ? { result: outcome.result, message: outcome.message } : null,
      queue: {
        waiting: waiting.length,
        refused: entries.length - waiting.length,
        nextAttemptAt: waiting.length > 0 ? Math.min(...waiting.map((entry) => entry.nextAttemptAt)) : null,
        lastError: waiting.find((entry) => entry.lastError)?.lastError ?? null,
        entries: entries.map((entry) => ({
          trigger: entry.trigger,
          tabCount: entry.tabCount,
          createdAt: entry.createdAt,
          attempts: entry.attempts,
          state: entry.state,
          lastError: entry.lastError,
        })),
      },
      lastSnapshot: latest
        ? { capturedAt: latest.capturedAt, tabCount: latest.tabCount, uploadableTabCount: latest.uploadableTabCount, windowCount: latest.windows.length }
        : null,
      restore,
      emergencies,
      formCapture,
      formCaptureAllowed: await browser.permissions.contains({ origins: [ALL_SITES] }).catch(() => false),
      automaticBackupMinutes: automaticBackupMinutes(rules),
      ownNeverCapturedSites: rules.ownSites,
      team: rules.team,
      backupsLocked: await formEncryption.lockedOut(),
    };
  }

  // ----- messages --------------------------------------------------------------------------------------

  async function handle(request: Request, sender: MessageSender): Promise<unknown> {
    await ready;
    switch (request.kind) {
      case "status":
        return status();
      case "encryption-status":
        // Asked afresh: the person may have just turned encryption on at the website.
        await refreshEncryption();
        return formEncryption.status();
      case "encryption-unlock": {
        const answer = await formEncryption.unlock(request.passphrase);
        // What waited for the passphrase goes up now, sealed.
        if (answer.ok) sendHeld();
        return answer;
      }
      case "encryption-lock":
        await formEncryption.lock();
        return {
          ok: true,
          message: (await formEncryption.lockedOut())
            ? "Locked: backups wait on this device until you unlock again."
            : "Locked: form entries are left out of backups until you unlock again.",
        };
      case "connect": {
        const dev = await getDevice();
        const started = await pairing.start((await getServer()).serverUrl, dev.clientName, dev.platform);
        return started.ok ? { ok: true, message: `Confirm the code ${started.pending.userCode} in the tab that opened.` } : started;
      }
      case "cancel-connect":
        await pairing.cancel();
        return { ok: true, message: "Connection cancelled." };
      case "disconnect":
        await local.remove([KEYS.auth, KEYS.connection, KEYS.captureRules]);
        await library.clear();
        await openTabs.clear();
        await automation.clear();
        return { ok: true, message: "Disconnected. Backups stay on this device until you connect again." };
      case "back-up-now":
        return backUpNow();
      case "retry-uploads": {
        const result = await queue.flush(true);
        return { ok: true, message: result.waiting === 0 ? "Every backup is on the server." : `${plural(result.waiting, "backup")} still waiting.` };
      }
      case "list-backups":
        return fetchBackupList();
      case "restore-backup":
        return restoreBackup(request.backupId, { suggestedGroups: request.suggestedGroups, recordAsRestore: true });
      case "restore-emergency":
        return restoreEmergency(request.id);
      case "settings-changed":
        server = null;
        await syncContentScripts();
        await refreshConnection();
        await refreshCaptureRules();
        return { ok: true, message: "Saved." };
      case "web-ping":
        // The device id lets the web app leave this browser out of "Open on other devices".
        return (await fromServerPage(sender)) ? { version: browser.runtime.getManifest().version, deviceId: (await connectedAuth())?.deviceId ?? null } : null;
      case "web-status":
        return (await fromServerPage(sender)) ? liveState() : null;
      case "web-restore":
        if (!(await fromServerPage(sender))) return { ok: false, message: "Not the TabVault this browser is connected to." };
        if (!(await getAuth())) return { ok: false, message: "This browser is not connected to TabVault." };
        return restoreBackup(request.backupId, { suggestedGroups: request.suggestedGroups });
      case "automation": {
        // The popup opened: the rules are read again, so a rule made a moment ago shows (and runs) now.
        await automation.refresh().catch(() => "failed");
        await scheduleDaily();
        return automationStatus();
      }
      case "restore-last-session":
        return restoreLastSession();
      case "dismiss-last-session":
        await automation.clearOffer();
        await browser.notifications?.clear("last-session").catch(() => false);
        return { ok: true, message: "The last session will not be offered again." };
      case "list-open-tabs":
        return openTabs.others();
      case "restore-open-tabs":
        return restoreOpenTabs(request.deviceId);
      case "web-restore-open-tabs":
        if (!(await fromServerPage(sender))) return { ok: false, message: "Not the TabVault this browser is connected to." };
        if (!(await getAuth())) return { ok: false, message: "This browser is not connected to TabVault." };
        return restoreOpenTabs(request.deviceId);
      case "web-restore-shared":
        if (!(await fromServerPage(sender))) return { ok: false, message: "Not the TabVault this browser is connected to." };
        if (!(await getAuth())) return { ok: false, message: "This browser is not connected to TabVault." };
        return restoreSharedBackup(request.sharedId);
      case "page-state": {
        const tabId = sender.tab?.id;
        if (tabId === undefined || sender.tab?.incognito) return null;
        await session.set({ [`page:${tabId}`]: { url: request.url, formData: request.formData, scrollPosition: request.scrollPosition } satisfies PageState });
        scheduleCapture();
        return null;
      }
      case "placeholder-ready": {
        // A placeholder that has drawn its title and icon is unloaded: a thousand restored tabs would
        // otherwise keep a thousand documents in the extension's one renderer process.
        const tab = sender.tab;
        if (tab?.id === undefined || tab.active || !browser.tabs.discard) return null;
        const discarded = await browser.tabs.discard(tab.id).catch(() => undefined);
        if (discarded?.id !== undefined && discarded.id !== tab.id) replacedTabIds.set(tab.id, discarded.id);
        return null;
      }
      case "page-refill": {
        const tabId = sender.tab?.id;
        if (tabId === undefined) return null;
        const key = `refill:${tabId}`;
        const refill = (await session.get(key))[key] as PageState | undefined;
        if (!refill || refill.url.split("#")[0] !== request.url.split("#")[0]) return null;
        await session.remove(key);
        return refill;
      }
    }
  }

  // ----- wiring: synchronous, before the first await ---------------------------------------------------

  const changed = () => scheduleCapture();
  browser.tabs.onCreated.addListener(() => {
    changed();
    void local.get(KEYS.startupCheck).then(async (stored) => {
      const check = stored[KEYS.startupCheck] as StartupCheck | undefined;
      if (check) await local.set({ [KEYS.startupCheck]: { ...check, lastTabCreatedAt: clock.now() } });
    });
  });
  browser.tabs.onUpdated.addListener((_tabId, change) => {
    // Loading states and audio changes do not change what a backup holds.
    if ("url" in change || "title" in change || "pinned" in change || "groupId" in change || "favIconUrl" in change || change.status === "complete") changed();
  });
  browser.tabs.onMoved.addListener(changed);
  browser.tabs.onAttached.addListener(changed);
  browser.tabs.onDetached.addListener(changed);
  browser.tabs.onActivated.addListener(changed);
  browser.tabs.onReplaced?.addListener((added, removed) => {
    replacedTabIds.set(removed, added);
    changed();
  });
  browser.tabs.onRemoved.addListener((tabId, info) => {
    changed();
    void handleTabRemoved(tabId, info);
  });
  browser.windows?.onCreated.addListener(changed);
  browser.windows?.onFocusChanged.addListener(changed);
  browser.windows?.onBoundsChanged?.addListener(changed);
  browser.windows?.onRemoved.addListener((windowId) => {
    changed();
    void handleWindowRemoved(windowId);
  });
  browser.tabGroups?.onCreated.addListener(changed);
  browser.tabGroups?.onUpdated.addListener(changed);
  browser.tabGroups?.onRemoved.addListener(changed);
  browser.tabGroups?.onMoved?.addListener(changed);

  browser.alarms.onAlarm.addListener((alarm) => {
    void ready
      .then(async () => {
        switch (alarm.name) {
          case ALARMS.snapshot:
            await capture();
            // Rules first: the push below may wait on the network, and a rule switched off must stop within the minute.
            await runAutomation();
            // The minute alarm retries a push that failed or never ran (the worker stopped first).
            await openTabs.push();
            break;
          case ALARMS.automationDaily:
            await serial(runDailyRules);
            await scheduleDaily();
            break;
          case ALARMS.openTabs:
            await openTabs.push();
            break;
          case ALARMS.library: {
            const first = !(await library.downloaded());
            // Deletions made on the web or by another browser leave this list here.
            if ((await library.sync()).ok && first) {
              await queue.flush();
              await openTabs.push();
            }
            break;
          }
          case ALARMS.autoBackup:
            await autoBackup();
            break;
          case ALARMS.upload:
            await queue.flush();
            break;
          case ALARMS.pairing:
            await pairing.poll();
            break;
          case ALARMS.connection:
            await refreshConnection();
            break;
          case ALARMS.settings:
            await refreshCaptureRules();
            break;
          case ALARMS.startup:
            await serial(runStartupCheck);
            break;
        }
      })
      .catch((error) => log(`alarm ${alarm.name} failed`, error));
  });

  browser.notifications?.onClicked.addListener((id) => {
    if (id.startsWith("emergency:")) void ready.then(() => restoreEmergency(id.slice("emergency:".length)));
    if (id === "last-session") void ready.then(restoreLastSession);
  });
  browser.notifications?.onButtonClicked?.addListener((id) => {
    if (id.startsWith("emergency:")) void ready.then(() => restoreEmergency(id.slice("emergency:".length)));
    if (id === "last-session") void ready.then(restoreLastSession);
  });
  // The browser itself started (not an install or an update): a start-up rule may offer the last session.
  browser.runtime.onStartup.addListener(() => {
    void session.set({ [KEYS.browserStarted]: true });
  });

  browser.runtime.onMessage.addListener((message, sender, sendResponse) => {
    if (!message || typeof message !== "object" || !("kind" in message)) return false;
    handle(message as Request, sender)
      .then(sendResponse)
      .catch((error) => {
        log("message failed", error);
        sendResponse({ ok: false, message: error instanceof Error ? error.message : String(error) });
      });
    // Keeps the channel open for the asynchronous answer (both browsers).
    return true;
  });

  async function ensureAlarm(name: string, periodInMinutes: number): Promise<void> {
    // Re-created only when missing: every wake re-creating it would push a 5-minute alarm away for ever.
    if (!(await browser.alarms.get(name))) await browser.alarms.create(name, { periodInMinutes, delayInMinutes: periodInMinutes });
  }

  /** The automatic backup alarm on the team's interval, or the product's; re-created only when its period changes. */
  async function ensureAutoBackupAlarm(rules: CaptureRules): Promise<void> {
    const minutes = automaticBackupMinutes(rules);
    const existing = await browser.alarms.get(ALARMS.autoBackup);
    if (existing?.periodInMinutes === minutes) return;
    await browser.alarms.create(ALARMS.autoBackup, { periodInMinutes: minutes, delayInMinutes: minutes });
  }

  async function init(): Promise<void> {
    db = await deps.openDb();
    const stored = (await session.get(KEYS.detector))[KEYS.detector] as DetectorState | undefined;
    if (stored) detector = stored;
    const sessionStarted = (await session.get(KEYS.sessionStarted))[KEYS.sessionStarted];
    if (sessionStarted === undefined && browser.storage.session) {
      // A new browser session (or the extension was just installed or updated): compare what came back.
      await session.set({ [KEYS.sessionStarted]: initAt });
      await local.set({ [KEYS.startupCheck]: { at: initAt, lastTabCreatedAt: initAt } satisfies StartupCheck });
    }
    await ensureAlarm(ALARMS.snapshot, 1);
    await ensureAutoBackupAlarm(await captureRules());
    await ensureAlarm(ALARMS.settings, EXTENSION_SETTINGS_REFRESH_MINUTES);
    await ensureAlarm(ALARMS.connection, 60);
    await ensureAlarm(ALARMS.library, LIBRARY_SYNC_MINUTES);
  }

  const ready = init();
  // After init: work that may fail (a server down) without making the worker unusable.
  void ready
    .then(async () => {
      scheduleCapture();
      await serial(runStartupCheck);
      await pairing.resume();
      await refreshConnection();
      await refreshCaptureRules().catch((error) => log("settings could not be read", error));
      await syncContentScripts().catch((error) => log("content scripts could not be registered", error));
      await queue.flush();
      await runAutomation();
    })
    .catch((error) => log("start-up failed", error));

  return {
    ready,
    handle,
    capture,
    queue,
    pairing,
    status,
    /** Waits for pending event handling (tests). */
    settled: async () => {
      await eventChain;
      await capturing;
      await lastRestore;
      await heldSent;
    },
    dispose: () => {
      if (captureTimer !== null) clock.clearTimeout(captureTimer);
      for (const timer of timers.values()) clock.clearTimeout(timer);
    },
  };
}

export type Background = ReturnType<typeof createBackground>;
