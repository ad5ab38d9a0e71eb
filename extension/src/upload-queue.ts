import { uploadBrowserBackup, type BrowserBackupReceipt, type BrowserBackupTrigger, type UploadBrowserBackupRequest } from "@common/api/browser-backups";
import { callEndpoint } from "./api";
import type { Clock } from "./clock";
import type { ExtensionDb, QueueEntry } from "./db";

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
  /** The request as it may leave the browser (form entries sealed, decision 177); kept as captured on the device. */
  prepare?(request: UploadBrowserBackupRequest): Promise<UploadBrowserBackupRequest>;
}

export interface FlushResult {
  uploaded: number;
  duplicates: number;
  waiting: number;
  stoppedBy: "done" | "disconnected" | "offline" | "server" | "not-connected";
}

/**
 * Uploads go through this queue in IndexedDB: an entry is written before the first attempt and
 * deleted only after the server's receipt, so offline, a server down or a revoked token never lose a
 * backup; each keeps its snapshot id for every retry, so the server stores it once.
 */
export class UploadQueue {
  private flushing: Promise<FlushResult> | null = null;

  constructor(private readonly deps: QueueDeps) {}

  /** Queues a backup unless one with the same key is already waiting; returns whether it was added. */
  async enqueue(key: string, trigger: BrowserBackupTrigger, request: UploadBrowserBackupRequest, tabCount: number): Promise<boolean> {
    const { db, clock } = this.deps;
    if (await db.getQueueEntry(key)) return false;
    if (trigger === "auto_backup") {
      for (const entry of await db.queueEntries()) {
        // A rule's backup (decision 180) is its own: named by its rule, never replaced by the next automatic one.
        if (entry.trigger === "auto_backup" && entry.state === "waiting" && !entry.request.automationRuleId && !request.automationRuleId) await db.deleteQueueEntry(entry.key);
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

  /** Sends what is due (or everything, `force`), one at a time, emergencies first. One flush at a time. */
  flush(force = false): Promise<FlushResult> {
    if (!this.flushing) {
      this.flushing = this.run(force).finally(() => {
        this.flushing = null;
      });
    }
    return this.flushing;
  }

  private async run(force: boolean): Promise<FlushResult> {
    const { db, clock } = this.deps;
    const result: FlushResult = { uploaded: 0, duplicates: 0, waiting: 0, stoppedBy: "done" };
    const credentials = await this.deps.credentials();
    const entries = (await this.entries()).filter((entry) => entry.state === "waiting");
    if (!credentials) {
      result.waiting = entries.length;
      result.stoppedBy = "not-connected";
      await this.deps.schedule(null);
      return result;
    }
    let retryAt: number | null = null;
    for (const [position, entry] of entries.entries()) {
      if (!force && entry.nextAttemptAt > clock.now()) continue;
      const body = this.deps.prepare ? await this.deps.prepare(entry.request) : entry.request;
      const answer = await callEndpoint(uploadBrowserBackup, { body }, { ...credentials, gzip: true, fetch: this.deps.fetch });
      if (answer.ok) {
        await db.deleteQueueEntry(entry.key);
        if (answer.data.duplicate) result.duplicates += 1;
        else result.uploaded += 1;
        await this.deps.onUploaded?.(entry, answer.data);
        continue;
      }
      if (answer.kind === "unauthorized") {
        await this.deps.onUnauthorized(answer.message);
        result.stoppedBy = "disconnected";
        break;
      }
      const attempts = entry.attempts + 1;
      if (answer.kind === "refused" && answer.status !== 404) {
        await db.putQueueEntry({ ...entry, attempts, state: "refused", lastError: answer.message });
        continue;
      }
      const retryAfter = "retryAfterMs" in answer ? answer.retryAfterMs : null;
      const delay = Math.max(backoffDelay(attempts), retryAfter ?? 0);
      retryAt = clock.now() + delay;
      await db.putQueueEntry({ ...entry, attempts, nextAttemptAt: retryAt, lastError: answer.message });
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
}
