import type { BrowserBackupTrigger } from "@common/api/browser-backups";
import { uploadUnderRules } from "../capture-policy";
import type { FormEncryption } from "../form-encryption";
import type { LibrarySync } from "../library-sync";
import type { ActionAnswer } from "../messages";
import type { OpenTabsSync } from "../open-tabs-sync";
import { toUploadRequest, type Snapshot } from "../snapshot";
import { UploadQueue } from "../upload-queue";
import type { Capture } from "./capture";
import type { Connection } from "./connection";
import { plural, type BackgroundContext } from "./context";
import { ALARMS, type Scheduler } from "./scheduler";
import type { Settings } from "./settings";

export interface UploadsDeps {
  ctx: BackgroundContext;
  connection: Connection;
  scheduler: Scheduler;
  settings: Settings;
  library: LibrarySync;
  formEncryption: FormEncryption;
  capture: Capture;
  openTabs(): OpenTabsSync;
}

/** What a queued snapshot goes up as, besides the snapshot itself. */
export interface QueuedAs {
  trigger: BrowserBackupTrigger;
  reason?: string;
  /** A backup a workflow rule made: the server names and tags it from the rule (decision 180). */
  automationRuleId?: string;
}

/** The upload queue and the one way a snapshot joins it; manual and automatic backups. */
export class Uploads {
  readonly queue: UploadQueue;
  private heldSent: Promise<unknown> = Promise.resolve();

  constructor(private readonly deps: UploadsDeps) {
    const { ctx, connection, formEncryption, library, settings } = deps;
    this.queue = new UploadQueue({
      get db() {
        return ctx.db();
      },
      clock: ctx.clock,
      fetch: ctx.fetch,
      credentials: async () => {
        const auth = await connection.connectedAuth();
        // A new connection downloads the library before anything goes up (decision 164).
        if (!auth || !(await library.ensureDownloaded())) return null;
        return { serverUrl: auth.serverUrl, token: auth.accessToken };
      },
      onUnauthorized: connection.onUnauthorized,
      schedule: (at): Promise<void> => deps.scheduler.at(ALARMS.upload, at, () => this.queue.flush()),
      // Sites never captured and a team's form capture switch hold for what waited in the queue too.
      prepare: async (request) => formEncryption.sealUpload(uploadUnderRules(request, await settings.rules())),
      onPlainTabRefused: () => formEncryption.refresh().then(() => undefined),
    });
  }

  /** Queues a snapshot under `key` (a key already queued is superseded, as the queue decides). */
  async queueSnapshot(key: string, snapshot: Snapshot, as: QueuedAs): Promise<void> {
    const { deviceName, browserType } = await this.deps.connection.uploader();
    const request = toUploadRequest(snapshot, {
      snapshotId: this.deps.ctx.randomUUID(),
      trigger: as.trigger,
      ...(as.reason === undefined ? {} : { reason: as.reason }),
      deviceName,
      browserType,
    });
    await this.queue.enqueue(key, as.trigger, as.automationRuleId === undefined ? request : { ...request, automationRuleId: as.automationRuleId }, snapshot.uploadableTabCount);
  }

  /** The upload soon, once the close events still queued (a window's other tabs) have been handled. */
  async flushAfterEvents(): Promise<void> {
    const { ctx } = this.deps;
    await this.deps.scheduler.at(ALARMS.upload, ctx.clock.now() + ctx.timings.emergencySettleMs, () => ctx.eventsDone().then(() => this.queue.flush()));
  }

  /** Backups and open tabs held while this browser was locked or disconnected go up now. */
  sendHeld(): void {
    const { ctx } = this.deps;
    this.heldSent = Promise.all([
      this.queue.flush(true).catch((error) => ctx.log("upload failed", error)),
      this.deps.openTabs().push(true).catch((error) => ctx.log("open tabs push failed", error)),
    ]);
  }

  async backUpNow(): Promise<ActionAnswer> {
    const snapshot = await this.deps.capture.capture();
    if (!snapshot) return { ok: false, message: "The tabs could not be read." };
    if (snapshot.uploadableTabCount === 0) return { ok: false, message: "No web page is open to back up." };
    await this.queueSnapshot(`manual_save:${this.deps.ctx.randomUUID()}`, snapshot, { trigger: "manual_save" });
    const result = await this.queue.flush(true);
    if (result.stoppedBy === "done") return { ok: true, message: `Backed up ${plural(snapshot.uploadableTabCount, "tab")}.` };
    if (result.stoppedBy === "locked") {
      return { ok: true, message: `Saved on this device: it goes up encrypted once you unlock this browser in TabVault's options (${plural(result.waiting, "backup")} waiting).` };
    }
    if (result.stoppedBy === "not-connected" || result.stoppedBy === "disconnected") {
      return { ok: true, message: `Saved on this device: it goes up once this browser is connected (${plural(result.waiting, "backup")} waiting).` };
    }
    return { ok: true, message: `TabVault cannot be reached: the backup waits on this device and goes up when it can (${plural(result.waiting, "backup")} waiting).` };
  }

  autoBackup = async (): Promise<void> => {
    const { ctx, connection } = this.deps;
    const stored = await connection.stored();
    if (!stored || stored.state !== "connected" || !stored.automaticBackups || !(await connection.auth())) return;
    const snapshot = await this.deps.capture.capture();
    if (!snapshot || snapshot.uploadableTabCount === 0) return;
    if ((await ctx.items.lastAutoFingerprint.get()) === snapshot.fingerprint) return;
    await this.queueSnapshot(`auto_backup:${snapshot.id}`, snapshot, { trigger: "auto_backup" });
    await ctx.items.lastAutoFingerprint.set(snapshot.fingerprint);
    await this.queue.flush();
  };

  /** The held uploads under way, finished (tests). */
  settled(): Promise<unknown> {
    return this.heldSent;
  }
}
