import { type DBSchema, type IDBPDatabase, openDB } from "idb";
import type { BrowserBackupTrigger, UploadBrowserBackupRequest } from "@common/api/browser-backups";
import type { Snapshot } from "./snapshot";

/** How many running snapshots are kept: the newest one from before a loss must still be there. */
export const VERSIONS_KEPT = 20;
/** Emergencies kept on the device for the notification's "Restore" and the popup. */
export const EMERGENCIES_KEPT = 10;

export interface QueueEntry {
  /** `trigger:versionId` for automatic and emergency backups (one upload per snapshot), random for manual ones. */
  key: string;
  /** Sent with every attempt, so a retry after a lost answer never makes a second backup. */
  snapshotId: string;
  trigger: BrowserBackupTrigger;
  createdAt: number;
  attempts: number;
  nextAttemptAt: number;
  lastError: string | null;
  /**
   * `refused`: the server answered 4xx other than 401/404/429. Kept, shown with its reason, and sent again when the
   * person says so or when something that could change the answer has changed since (decision 206).
   */
  state: "waiting" | "refused";
  tabCount: number;
  request: UploadBrowserBackupRequest;
  /** The server's last refusal of this entry (absent on entries refused before refusals were recorded: decision 206). */
  refusal?: Refusal;
}

/** What a refusal may depend on besides the backup itself: when one of these changes, the refusal may no longer hold. */
export interface RefusalContext {
  /** This extension's version: a request shape an older version sent (a contract mismatch) is sent again after an update. */
  extensionVersion: string;
  /** The server's version when it was last read, null when not read. */
  serverVersion: string | null;
  /** The account's plan as the server last said: its limits decide allowance and quota refusals. */
  planType: string | null;
  /** The device token's id: a new connection (a renewed token) may be allowed what the old one was not. */
  deviceId: string | null;
}

export interface Refusal {
  status: number;
  message: string;
  at: number;
  /** Null when the queue was given no way to read it: such a refusal waits for the person. */
  context: RefusalContext | null;
}

export interface EmergencyRecord {
  /** The id of the snapshot from before the loss. */
  id: string;
  createdAt: number;
  reason: string;
  /** Tabs of the snapshot that were gone when the loss was seen; what "Restore N tabs" reopens. */
  lostTabIds: number[];
  /** True when the browser restarted in between, so window and tab ids no longer mean anything. */
  afterRestart: boolean;
  /** Set once its tabs were reopened: the popup stops offering it. */
  restoredAt?: number;
  snapshot: Snapshot;
}

interface Schema extends DBSchema {
  versions: { key: string; value: Snapshot; indexes: { capturedAt: number } };
  queue: { key: string; value: QueueEntry; indexes: { nextAttemptAt: number } };
  emergencies: { key: string; value: EmergencyRecord; indexes: { createdAt: number } };
}

/**
 * The extension's IndexedDB: running snapshots, the upload queue and emergencies. Everything the
 * background must not lose when its service worker is stopped lives here or in storage.
 */
export class ExtensionDb {
  private constructor(private readonly db: IDBPDatabase<Schema>) {}

  static async open(name = "tabvault"): Promise<ExtensionDb> {
    const db = await openDB<Schema>(name, 1, {
      upgrade(database) {
        database.createObjectStore("versions", { keyPath: "id" }).createIndex("capturedAt", "capturedAt");
        database.createObjectStore("queue", { keyPath: "key" }).createIndex("nextAttemptAt", "nextAttemptAt");
        database.createObjectStore("emergencies", { keyPath: "id" }).createIndex("createdAt", "createdAt");
      },
    });
    return new ExtensionDb(db);
  }

  close(): void {
    this.db.close();
  }

  /** Stores a version and drops the oldest beyond {@link VERSIONS_KEPT}, in one transaction. */
  async addVersion(snapshot: Snapshot): Promise<void> {
    const tx = this.db.transaction("versions", "readwrite");
    await tx.store.put(snapshot);
    const count = await tx.store.count();
    if (count > VERSIONS_KEPT) {
      let cursor = await tx.store.index("capturedAt").openCursor();
      for (let excess = count - VERSIONS_KEPT; cursor && excess > 0; excess -= 1) {
        await cursor.delete();
        cursor = await cursor.continue();
      }
    }
    await tx.done;
  }

  async latestVersion(): Promise<Snapshot | undefined> {
    const cursor = await this.db.transaction("versions").store.index("capturedAt").openCursor(null, "prev");
    return cursor?.value;
  }

  /** The newest version captured strictly before `time`: the state just before a loss began. */
  async versionBefore(time: number): Promise<Snapshot | undefined> {
    const cursor = await this.db.transaction("versions").store.index("capturedAt").openCursor(IDBKeyRange.upperBound(time, true), "prev");
    return cursor?.value;
  }

  async versions(): Promise<Snapshot[]> {
    return this.db.getAllFromIndex("versions", "capturedAt");
  }

  async getQueueEntry(key: string): Promise<QueueEntry | undefined> {
    return this.db.get("queue", key);
  }

  async putQueueEntry(entry: QueueEntry): Promise<void> {
    await this.db.put("queue", entry);
  }

  async deleteQueueEntry(key: string): Promise<void> {
    await this.db.delete("queue", key);
  }

  async queueEntries(): Promise<QueueEntry[]> {
    return this.db.getAll("queue");
  }

  async getEmergency(id: string): Promise<EmergencyRecord | undefined> {
    return this.db.get("emergencies", id);
  }

  async putEmergency(record: EmergencyRecord): Promise<void> {
    const tx = this.db.transaction("emergencies", "readwrite");
    await tx.store.put(record);
    const count = await tx.store.count();
    if (count > EMERGENCIES_KEPT) {
      let cursor = await tx.store.index("createdAt").openCursor();
      for (let excess = count - EMERGENCIES_KEPT; cursor && excess > 0; excess -= 1) {
        await cursor.delete();
        cursor = await cursor.continue();
      }
    }
    await tx.done;
  }

  async emergencies(): Promise<EmergencyRecord[]> {
    return (await this.db.getAllFromIndex("emergencies", "createdAt")).reverse();
  }
}
