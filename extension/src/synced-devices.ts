import type { SyncedDevice, Tab, Window } from "./browser-api";
import { EMERGENCY_RULES } from "./emergency";
import { buildSnapshot, type Snapshot } from "./snapshot";

/**
 * The emergency rules of this browser's own tabs (`EMERGENCY_RULES`), tuned for sync's delay (decision 219). A phone's
 * "Close all tabs" reaches this browser on the phone's next sync, perhaps in several steps and minutes later, never
 * as removals within a second: a collapse is far fewer tabs than the most the device held within
 * `collapseWindowMs`, with the start-up rule's share and minimum.
 */
export const SYNC_COLLAPSE_RULES = {
  /** The most tabs a device held within this long is what a collapse is measured against. */
  collapseWindowMs: 15 * 60_000,
  /** Left with fewer than this share of those tabs… */
  share: EMERGENCY_RULES.startupShare,
  /** …and at least this many lost. */
  minLost: EMERGENCY_RULES.startupMinLost,
  /** Chrome forgets a device whose tabs did not change for 14 days: one that leaves the list after that closed nothing. */
  staleAfterMs: 14 * 24 * 60 * 60_000,
} as const;

/** The tabs of a device's windows need ids of their own: synced tabs and windows have a `sessionId` and no `id`. */
const SYNCED_ID_BASE = 1_000_000;

/**
 * One synced device's open tabs as a snapshot, like this browser's own: a window per window session, and the tab
 * sessions (if the browser ever lists one alone) together in one more. `capturedAt` is when the device last changed
 * (Chrome says it in seconds).
 */
export function syncedDeviceSnapshot(device: SyncedDevice, id: string): Snapshot {
  let nextId = SYNCED_ID_BASE;
  const windows: Window[] = [];
  const lone: Tab[] = [];
  let lastModified = 0;
  for (const session of device.sessions) {
    lastModified = Math.max(lastModified, Number.isFinite(session.lastModified) ? session.lastModified : 0);
    if (session.window) {
      nextId += 1;
      const windowId = nextId;
      const tabs = (session.window.tabs ?? []).map((tab, index) => {
        nextId += 1;
        return { ...tab, id: nextId, windowId, index, incognito: false };
      });
      windows.push({ id: windowId, focused: windows.length === 0, incognito: false, type: "normal", state: "normal", tabs });
    } else if (session.tab) {
      lone.push(session.tab);
    }
  }
  if (lone.length > 0) {
    nextId += 1;
    const windowId = nextId;
    windows.push({ id: windowId, focused: windows.length === 0, incognito: false, type: "normal", state: "normal", tabs: lone.map((tab, index) => ({ ...tab, id: windowId + index + 1, windowId, index, incognito: false })) });
  }
  return buildSnapshot(id, lastModified * 1000, windows, []);
}

/** What this browser remembers of one synced device between two reads. */
export interface SyncedDeviceRecord {
  /** The device's tabs at the last read. */
  last: Snapshot;
  lastReadAt: number;
  /** The most tabs it held within the collapse window, and when that was read. */
  peak: Snapshot;
  peakAt: number;
  /** The fingerprint of the snapshot last queued as its backup; null before the first. */
  uploadedFingerprint: string | null;
}

/** What a read decides for one device. */
export type SyncedDeviceStep =
  | { kind: "same"; record: SyncedDeviceRecord }
  | { kind: "changed"; record: SyncedDeviceRecord }
  | { kind: "collapsed"; record: SyncedDeviceRecord | null; before: Snapshot; lost: number; reason: string };

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

/** Whether `held` tabs falling to `now` is a collapse (decision 219). */
export function isCollapse(held: number, now: number): boolean {
  return held - now >= SYNC_COLLAPSE_RULES.minLost && now < held * SYNC_COLLAPSE_RULES.share;
}

/** The snapshot a collapse now would be measured against: the biggest of the window's peak and the last read. */
function baseline(record: SyncedDeviceRecord, now: number): { peak: Snapshot; peakAt: number } {
  const peakCurrent = now - record.peakAt <= SYNC_COLLAPSE_RULES.collapseWindowMs;
  if (peakCurrent && record.peak.uploadableTabCount >= record.last.uploadableTabCount) return { peak: record.peak, peakAt: record.peakAt };
  return { peak: record.last, peakAt: record.lastReadAt };
}

/**
 * A device read again. `previous` is what was remembered, `snapshot` what the browser lists now, or null when the
 * device left the list (Chrome lists only devices with tabs: a phone whose tabs were all closed leaves it).
 * `alone` says whether it was the only device to leave at this read: when every device leaves at once, it is this
 * browser's sync that stopped, not every device's tabs closing.
 */
export function stepSyncedDevice(name: string, previous: SyncedDeviceRecord | undefined, snapshot: Snapshot | null, now: number, alone = true): SyncedDeviceStep | null {
  if (!previous) {
    if (!snapshot) return null;
    return { kind: "changed", record: { last: snapshot, lastReadAt: now, peak: snapshot, peakAt: now, uploadedFingerprint: null } };
  }
  const { peak, peakAt } = baseline(previous, now);
  const held = peak.uploadableTabCount;
  const left = snapshot?.uploadableTabCount ?? 0;
  const stale = snapshot === null && now - previous.last.capturedAt > SYNC_COLLAPSE_RULES.staleAfterMs;
  if (isCollapse(held, left) && !stale && (snapshot !== null || alone)) {
    const reason = `${name}'s ${plural(held, "tab")} were closed`;
    return {
      kind: "collapsed",
      before: peak,
      lost: held - left,
      reason,
      record: snapshot ? { last: snapshot, lastReadAt: now, peak: snapshot, peakAt: now, uploadedFingerprint: previous.uploadedFingerprint } : null,
    };
  }
  if (!snapshot) return null;
  const same = previous.last.fingerprint === snapshot.fingerprint;
  const grown = snapshot.uploadableTabCount >= held;
  const record: SyncedDeviceRecord = {
    // An unchanged list keeps the snapshot it had (and its id): nothing new to send.
    last: same ? previous.last : snapshot,
    lastReadAt: now,
    peak: grown ? snapshot : peak,
    peakAt: grown ? now : peakAt,
    uploadedFingerprint: previous.uploadedFingerprint,
  };
  return { kind: same ? "same" : "changed", record };
}
