import type { Snapshot } from "./snapshot";

/** The rules of issue 15: what counts as losing tabs by accident. */
export const EMERGENCY_RULES = {
  /** This many tabs closing within {@link EMERGENCY_RULES.burstWindowMs} is a close-all. */
  burstTabs: 3,
  burstWindowMs: 1_000,
  /** A window closing with at least this many tabs. */
  windowTabs: 2,
  /** At start-up: fewer than this share of the last snapshot's tabs came back, and at least `startupMinLost` were lost. */
  startupShare: 0.5,
  startupMinLost: 3,
} as const;

export interface Removal {
  tabId: number;
  windowId: number;
  at: number;
  isWindowClosing: boolean;
}

/**
 * What the detector remembers between events; stored after each event (storage.session), because the
 * service worker may be stopped between two removals of the same close-all.
 */
export interface DetectorState {
  /** Removals of the current chain: each within the burst window of the one before. */
  removals: Removal[];
  /** The start of the chain for which an emergency was already raised. */
  raisedFor: number | null;
}

export const emptyDetector = (): DetectorState => ({ removals: [], raisedFor: null });

export interface EmergencyTrigger {
  /** When the loss began: the snapshot to back up is the newest captured before this. */
  since: number;
  reason: string;
  /** Tab ids removed so far in this loss. */
  removedTabIds: number[];
  /** Windows that closed whole. */
  closedWindowIds: number[];
}

function chainStart(state: DetectorState): number {
  return state.removals[0]?.at ?? 0;
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

/**
 * A tab was removed. Returns the new state and, the first time the chain reaches the burst rule, the
 * emergency; later removals of the same chain extend it (the caller merges them into that emergency).
 */
export function onTabRemoved(state: DetectorState, removal: Removal): { state: DetectorState; trigger: EmergencyTrigger | null } {
  const last = state.removals.at(-1);
  const continues = last !== undefined && removal.at - last.at <= EMERGENCY_RULES.burstWindowMs;
  const removals = continues ? [...state.removals, removal] : [removal];
  const next: DetectorState = { removals, raisedFor: continues ? state.raisedFor : null };
  const start = chainStart(next);
  const recent = removals.filter((item) => removal.at - item.at <= EMERGENCY_RULES.burstWindowMs);
  if (next.raisedFor === start) {
    return { state: next, trigger: { since: start, reason: "", removedTabIds: removals.map((item) => item.tabId), closedWindowIds: [] } };
  }
  if (recent.length >= EMERGENCY_RULES.burstTabs) {
    next.raisedFor = start;
    return {
      state: next,
      trigger: {
        since: start,
        reason: `${plural(recent.length, "tab")} closed within a second`,
        removedTabIds: removals.map((item) => item.tabId),
        closedWindowIds: [],
      },
    };
  }
  return { state: next, trigger: null };
}

/** Where a loss that includes a window closing at `at` began: the chain it continues, or now. */
export function windowLossStart(state: DetectorState, at: number): number {
  const last = state.removals.at(-1);
  return last !== undefined && at - last.at <= EMERGENCY_RULES.burstWindowMs ? chainStart(state) : at;
}

/**
 * A window closed. `tabsHeld` is how many tabs the last snapshot before the chain held in it (the
 * browser may report its tabs' removals before, after, or, for the last window, never).
 */
export function onWindowRemoved(state: DetectorState, windowId: number, at: number, tabsHeld: number): { state: DetectorState; trigger: EmergencyTrigger | null } {
  const last = state.removals.at(-1);
  const continues = last !== undefined && at - last.at <= EMERGENCY_RULES.burstWindowMs;
  const removals = continues ? state.removals : [];
  const fromWindow = removals.filter((item) => item.windowId === windowId && item.isWindowClosing);
  const count = Math.max(tabsHeld, fromWindow.length);
  const since = fromWindow[0]?.at ?? (continues ? chainStart(state) : at);
  const next: DetectorState = continues ? state : { removals: [], raisedFor: null };
  if (count < EMERGENCY_RULES.windowTabs) return { state: next, trigger: null };
  return {
    state: { ...next, raisedFor: continues ? chainStart(state) : next.raisedFor },
    trigger: {
      since: Math.min(since, continues ? chainStart(state) : since),
      reason: `A window with ${plural(count, "tab")} was closed`,
      removedTabIds: fromWindow.map((item) => item.tabId),
      closedWindowIds: [windowId],
    },
  };
}

/**
 * At browser start-up: did far fewer tabs come back than the last snapshot of the previous run
 * held? (A browser set not to restore tabs, a crash, or a close-all that shut the browser.)
 */
export function startupLoss(previous: Snapshot | undefined, tabsNow: number): { lost: number; reason: string } | null {
  if (!previous) return null;
  const lost = previous.tabCount - tabsNow;
  if (tabsNow >= previous.tabCount * EMERGENCY_RULES.startupShare || lost < EMERGENCY_RULES.startupMinLost) return null;
  return { lost, reason: `Only ${plural(tabsNow, "tab")} of ${previous.tabCount} came back when the browser started` };
}

/**
 * The tabs of `snapshot` that are gone now, matched by URL as a multiset: after a restart no tab id
 * survives, and a tab reopened by the browser itself must not be reopened twice.
 */
export function lostByUrl(snapshot: Snapshot, openUrls: string[]): number[] {
  const open = new Map<string, number>();
  for (const url of openUrls) open.set(url, (open.get(url) ?? 0) + 1);
  const lost: number[] = [];
  for (const window of snapshot.windows) {
    for (const tab of window.tabs) {
      const left = open.get(tab.url) ?? 0;
      if (left > 0) open.set(tab.url, left - 1);
      else lost.push(tab.tabId);
    }
  }
  return lost;
}
