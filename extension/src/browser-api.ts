/**
 * The part of the WebExtension API the background uses, typed narrowly so the same logic runs on
 * Chromium, Firefox and Firefox for Android (where `windows`, `tabGroups` and `sessions` may be
 * missing) and against the fake browser of the tests. Firefox-only options (`discarded`, `title` on
 * create) are named here because Chromium's generated types do not have them.
 */
export interface Tab {
  id?: number;
  windowId: number;
  index: number;
  url?: string;
  /** Chromium: the URL a tab is about to load, before `url` is set. */
  pendingUrl?: string;
  title?: string;
  favIconUrl?: string;
  pinned: boolean;
  active: boolean;
  incognito: boolean;
  /** -1 or missing when not in a group. */
  groupId?: number;
  lastAccessed?: number;
  discarded?: boolean;
  /** "loading", "complete", or (Chromium) "unloaded" for a discarded tab. */
  status?: string;
}

export type WindowState = "normal" | "minimized" | "maximized" | "fullscreen" | "docked" | "locked-fullscreen";

export interface Window {
  id?: number;
  state?: WindowState;
  focused: boolean;
  incognito: boolean;
  type?: string;
  left?: number;
  top?: number;
  width?: number;
  height?: number;
  tabs?: Tab[];
}

export interface TabGroup {
  id: number;
  windowId: number;
  title?: string;
  color: string;
  collapsed: boolean;
}

export interface Listener<A extends unknown[]> {
  addListener(callback: (...args: A) => unknown): void;
  removeListener(callback: (...args: A) => unknown): void;
}

export interface TabRemoveInfo {
  windowId: number;
  isWindowClosing: boolean;
}

export interface CreateTabProperties {
  windowId?: number;
  url?: string;
  active?: boolean;
  pinned?: boolean;
  index?: number;
  /** Firefox: created without loading; loads when selected. */
  discarded?: boolean;
  /** Firefox: the title a discarded tab shows. */
  title?: string;
}

export interface TabsApi {
  query(query: { windowId?: number; windowType?: string }): Promise<Tab[]>;
  get(tabId: number): Promise<Tab>;
  create(properties: CreateTabProperties): Promise<Tab>;
  update(tabId: number, properties: { url?: string; active?: boolean; pinned?: boolean }): Promise<Tab | undefined>;
  remove(tabIds: number | number[]): Promise<void>;
  move(tabIds: number | number[], properties: { index: number; windowId?: number }): Promise<Tab | Tab[]>;
  /** Chromium and Firefox ≥ 138. */
  group?(options: { tabIds: number | number[]; groupId?: number; createProperties?: { windowId?: number } }): Promise<number>;
  sendMessage(tabId: number, message: unknown): Promise<unknown>;
  /** Unloads a tab; Chromium gives the discarded tab a new id (tabs.onReplaced says so too). */
  discard?(tabId: number): Promise<Tab | undefined>;
  onCreated: Listener<[Tab]>;
  onRemoved: Listener<[number, TabRemoveInfo]>;
  onUpdated: Listener<[number, Record<string, unknown>, Tab]>;
  onMoved: Listener<[number, unknown]>;
  onAttached: Listener<[number, unknown]>;
  onDetached: Listener<[number, unknown]>;
  onActivated: Listener<[{ tabId: number; windowId: number }]>;
  onReplaced?: Listener<[number, number]>;
}

export interface CreateWindowProperties {
  url?: string | string[];
  /** A private (incognito) window: refused unless the person allowed the extension in private windows. */
  incognito?: boolean;
  state?: WindowState;
  focused?: boolean;
  left?: number;
  top?: number;
  width?: number;
  height?: number;
}

export interface WindowsApi {
  getAll(options: { populate?: boolean; windowTypes?: string[] }): Promise<Window[]>;
  get(windowId: number, options?: { populate?: boolean }): Promise<Window>;
  create(properties: CreateWindowProperties): Promise<Window | undefined>;
  update(windowId: number, properties: { state?: WindowState; focused?: boolean }): Promise<Window>;
  onCreated: Listener<[Window]>;
  onRemoved: Listener<[number]>;
  onFocusChanged: Listener<[number]>;
  /** Chromium only. */
  onBoundsChanged?: Listener<[Window]>;
}

export interface TabGroupsApi {
  query(query: { windowId?: number }): Promise<TabGroup[]>;
  update(groupId: number, properties: { title?: string; color?: string; collapsed?: boolean }): Promise<TabGroup | undefined>;
  onCreated: Listener<[TabGroup]>;
  onUpdated: Listener<[TabGroup]>;
  onRemoved: Listener<[TabGroup]>;
  onMoved?: Listener<[TabGroup]>;
}

export interface ClosedSession {
  lastModified: number;
  tab?: Tab & { sessionId?: string };
  window?: Window & { sessionId?: string; tabs?: Tab[] };
}

/**
 * One of the person's other devices as the browser's tab sync lists it (`sessions.Device`): its open windows, each a
 * session whose `lastModified` is in seconds since the epoch, newest first. A synced tab or window has a `sessionId`
 * and, unlike a local one, may have no `id`.
 */
export interface SyncedDevice {
  deviceName: string;
  sessions: ClosedSession[];
}

export interface SessionsApi {
  getRecentlyClosed(filter?: { maxResults?: number }): Promise<ClosedSession[]>;
  restore(sessionId?: string): Promise<ClosedSession>;
  /** Chromium 96+: the other devices' open tabs that the browser's own sync brought here; Firefox has none (decision 219). */
  getDevices?(filter?: { maxResults?: number }): Promise<SyncedDevice[]>;
  /** Recently closed tabs or windows changed; Chromium says it does not fire for synced devices' changes. */
  onChanged?: Listener<[]>;
}

export interface StorageArea {
  get(keys?: string | string[] | null): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
  remove(keys: string | string[]): Promise<void>;
}

export interface StorageChange {
  oldValue?: unknown;
  newValue?: unknown;
}

export interface Alarm {
  name: string;
  scheduledTime: number;
  periodInMinutes?: number;
}

export interface AlarmsApi {
  create(name: string, info: { when?: number; delayInMinutes?: number; periodInMinutes?: number }): void | Promise<void>;
  get(name: string): Promise<Alarm | undefined>;
  clear(name: string): Promise<boolean>;
  onAlarm: Listener<[Alarm]>;
}

export interface NotificationOptions {
  type: "basic";
  iconUrl: string;
  title: string;
  message: string;
  /** Chromium only: Firefox shows no buttons and refuses the option on some versions. */
  buttons?: { title: string }[];
  requireInteraction?: boolean;
}

export interface NotificationsApi {
  create(id: string, options: NotificationOptions): Promise<string>;
  clear(id: string): Promise<boolean>;
  onClicked: Listener<[string]>;
  onButtonClicked?: Listener<[string, number]>;
}

export interface MessageSender {
  tab?: Tab;
  url?: string;
  origin?: string;
  id?: string;
}

export interface RuntimeApi {
  id: string;
  getURL(path: string): string;
  getManifest(): { version: string };
  getPlatformInfo(): Promise<{ os: string }>;
  sendMessage(message: unknown): Promise<unknown>;
  onMessage: Listener<[unknown, MessageSender, (response: unknown) => void]>;
  onStartup: Listener<[]>;
  onInstalled: Listener<[{ reason: string }]>;
}

export interface RegisteredContentScript {
  id: string;
  matches?: string[];
  js?: string[];
  runAt?: "document_start" | "document_end" | "document_idle";
  allFrames?: boolean;
  persistAcrossSessions?: boolean;
}

export interface ScriptingApi {
  registerContentScripts(scripts: RegisteredContentScript[]): Promise<void>;
  getRegisteredContentScripts(filter?: { ids?: string[] }): Promise<RegisteredContentScript[]>;
  unregisterContentScripts(filter?: { ids?: string[] }): Promise<void>;
}

export interface PermissionsApi {
  contains(permissions: { origins?: string[]; permissions?: string[] }): Promise<boolean>;
}

export interface ExtensionApi {
  /** Whether the person allowed this extension in private (incognito) windows. */
  isAllowedIncognitoAccess(): Promise<boolean>;
}

export interface BrowserApi {
  tabs: TabsApi;
  /** `browser.extension`; missing in some fakes and on browsers without it. */
  extension?: ExtensionApi;
  /** Missing on Firefox for Android. */
  windows?: WindowsApi;
  /** Chromium, and Firefox ≥ 139 on desktop. */
  tabGroups?: TabGroupsApi;
  sessions?: SessionsApi;
  storage: {
    local: StorageArea;
    /** In memory for the browser run; Chromium ≥ 102, Firefox ≥ 115. */
    session?: StorageArea;
    onChanged: Listener<[Record<string, StorageChange>, string]>;
  };
  alarms: AlarmsApi;
  notifications?: NotificationsApi;
  runtime: RuntimeApi;
  scripting?: ScriptingApi;
  permissions: PermissionsApi;
}
