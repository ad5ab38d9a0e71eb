import { uploadBrowserBackup, type BrowserBackupReceipt, type BrowserBackupTrigger, type UploadBrowserBackupRequest } from "@common/api/browser-backups";
import { PLAIN_TAB_REFUSED_MESSAGE } from "@common/api/encryption";
import { callEndpoint, type CallResult } from "./api";
import { LOCKED_QUEUE_MESSAGE } from "./messages";
import type { Clock } from "./clock";
import type { ExtensionDb, QueueEntry, RefusalContext } from "./db";
import { outcomeOfEntry, refusalMayNoLongerHold, type UploadOutcome } from "./upload-refusals";

/** Retry delays: 5 s doubling to 15 minutes (the alarm takes over while the worker sleeps). */
export const BACKOFF = { firstMs: 5_000, maxMs: 15 * 60_000 } as const;
/** Automatic backups waiting beyond the newest one are superseded by it; others are kept. */
const PRIORITY: Record<BrowserBackupTrigger, number> = { clear_all_detected: 0, manual_save: 1, auto_backup: 2 };

export function backoffDelay(attempts: number): number {
  return Math.min(BACKOFF.maxMs, BACKOFF.firstMs * 2 ** Math.max(0, attempts - 1));
}

export interface QueueDeps {
  db: ExtensionDb;
  clock: Clock;
  fetch: typeof fetch;
  /** The server and token to send with; null while not connected (entries wait). */
  credentials(): Promise<{ serverUrl: string; token: string } | null>;
  /** The server said the token is no longer valid. */
  onUnauthorized(message: string): Promise<void>;
  /** When the next attempt is due, to set an alarm and a timer; null when nothing waits. */
  schedule(at: number | null): Promise<void>;
  onUploaded?(entry: QueueEntry, receipt: BrowserBackupReceipt): Promise<void> | void;
  /**
   * The request as it may leave the browser (form entries sealed, decision 177; titles and addresses too when the
   * account chose so, decision 199); kept as captured on the device. Null: it may not leave yet (the account seals
   * and this browser is locked), so every entry waits.
   */
  prepare?(request: UploadBrowserBackupRequest): Promise<UploadBrowserBackupRequest | null>;
  /** The server refused a plain tab (409): the account started sealing since this browser last asked. */
  onPlainTabRefused?(): Promise<void>;
  /**
   * What a refusal may depend on now (decision 206): a refused entry is sent again, once, when it changed since. Without
   * it, a refused entry is sent again only when the person says so.
   */
  refusalContext?(): Promise<RefusalContext>;
}

/** While locked, the queue looks again this often (unlocking sends at once). */
const LOCKED_RETRY_MS = BACKOFF.maxMs;

export interface FlushResult {
  uploaded: number;
  duplicates: number;
  /** Refused by the server in this flush (kept, shown with the reason; decision 206). */
  refused: number;
  waiting: number;
  /** `locked`: the account seals tab locations and this browser is locked; entries wait on the device. */
  stoppedBy: "done" | "disconnected" | "offline" | "server" | "not-connected" | "locked";
}

/**
 * Uploads go through this queue in IndexedDB: an entry is written before the first attempt and
 * deleted only after the server's receipt, so offline, a server down or a revoked token never lose a
 * backup; each keeps its snapshot id for every retry, so the server stores it once.
 */
export class UploadQueue {
  private flushing: Promise<FlushResult> | null = null;
  /** A flush asked for while one runs: it runs once that one ends, as the running one may have read the queue too early. */
  private followUp: { force: boolean; run: Promise<FlushResult> } | null = null;
  /** What became of the entries someone waits for ({@link sendNow}), by key; null until they were tried. */
  private readonly watched = new Map<string, UploadOutcome | null>();

  constructor(private readonly deps: QueueDeps) {}

  /** Queues a backup unless one with the same key is already waiting; returns whether it was added. */
  async enqueue(key: string, trigger: BrowserBackupTrigger, request: UploadBrowserBackupRequest, tabCount: number): Promise<boolean> {
    const { db, clock } = this.deps;
    if (await db.getQueueEntry(key)) return false;
    if (trigger === "auto_backup") {
      for (const entry of await db.queueEntries()) {
        // A rule's backup (decision 180) is its own: named by its rule, never replaced by the next automatic one; and
        // a synced device's automatic backup replaces only that device's (decision 219).
        const sameDevice = (entry.request.syncedDevice?.deviceName ?? null) === (request.syncedDevice?.deviceName ?? null);
        if (entry.trigger === "auto_backup" && entry.state === "waiting" && sameDevice && !entry.request.automationRuleId && !request.automationRuleId) await db.deleteQueueEntry(entry.key);
      }
    }
    await db.putQueueEntry({
      key,
      snapshotId: request.snapshotId,
      trigger,
      createdAt: clock.now(),
      attempts: 0,
      nextAttemptAt: clock.now(),
      lastError: null,
      state: "waiting",
      tabCount,
      request,
    });
    return true;
  }

  async entries(): Promise<QueueEntry[]> {
    return (await this.deps.db.queueEntries()).sort((a, b) => PRIORITY[a.trigger] - PRIORITY[b.trigger] || a.createdAt - b.createdAt);
  }

  /**
   * Sends what is due (or everything, `force`), one at a time, emergencies first. One flush at a time: asked while one
   * runs, it runs again after it (once, however often it was asked), so an entry queued meanwhile is never reported
   * as handled by a flush that did not see it.
   */
  flush(force = false): Promise<FlushResult> {
    if (!this.flushing) return this.start(force);
    if (this.followUp) {
      this.followUp.force ||= force;
      return this.followUp.run;
    }
    const followUp: { force: boolean; run: Promise<FlushResult> } = { force, run: Promise.resolve(emptyResult()) };
    followUp.run = this.flushing
      .catch(() => undefined)
      .then((): Promise<FlushResult> => {
        this.followUp = null;
        return this.flush(followUp.force);
      });
    this.followUp = followUp;
    return followUp.run;
  }

  private start(force: boolean): Promise<FlushResult> {
    const run = this.run(force).finally(() => {
      this.flushing = null;
    });
    this.flushing = run;
    return run;
  }

  /**
   * Sends everything waiting now and answers what became of `key`: the server's receipt or refusal in its words, or
   * why it still waits ("Back up now" and "Retry" say this, never a count).
   */
  async sendNow(key: string): Promise<{ result: FlushResult; outcome: UploadOutcome }> {
    this.watched.set(key, null);
    try {
      const result = await this.flush(true);
      const seen = this.watched.get(key) ?? null;
      if (seen) return { result, outcome: seen };
      const entry = await this.deps.db.getQueueEntry(key);
      // Gone without this flush seeing it: a flush that had already started sent it.
      return { result, outcome: entry ? outcomeOfEntry(entry) : { state: "uploaded", message: "It is on the server." } };
    } finally {
      this.watched.delete(key);
    }
  }

  /** Puts a refused entry back in line, due now; false when no refused entry has this key. */
  async retry(key: string): Promise<boolean> {
    const entry = await this.deps.db.getQueueEntry(key);
    if (entry?.state !== "refused") return false;
    await this.deps.db.putQueueEntry({ ...entry, state: "waiting", nextAttemptAt: this.deps.clock.now() });
    return true;
  }

  /**
   * Removes a refused entry, as the person asked: an emergency only with `confirmed`, the person's second "yes"
   * (decision 206). Waiting entries are never discarded: they go up when they can.
   */
  async discard(key: string, confirmed: boolean): Promise<"discarded" | "not-refused" | "needs-confirmation"> {
    const entry = await this.deps.db.getQueueEntry(key);
    if (entry?.state !== "refused") return "not-refused";
    if (entry.trigger === "clear_all_detected" && !confirmed) return "needs-confirmation";
    await this.deps.db.deleteQueueEntry(key);
    return "discarded";
  }

  private note(key: string, outcome: UploadOutcome): void {
    if (this.watched.has(key)) this.watched.set(key, outcome);
  }

  /** Refused entries whose refusal may no longer hold go back in line, due now (decision 206). */
  private async reopenFixable(context: RefusalContext | null): Promise<void> {
    if (!context) return;
    for (const entry of await this.deps.db.queueEntries()) {
      if (refusalMayNoLongerHold(entry, context)) await this.deps.db.putQueueEntry({ ...entry, state: "waiting", nextAttemptAt: this.deps.clock.now() });
    }
  }

  private async run(force: boolean): Promise<FlushResult> {
    const { db, clock } = this.deps;
    const result = emptyResult();
    const credentials = await this.deps.credentials();
    const context = credentials ? ((await this.deps.refusalContext?.()) ?? null) : null;
    await this.reopenFixable(context);
    const entries = (await this.entries()).filter((entry) => entry.state === "waiting");
    if (!credentials) {
      result.waiting = entries.length;
      result.stoppedBy = "not-connected";
      await this.deps.schedule(null);
      return result;
    }
    let retryAt: number | null = null;
    let askedAgain = false;
    for (const [position, entry] of entries.entries()) {
      if (!force && entry.nextAttemptAt > clock.now()) continue;
      let answer = await this.send(entry.request, credentials);
      if (answer !== "locked" && refusedAsPlain(answer) && !askedAgain) {
        // The account turned sealing on meanwhile: once its answer is read again, the same entry is sealed or held.
        askedAgain = true;
        await this.deps.onPlainTabRefused?.();
        answer = await this.send(entry.request, credentials);
      }
      if (answer === "locked" || refusedAsPlain(answer)) {
        // Never sent readable, never dropped: every entry waits on the device until this browser is unlocked.
        const message = answer === "locked" || answer.ok ? LOCKED_QUEUE_MESSAGE : answer.message;
        for (const waiting of entries.slice(position)) {
          await db.putQueueEntry({ ...waiting, lastError: message });
          this.note(waiting.key, { state: "waiting", message });
        }
        retryAt = clock.now() + LOCKED_RETRY_MS;
        result.stoppedBy = "locked";
        break;
      }
      if (answer.ok) {
        await db.deleteQueueEntry(entry.key);
        if (answer.data.duplicate) result.duplicates += 1;
        else result.uploaded += 1;
        this.note(entry.key, { state: "uploaded", message: answer.data.message });
        await this.deps.onUploaded?.(entry, answer.data);
        continue;
      }
      if (answer.kind === "unauthorized") {
        this.note(entry.key, { state: "waiting", message: answer.message });
        await this.deps.onUnauthorized(answer.message);
        result.stoppedBy = "disconnected";
        break;
      }
      const attempts = entry.attempts + 1;
      if (answer.kind === "refused" && answer.status !== 404) {
        // Kept with the server's words and what it was refused under, so a change of those sends it again (decision 206).
        const refusal = { status: answer.status, message: answer.message, at: clock.now(), context };
        await db.putQueueEntry({ ...entry, attempts, state: "refused", lastError: answer.message, refusal });
        result.refused += 1;
        this.note(entry.key, { state: "refused", status: answer.status, message: answer.message });
        continue;
      }
      const retryAfter = "retryAfterMs" in answer ? answer.retryAfterMs : null;
      const delay = Math.max(backoffDelay(attempts), retryAfter ?? 0);
      retryAt = clock.now() + delay;
      await db.putQueueEntry({ ...entry, attempts, nextAttemptAt: retryAt, lastError: answer.message });
      this.note(entry.key, { state: "waiting", message: answer.message });
      // The network or the server is down: the other entries would fail the same way, so they
      // wait for the same moment (their attempts are not counted).
      for (const other of entries.slice(position + 1)) {
        if (other.nextAttemptAt < retryAt) await db.putQueueEntry({ ...other, nextAttemptAt: retryAt });
      }
      result.stoppedBy = answer.kind === "network" ? "offline" : "server";
      break;
    }
    const left = (await db.queueEntries()).filter((entry) => entry.state === "waiting");
    result.waiting = left.length;
    if (result.stoppedBy === "disconnected") {
      await this.deps.schedule(null);
    } else if (retryAt !== null) {
      // Entries not tried this time wait for the one that failed: they would fail the same way.
      await this.deps.schedule(retryAt);
    } else {
      await this.deps.schedule(left.length > 0 ? Math.max(clock.now(), Math.min(...left.map((entry) => entry.nextAttemptAt))) : null);
    }
    return result;
  }

  private async send(request: UploadBrowserBackupRequest, credentials: { serverUrl: string; token: string }): Promise<CallResult<typeof uploadBrowserBackup> | "locked"> {
    const body = this.deps.prepare ? await this.deps.prepare(request) : request;
    if (body === null) return "locked";
    return callEndpoint(uploadBrowserBackup, { body }, { ...credentials, gzip: true, fetch: this.deps.fetch });
  }
}

function emptyResult(): FlushResult {
  return { uploaded: 0, duplicates: 0, refused: 0, waiting: 0, stoppedBy: "done" };
}

function refusedAsPlain(answer: CallResult<typeof uploadBrowserBackup>): boolean {
  return !answer.ok && answer.kind === "refused" && answer.status === 409 && answer.message === PLAIN_TAB_REFUSED_MESSAGE;
}
