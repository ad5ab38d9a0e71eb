import type { ExtensionLiveState } from "@common/extension-bridge";
import { automaticBackupMinutes } from "../capture-policy";
import type { FormEncryption } from "../form-encryption";
import { ALL_SITES, type Status } from "../messages";
import type { Pairing } from "../pairing";
import { refusalShown } from "../upload-refusals";
import type { Capture } from "./capture";
import type { Connection } from "./connection";
import type { BackgroundContext } from "./context";
import type { Emergencies } from "./emergencies";
import type { Auth, StoredConnection } from "./items";
import type { Settings } from "./settings";
import type { SyncedDevices } from "./synced-devices";
import type { Uploads } from "./uploads";

export interface StatusDeps {
  ctx: BackgroundContext;
  connection: Connection;
  settings: Settings;
  capture: Capture;
  emergencies: Emergencies;
  uploads: Uploads;
  pairing: Pairing;
  formEncryption: FormEncryption;
  syncedDevices: SyncedDevices;
}

function connectionState(auth: Auth | null, connection: StoredConnection | null): Status["connection"]["state"] {
  return auth ? (connection?.state ?? "connected") : connection?.state === "disconnected" ? "disconnected" : "not-connected";
}

/** What the popup, the options page and the blocker page show of this extension: cached figures where asked often. */
export class StatusReport {
  constructor(private readonly deps: StatusDeps) {}

  /** What the blocker page shows of this extension, asked every few seconds while it is open: cached figures only. */
  async live(): Promise<ExtensionLiveState> {
    const { ctx, connection, capture, emergencies } = this.deps;
    const [auth, stored, latest] = await Promise.all([connection.auth(), connection.stored(), capture.latest()]);
    const totals = await emergencies.totals();
    return {
      version: ctx.browser.runtime.getManifest().version,
      connection: connectionState(auth, stored),
      email: auth?.email ?? stored?.email ?? null,
      emergencyBackups: totals.count,
      tabsSaved: totals.tabs,
      watchedTabs: latest?.uploadableTabCount ?? 0,
      lastSnapshotAt: latest?.capturedAt ?? null,
    };
  }

  status = async (): Promise<Status> => {
    const { ctx, connection, settings, capture, emergencies, uploads, pairing, formEncryption } = this.deps;
    const [address, device, auth, stored, pending, outcome, entries, latest, emergencyList] = await Promise.all([
      connection.address(),
      connection.thisDevice(),
      connection.auth(),
      connection.stored(),
      pairing.pending(),
      pairing.outcome(),
      uploads.queue.entries(),
      capture.latest(),
      emergencies.list(),
    ]);
    const waiting = entries.filter((entry) => entry.state === "waiting");
    const restore = (await ctx.items.restore.get()) ?? null;
    const rules = await settings.rules();
    return {
      version: ctx.browser.runtime.getManifest().version,
      serverUrl: address.serverUrl,
      serverSource: address.source,
      device: device.clientName,
      reducedMode: device.reducedMode,
      connection: {
        state: connectionState(auth, stored),
        email: auth?.email ?? stored?.email ?? null,
        planType: stored?.planType ?? null,
        automaticBackups: stored?.automaticBackups ?? false,
        message: stored?.message ?? null,
      },
      pairing: pending ? { userCode: pending.userCode, verificationUrl: pending.verificationUrl, expiresAt: pending.expiresAt } : null,
      pairingOutcome: outcome ? { result: outcome.result, message: outcome.message } : null,
      queue: {
        waiting: waiting.length,
        refused: entries.length - waiting.length,
        nextAttemptAt: waiting.length > 0 ? Math.min(...waiting.map((entry) => entry.nextAttemptAt)) : null,
        lastError: waiting.find((entry) => entry.lastError)?.lastError ?? null,
        entries: entries.map((entry) => ({
          key: entry.key,
          trigger: entry.trigger,
          tabCount: entry.tabCount,
          createdAt: entry.createdAt,
          attempts: entry.attempts,
          state: entry.state,
          lastError: entry.lastError,
          refusal: refusalShown(entry),
        })),
      },
      lastUpload: (await ctx.items.lastUpload.get()) ?? null,
      lastSnapshot: latest
        ? { capturedAt: latest.capturedAt, tabCount: latest.tabCount, uploadableTabCount: latest.uploadableTabCount, windowCount: latest.windows.length }
        : null,
      restore,
      emergencies: emergencyList,
      formCapture: await settings.formCaptureOn(rules),
      formCaptureAllowed: await ctx.browser.permissions.contains({ origins: [ALL_SITES] }).catch(() => false),
      automaticBackupMinutes: automaticBackupMinutes(rules),
      ownNeverCapturedSites: rules.ownSites,
      team: rules.team,
      backupsLocked: await formEncryption.lockedOut(),
      syncedDevices: await this.deps.syncedDevices.status(),
    };
  };
}
