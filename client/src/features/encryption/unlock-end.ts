import { LONGEST_UNLOCK_MS } from "@common/unlock-period";

/**
 * Whether this browser's stored unlock still holds (decision 245, claim C513): the key is kept in IndexedDB beside
 * the time its unlock ends, and every read weighs that end against the clock.
 */

/** An unlock as `backup-key.ts` stores it: the key and when it ends, null when it lasts until the person locks. */
export interface StoredUnlock {
  key: CryptoKey;
  until: number | null;
}

/** What a stored record holds at a moment: a live unlock, one whose time has come, or nothing this page wrote. */
export type UnlockReading = { state: "unlocked"; unlock: StoredUnlock } | { state: "ended"; until: number } | { state: "unreadable" };

/**
 * Reads `record` at `now`. Ended at its end and after it. Unreadable, so locked, when it is not what this page
 * writes: a bare key from before unlocks ended (the person never chose a time), a key that could be exported, an end
 * that is not a finite number, or one further off than the longest period offered (a record written by someone else,
 * or garbled). The caller forgets the record unless it holds an unlock.
 */
export function readUnlock(record: unknown, now: number): UnlockReading {
  if (typeof record !== "object" || record === null || !("key" in record) || !("until" in record)) return { state: "unreadable" };
  const { key, until } = record;
  if (!(key instanceof CryptoKey) || key.extractable) return { state: "unreadable" };
  if (until === null) return { state: "unlocked", unlock: { key, until } };
  if (typeof until !== "number" || !Number.isFinite(until) || until > now + LONGEST_UNLOCK_MS) return { state: "unreadable" };
  return now >= until ? { state: "ended", until } : { state: "unlocked", unlock: { key, until } };
}
