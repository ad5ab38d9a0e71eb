import type { BrowserBackupTrigger } from "@common/api/browser-backups";
import { getHealth } from "@common/api/health";
import { callEndpoint } from "../api";
import { uploadUnderRules } from "../capture-policy";
import type { RefusalContext } from "../db";
import type { FormEncryption } from "../form-encryption";
import type { LibrarySync } from "../library-sync";
import type { ActionAnswer } from "../messages";
import type { OpenTabsSync } from "../open-tabs-sync";
import { toUploadRequest, type Snapshot } from "../snapshot";
import { type FlushResult, UploadQueue } from "../upload-queue";
import type { UploadOutcome } from "../upload-refusals";
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
  /** Another device's tabs read through the browser's sync: the backup is that device's (decision 219). */
  syncedDevice?: string;
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
      refusalContext: () => this.refusalContext(),
      onUploaded: async (entry, receipt) => {
        await ctx.items.lastUpload.set({ at: ctx.clock.now(), trigger: entry.trigger, message: receipt.message });
      },
    });
  }

  /** What a refusal may depend on now: this extension's and the server's versions, the plan, the token (decision 206). */
  private async refusalContext(): Promise<RefusalContext> {
    const { ctx, connection } = this.deps;
    const [stored, auth, serverVersion] = await Promise.all([connection.stored(), connection.auth(), ctx.items.serverVersion.get()]);
    return {
      extensionVersion: ctx.browser.runtime.getManifest().version,
      serverVersion: serverVersion ?? null,
      planType: stored?.planType ?? null,
      deviceId: auth?.deviceId ?? null,
    };
  }

  /**
   * The connection was read again (the plan may have changed): while a refused backup waits, the server's version is
   * read too, and the queue sends again what may now be taken (decision 206). Nothing is asked when nothing was refused.
   */
  async recheckRefused(): Promise<void> {
    const { ctx, connection } = this.deps;
    if (!(await this.queue.entries()).some((entry) => entry.state === "refused")) return;
    const auth = await connection.connectedAuth();
    if (!auth) return;
    const health = await callEndpoint(getHealth, {}, connection.endpoint(auth));
    if (health.ok) await ctx.items.serverVersion.set(health.data.version);
    await this.queue.flush();
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
    const withRule = as.automationRuleId === undefined ? request : { ...request, automationRuleId: as.automationRuleId };
    await this.queue.enqueue(key, as.trigger, as.syncedDevice === undefined ? withRule : { ...withRule, syncedDevice: { deviceName: as.syncedDevice } }, snapshot.uploadableTabCount);
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
    const key = `manual_save:${this.deps.ctx.randomUUID()}`;
    await this.queueSnapshot(key, snapshot, { trigger: "manual_save" });
    return answerFor(await this.queue.sendNow(key));
  }

  /**
   * Sends a refused backup again, as the person asked, after reading the account again (a plan changed on the website
   * since is then known), and says what the server answered this time.
   */
  async retry(key: string): Promise<ActionAnswer> {
    await this.deps.connection.refresh();
    if (!(await this.queue.retry(key))) return { ok: false, message: "This backup is no longer refused: it is on the server or waiting to go up." };
    return answerFor(await this.queue.sendNow(key), "The server refused it again");
  }

  /** Discards a refused backup as the person asked; an emergency only after their second "yes" (decision 206). */
  async discard(key: string, confirmed: boolean): Promise<ActionAnswer> {
    const done = await this.queue.discard(key, confirmed);
    if (done === "discarded") return { ok: true, message: "Discarded: it will not be sent." };
    if (done === "needs-confirmation") return { ok: false, message: "An emergency backup is discarded only when you confirm it." };
    return { ok: false, message: "Only a refused backup can be discarded." };
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

  /** What "Retry all" says: what went up, what the server refused, what still waits. */
  async sendWaiting(): Promise<ActionAnswer> {
    const result = await this.queue.flush(true);
    const refused = (await this.queue.entries()).filter((entry) => entry.state === "refused").length;
    const sent = result.uploaded + result.duplicates;
    const parts = [
      sent > 0 ? `${plural(sent, "backup")} sent.` : "",
      result.waiting > 0 ? `${plural(result.waiting, "backup")} still waiting.` : "",
      refused > 0 ? `${plural(refused, "backup")} refused by the server: retry or discard ${refused === 1 ? "it" : "them"} below.` : "",
    ].filter(Boolean);
    if (parts.length === 0) return { ok: true, message: "Every backup is on the server." };
    return { ok: refused === 0, message: parts.join(" ") };
  }

  /** The held uploads under way, finished (tests). */
  settled(): Promise<unknown> {
    return this.heldSent;
  }
}

/**
 * What "Back up now" and "Retry" say of one backup: the server's words when it answered, never success for a refusal,
 * and where the backup is while it waits.
 */
function answerFor({ result, outcome }: { result: FlushResult; outcome: UploadOutcome }, refused = "The server refused this backup"): ActionAnswer {
  if (outcome.state === "uploaded") return { ok: true, message: outcome.message };
  if (outcome.state === "refused") return { ok: false, message: `${refused}: ${outcome.message} It stays on this device: retry or discard it below.` };
  const waiting = plural(result.waiting, "backup");
  if (result.stoppedBy === "locked") {
    return { ok: true, message: `Saved on this device: it goes up encrypted once you unlock this browser in TabVault's options (${waiting} waiting).` };
  }
  if (result.stoppedBy === "not-connected" || result.stoppedBy === "disconnected") {
    return { ok: true, message: `Saved on this device: it goes up once this browser is connected (${waiting} waiting).` };
  }
  const said = outcome.message ? ` (${outcome.message})` : "";
  return { ok: true, message: `TabVault cannot take it now${said}: the backup waits on this device and goes up when it can (${waiting} waiting).` };
}
