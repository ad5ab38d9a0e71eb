import type { EmergencyRecord } from "../db";
import type { SyncedDevicesStatus } from "../messages";
import type { Snapshot } from "../snapshot";
import { stepSyncedDevice, syncedDeviceSnapshot, type SyncedDeviceRecord } from "../synced-devices";
import type { Connection } from "./connection";
import type { BackgroundContext } from "./context";
import type { Uploads } from "./uploads";

export interface SyncedDevicesDeps {
  ctx: BackgroundContext;
  connection: Connection;
  uploads: Uploads;
  /** An emergency was kept on this device: the popup's cached list is read again. */
  kept(): void;
}

/**
 * The person's other devices, read through the browser's own tab sync (decision 219): a running snapshot per device,
 * its backup when it changed (with the automatic backups), and the last snapshot before a collapse (a phone's
 * "Close all tabs") as that device's emergency backup, with a notification here.
 */
export class SyncedDevices {
  private reading: Promise<void> = Promise.resolve();

  constructor(private readonly deps: SyncedDevicesDeps) {}

  /** Whether this browser can list other devices' tabs at all (Chromium 96+; Firefox cannot). */
  private get api() {
    return this.deps.ctx.browser.sessions?.getDevices ? this.deps.ctx.browser.sessions : undefined;
  }

  /** Reads the list once (reads never overlap: two at once would see the same collapse twice). */
  read = (): Promise<void> => {
    this.reading = this.reading.then(() => this.readOnce()).catch((error) => this.deps.ctx.log("synced devices could not be read", error));
    return this.reading;
  };

  private async readOnce(): Promise<void> {
    const { ctx } = this.deps;
    const sessions = this.api;
    if (!sessions?.getDevices) return;
    const devices = await sessions.getDevices();
    const now = ctx.clock.now();
    const previous = (await ctx.items.syncedDevices.get()) ?? {};
    const listed = new Map(devices.map((device) => [device.deviceName, device]));
    const gone = Object.keys(previous).filter((name) => !listed.has(name));
    const next: Record<string, SyncedDeviceRecord> = {};
    const names = new Set([...Object.keys(previous), ...listed.keys()]);
    for (const name of names) {
      const device = listed.get(name);
      const snapshot = device ? syncedDeviceSnapshot(device, ctx.randomUUID()) : null;
      const step = stepSyncedDevice(name, previous[name], snapshot, now, gone.length <= 1 || devices.length > 0);
      if (!step) continue;
      if (step.kind === "collapsed") await this.raise(name, step.before, step.reason);
      if (step.record) next[name] = step.record;
    }
    await ctx.items.syncedDevices.set(next);
    await ctx.items.syncedDevicesRead.set({ at: now, devices: devices.length });
  }

  /**
   * The snapshot from before the collapse goes up as the device's emergency backup, and is kept here like this
   * browser's own emergencies: the notification and the popup's "Restore N tabs" open the device's tabs on this
   * computer in one click (matched by address, as after a restart: the device's ids mean nothing here).
   */
  private async raise(name: string, before: Snapshot, reason: string): Promise<void> {
    const { ctx, uploads } = this.deps;
    const record: EmergencyRecord = {
      id: before.id,
      createdAt: ctx.clock.now(),
      reason,
      lostTabIds: before.windows.flatMap((window) => window.tabs.map((tab) => tab.tabId)),
      afterRestart: true,
      snapshot: before,
    };
    await ctx.db().putEmergency(record);
    this.deps.kept();
    await uploads.queueSnapshot(`synced_emergency:${before.id}`, before, { trigger: "clear_all_detected", reason, syncedDevice: name });
    const { browser, log } = ctx;
    const count = before.uploadableTabCount;
    const restore = `Restore ${count === 1 ? "1 tab" : `${count} tabs`} here`;
    await browser.notifications
      ?.create(`emergency:${before.id}`, {
        type: "basic",
        iconUrl: browser.runtime.getURL("/icons/128.png"),
        title: "TabVault",
        message: `Your ${name}'s ${count === 1 ? "tab was" : `${count} tabs were`} closed — backed up`,
        // Only Chromium lists synced devices, and only Chromium shows buttons.
        buttons: [{ title: restore }],
      })
      .catch((error) => log("notification failed", error));
    await uploads.queue.flush();
  }

  /**
   * With the automatic backups (the plan's, on their alarm): each device whose tabs changed since its last backup
   * goes up as that device's backup; an unchanged one sends nothing.
   */
  uploadChanged = async (): Promise<void> => {
    const { ctx, connection, uploads } = this.deps;
    await this.reading;
    const stored = await connection.stored();
    if (!stored || stored.state !== "connected" || !stored.automaticBackups || !(await connection.auth())) return;
    const records = (await ctx.items.syncedDevices.get()) ?? {};
    let queued = false;
    for (const [name, record] of Object.entries(records)) {
      if (record.last.uploadableTabCount === 0 || record.uploadedFingerprint === record.last.fingerprint) continue;
      await uploads.queueSnapshot(`synced_auto:${record.last.id}`, record.last, { trigger: "auto_backup", syncedDevice: name });
      records[name] = { ...record, uploadedFingerprint: record.last.fingerprint };
      queued = true;
    }
    if (!queued) return;
    await ctx.items.syncedDevices.set(records);
    await uploads.queue.flush();
  };

  /** What the popup says: the devices listed here, or why none can be (decision 219). */
  async status(): Promise<SyncedDevicesStatus> {
    if (!this.api) return { state: "unsupported", devices: [] };
    const records = (await this.deps.ctx.items.syncedDevices.get()) ?? {};
    const devices = Object.entries(records).map(([name, record]) => ({ name, tabCount: record.last.uploadableTabCount, changedAt: record.last.capturedAt }));
    return { state: devices.length > 0 ? "listed" : "none", devices };
  }
}
