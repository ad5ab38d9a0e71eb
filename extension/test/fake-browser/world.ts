import { fakeBrowser } from "wxt/testing/fake-browser";
import type { BrowserApi, ClosedSession, CreateTabProperties, CreateWindowProperties, RegisteredContentScript, Tab, TabGroup, Window, WindowState } from "../../src/browser-api";
import { browserApiOf } from "./api";
import { BrowserEvents } from "./events";
import { FIREFOX_GROUP_ID_BASE, type Shape, type SyncedDeviceSpec, type TabRecord, type TabSpec, type WindowRecord } from "./types";

/**
 * An in-memory browser of the chosen shape: windows, tabs, groups and the recently-closed list,
 * firing the events the real browsers fire in their order (a window's tabs are removed with
 * isWindowClosing, then the window). Storage, alarms, notifications and runtime come from
 * @webext-core/fake-browser (WXT's testing fake). `stopWorker()` drops every listener, as a stopped
 * service worker loses them, while storage, IndexedDB and the tabs stay.
 */
export class FakeWorld {
  readonly windows = new Map<number, WindowRecord>();
  tabs: TabRecord[] = [];
  readonly groups = new Map<number, TabGroup>();
  closed: ClosedSession[] = [];
  readonly scripts: RegisteredContentScript[] = [];
  readonly grantedOrigins = new Set<string>();
  /** Every tabs.create call, to check how tabs were opened (lazily, pinned, discarded). */
  readonly created: CreateTabProperties[] = [];
  readonly createdWindows: CreateWindowProperties[] = [];
  /** The extension's version in its manifest: a test changes it to stand for an update. */
  version = "0.1.0";
  /** Chromium renumbers a discarded tab: when set, every created tab is discarded (and renumbered) at once. */
  discardOnCreate = false;
  /**
   * The person's other devices that Chrome's tab sync lists (`sessions.getDevices`, Chromium only). Answered as
   * Chrome answers: each window a session with `lastModified` in seconds, newest first; windows and tabs carry a
   * `sessionId` and no `id`; a device with no tab is not listed at all (Chrome lists only devices with tabs to show).
   */
  syncedDevices: SyncedDeviceSpec[] = [];
  /** Old id → new id of the tabs discarded so far. */
  readonly replaced = new Map<number, number>();
  /** The person allowed the extension in private windows ("Allow in Incognito", "Run in Private Windows"). */
  allowedInPrivate = false;
  /** Private browsing turned off (a policy): a private window is refused even to an allowed extension. */
  privateBrowsingDisabled = false;
  private nextId = 100;
  private nextSession = 1;
  readonly events = new BrowserEvents();

  constructor(readonly shape: Shape) {
    fakeBrowser.reset();
  }

  // Public for the API modules beside this file (./tabs.ts, ./windows.ts, …), which build on the same records.

  /** A new id for a window, tab or group: one counter for all three. */
  newId(): number {
    this.nextId += 1;
    return this.nextId;
  }

  /**
   * A new tab group's id: Chromium counts up from small numbers like its other ids; Firefox numbers groups from the
   * clock (1795811438551068 in Firefox ESR 153), far past 32 bits (decision 202).
   */
  groupId(): number {
    const id = this.newId();
    return this.shape === "firefox" ? FIREFOX_GROUP_ID_BASE + id : id;
  }

  private windowTabs(windowId: number) {
    return this.tabs.filter((tab) => tab.windowId === windowId).sort((a, b) => a.index - b.index);
  }

  reindex(windowId: number): void {
    const tabs = this.windowTabs(windowId);
    // Pinned tabs always sit at the left, as in both browsers.
    [...tabs.filter((tab) => tab.pinned), ...tabs.filter((tab) => !tab.pinned)].forEach((tab, index) => {
      tab.index = index;
    });
  }

  copyTab(tab: Tab & { id: number }): Tab {
    const copy: Tab = { ...tab };
    // Firefox for Android has no tab groups, so its tabs carry no groupId; desktop Firefox's do, as Chromium's.
    if (this.shape === "firefox_android") delete copy.groupId;
    return copy;
  }

  windowOf(record: WindowRecord, populate: boolean): Window {
    return { ...record, tabs: populate ? this.windowTabs(record.id).map((tab) => this.copyTab(tab)) : undefined };
  }

  // ----- what a person does -------------------------------------------------------------------------

  /** Opens a window with these tabs (the first active unless one says so). */
  openWindow(specs: (string | TabSpec)[], options: { incognito?: boolean; state?: WindowState } = {}): number {
    const id = this.shape === "firefox_android" ? 1 : this.newId();
    if (!this.windows.has(id)) {
      this.windows.set(id, { id, state: options.state ?? "normal", focused: true, incognito: options.incognito ?? false, type: "normal", left: 10, top: 20, width: 1200, height: 800 });
      for (const window of this.windows.values()) window.focused = window.id === id;
      this.events.windowCreated.fire(this.windowOf(this.windows.get(id) as WindowRecord, false));
    }
    const tabs = specs.map((spec) => (typeof spec === "string" ? { url: spec } : spec));
    const anyActive = tabs.some((tab) => tab.active);
    const groupIds = new Map<string, number>();
    tabs.forEach((spec, position) => {
      let groupId = -1;
      if (spec.group && this.shape !== "firefox_android") {
        groupId = groupIds.get(spec.group) ?? this.groupId();
        if (!groupIds.has(spec.group)) {
          groupIds.set(spec.group, groupId);
          const group = { id: groupId, windowId: id, title: spec.group, color: "blue", collapsed: false };
          this.groups.set(groupId, group);
        }
      }
      const tab = {
        id: this.newId(),
        windowId: id,
        index: this.windowTabs(id).length,
        url: spec.url,
        title: spec.title ?? spec.url,
        pinned: spec.pinned ?? false,
        active: anyActive ? spec.active === true : position === 0,
        incognito: options.incognito ?? false,
        groupId,
        lastAccessed: 1_700_000_000_000 + position,
        discarded: false,
      };
      this.tabs.push(tab);
      this.reindex(id);
      this.events.tabCreated.fire(this.copyTab(tab));
    });
    return id;
  }

  openTab(windowId: number, url: string): number {
    const tab = { id: this.newId(), windowId, index: this.windowTabs(windowId).length, url, title: url, pinned: false, active: false, incognito: false, groupId: -1, discarded: false };
    this.tabs.push(tab);
    this.events.tabCreated.fire(this.copyTab(tab));
    return tab.id;
  }

  navigate(tabId: number, url: string): void {
    const tab = this.tabs.find((item) => item.id === tabId);
    if (!tab) throw new Error(`No tab ${tabId}`);
    tab.url = url;
    tab.title = url;
    this.events.tabUpdated.fire(tabId, { url }, this.copyTab(tab));
  }

  /** A tab's page started loading: Chromium says `status: "loading"` (for a new tab too, once it navigates). */
  startsLoading(tabId: number): void {
    const tab = this.tabs.find((item) => item.id === tabId);
    if (!tab) throw new Error(`No tab ${tabId}`);
    tab.status = "loading";
    this.events.tabUpdated.fire(tabId, { status: "loading" }, this.copyTab(tab));
  }

  /** A tab's page finished loading with this title: Chromium says the title, then `status: "complete"`. */
  pageLoaded(tabId: number, title: string): void {
    const tab = this.tabs.find((item) => item.id === tabId);
    if (!tab) throw new Error(`No tab ${tabId}`);
    tab.title = title;
    this.events.tabUpdated.fire(tabId, { title }, this.copyTab(tab));
    tab.status = "complete";
    this.events.tabUpdated.fire(tabId, { status: "complete" }, this.copyTab(tab));
  }

  activate(tabId: number): void {
    const tab = this.tabs.find((item) => item.id === tabId);
    if (!tab) throw new Error(`No tab ${tabId}`);
    for (const other of this.windowTabs(tab.windowId)) other.active = other.id === tabId;
    this.events.tabActivated.fire({ tabId, windowId: tab.windowId });
  }

  /** Closes one tab; the last tab of a window closes the window too. */
  closeTab(tabId: number): void {
    const tab = this.tabs.find((item) => item.id === tabId);
    if (!tab) throw new Error(`No tab ${tabId}`);
    this.tabs = this.tabs.filter((item) => item.id !== tabId);
    this.closed.unshift({ lastModified: Date.now(), tab: { ...this.copyTab(tab), sessionId: `s${this.nextSession++}` } });
    this.reindex(tab.windowId);
    this.events.tabRemoved.fire(tabId, { windowId: tab.windowId, isWindowClosing: false });
    if (this.windowTabs(tab.windowId).length === 0) this.removeWindow(tab.windowId);
  }

  /** Closes a window: its tabs are removed with isWindowClosing, then the window (both browsers' order). */
  closeWindow(windowId: number): void {
    const record = this.windows.get(windowId);
    if (!record) throw new Error(`No window ${windowId}`);
    const tabs = this.windowTabs(windowId);
    if (!record.incognito) {
      this.closed.unshift({ lastModified: Date.now(), window: { ...this.windowOf(record, true), sessionId: `s${this.nextSession++}` } });
    }
    for (const tab of tabs) {
      this.tabs = this.tabs.filter((item) => item.id !== tab.id);
      this.events.tabRemoved.fire(tab.id, { windowId, isWindowClosing: true });
    }
    this.removeWindow(windowId);
  }

  private removeWindow(windowId: number): void {
    this.windows.delete(windowId);
    for (const [id, group] of this.groups) if (group.windowId === windowId) this.groups.delete(id);
    this.events.windowRemoved.fire(windowId);
  }

  /** The browser restarted without its tabs: every window and tab gone, storage.session cleared. */
  async restartEmpty(keep: (string | TabSpec)[] = []): Promise<void> {
    this.stopWorker();
    this.windows.clear();
    this.tabs = [];
    this.groups.clear();
    await fakeBrowser.storage.session.clear();
    if (keep.length > 0) this.openWindow(keep);
  }

  /** The service worker is stopped: every listener is gone; storage, IndexedDB and tabs stay. */
  stopWorker(): void {
    this.events.clear();
    fakeBrowser.alarms.onAlarm.removeAllListeners();
    fakeBrowser.runtime.onMessage.removeAllListeners();
    fakeBrowser.notifications.onClicked.removeAllListeners();
    fakeBrowser.notifications.onButtonClicked.removeAllListeners();
  }

  /** Fires `sessions.onChanged` (Chromium fires it for this browser's recently closed list only). */
  fireSessionsChanged(): void {
    this.events.sessionsChanged.fire();
  }

  /** The tabs of each window as URLs, in order: what a person sees. */
  layout(): { windowId: number; tabs: string[] }[] {
    return [...this.windows.keys()].map((windowId) => ({ windowId, tabs: this.windowTabs(windowId).map((tab) => tab.url ?? "") }));
  }

  windowTabsOf(windowId: number) {
    return this.windowTabs(windowId);
  }

  /** The API the extension sees, built over this world (`./api.ts`). */
  api(): BrowserApi {
    return browserApiOf(this);
  }
}
