import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { openDB } from "idb";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { backupKeyFrom, keyIdOf } from "@common/end-to-end-encryption";
import { DEFAULT_UNLOCK_PERIOD, UNLOCK_PERIODS_MINUTES, unlockEnd } from "@common/unlock-period";
import { backupKeyChanged, forgetBackupKey, keepBackupKey, loadBackupKey, readHeldUnlock } from "./backup-key";
import { startUnlockTimer } from "./unlock-timer";

const EMAIL = "Locker@Example.com";
const MINUTE = 60_000;
const T0 = Date.parse("2026-11-28T12:00:00Z");

/** A clock moved by hand: nothing here reads the real one. */
function manualClock() {
  let time = T0;
  return { now: () => time, advance: (ms: number) => void (time += ms) };
}

/** Lets IndexedDB requests (fake-indexeddb answers on setImmediate, which the fake timers leave alone) and promises settle. */
async function settle(rounds = 30): Promise<void> {
  for (let round = 0; round < rounds; round += 1) await new Promise((resolve) => setImmediate(resolve));
}

/** The key's id: a key read back from IndexedDB is a copy, the same key only by what it seals. */
const idOf = async (key: CryptoKey | null | undefined) => (key ? keyIdOf(key) : null);

const newKey = () => backupKeyFrom(crypto.getRandomValues(new Uint8Array(32)));

/** What IndexedDB holds for the account, as any script of the page could read or write it. */
const store = () => openDB("tabvault-encryption", 1, { upgrade: (db) => void db.createObjectStore("backup-keys") });
const storedRecord = async (): Promise<unknown> => (await store()).get("backup-keys", "locker@example.com");
const writeRecord = async (record: unknown) => void (await (await store()).put("backup-keys", record, "locker@example.com"));

let announced = 0;
beforeEach(() => {
  vi.stubGlobal("indexedDB", new IDBFactory());
  const page = new EventTarget();
  announced = 0;
  page.addEventListener(backupKeyChanged, () => (announced += 1));
  // The page's own timers, so vitest's fake timers move them.
  vi.stubGlobal("window", Object.assign(page, { setTimeout: (run: () => void, ms: number) => setTimeout(run, ms), clearTimeout: (id: number) => clearTimeout(id) }));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the web app's unlock ends after the time the person chose (decision 245, C513)", () => {
  it("offers the extension's periods, 15 minutes first and by default, and each ends that long after the unlock", () => {
    expect(UNLOCK_PERIODS_MINUTES).toEqual([15, 60, 480, 1440, null]);
    expect(DEFAULT_UNLOCK_PERIOD).toBe(15);
    expect(unlockEnd(15, T0)).toBe(T0 + 15 * MINUTE);
    expect(unlockEnd(24 * 60, T0)).toBe(T0 + 24 * 60 * MINUTE);
    expect(unlockEnd(null, T0)).toBeNull();
  });

  it("keeps the key before its end, and forgets it at the end: deleted from IndexedDB, the page told, locked after", async () => {
    const clock = manualClock();
    const key = await newKey();
    await keepBackupKey(EMAIL, key, unlockEnd(15, clock.now()));
    expect(await storedRecord()).toMatchObject({ until: T0 + 15 * MINUTE });

    clock.advance(15 * MINUTE - 1);
    expect(await idOf(await loadBackupKey(EMAIL, clock.now()))).toBe(await keyIdOf(key));
    const held = await readHeldUnlock(EMAIL, clock.now());
    expect(held.state === "unlocked" && held.unlock.until).toBe(T0 + 15 * MINUTE);
    announced = 0;

    clock.advance(1);
    expect(await readHeldUnlock(EMAIL, clock.now())).toEqual({ state: "ended", until: T0 + 15 * MINUTE });
    expect(await storedRecord()).toBeUndefined();
    expect(announced).toBe(1);
    // Forgotten, not hidden: a clock set back does not bring it back.
    expect(await loadBackupKey(EMAIL, T0)).toBeNull();
  });

  it("forgets a key read after its end too, whoever reads it first", async () => {
    const clock = manualClock();
    await keepBackupKey(EMAIL, await newKey(), unlockEnd(60, clock.now()));
    clock.advance(8 * 60 * MINUTE);
    expect(await loadBackupKey(EMAIL, clock.now())).toBeNull();
    expect(await storedRecord()).toBeUndefined();
    expect(await readHeldUnlock(EMAIL, clock.now())).toEqual({ state: "locked" });
  });

  it("'Until I lock it' never ends by itself: a year later the key is still held, and locking forgets it", async () => {
    const clock = manualClock();
    const key = await newKey();
    await keepBackupKey(EMAIL, key, unlockEnd(null, clock.now()));
    clock.advance(365 * 24 * 60 * MINUTE);
    expect(await idOf(await loadBackupKey(EMAIL, clock.now()))).toBe(await keyIdOf(key));
    expect(await storedRecord()).toMatchObject({ until: null });
    await forgetBackupKey(EMAIL);
    expect(await loadBackupKey(EMAIL, clock.now())).toBeNull();
  });

  it.each([
    ["an end written as text", async () => ({ key: await newKey(), until: "2099-01-01" })],
    ["an end that is not a number", async () => ({ key: await newKey(), until: Number.NaN })],
    ["an end that never comes", async () => ({ key: await newKey(), until: Number.POSITIVE_INFINITY })],
    ["an end further off than the longest period offered", async () => ({ key: await newKey(), until: T0 + 24 * 60 * MINUTE + 1 })],
    ["no end at all", async () => ({ key: await newKey() })],
    ["a bare key, as kept before unlocks ended", newKey],
    ["a key that could be read out", async () => ({ key: await crypto.subtle.importKey("raw", new Uint8Array(32), "AES-GCM", true, ["encrypt", "decrypt"]), until: null })],
    ["raw bytes instead of a key", async () => ({ key: new Uint8Array(32), until: null })],
    ["a number", async () => 42],
    ["null", async () => null],
  ])("a stored record with %s is read as locked and forgotten", async (_, record) => {
    await writeRecord(await record());
    expect(await readHeldUnlock(EMAIL, T0)).toEqual({ state: "unreadable" });
    expect(await storedRecord()).toBeUndefined();
    expect(announced).toBe(1);
    expect(await loadBackupKey(EMAIL, T0)).toBeNull();
  });

  it("a page left open locks at the end: its timer reads the key again, which forgets it and tells the page", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const clock = manualClock();
    await keepBackupKey(EMAIL, await newKey(), unlockEnd(15, clock.now()));
    const stop = startUnlockTimer(EMAIL, clock.now);
    await settle();
    expect(vi.getTimerCount()).toBe(1);
    announced = 0;

    clock.advance(15 * MINUTE - 1);
    await vi.advanceTimersByTimeAsync(15 * MINUTE - 1);
    expect(await storedRecord()).toBeDefined();
    expect(announced).toBe(0);

    clock.advance(1);
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(await storedRecord()).toBeUndefined();
    expect(announced).toBe(1);
    stop();
    expect(vi.getTimerCount()).toBe(0);
  });
});
