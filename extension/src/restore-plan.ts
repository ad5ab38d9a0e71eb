import type { BrowserBackup } from "@common/api/browser-backups";
import { windowPlacementOf } from "@common/tab-field-mappers";
import { isWebAddress } from "@common/web-address";
import type { ClosedSession } from "./browser-api";
import type { Snapshot, WindowPlacement } from "./snapshot";

export interface RestoreTab {
  url: string;
  title: string;
  faviconUrl: string | null;
  pinned: boolean;
  active: boolean;
  /** Index into the window's `groups`, or null. */
  group: number | null;
  formData: Record<string, string>;
  scrollPosition: { x: number; y: number };
  /** When the browser last showed the tab (epoch ms), if known. */
  lastAccessed: number | null;
  /** Set when the browser's recently-closed list still has this tab. */
  sessionId?: string;
}

export interface RestoreWindow extends WindowPlacement {
  /** An open window to put the tabs back into (a loss inside a window that is still open), or null for a new one. */
  intoWindowId: number | null;
  /** Saved as a private (incognito) window: reopened private where this browser lets the extension (decision 217). */
  incognito?: boolean;
  /** The window's id where it was saved: in the same browser run, the same window. */
  savedWindowId?: number;
  tabs: RestoreTab[];
  /** `joinGroupId`: a group of the open window the tabs join (the same title and colour) instead of a new one. */
  groups: { title: string; color: string; collapsed: boolean; joinGroupId?: number }[];
  /** Set when the browser's recently-closed list still has this window with the same tabs. */
  sessionId?: string;
  /** Positions in `tabs` in the order to open them (smart recovery: most recently used first); else in order. */
  openOrder?: number[];
}

export interface RestorePlan {
  windows: RestoreWindow[];
  tabCount: number;
  /** Tabs of server data left out because their address is not a web page (decision 220). */
  notWebPages?: number;
  /** Open the windows in the order given (smart recovery), not the focused one first. */
  ordered?: boolean;
}

/** A window of a snapshot or of a backup from the server: the two shapes a restore starts from. */
interface SourceWindow extends WindowPlacement {
  windowId: number;
  /** Only a backup's window imported from a file carries it: snapshots leave private windows out. */
  incognito?: boolean;
  tabs: {
    url: string;
    title: string;
    faviconUrl: string | null;
    /** A location this browser could not open (decision 199): such a tab is never opened blank. */
    sealedLocation?: string | null;
    pinned: boolean;
    active: boolean;
    groupId: number | null;
    lastAccessed?: number | null;
    formData?: Record<string, string>;
    scrollPosition?: { x: number; y: number };
  }[];
}

function planWindow(window: SourceWindow, groups: Snapshot["groups"] | BrowserBackup["groups"], intoWindowId: number | null): RestoreWindow {
  const windowGroups = groups.filter((group) => group.windowId === window.windowId);
  const groupIndex = new Map(windowGroups.map((group, index) => [group.groupId, index]));
  // Pinned tabs first: browsers keep them at the left whatever index they are given.
  const ordered = [...window.tabs.filter((tab) => tab.pinned), ...window.tabs.filter((tab) => !tab.pinned)];
  return {
    intoWindowId,
    savedWindowId: window.windowId,
    ...(window.incognito ? { incognito: true } : {}),
    ...windowPlacementOf(window),
    tabs: ordered.map((tab) => ({
      url: tab.url,
      title: tab.title,
      faviconUrl: tab.faviconUrl,
      pinned: tab.pinned,
      active: tab.active,
      group: tab.groupId !== null && !tab.pinned ? (groupIndex.get(tab.groupId) ?? null) : null,
      formData: tab.formData ?? {},
      scrollPosition: tab.scrollPosition ?? { x: 0, y: 0 },
      lastAccessed: tab.lastAccessed ?? null,
    })),
    groups: windowGroups.map((group) => ({ title: group.title, color: group.color, collapsed: group.collapsed })),
  };
}

function count(windows: RestoreWindow[]): number {
  return windows.reduce((sum, window) => sum + window.tabs.length, 0);
}

/**
 * A backup from the server: every saved window reopens as a new window. Tabs still sealed (decision 199) are left
 * out: their callers open them first, and refuse the restore when this browser cannot. A tab whose address is not a
 * web page is left out and counted: the server's data never opens a `javascript:`, `file:` or browser page (decision 220).
 */
export function planFromBackup(backup: Pick<BrowserBackup, "windows" | "groups">): RestorePlan {
  let notWebPages = 0;
  const windows = backup.windows
    .map((window) => ({
      ...window,
      tabs: window.tabs.filter((tab) => {
        if (tab.sealedLocation) return false;
        if (isWebAddress(tab.url)) return true;
        notWebPages += 1;
        return false;
      }),
    }))
    .filter((window) => window.tabs.length > 0)
    .map((window) => planWindow(window, backup.groups, null));
  return { windows, tabCount: count(windows), ...(notWebPages > 0 ? { notWebPages } : {}) };
}

/**
 * The lost part of a local snapshot (an emergency): a window whose tabs are all lost, or that is no
 * longer open, reopens as a window; lost tabs of a window that is still open go back into it.
 */
export function planFromSnapshot(snapshot: Snapshot, lostTabIds: readonly number[], openWindowIds: ReadonlySet<number>): RestorePlan {
  const lost = new Set(lostTabIds);
  const windows: RestoreWindow[] = [];
  for (const window of snapshot.windows) {
    const tabs = window.tabs.filter((tab) => lost.has(tab.tabId));
    if (tabs.length === 0) continue;
    const whole = tabs.length === window.tabs.length;
    const into = !whole && openWindowIds.has(window.windowId) ? window.windowId : null;
    windows.push(planWindow({ ...window, tabs }, snapshot.groups, into));
  }
  return { windows, tabCount: count(windows) };
}

/**
 * Marks windows and tabs the browser still holds in its recently-closed list (same URLs in the same
 * order), so they come back through `sessions.restore` with their back/forward history.
 */
export function matchRecentlyClosed(plan: RestorePlan, closed: ClosedSession[]): RestorePlan {
  const used = new Set<string>();
  const windows = plan.windows.map((window) => {
    // A private window comes back private from the backup, never as an ordinary window the list still holds.
    if (window.incognito) return window;
    if (window.intoWindowId === null) {
      const urls = window.tabs.map((tab) => tab.url).join("\n");
      const match = closed.find((entry) => {
        const id = entry.window?.sessionId;
        if (!id || used.has(id)) return false;
        const closedUrls = (entry.window?.tabs ?? []).map((tab) => tab.url ?? "").filter((url) => /^https?:/i.test(url));
        const pinnedFirst = [...(entry.window?.tabs ?? []).filter((tab) => tab.pinned), ...(entry.window?.tabs ?? []).filter((tab) => !tab.pinned)];
        return closedUrls.length === window.tabs.length && pinnedFirst.map((tab) => tab.url ?? "").filter((url) => /^https?:/i.test(url)).join("\n") === urls;
      });
      if (match?.window?.sessionId) {
        used.add(match.window.sessionId);
        return { ...window, sessionId: match.window.sessionId };
      }
      return window;
    }
    const tabs = window.tabs.map((tab) => {
      const match = closed.find((entry) => entry.tab?.sessionId && !used.has(entry.tab.sessionId) && entry.tab.url === tab.url);
      if (!match?.tab?.sessionId) return tab;
      used.add(match.tab.sessionId);
      return { ...tab, sessionId: match.tab.sessionId };
    });
    return { ...window, tabs };
  });
  return { ...plan, windows };
}
