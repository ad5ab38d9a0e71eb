import type { BrowserApi, Tab, WindowState } from "./browser-api";
import { type Clock, sleep } from "./clock";
import type { RestorePlan, RestoreTab } from "./restore-plan";
import { RestoredTabCreator } from "./restored-tab";

// What a restore opens is planned in restore-plan.ts; its callers import both from here.
export * from "./restore-plan";

/** What this browser can do; decides how tabs are reopened. */
export interface RestoreCapabilities {
  /** False on Firefox for Android: every tab goes into the one window. */
  windows: boolean;
  tabGroups: boolean;
  /** Firefox: `tabs.create({discarded: true})` opens a tab without loading it; asked, and dropped where refused (RestoredTabCreator). */
  discardedCreate: boolean;
  /** Chromium: an extension placeholder page that loads the real URL once the tab is looked at. */
  placeholder: boolean;
  sessions: boolean;
  /**
   * The person allowed the extension in private windows (`extension.isAllowedIncognitoAccess()`), so a private
   * window can be reopened private (decision 217); else it reopens as an ordinary window, and the person is told.
   */
  privateWindows: boolean;
}

export interface RestoreDeps {
  browser: BrowserApi;
  clock: Clock;
  capabilities: RestoreCapabilities;
  onProgress(done: number, total: number): void | Promise<void>;
  /** Remembers form values and scroll for a new tab, for the form-capture content script to apply. */
  rememberRefill?(tabId: number, tab: RestoreTab): void | Promise<void>;
  /** The current id of a tab created by the restore: Chromium renumbers a tab when it is discarded. */
  resolveTabId?(tabId: number): number;
  /** Tab creations asked and not yet answered at most: the next is asked as soon as one answers (decision 241). */
  inFlight?: number;
  /** Firefox for Android (one window, no indexes): tabs created one after another, this pause after each `inFlight`. */
  pauseMs?: number;
  /** Progress is reported after this many tabs, and at each window's end: the popup redraws on each report. */
  progressEvery?: number;
  /** Resolves when the browser has room for one more tab to load (Chromium: few placeholders loading at once). */
  roomToLoad?(): Promise<void>;
}

export interface RestoreResult {
  created: number;
  viaSessions: number;
  failed: number;
  /** Private windows reopened private. */
  privateWindows: number;
  /** Private windows reopened as ordinary ones: the extension is not allowed in private windows, or the browser refused. */
  privateAsOrdinary: number;
}

/** Private windows of a plan that will open as ordinary windows: all of them when the extension is not allowed there. */
export function privateWindowsOpenedOrdinary(plan: RestorePlan, capabilities: RestoreCapabilities): number {
  return capabilities.privateWindows && capabilities.windows ? 0 : plan.windows.filter((window) => window.incognito).length;
}

/** What the person is told when private windows came back as ordinary ones (decision 217). */
export function privateAsOrdinaryText(count: number): string {
  const windows = count === 1 ? "1 private window" : `${count} private windows`;
  return (
    `${windows} opened as ${count === 1 ? "an ordinary window" : "ordinary windows"}: TabVault is not allowed in private windows ` +
    "(turn on “Allow in Incognito” or “Run in Private Windows” in the browser's extension settings to restore them private)"
  );
}

/** The URL a tab opens with: the page itself, or (Chromium, not the active tab) the placeholder. */
export function lazyUrl(tab: RestoreTab, capabilities: RestoreCapabilities, getURL: (path: string) => string): string {
  if (!capabilities.placeholder || tab.active) return tab.url;
  const query = new URLSearchParams({ url: tab.url, title: tab.title });
  if (tab.faviconUrl) query.set("favicon", tab.faviconUrl);
  return `${getURL("/placeholder.html")}?${query.toString()}`;
}

function hasPageState(tab: RestoreTab): boolean {
  return Object.keys(tab.formData).length > 0 || tab.scrollPosition.x > 0 || tab.scrollPosition.y > 0;
}

/**
 * Reopens a plan: each window as a window, its tabs in order, pinned and grouped as saved, loaded lazily; a few
 * creations asked at a time and each only when the browser has room to load it, so a thousand tabs never freeze the
 * browser (decision 241).
 */
export async function executeRestore(plan: RestorePlan, deps: RestoreDeps): Promise<RestoreResult> {
  const { browser, capabilities, clock } = deps;
  const inFlight = Math.max(1, deps.inFlight ?? 16);
  const pauseMs = deps.pauseMs ?? 30;
  const progressEvery = Math.max(1, deps.progressEvery ?? 50);
  const result: RestoreResult = { created: 0, viaSessions: 0, failed: 0, privateWindows: 0, privateAsOrdinary: 0 };
  let done = 0;
  let reported = 0;
  const report = async () => {
    if (done === reported) return;
    reported = done;
    await deps.onProgress(done, plan.tabCount);
  };
  const progress = async (added: number) => {
    done += added;
    if (done - reported >= progressEvery || done === plan.tabCount) await report();
  };
  let focusWindowId: number | null = null;
  const current = (id: number) => deps.resolveTabId?.(id) ?? id;
  const breathe = () => (pauseMs > 0 ? sleep(clock, pauseMs) : Promise.resolve());
  const creator = new RestoredTabCreator(browser, capabilities);

  // Chromium cannot show an extension page in a private window of an extension in its default ("spanning") mode,
  // so a private window's tabs open as the pages themselves, not behind the placeholder.
  const inPrivate: RestoreCapabilities = { ...capabilities, placeholder: false };
  const createTab = async (windowId: number | undefined, tab: RestoreTab, index: number | undefined, isPrivate = false): Promise<Tab | null> => {
    if (tab.sessionId && browser.sessions) {
      try {
        await browser.sessions.restore(tab.sessionId);
        result.viaSessions += 1;
        return null;
      } catch {
        // No longer in the list: opened from the backup below.
      }
    }
    try {
      const created = await creator.create(
        { windowId, index, url: lazyUrl(tab, isPrivate ? inPrivate : capabilities, (path) => browser.runtime.getURL(path)), active: false, pinned: capabilities.windows ? tab.pinned : undefined },
        tab,
      );
      result.created += 1;
      if (created.id !== undefined && hasPageState(tab)) await deps.rememberRefill?.(created.id, tab);
      return created;
    } catch {
      result.failed += 1;
      return null;
    }
  };

  // The window the person was working in comes back first: with a thousand tabs the rest take a while.
  const windowsInOrder = plan.ordered ? plan.windows : [...plan.windows].sort((a, b) => Number(b.focused) - Number(a.focused));
  for (const window of windowsInOrder) {
    if (window.sessionId && capabilities.sessions && browser.sessions) {
      try {
        await browser.sessions.restore(window.sessionId);
        result.viaSessions += window.tabs.length;
        await progress(window.tabs.length);
        continue;
      } catch {
        // Gone from the list meanwhile: reopened from the backup below.
      }
    }

    if (!capabilities.windows || !browser.windows) {
      // Firefox for Android: one window, no pins or groups; tabs join the open window in order.
      for (let start = 0; start < window.tabs.length; start += inFlight) {
        const batch = window.tabs.slice(start, start + inFlight);
        for (const tab of batch) await createTab(undefined, tab, undefined);
        await progress(batch.length);
        await breathe();
      }
      continue;
    }

    let windowId: number;
    let isPrivate = false;
    // By position in `window.tabs`, whatever order they are opened in.
    const tabIds: (number | null)[] = window.tabs.map(() => null);
    const order = window.openOrder ?? window.tabs.map((_, position) => position);
    let offset = 0;
    // Positions already opened: a tab opened out of order goes in among them at its saved place, so no move is needed.
    const opened: boolean[] = window.tabs.map(() => false);
    const placeOf = (position: number) => offset + opened.slice(0, position).filter(Boolean).length;
    if (window.intoWindowId !== null) {
      windowId = window.intoWindowId;
      offset = (await browser.tabs.query({ windowId })).length;
    } else {
      const firstPosition = order[0] ?? 0;
      const first = window.tabs[firstPosition];
      if (!first) continue;
      const bounds = window.state === "normal" ? { left: window.left ?? undefined, top: window.top ?? undefined, width: window.width ?? undefined, height: window.height ?? undefined } : {};
      const state: WindowState | undefined = window.state === "normal" || window.state === "minimized" ? undefined : window.state;
      const windows = browser.windows;
      const open = async (incognito: boolean) => {
        const privately = incognito ? { incognito: true } : {};
        try {
          return await windows.create({ url: first.url, ...bounds, ...(state ? { state } : {}), ...privately });
        } catch {
          // Bounds of a screen this computer does not have: the browser picks a place.
          return await windows.create({ url: first.url, ...privately });
        }
      };
      let created;
      if (window.incognito && capabilities.privateWindows) {
        // Allowed, yet a browser may still refuse (private browsing turned off by policy): an ordinary window then.
        created = await open(true).catch(() => undefined);
        isPrivate = created?.id !== undefined;
      }
      if (!isPrivate) created = await open(false);
      if (window.incognito) {
        if (isPrivate) result.privateWindows += 1;
        else result.privateAsOrdinary += 1;
      }
      if (created?.id === undefined) {
        result.failed += window.tabs.length;
        await progress(window.tabs.length);
        continue;
      }
      windowId = created.id;
      const firstTab = created.tabs?.[0];
      tabIds[firstPosition] = firstTab?.id ?? null;
      opened[firstPosition] = true;
      result.created += 1;
      if (firstTab?.id !== undefined) {
        if (first.pinned) await browser.tabs.update(firstTab.id, { pinned: true }).catch(() => undefined);
        if (hasPageState(first)) await deps.rememberRefill?.(firstTab.id, first);
      }
      await progress(1);
    }

    const rest = window.intoWindowId === null ? order.slice(1) : order;
    // A sliding window, not batches: up to `inFlight` creations asked, the next asked as soon as one answers, none
    // waiting for a batch's slowest tab; each asked only when the browser has room to load it (decision 241).
    let next = 0;
    const opener = async () => {
      for (;;) {
        await deps.roomToLoad?.();
        const position = rest[next];
        if (position === undefined) return;
        next += 1;
        // The browser takes the creations in the order they are asked for: each index counts the ones asked before.
        const place = placeOf(position);
        opened[position] = true;
        const tab = window.tabs[position];
        const created = tab ? await createTab(windowId, tab, place, isPrivate) : null;
        tabIds[position] = created?.id ?? null;
        await progress(1);
      }
    };
    await Promise.all(Array.from({ length: Math.min(inFlight, rest.length) }, opener));
    await report();

    // Tabs created together may still land out of order on some browsers: put each at its place, left to right.
    // The strip is followed move by move, so a move never rests on an index an earlier move changed.
    const strip = (await browser.tabs.query({ windowId })).sort((a, b) => a.index - b.index).map((tab) => tab.id);
    let wanted = offset;
    for (const created of tabIds) {
      if (created === null || created === undefined) continue;
      const id = current(created);
      const at = strip.indexOf(id);
      if (at >= 0 && at !== wanted) {
        await browser.tabs.move(id, { index: wanted }).catch(() => undefined);
        strip.splice(at, 1);
        strip.splice(wanted, 0, id);
      }
      wanted += 1;
    }

    if (capabilities.tabGroups && browser.tabGroups && browser.tabs.group) {
      for (let group = 0; group < window.groups.length; group += 1) {
        const ids = window.tabs.flatMap((tab, position) => {
          const id = tabIds[position];
          return tab.group === group && id != null ? [current(id)] : [];
        });
        if (ids.length === 0) continue;
        const saved = window.groups[group];
        if (saved?.joinGroupId !== undefined) {
          const joined = await browser.tabs.group({ tabIds: ids, groupId: saved.joinGroupId }).catch(() => null);
          // Gone meanwhile: a group of its own below.
          if (joined !== null) continue;
        }
        try {
          const groupId = await browser.tabs.group({ tabIds: ids, createProperties: { windowId } });
          await browser.tabGroups.update(groupId, { title: saved?.title, color: saved?.color, collapsed: saved?.collapsed });
        } catch {
          // A group the browser refuses (e.g. a colour it lacks) leaves its tabs ungrouped, not lost.
        }
      }
    }

    const activePosition = window.tabs.findIndex((tab) => tab.active);
    const activeId = activePosition >= 0 ? tabIds[activePosition] : null;
    if (activeId != null && window.intoWindowId === null) await browser.tabs.update(current(activeId), { active: true }).catch(() => undefined);
    if (window.state === "minimized") await browser.windows.update(windowId, { state: "minimized" }).catch(() => undefined);
    if (window.focused) focusWindowId = windowId;
  }

  await report();
  if (focusWindowId !== null && browser.windows) await browser.windows.update(focusWindowId, { focused: true }).catch(() => undefined);
  return result;
}
