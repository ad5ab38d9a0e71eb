import { z } from "zod";
import { BROWSER_BACKUP_LIMITS, tabGroupColors, type BrowserBackupTrigger, type UploadBrowserBackupRequest, windowStates } from "@common/api/browser-backups";
import { storableText } from "@common/form-capture";
import { isNeverCaptured } from "@common/never-captured-sites";
import { BACKUP_LIMITS } from "@common/api/payload-limits";
import { browserTabFieldsOf, type WindowPlacement, windowPlacementOf } from "@common/tab-field-mappers";
import type { BrowserApi, Tab, TabGroup, Window } from "./browser-api";

/** A tab as the extension keeps it: what the server stores, plus the browser's tab id for diffing. */
export interface SnapshotTab {
  tabId: number;
  url: string;
  title: string;
  faviconUrl: string | null;
  pinned: boolean;
  active: boolean;
  index: number;
  groupId: number | null;
  lastAccessed: number | null;
  formData?: Record<string, string>;
  scrollPosition?: { x: number; y: number };
}

/** Where a window was and how it was shown: what a snapshot keeps of it and what a restore gives it back (decision 205). */
export type { WindowPlacement };

export interface SnapshotWindow extends WindowPlacement {
  windowId: number;
  /** The http(s) tabs, in order: what can be backed up and reopened. */
  tabs: SnapshotTab[];
  /** Every tab id of the window, new-tab pages and browser pages included, to count what was lost. */
  allTabIds: number[];
}

export interface SnapshotGroup {
  groupId: number;
  windowId: number;
  title: string;
  color: (typeof tabGroupColors)[number];
  collapsed: boolean;
}

export interface Snapshot {
  id: string;
  capturedAt: number;
  windows: SnapshotWindow[];
  groups: SnapshotGroup[];
  /** Every tab, backed-up or not. */
  tabCount: number;
  /** The http(s) tabs. */
  uploadableTabCount: number;
  /** Changes when tabs, their order, pins, groups or typed form data change; not on tab switches. */
  fingerprint: string;
}

/** Per-tab form values and scroll, as the form-capture content script last reported them. */
export interface PageState {
  url: string;
  formData: Record<string, string>;
  scrollPosition: { x: number; y: number };
}

const webUrl = /^https?:\/\//i;

function tabUrl(tab: Tab): string {
  return tab.url || tab.pendingUrl || "";
}

function backupUrl(url: string): boolean {
  return webUrl.test(url) && url.length <= BACKUP_LIMITS.urlLength && URL.canParse(url);
}

function favicon(url: string | undefined): string | null {
  if (!url || url.length > BACKUP_LIMITS.urlLength) return null;
  return /^(https?:\/\/|data:image\/)/.test(url) ? url : null;
}

/** A browser's own strings narrowed to what a backup stores; anything else (a new state, a new colour) falls back. */
const windowStateOf = z.enum(windowStates).catch("normal");
const groupColorOf = z.enum(tabGroupColors).catch("grey");

function pixels(value: number | undefined): number | null {
  return typeof value === "number" && Number.isFinite(value) ? Math.max(-100_000, Math.min(100_000, Math.round(value))) : null;
}

/**
 * FNV-1a, fed field by field: cheap enough for 2,000 tabs on every capture without joining them
 * into one large string first; a collision only costs one version.
 */
class Fingerprint {
  private value = 0x811c9dc5;
  private length = 0;

  add(text: string): this {
    let value = this.value;
    for (let index = 0; index < text.length; index += 1) {
      value ^= text.charCodeAt(index);
      value = Math.imul(value, 0x01000193);
    }
    // A separator, so ("ab", "c") and ("a", "bc") differ.
    value = Math.imul(value ^ 0x1f, 0x01000193);
    this.value = value;
    this.length += text.length + 1;
    return this;
  }

  toString(): string {
    return (this.value >>> 0).toString(36) + this.length.toString(36);
  }
}

/** What a capture leaves out (decisions 186, 187): sites never captured, and form entries when the team forbids them. */
export interface SnapshotRules {
  neverCaptured: readonly string[];
  keepFormData: boolean;
}

/**
 * Builds a snapshot from the browser's windows (with their tabs) and groups: normal windows only,
 * incognito never, http(s) tabs kept and the rest (sites never captured among them) only counted. Pure, so it is
 * measured and tested without a browser.
 */
export function buildSnapshot(
  id: string,
  capturedAt: number,
  windows: Window[],
  groups: TabGroup[],
  pageStates: ReadonlyMap<number, PageState> = new Map(),
  rules: SnapshotRules = { neverCaptured: [], keepFormData: true },
): Snapshot {
  const out: SnapshotWindow[] = [];
  const fingerprint = new Fingerprint();
  let tabCount = 0;
  let uploadableTabCount = 0;
  for (const window of windows) {
    if (window.incognito || window.id === undefined || (window.type !== undefined && window.type !== "normal")) continue;
    const tabs: SnapshotTab[] = [];
    const allTabIds: number[] = [];
    const sorted = [...(window.tabs ?? [])].filter((tab) => !tab.incognito).sort((a, b) => a.index - b.index);
    for (const tab of sorted) {
      if (tab.id === undefined) continue;
      allTabIds.push(tab.id);
      tabCount += 1;
      const url = tabUrl(tab);
      if (!backupUrl(url) || isNeverCaptured(url, rules.neverCaptured)) {
        fingerprint.add(`-${window.id}`);
        continue;
      }
      uploadableTabCount += 1;
      const groupId = tab.groupId !== undefined && tab.groupId >= 0 ? tab.groupId : null;
      const item: SnapshotTab = {
        tabId: tab.id,
        url,
        title: storableText(tab.title ?? "", BACKUP_LIMITS.titleLength),
        faviconUrl: favicon(tab.favIconUrl),
        pinned: tab.pinned,
        active: tab.active,
        index: tab.index,
        groupId,
        lastAccessed: typeof tab.lastAccessed === "number" ? Math.max(0, Math.round(tab.lastAccessed)) : null,
      };
      const page = pageStates.get(tab.id);
      if (page && page.url === url && rules.keepFormData) {
        item.formData = page.formData;
        item.scrollPosition = page.scrollPosition;
      }
      tabs.push(item);
      fingerprint.add(String(window.id)).add(url).add(item.title).add(tab.pinned ? "p" : "").add(groupId === null ? "" : String(groupId));
      if (item.formData) fingerprint.add(JSON.stringify(item.formData));
    }
    out.push({
      windowId: window.id,
      state: windowStateOf.parse(window.state),
      focused: window.focused,
      left: pixels(window.left),
      top: pixels(window.top),
      width: pixels(window.width) === null ? null : Math.max(0, pixels(window.width) ?? 0),
      height: pixels(window.height) === null ? null : Math.max(0, pixels(window.height) ?? 0),
      tabs,
      allTabIds,
    });
  }
  const windowIds = new Set(out.map((window) => window.windowId));
  const keptGroups: SnapshotGroup[] = groups
    .filter((group) => windowIds.has(group.windowId))
    .map((group) => ({
      groupId: group.id,
      windowId: group.windowId,
      title: storableText(group.title ?? "", BROWSER_BACKUP_LIMITS.groupTitleLength),
      color: groupColorOf.parse(group.color),
      collapsed: group.collapsed,
    }));
  for (const group of keptGroups) fingerprint.add(`g${group.groupId}`).add(group.title).add(group.color).add(group.collapsed ? "c" : "");
  return { id, capturedAt, windows: out, groups: keptGroups, tabCount, uploadableTabCount, fingerprint: fingerprint.toString() };
}

/** Reads every window with its tabs, and the groups where the browser has them. */
export async function readBrowserState(browser: BrowserApi): Promise<{ windows: Window[]; groups: TabGroup[] }> {
  let windows: Window[];
  if (browser.windows) {
    windows = await browser.windows.getAll({ populate: true, windowTypes: ["normal"] });
  } else {
    // Firefox for Android has no windows API: its tabs are grouped by the window id they carry.
    const tabs = await browser.tabs.query({});
    const byWindow = new Map<number, Tab[]>();
    for (const tab of tabs) byWindow.set(tab.windowId, [...(byWindow.get(tab.windowId) ?? []), tab]);
    windows = [...byWindow].map(([id, windowTabs]) => ({ id, focused: true, incognito: windowTabs.some((tab) => tab.incognito), tabs: windowTabs }));
  }
  const groups = browser.tabGroups ? await browser.tabGroups.query({}).catch(() => []) : [];
  return { windows, groups };
}

export interface UploadMeta {
  snapshotId: string;
  trigger: BrowserBackupTrigger;
  reason?: string | null;
  deviceName?: string | null;
  browserType?: UploadBrowserBackupRequest["browserType"];
}

/**
 * The upload body of a snapshot: windows without a single http(s) tab are left out (nothing in them
 * can be reopened), as are the groups of those windows; tab ids stay on the device.
 */
export function toUploadRequest(snapshot: Snapshot, meta: UploadMeta): UploadBrowserBackupRequest {
  // The server refuses a whole backup over its limits; past them the first windows' tabs are kept.
  let room: number = BROWSER_BACKUP_LIMITS.tabsPerBackup;
  const windows = snapshot.windows
    .filter((window) => window.tabs.length > 0)
    .slice(0, BROWSER_BACKUP_LIMITS.windowsPerBackup)
    .map((window) => {
      const tabs = window.tabs.slice(0, room);
      room -= tabs.length;
      return { ...window, tabs };
    })
    .filter((window) => window.tabs.length > 0);
  const kept = new Set(windows.map((window) => window.windowId));
  return {
    snapshotId: meta.snapshotId,
    trigger: meta.trigger,
    capturedAt: snapshot.capturedAt,
    reason: meta.reason ?? null,
    deviceName: meta.deviceName ?? null,
    browserType: meta.browserType ?? "other",
    windows: windows.map((window) => ({
      windowId: window.windowId,
      ...windowPlacementOf(window),
      tabs: window.tabs.map((tab) => ({
        ...browserTabFieldsOf(tab),
        index: tab.index,
        lastAccessed: tab.lastAccessed,
        formData: tab.formData ?? {},
        scrollPosition: tab.scrollPosition ?? { x: 0, y: 0 },
      })),
    })),
    groups: snapshot.groups.filter((group) => kept.has(group.windowId)).slice(0, BROWSER_BACKUP_LIMITS.groupsPerBackup),
  };
}
