import { fakeBrowser } from "wxt/testing/fake-browser";
import type {
  AlarmsApi,
  BrowserApi,
  ClosedSession,
  CreateTabProperties,
  CreateWindowProperties,
  Listener,
  NotificationsApi,
  RegisteredContentScript,
  RuntimeApi,
  StorageArea,
  SyncedDevice,
  Tab,
  TabGroup,
  Window,
  WindowState,
} from "../src/browser-api";

/** The browsers the background must work on, by what their API lacks or adds. */
export type Shape = "chromium" | "firefox" | "firefox_android";

/**
 * What GeckoView's `tabs.create` takes (mobile/android/components/extensions/schemas/tabs.json in mozilla-central):
 * no `discarded` and no `title`, which desktop Firefox takes; `openerTabId` is declared there but unsupported.
 */
const GECKOVIEW_CREATE_PROPERTIES: ReadonlySet<string> = new Set(["windowId", "index", "url", "active", "pinned", "cookieStoreId"]);
const GECKOVIEW_UNSUPPORTED_CREATE_PROPERTIES: ReadonlySet<string> = new Set(["openerTabId"]);

/**
 * Firefox checks an API call's arguments against its schema before the call runs and throws at once (not a rejected
 * promise) with these words, e.g. 'Type error for parameter createProperties (Unexpected property "discarded") for
 * tabs.create.'
 */
function geckoViewSchemaError(properties: object, accepted: ReadonlySet<string>, unsupported: ReadonlySet<string>, parameter: string, method: string): Error | null {
  for (const key of Object.keys(properties)) {
    if (unsupported.has(key)) return new Error(`Type error for parameter ${parameter} (Property "${key}" is unsupported by Firefox) for ${method}.`);
    if (!accepted.has(key)) return new Error(`Type error for parameter ${parameter} (Unexpected property "${key}") for ${method}.`);
  }
  return null;
}

/** Where Firefox's tab group ids start: it numbers them from the clock. */
export const FIREFOX_GROUP_ID_BASE = 1_795_811_438_551_068;

class Emitter<A extends unknown[]> implements Listener<A> {
  private listeners: ((...args: A) => unknown)[] = [];
  addListener(callback: (...args: A) => unknown): void {
    this.listeners.push(callback);
  }
  removeListener(callback: (...args: A) => unknown): void {
    this.listeners = this.listeners.filter((listener) => listener !== callback);
  }
  clear(): void {
    this.listeners = [];
  }
  fire(...args: A): void {
    for (const listener of this.listeners) listener(...args);
  }
}

/** A synced device as a test sets it up: its name and its windows' tabs, last changed at `lastModified` (epoch ms). */
export interface SyncedDeviceSpec {
  deviceName: string;
  windows: (string | TabSpec)[][];
  lastModified: number;
}

interface WindowRecord {
  id: number;
  state: WindowState;
  focused: boolean;
  incognito: boolean;
  type: string;
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface TabSpec {
  url: string;
  title?: string;
  pinned?: boolean;
  active?: boolean;
  /** Tabs with the same group title share a group (Chromium shape). */
  group?: string;
}

/**
 * An in-memory browser of the chosen shape: windows, tabs, groups and the recently-closed list,
 * firing the events the real browsers fire in their order (a window's tabs are removed with
 * isWindowClosing, then the window). Storage, alarms, notifications and runtime come from
 * @webext-core/fake-browser (WXT's testing fake). `stopWorker()` drops every listener, as a stopped
 * service worker loses them, while storage, IndexedDB and the tabs stay.
 */
export class FakeWorld {
  readonly windows = new Map<number, WindowRecord>();
  tabs: (Tab & { id: number; discarded: boolean })[] = [];
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
  private emitters: Emitter<never[]>[] = [];
  private readonly sessionsChanged = this.emitter<[]>();

  private emitter<A extends unknown[]>(): Emitter<A> {
    const emitter = new Emitter<A>();
    this.emitters.push(emitter as unknown as Emitter<never[]>);
    return emitter;
  }

  readonly events = {
    tabCreated: this.emitter<[Tab]>(),
    tabRemoved: this.emitter<[number, { windowId: number; isWindowClosing: boolean }]>(),
    tabUpdated: this.emitter<[number, Record<string, unknown>, Tab]>(),
    tabMoved: this.emitter<[number, unknown]>(),
    tabAttached: this.emitter<[number, unknown]>(),
    tabDetached: this.emitter<[number, unknown]>(),
    tabActivated: this.emitter<[{ tabId: number; windowId: number }]>(),
    windowCreated: this.emitter<[Window]>(),
    windowRemoved: this.emitter<[number]>(),
    windowFocus: this.emitter<[number]>(),
    groupCreated: this.emitter<[TabGroup]>(),
    groupUpdated: this.emitter<[TabGroup]>(),
    groupRemoved: this.emitter<[TabGroup]>(),
  };

  constructor(readonly shape: Shape) {
    fakeBrowser.reset();
  }

  private id(): number {
    this.nextId += 1;
    return this.nextId;
  }

  /**
   * A new tab group's id: Chromium counts up from small numbers like its other ids; Firefox numbers groups from the
   * clock (1795811438551068 in Firefox ESR 153), far past 32 bits (decision 202).
   */
  private groupId(): number {
    const id = this.id();
    return this.shape === "firefox" ? FIREFOX_GROUP_ID_BASE + id : id;
  }

  private windowTabs(windowId: number) {
    return this.tabs.filter((tab) => tab.windowId === windowId).sort((a, b) => a.index - b.index);
  }

  private reindex(windowId: number): void {
    const tabs = this.windowTabs(windowId);
    // Pinned tabs always sit at the left, as in both browsers.
    [...tabs.filter((tab) => tab.pinned), ...tabs.filter((tab) => !tab.pinned)].forEach((tab, index) => {
      tab.index = index;
    });
  }

  private copyTab(tab: Tab & { id: number }): Tab {
    const copy: Tab = { ...tab };
    // Firefox for Android has no tab groups, so its tabs carry no groupId; desktop Firefox's do, as Chromium's.
    if (this.shape === "firefox_android") delete copy.groupId;
    return copy;
  }

  private windowOf(record: WindowRecord, populate: boolean): Window {
    return { ...record, tabs: populate ? this.windowTabs(record.id).map((tab) => this.copyTab(tab)) : undefined };
  }

  // ----- what a person does -------------------------------------------------------------------------

  /** Opens a window with these tabs (the first active unless one says so). */
  openWindow(specs: (string | TabSpec)[], options: { incognito?: boolean; state?: WindowState } = {}): number {
    const id = this.shape === "firefox_android" ? 1 : this.id();
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
        id: this.id(),
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
    const tab = { id: this.id(), windowId, index: this.windowTabs(windowId).length, url, title: url, pinned: false, active: false, incognito: false, groupId: -1, discarded: false };
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
    for (const emitter of this.emitters) emitter.clear();
    fakeBrowser.alarms.onAlarm.removeAllListeners();
    fakeBrowser.runtime.onMessage.removeAllListeners();
    fakeBrowser.notifications.onClicked.removeAllListeners();
    fakeBrowser.notifications.onButtonClicked.removeAllListeners();
  }

  /** Chrome's answer to `sessions.getDevices()` for {@link syncedDevices}. */
  private devicesAnswer(maxResults = 25): SyncedDevice[] {
    let tag = 0;
    return this.syncedDevices
      .filter((device) => device.windows.some((tabs) => tabs.length > 0))
      .map((device) => ({
        deviceName: device.deviceName,
        sessions: device.windows
          .filter((tabs) => tabs.length > 0)
          .slice(0, maxResults)
          .map((tabs, windowIndex) => {
            tag += 1;
            const sessionId = `${device.deviceName}.${tag}`;
            return {
              lastModified: Math.floor(device.lastModified / 1000) - windowIndex,
              window: {
                sessionId,
                focused: false,
                incognito: false,
                alwaysOnTop: false,
                state: "normal" as const,
                type: "normal",
                tabs: tabs.map((spec, index) => {
                  const tab = typeof spec === "string" ? { url: spec } : spec;
                  return { sessionId: `${sessionId}.${index}`, windowId: -1, index, url: tab.url, title: tab.title ?? tab.url, pinned: tab.pinned ?? false, active: tab.active ?? index === 0, incognito: false, highlighted: false, selected: false };
                }),
              },
            };
          }),
      }));
  }

  /** Fires `sessions.onChanged` (Chromium fires it for this browser's recently closed list only). */
  fireSessionsChanged(): void {
    this.sessionsChanged.fire();
  }

  /** The tabs of each window as URLs, in order: what a person sees. */
  layout(): { windowId: number; tabs: string[] }[] {
    return [...this.windows.keys()].map((windowId) => ({ windowId, tabs: this.windowTabs(windowId).map((tab) => tab.url ?? "") }));
  }

  windowTabsOf(windowId: number) {
    return this.windowTabs(windowId);
  }

  // ----- the API the extension sees -----------------------------------------------------------------

  api(): BrowserApi {
    // The API's methods are handed around detached, as the browser's are: they close over the world.
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    const world = this;
    const hasWindows = this.shape !== "firefox_android";
    // Desktop Firefox has had tab groups (and tabs.discard) since 138; Firefox for Android has neither.
    const hasGroups = this.shape !== "firefox_android";
    const firstWindowId = () => [...this.windows.keys()][0] ?? this.openWindow([]);

    const createTab = async (properties: CreateTabProperties): Promise<Tab> => {
      if (properties.discarded !== undefined && world.shape === "chromium") throw new Error("Error in invocation of tabs.create: Unexpected property: 'discarded'");
      if (properties.discarded && properties.active) throw new Error("Active tabs cannot be created and discarded.");
      if (properties.discarded && properties.pinned) throw new Error("Pinned tabs cannot be created and discarded.");
      if (properties.title !== undefined && !properties.discarded) throw new Error("Title may only be set for discarded tabs.");
      world.created.push(properties);
      const windowId = properties.windowId ?? firstWindowId();
      if (!world.windows.has(windowId)) throw new Error(`No window with id: ${windowId}.`);
      const count = world.windowTabs(windowId).length;
      const tab = {
        id: world.id(),
        windowId,
        index: properties.index === undefined ? count : Math.min(properties.index, count),
        url: properties.url ?? "about:blank",
        title: properties.title ?? properties.url ?? "",
        pinned: properties.pinned ?? false,
        active: properties.active ?? true,
        incognito: world.windows.get(windowId)?.incognito === true,
        groupId: -1,
        discarded: properties.discarded ?? false,
      };
      for (const other of world.windowTabs(windowId)) if (other.index >= tab.index) other.index += 1;
      if (tab.active) for (const other of world.windowTabs(windowId)) other.active = false;
      world.tabs.push(tab);
      world.reindex(windowId);
      world.events.tabCreated.fire(world.copyTab(tab));
      const answer = world.copyTab(tab);
      if (world.discardOnCreate && world.shape === "chromium" && !tab.active) discard(tab.id);
      return answer;
    };

    const updateTab = async (tabId: number, properties: Parameters<BrowserApi["tabs"]["update"]>[1]): Promise<Tab> => {
      const tab = world.tabs.find((item) => item.id === tabId);
      if (!tab) throw new Error(`No tab with id: ${tabId}.`);
      if (properties.pinned !== undefined) tab.pinned = properties.pinned;
      if (properties.url !== undefined) tab.url = properties.url;
      if (properties.active) for (const other of world.windowTabs(tab.windowId)) other.active = other.id === tabId;
      world.reindex(tab.windowId);
      world.events.tabUpdated.fire(tabId, properties, world.copyTab(tab));
      return world.copyTab(tab);
    };

    const discard = (tabId: number): Tab | undefined => {
      const tab = world.tabs.find((item) => item.id === tabId);
      if (!tab || tab.active) return undefined;
      const added = world.id();
      world.replaced.set(tabId, added);
      tab.id = added;
      tab.discarded = true;
      return world.copyTab(tab);
    };

    const storageArea = (area: typeof fakeBrowser.storage.local): StorageArea => ({
      get: (keys) => area.get(keys ?? null) as Promise<Record<string, unknown>>,
      set: (items) => area.set(items),
      remove: (keys) => area.remove(keys),
    });

    const alarms: AlarmsApi = {
      create: (name, info) => fakeBrowser.alarms.create(name, info),
      get: async (name) => (await fakeBrowser.alarms.get(name)) ?? undefined,
      clear: (name) => fakeBrowser.alarms.clear(name),
      onAlarm: fakeBrowser.alarms.onAlarm as unknown as AlarmsApi["onAlarm"],
    };

    const notifications: NotificationsApi = {
      create: async (id, options) => {
        if (world.shape !== "chromium" && options.buttons) throw new Error("Type error for parameter options: Property \"buttons\" is unsupported by Firefox");
        return fakeBrowser.notifications.create(id, options);
      },
      clear: (id) => fakeBrowser.notifications.clear(id),
      onClicked: fakeBrowser.notifications.onClicked as unknown as NotificationsApi["onClicked"],
      onButtonClicked: world.shape === "chromium" ? (fakeBrowser.notifications.onButtonClicked as unknown as NotificationsApi["onButtonClicked"]) : undefined,
    };

    const runtime: RuntimeApi = {
      id: fakeBrowser.runtime.id,
      getURL: (path) => fakeBrowser.runtime.getURL(path as "/"),
      getManifest: () => ({ version: world.version }),
      getPlatformInfo: async () => ({ os: world.shape === "firefox_android" ? "android" : "linux" }),
      sendMessage: (message) => fakeBrowser.runtime.sendMessage(message),
      onMessage: fakeBrowser.runtime.onMessage as unknown as RuntimeApi["onMessage"],
      onStartup: fakeBrowser.runtime.onStartup as unknown as RuntimeApi["onStartup"],
      onInstalled: fakeBrowser.runtime.onInstalled as unknown as RuntimeApi["onInstalled"],
    };

    return {
      tabs: {
        query: async (query) => world.tabs.filter((tab) => query.windowId === undefined || tab.windowId === query.windowId).map((tab) => world.copyTab(tab)),
        get: async (tabId) => {
          const tab = world.tabs.find((item) => item.id === tabId);
          if (!tab) throw new Error(`No tab with id: ${tabId}.`);
          return world.copyTab(tab);
        },
        create: (properties) => {
          if (world.shape === "firefox_android") {
            const refused = geckoViewSchemaError(properties, GECKOVIEW_CREATE_PROPERTIES, GECKOVIEW_UNSUPPORTED_CREATE_PROPERTIES, "createProperties", "tabs.create");
            if (refused) throw refused;
            if (properties.pinned) return Promise.reject(new Error("Pinned tabs are not supported on Android."));
          }
          return createTab(properties);
        },
        update: (tabId, properties) => {
          // GeckoView declares `pinned` in tabs.update as unsupported: Firefox refuses the call before it runs.
          if (world.shape === "firefox_android" && properties.pinned !== undefined) {
            throw new Error('Type error for parameter updateProperties (Property "pinned" is unsupported by Firefox) for tabs.update.');
          }
          return updateTab(tabId, properties);
        },
        remove: async (tabIds) => {
          for (const id of Array.isArray(tabIds) ? tabIds : [tabIds]) world.closeTab(id);
        },
        move: async (tabIds, properties) => {
          const moved: Tab[] = [];
          for (const id of Array.isArray(tabIds) ? tabIds : [tabIds]) {
            const tab = world.tabs.find((item) => item.id === id);
            if (!tab) throw new Error(`No tab with id: ${id}.`);
            const others = world.windowTabs(tab.windowId).filter((item) => item.id !== id);
            others.splice(Math.min(properties.index, others.length), 0, tab);
            others.forEach((item, index) => {
              item.index = index;
            });
            world.reindex(tab.windowId);
            world.events.tabMoved.fire(id, {});
            moved.push(world.copyTab(tab));
          }
          return moved.length === 1 ? (moved[0] as Tab) : moved;
        },
        group: hasGroups
          ? async ({ tabIds, groupId, createProperties }) => {
              const ids = Array.isArray(tabIds) ? tabIds : [tabIds];
              const first = world.tabs.find((tab) => tab.id === ids[0]);
              if (!first) throw new Error("No tab");
              if (ids.some((id) => world.tabs.find((tab) => tab.id === id)?.pinned)) throw new Error("Cannot group pinned tabs");
              if (groupId !== undefined) {
                // Joining a group: the tabs move into its window, at its end.
                const existing = world.groups.get(groupId);
                if (!existing) throw new Error(`No group with id: ${groupId}.`);
                for (const tab of world.tabs) {
                  if (!ids.includes(tab.id)) continue;
                  const lastOfGroup = Math.max(-1, ...world.windowTabs(existing.windowId).filter((other) => other.groupId === groupId).map((other) => other.index));
                  const from = tab.windowId;
                  tab.windowId = existing.windowId;
                  for (const other of world.windowTabs(existing.windowId)) if (other.id !== tab.id && other.index > lastOfGroup) other.index += 1;
                  tab.index = lastOfGroup + 1;
                  tab.groupId = groupId;
                  world.reindex(from);
                  world.reindex(existing.windowId);
                }
                return groupId;
              }
              // Without a window, Chromium groups the tabs where the first one is; Firefox moves them into a group in
              // the focused window (seen in Firefox ESR 153).
              const focused = [...world.windows.values()].find((window) => window.focused)?.id ?? first.windowId;
              const windowId = createProperties?.windowId ?? (world.shape === "firefox" ? focused : first.windowId);
              const group = { id: world.groupId(), windowId, title: "", color: "grey", collapsed: false };
              world.groups.set(group.id, group);
              const from = new Set<number>();
              for (const tab of world.tabs) {
                if (!ids.includes(tab.id)) continue;
                if (tab.windowId !== windowId) {
                  from.add(tab.windowId);
                  tab.windowId = windowId;
                  tab.index = world.windowTabs(windowId).length;
                }
                tab.groupId = group.id;
              }
              for (const id of [...from, windowId]) world.reindex(id);
              world.events.groupCreated.fire({ ...group });
              return group.id;
            }
          : undefined,
        sendMessage: async () => undefined,
        discard: hasGroups ? async (tabId) => discard(tabId) : undefined,
        onCreated: this.events.tabCreated,
        onRemoved: this.events.tabRemoved,
        onUpdated: this.events.tabUpdated,
        onMoved: this.events.tabMoved,
        onAttached: this.events.tabAttached,
        onDetached: this.events.tabDetached,
        onActivated: this.events.tabActivated,
      },
      windows: hasWindows
        ? {
            getAll: async ({ populate }) => [...world.windows.values()].map((record) => world.windowOf(record, populate === true)),
            get: async (windowId, options) => {
              const record = world.windows.get(windowId);
              if (!record) throw new Error(`No window with id: ${windowId}.`);
              return world.windowOf(record, options?.populate === true);
            },
            create: async (properties) => {
              // As Firefox says it; Chromium refuses too when private browsing is off.
              if (properties.incognito && !world.allowedInPrivate) throw new Error("Extension does not have permission for incognito mode");
              if (properties.incognito && world.privateBrowsingDisabled) throw new Error("Incognito mode is disabled.");
              const hasBounds = properties.left !== undefined || properties.top !== undefined || properties.width !== undefined || properties.height !== undefined;
              if (hasBounds && properties.state && properties.state !== "normal") throw new Error(`Invalid value for state: '${properties.state}' cannot be used with bounds`);
              world.createdWindows.push(properties);
              const id = world.id();
              const record: WindowRecord = {
                id,
                state: properties.state ?? "normal",
                focused: true,
                incognito: properties.incognito === true,
                type: "normal",
                left: properties.left ?? 0,
                top: properties.top ?? 0,
                width: properties.width ?? 1000,
                height: properties.height ?? 700,
              };
              world.windows.set(id, record);
              world.events.windowCreated.fire(world.windowOf(record, false));
              const url = Array.isArray(properties.url) ? properties.url[0] : properties.url;
              await createTab({ windowId: id, url: url ?? "about:newtab", active: true });
              world.created.pop();
              return world.windowOf(record, true);
            },
            update: async (windowId, properties) => {
              const record = world.windows.get(windowId);
              if (!record) throw new Error(`No window with id: ${windowId}.`);
              if (properties.state) record.state = properties.state;
              if (properties.focused) for (const window of world.windows.values()) window.focused = window.id === windowId;
              return world.windowOf(record, false);
            },
            onCreated: this.events.windowCreated,
            onRemoved: this.events.windowRemoved,
            onFocusChanged: this.events.windowFocus,
          }
        : undefined,
      tabGroups: hasGroups
        ? {
            query: async ({ windowId }) => [...world.groups.values()].filter((group) => windowId === undefined || group.windowId === windowId).map((group) => ({ ...group })),
            update: async (groupId, properties) => {
              const group = world.groups.get(groupId);
              if (!group) throw new Error(`No group with id: ${groupId}.`);
              Object.assign(group, Object.fromEntries(Object.entries(properties).filter(([, value]) => value !== undefined)));
              world.events.groupUpdated.fire({ ...group });
              return { ...group };
            },
            onCreated: this.events.groupCreated,
            onUpdated: this.events.groupUpdated,
            onRemoved: this.events.groupRemoved,
          }
        : undefined,
      sessions:
        this.shape === "firefox_android"
          ? undefined
          : {
              getRecentlyClosed: async (filter) => world.closed.slice(0, filter?.maxResults ?? 25),
              restore: async (sessionId) => {
                const entry = world.closed.find((item) => item.window?.sessionId === sessionId || item.tab?.sessionId === sessionId);
                if (!entry) throw new Error(`Could not restore object using sessionId ${sessionId}.`);
                world.closed = world.closed.filter((item) => item !== entry);
                if (entry.window) {
                  const tabs = entry.window.tabs ?? [];
                  world.openWindow(tabs.map((tab) => ({ url: tab.url ?? "", title: tab.title, pinned: tab.pinned, active: tab.active })));
                } else if (entry.tab) {
                  await createTab({ windowId: world.windows.has(entry.tab.windowId) ? entry.tab.windowId : undefined, url: entry.tab.url, active: false });
                }
                return entry;
              },
              ...(world.shape === "chromium"
                ? { getDevices: async (filter?: { maxResults?: number }) => world.devicesAnswer(filter?.maxResults), onChanged: world.sessionsChanged }
                : { onChanged: world.sessionsChanged }),
            },
      storage: {
        local: storageArea(fakeBrowser.storage.local),
        session: storageArea(fakeBrowser.storage.session),
        onChanged: fakeBrowser.storage.onChanged as unknown as BrowserApi["storage"]["onChanged"],
      },
      alarms,
      notifications,
      runtime,
      scripting: {
        registerContentScripts: async (scripts) => {
          for (const script of scripts) {
            if (world.scripts.some((item) => item.id === script.id)) throw new Error(`Duplicate script ID '${script.id}'`);
            world.scripts.push(script);
          }
        },
        getRegisteredContentScripts: async () => world.scripts.map((script) => ({ ...script })),
        unregisterContentScripts: async (filter) => {
          const ids = filter?.ids;
          for (let index = world.scripts.length - 1; index >= 0; index -= 1) {
            if (!ids || ids.includes(world.scripts[index]?.id ?? "")) world.scripts.splice(index, 1);
          }
        },
      },
      permissions: {
        contains: async ({ origins }) => (origins ?? []).every((origin) => world.grantedOrigins.has(origin)),
      },
      extension: { isAllowedIncognitoAccess: async () => world.allowedInPrivate },
    };
  }
}

export { fakeBrowser };
