import type { EmergencyRecord } from "../db";
import { emptyDetector, lostByUrl, onTabRemoved, onWindowRemoved, startupLoss, windowLossStart, type DetectorState, type EmergencyTrigger } from "../emergency";
import type { Status } from "../messages";
import { readBrowserState, type Snapshot } from "../snapshot";
import type { Capture } from "./capture";
import type { Connection } from "./connection";
import { plural, type BackgroundContext } from "./context";
import { ALARMS, type Scheduler } from "./scheduler";
import type { Uploads } from "./uploads";

export interface EmergenciesDeps {
  ctx: BackgroundContext;
  connection: Connection;
  scheduler: Scheduler;
  capture: Capture;
  uploads: Uploads;
  /** A window closed; `before` is the last snapshot before the close, `held` the tabs it had there. */
  windowClosed(before: Snapshot, windowId: number, held: number): Promise<void>;
  /** The start-up check found the previous run; `lost` its tabs not back, `notify` unless an emergency said so. */
  previousRun(previous: Snapshot, lost: number[], notify: boolean): Promise<void>;
}

/** The tabs of an emergency that a restore would reopen (web pages of the lost tabs). */
export function lostUploadable(record: EmergencyRecord): number {
  const lost = new Set(record.lostTabIds);
  return record.snapshot.windows.reduce((sum, window) => sum + window.tabs.filter((tab) => lost.has(tab.tabId)).length, 0);
}

/** Emergency backups: a close-all, a closed window or a loss at start-up caught, kept, queued and notified. */
export class Emergencies {
  private detector: DetectorState = emptyDetector();
  /** What the popup's status shows of the emergencies (asked every 2 s). */
  private listCache: Status["emergencies"] | undefined;
  /** Every emergency kept on this device and the tabs they saved, restored or not: the blocker page's figures. */
  private totalsCache: { count: number; tabs: number } | undefined;

  constructor(private readonly deps: EmergenciesDeps) {}

  /** Reads the detector the worker left before it stopped. */
  async load(): Promise<void> {
    const stored = await this.deps.ctx.items.detector.get();
    if (stored) this.detector = stored;
  }

  /** The records changed: the cached figures are read again. */
  forget(): void {
    this.listCache = undefined;
    this.totalsCache = undefined;
  }

  async list(): Promise<Status["emergencies"]> {
    this.listCache ??= (await this.deps.ctx.db().emergencies())
      .filter((record) => record.restoredAt === undefined)
      .map((record) => ({ id: record.id, reason: record.reason, createdAt: record.createdAt, lostCount: lostUploadable(record) }));
    return this.listCache;
  }

  async totals(): Promise<{ count: number; tabs: number }> {
    if (!this.totalsCache) {
      const records = await this.deps.ctx.db().emergencies();
      this.totalsCache = { count: records.length, tabs: records.reduce((sum, record) => sum + lostUploadable(record), 0) };
    }
    return this.totalsCache;
  }

  private async notify(record: EmergencyRecord): Promise<void> {
    const { browser, log } = this.deps.ctx;
    if (!browser.notifications) return;
    const count = lostUploadable(record);
    const chromium = (await this.deps.connection.thisDevice()).platform === "chromium";
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

  private async raise(trigger: EmergencyTrigger, afterRestart = false, lostOverride?: number[]): Promise<void> {
    const { ctx, uploads } = this.deps;
    const db = ctx.db();
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
    const record: EmergencyRecord = { id: version.id, createdAt: existing?.createdAt ?? ctx.clock.now(), reason, lostTabIds: [...lost], afterRestart, snapshot: version };
    if (lostUploadable(record) === 0) return;
    await db.putEmergency(record);
    this.forget();
    const key = `clear_all_detected:${version.id}`;
    const waiting = await db.getQueueEntry(key);
    if (waiting && waiting.attempts === 0 && waiting.state === "waiting") {
      await db.putQueueEntry({ ...waiting, request: { ...waiting.request, reason } });
    } else if (!waiting && !existing) {
      await uploads.queueSnapshot(key, version, { trigger: "clear_all_detected", reason });
    }
    await this.notify(record);
    await uploads.flushAfterEvents();
  }

  tabRemoved(tabId: number, info: { windowId: number; isWindowClosing: boolean }): Promise<void> {
    const { ctx } = this.deps;
    this.deps.capture.noteRemoval();
    const at = ctx.clock.now();
    return ctx.serial(async () => {
      await ctx.ready;
      const step = onTabRemoved(this.detector, { tabId, windowId: info.windowId, at, isWindowClosing: info.isWindowClosing });
      this.detector = step.state;
      await ctx.items.detector.set(this.detector);
      await ctx.items.page(tabId).remove();
      if (step.trigger) await this.raise(step.trigger);
    });
  }

  windowRemoved(windowId: number): Promise<void> {
    const { ctx } = this.deps;
    this.deps.capture.noteRemoval();
    const at = ctx.clock.now();
    return ctx.serial(async () => {
      await ctx.ready;
      const since = windowLossStart(this.detector, at);
      const before = await ctx.db().versionBefore(since);
      const held = before?.windows.find((window) => window.windowId === windowId)?.allTabIds.length ?? 0;
      const step = onWindowRemoved(this.detector, windowId, at, held);
      this.detector = step.state;
      await ctx.items.detector.set(this.detector);
      if (step.trigger) await this.raise(step.trigger);
      if (before) await this.deps.windowClosed(before, windowId, held);
    });
  }

  /** A new browser run (or the extension was just installed or updated): compare what comes back. */
  async beginStartupCheck(at: number): Promise<void> {
    await this.deps.ctx.items.startupCheck.set({ at, lastTabCreatedAt: at });
  }

  /** A tab was created: the start-up check waits until the browser has been quiet for a while. */
  async tabCreated(): Promise<void> {
    const { items, clock } = this.deps.ctx;
    const check = await items.startupCheck.get();
    if (check) await items.startupCheck.set({ ...check, lastTabCreatedAt: clock.now() });
  }

  runStartupCheck = async (): Promise<void> => {
    const { ctx, scheduler } = this.deps;
    const { timings } = ctx;
    const check = await ctx.items.startupCheck.get();
    if (!check) return;
    const now = ctx.clock.now();
    const quietSince = now - check.lastTabCreatedAt;
    if (now - check.at < timings.startupMaxWaitMs && (now - check.at < timings.startupDelayMs || quietSince < timings.startupQuietMs)) {
      // The browser is still bringing tabs back.
      const at = Math.max(check.at + timings.startupDelayMs, check.lastTabCreatedAt + timings.startupQuietMs);
      await scheduler.at(ALARMS.startup, at, () => ctx.serial(this.runStartupCheck));
      return;
    }
    await ctx.items.startupCheck.remove();
    await scheduler.at(ALARMS.startup, null, async () => undefined);
    const previous = await ctx.db().versionBefore(check.at);
    const { windows } = await readBrowserState(ctx.browser);
    const open = windows.filter((window) => !window.incognito).flatMap((window) => window.tabs ?? []);
    const loss = startupLoss(previous, open.length);
    const lost = previous ? lostByUrl(previous, open.map((tab) => tab.url || tab.pendingUrl || "")) : [];
    if (previous && loss) await this.raise({ since: check.at, reason: loss.reason, removedTabIds: [], closedWindowIds: [] }, true, lost);
    // A start-up rule offers the last run in the popup, and in a notification unless an emergency's says it already.
    if (previous) await this.deps.previousRun(previous, lost, loss === null);
  };
}
