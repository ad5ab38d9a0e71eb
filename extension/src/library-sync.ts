import { callEndpoint, type CallFailure } from "./api";
import { listBackups, type BackupSummary } from "./backup-list";
import type { StorageArea } from "./browser-api";
import type { Clock } from "./clock";
import { z } from "zod";
import { checkedWhenStored, StorageItem } from "./storage-item";

export const LIBRARY_KEY = "library";

/** The account's backups as this browser last downloaded them, for the connection that downloaded them. */
export interface CachedLibrary {
  /** The device token's id: a list downloaded for another connection is never shown. */
  deviceId: string;
  syncedAt: number;
  /** Newest first. */
  backups: BackupSummary[];
}

const cachedLibrary: z.ZodType<CachedLibrary> = z.object({ deviceId: z.string(), syncedAt: z.number(), backups: z.array(checkedWhenStored<BackupSummary>()) });

export interface LibraryAuth {
  serverUrl: string;
  accessToken: string;
  deviceId: string;
}

export interface LibrarySyncDeps {
  storage: StorageArea;
  clock: Clock;
  fetch: typeof fetch;
  auth(): Promise<LibraryAuth | null>;
  onUnauthorized(message: string): Promise<void>;
}

export type LibrarySyncResult = { ok: true; library: CachedLibrary } | ({ ok: false } & (CallFailure | { kind: "not-connected"; message: string }));

/**
 * The extension's copy of the person's library (decision 164). It is only ever downloaded: the server's
 * list replaces the copy whole, so a backup deleted on the web or by another browser leaves this list at
 * the next sync, and nothing here can delete or replace a backup on the server. A browser connects by
 * downloading it first ({@link LibrarySync.downloaded} gates its uploads), so a new, empty install starts
 * from the library instead of from nothing.
 */
export class LibrarySync {
  constructor(private readonly deps: LibrarySyncDeps) {}

  /** The last download for the current connection, or null. */
  async cached(): Promise<CachedLibrary | null> {
    const auth = await this.deps.auth();
    const stored = await new StorageItem(this.deps.storage, LIBRARY_KEY, cachedLibrary).get();
    return auth && stored?.deviceId === auth.deviceId ? stored : null;
  }

  /** Whether this connection has downloaded the library at least once. */
  async downloaded(): Promise<boolean> {
    return (await this.cached()) !== null;
  }

  /** Downloads the list and replaces the copy with it. */
  async sync(): Promise<LibrarySyncResult> {
    const auth = await this.deps.auth();
    if (!auth) return { ok: false, kind: "not-connected", message: "Connect this browser to TabVault to see its backups." };
    const answer = await callEndpoint(listBackups, {}, { serverUrl: auth.serverUrl, token: auth.accessToken, fetch: this.deps.fetch });
    if (!answer.ok) {
      if (answer.kind === "unauthorized") await this.deps.onUnauthorized(answer.message);
      return answer;
    }
    const library: CachedLibrary = {
      deviceId: auth.deviceId,
      syncedAt: this.deps.clock.now(),
      backups: [...answer.data].sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
    };
    await this.deps.storage.set({ [LIBRARY_KEY]: library });
    return { ok: true, library };
  }

  /** Downloads the library unless this connection already has; true once it has. */
  async ensureDownloaded(): Promise<boolean> {
    return (await this.downloaded()) || (await this.sync()).ok;
  }

  /** Forgets the copy: on disconnecting, another account's list must never show. */
  async clear(): Promise<void> {
    await this.deps.storage.remove(LIBRARY_KEY);
  }
}
