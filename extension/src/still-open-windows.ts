import { pageKey } from "@common/backup-digest";
import type { RestorePlan, RestoreWindow } from "./restore";

/** A window open in this browser now: its pages (a placeholder counted as the page it stands for) and its groups. */
export interface OpenWindow {
  id: number;
  pages: string[];
  groups: { id: number; title: string; color: string }[];
}

/** What a restore left out because it is open already: the saved windows found open, and their tabs found there. */
export interface StillOpen {
  windows: number;
  tabs: number;
}

/** How many of `pages` the open window holds, each open page counted once. */
function sharedPages(pages: readonly string[], open: readonly string[]): number {
  const left = countPages(open);
  let shared = 0;
  for (const page of pages) {
    const count = left.get(page) ?? 0;
    if (count === 0) continue;
    left.set(page, count - 1);
    shared += 1;
  }
  return shared;
}

function countPages(pages: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const page of pages) counts.set(page, (counts.get(page) ?? 0) + 1);
  return counts;
}

/**
 * A saved window is still open in the open window that holds more than half its pages (after a restart, when the
 * browser brought it back under a new id), or that has its window id (the same browser run) and one of its pages; each
 * open window stands for one saved window, the one it shares most with.
 */
function matchWindows(windows: readonly RestoreWindow[], open: readonly OpenWindow[]): Map<number, OpenWindow> {
  const openPages = open.map((window) => window.pages.map(pageKey));
  const pairs: { saved: number; open: number; shared: number; sameId: boolean }[] = [];
  windows.forEach((window, saved) => {
    // A private window's tabs never go into an ordinary window; the open windows here are the ordinary ones (decision 217).
    if (window.intoWindowId !== null || window.incognito) return;
    const pages = window.tabs.map((tab) => pageKey(tab.url));
    open.forEach((candidate, index) => {
      const shared = sharedPages(pages, openPages[index] ?? []);
      const sameId = window.savedWindowId !== undefined && window.savedWindowId === candidate.id;
      if (shared > 0 && (shared * 2 > pages.length || sameId)) pairs.push({ saved, open: index, shared, sameId });
    });
  });
  pairs.sort((a, b) => b.shared - a.shared || Number(b.sameId) - Number(a.sameId));
  const matched = new Map<number, OpenWindow>();
  const taken = new Set<number>();
  for (const pair of pairs) {
    const candidate = open[pair.open];
    if (!candidate || matched.has(pair.saved) || taken.has(pair.open)) continue;
    matched.set(pair.saved, candidate);
    taken.add(pair.open);
  }
  return matched;
}

/** The tabs of `window` that `open` does not hold, the saved window's groups joined to the open one's of the same name. */
function missingPart(window: RestoreWindow, open: OpenWindow): RestoreWindow {
  const left = countPages(open.pages.map(pageKey));
  const tabs = window.tabs.filter((tab) => {
    const key = pageKey(tab.url);
    const count = left.get(key) ?? 0;
    if (count === 0) return true;
    left.set(key, count - 1);
    return false;
  });
  const groups = window.groups.map((group) => {
    const same = open.groups.find((candidate) => candidate.title === group.title && candidate.color === group.color);
    return same ? { ...group, joinGroupId: same.id } : group;
  });
  // Into a window the person has in front of them: nothing is selected, and the browser's recently-closed copy of the
  // whole window no longer fits.
  return { ...window, intoWindowId: open.id, tabs, groups, sessionId: undefined, openOrder: undefined, focused: false };
}

/**
 * A restore never opens a second copy of a window that is still open (decision 210): a saved window found open gets
 * only its missing tabs, put into that window; one with nothing missing is left out. Windows not open come back whole.
 */
export function leaveOutStillOpen(plan: RestorePlan, open: readonly OpenWindow[]): { plan: RestorePlan; stillOpen: StillOpen } {
  const matched = matchWindows(plan.windows, open);
  const stillOpen: StillOpen = { windows: 0, tabs: 0 };
  const windows: RestoreWindow[] = [];
  plan.windows.forEach((window, index) => {
    const into = matched.get(index);
    if (!into) {
      windows.push(window);
      return;
    }
    const missing = missingPart(window, into);
    stillOpen.windows += 1;
    stillOpen.tabs += window.tabs.length - missing.tabs.length;
    if (missing.tabs.length > 0) windows.push(missing);
  });
  return { plan: { ...plan, windows, tabCount: windows.reduce((sum, window) => sum + window.tabs.length, 0) }, stillOpen };
}

/** "1 window still open: 9 tabs already there", or null when no saved window is open. */
export function stillOpenText(stillOpen: StillOpen): string | null {
  if (stillOpen.windows === 0) return null;
  const windows = `${stillOpen.windows.toLocaleString("en")} ${stillOpen.windows === 1 ? "window" : "windows"} still open`;
  return `${windows}: ${stillOpen.tabs.toLocaleString("en")} ${stillOpen.tabs === 1 ? "tab" : "tabs"} already there`;
}
