import { EXTENSION_SETTINGS_REFRESH_MINUTES } from "@common/product";
import type { MessageSender } from "../browser-api";
import { indexedDbKeyStore } from "../key-store";
import { FormEncryption } from "../form-encryption";
import { LibrarySync } from "../library-sync";
import type { Answer, Kind, RequestOf } from "../messages";
import { OpenTabsSync } from "../open-tabs-sync";
import { Pairing } from "../pairing";
import { Capture } from "./capture";
import { Connection } from "./connection";
import { ContentScripts } from "./content-scripts";
import { createContext, type BackgroundDeps } from "./context";
import { Emergencies } from "./emergencies";
import { wireBrowserEvents } from "./events";
import { answer, messageHandlers } from "./handlers";
import { Placeholders } from "./placeholders";
import { Restores } from "./restores";
import { ALARMS, Scheduler } from "./scheduler";
import { Settings } from "./settings";
import { StatusReport } from "./status";
import { SyncedDevices } from "./synced-devices";
import { Uploads } from "./uploads";
import { Workflows } from "./workflows";

export { ALARMS } from "./scheduler";
export type { BackgroundDeps } from "./context";

/** How often the extension downloads the library again: a deletion elsewhere leaves its list within this. */
export const LIBRARY_SYNC_MINUTES = 5;

/**
 * The extension's background: running snapshots, emergency backups, the upload queue, pairing and restore, wired to
 * the browser's events. This composition root only builds the rooms and wires them; the listeners are added
 * synchronously (a Manifest V3 worker woken by an event must have them at once), and the state lives in IndexedDB and
 * storage, so the worker may be stopped between any two events.
 */
export function createBackground(deps: BackgroundDeps) {
  const { ctx, start } = createContext(deps);
  const { browser, clock, local, log } = ctx;
  const initAt = clock.now();

  const scheduler = new Scheduler(ctx);
  const connection: Connection = new Connection({
    ctx,
    packagedConfig: deps.packagedConfig,
    deviceFacts: deps.deviceFacts,
    forgetKey: () => formEncryption.forget(),
    refreshed: async () => {
      await refreshEncryption();
      // The plan may have changed: a backup it refused is sent again (decision 206).
      await uploads.recheckRefused().catch((error) => log("refused backups could not be checked", error));
    },
    granted: async () => {
      await settings.refresh();
      // Download first: the library as it is, before this browser sends anything (decision 164).
      await library.sync();
      await workflows.refresh((error) => log("automation rules could not be read", error));
      // Backups that waited while disconnected go up now.
      void uploads.queue.flush(true);
      void openTabs.push(true).catch((error) => log("open tabs push failed", error));
    },
  });
  // End-to-end encryption of form entries (decision 177): sealed just before an upload, opened for a refill.
  const formEncryption = new FormEncryption({
    storage: local,
    // The unlocked key lives in this extension's IndexedDB, never in storage a content script can read (decision 220).
    keys: deps.keys ?? indexedDbKeyStore(),
    fetch: ctx.fetch,
    now: () => clock.now(),
    // The last round's sealed values, given again to unchanged tabs (decision 232); out of the content scripts' reach.
    sealMemo: browser.storage.session ?? null,
    credentials: async () => {
      const auth = await connection.connectedAuth();
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
    if (wasLockedOut && !(await formEncryption.lockedOut())) uploads.sendHeld();
  }
  const settings: Settings = new Settings({
    ctx,
    connection,
    scheduler,
    changed: async () => {
      await contentScripts.sync().catch((error) => log("content scripts could not be registered", error));
      // The newest snapshot obeys the rules at once: open tabs pushed from it and the next backup leave the sites out.
      await capture.capture();
    },
  });
  const contentScripts = new ContentScripts({ ctx, connection, settings });
  const library = new LibrarySync({ storage: local, clock, fetch: ctx.fetch, auth: connection.connectedAuth, onUnauthorized: connection.onUnauthorized });
  const capture: Capture = new Capture({
    ctx,
    rules: settings.rules,
    stored: () => void openTabs.changed().catch((error) => log("open tabs push failed", error)),
  });
  const uploads: Uploads = new Uploads({ ctx, connection, scheduler, settings, library, formEncryption, capture, openTabs: () => openTabs });
  const workflows: Workflows = new Workflows({ ctx, connection, scheduler, capture, uploads });
  const emergencies: Emergencies = new Emergencies({
    ctx,
    connection,
    scheduler,
    capture,
    uploads,
    windowClosed: workflows.windowClosed,
    previousRun: workflows.offerLastRun,
  });
  const syncedDevices = new SyncedDevices({ ctx, connection, uploads, kept: () => emergencies.forget() });
  const placeholders: Placeholders = new Placeholders({
    browser,
    clock,
    log,
    replaced: (removed, added) => restores.tabReplaced(removed, added),
    loadingAtOnce: ctx.timings.placeholdersLoading,
    unloadingAtOnce: ctx.timings.placeholdersUnloading,
  });
  const restores: Restores = new Restores({ ctx, connection, capture, emergencies, workflows, formEncryption, openTabs: () => openTabs, roomToLoad: () => placeholders.roomToLoad() });
  const openTabs: OpenTabsSync = new OpenTabsSync({
    storage: local,
    clock,
    fetch: ctx.fetch,
    auth: connection.connectedAuth,
    planType: connection.planType,
    latest: () => capture.latestForPush(),
    browserType: async () => (await connection.thisDevice()).browserType,
    libraryDownloaded: () => library.downloaded(),
    schedule: (at): Promise<void> => scheduler.at(ALARMS.openTabs, at, () => openTabs.push()),
    onUnauthorized: connection.onUnauthorized,
    // Read the plan again, so a browser whose plan dropped below Pro stops pushing at once.
    onPlanRefused: () => connection.refresh(),
    // Titles and addresses sealed when the account chose so (decision 199); nothing pushed while locked.
    prepare: (request) => formEncryption.sealOpenTabs(request),
    onPlainTabRefused: () => formEncryption.refresh().then(() => undefined),
    open: async (data) => {
      const opened = await restores.opened(data);
      return typeof opened === "string" ? opened : opened.backup;
    },
  });
  const pairing: Pairing = new Pairing({
    storage: local,
    clock,
    fetch: ctx.fetch,
    openTab: async (url) => {
      await browser.tabs.create({ url, active: true });
    },
    onGranted: connection.onGranted,
    schedule: (at): Promise<void> => scheduler.at(ALARMS.pairing, at, () => pairing.poll()),
  });
  const report = new StatusReport({ ctx, connection, settings, capture, emergencies, uploads, pairing, formEncryption, syncedDevices });
  const handlers = messageHandlers({
    ctx,
    connection,
    settings,
    capture,
    uploads,
    pairing,
    library,
    openTabs,
    workflows,
    restores,
    contentScripts,
    report,
    formEncryption,
    refreshEncryption,
  });

  async function handle<K extends Kind>(request: RequestOf<K>, sender: MessageSender): Promise<Answer<K>> {
    await ctx.ready;
    return answer(handlers, request, sender);
  }

  scheduler.route({
    [ALARMS.snapshot]: async () => {
      await capture.capture();
      // Rules first: the push below may wait on the network, and a rule switched off must stop within the minute.
      await workflows.minute();
      // The minute alarm retries a push that failed or never ran (the worker stopped first); before the synced
      // devices' read, which waits on the browser's sync and must not hold this browser's own push back.
      await openTabs.push();
      // Other devices' tabs through the browser's sync: Chrome sends no event for their changes (decision 219).
      await syncedDevices.read();
    },
    [ALARMS.automationDaily]: workflows.daily,
    [ALARMS.openTabs]: () => openTabs.push(),
    [ALARMS.library]: async () => {
      const first = !(await library.downloaded());
      // Deletions made on the web or by another browser leave this list here.
      if ((await library.sync()).ok && first) {
        await uploads.queue.flush();
        await openTabs.push();
      }
    },
    [ALARMS.autoBackup]: async () => {
      await uploads.autoBackup();
      await syncedDevices.uploadChanged();
    },
    [ALARMS.upload]: () => uploads.queue.flush(),
    [ALARMS.pairing]: () => pairing.poll(),
    [ALARMS.connection]: connection.refresh,
    [ALARMS.settings]: settings.refresh,
    [ALARMS.startup]: () => ctx.serial(emergencies.runStartupCheck),
  });
  wireBrowserEvents({ ctx, capture, emergencies, restores, placeholders, scheduler, syncedDevices, handle });

  start(async (setDb) => {
    setDb(await deps.openDb());
    await emergencies.load();
    const runStarted = await ctx.items.runStarted.get();
    if (runStarted === undefined && browser.storage.session) {
      // A new browser run (or the extension was just installed or updated): compare what came back.
      await ctx.items.runStarted.set(initAt);
      await emergencies.beginStartupCheck(initAt);
    }
    await scheduler.ensure(ALARMS.snapshot, 1);
    await scheduler.ensureAutoBackup(await settings.rules());
    await scheduler.ensure(ALARMS.settings, EXTENSION_SETTINGS_REFRESH_MINUTES);
    await scheduler.ensure(ALARMS.connection, 60);
    await scheduler.ensure(ALARMS.library, LIBRARY_SYNC_MINUTES);
  });
  // After the start-up: work that may fail (a server down) without making the worker unusable.
  void ctx.ready
    .then(async () => {
      capture.schedule();
      await ctx.serial(emergencies.runStartupCheck);
      await pairing.resume();
      await connection.refresh();
      await settings.refresh().catch((error) => log("settings could not be read", error));
      await contentScripts.sync().catch((error) => log("content scripts could not be registered", error));
      await uploads.queue.flush();
      await workflows.minute();
      await syncedDevices.read();
    })
    .catch((error) => log("start-up failed", error));

  return {
    ready: ctx.ready,
    handle,
    capture: capture.capture,
    queue: uploads.queue,
    syncedDevices,
    pairing,
    status: report.status,
    /** Waits for pending event handling (tests). */
    settled: async () => {
      await ctx.eventsDone();
      await capture.settled();
      await restores.settled();
      await uploads.settled();
    },
    dispose: () => {
      capture.dispose();
      scheduler.dispose();
    },
  };
}

export type Background = ReturnType<typeof createBackground>;
