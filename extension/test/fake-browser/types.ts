import type { Tab, WindowState } from "../../src/browser-api";

/** The browsers the background must work on, by what their API lacks or adds. */
export type Shape = "chromium" | "firefox" | "firefox_android";

/** Where Firefox's tab group ids start: it numbers them from the clock. */
export const FIREFOX_GROUP_ID_BASE = 1_795_811_438_551_068;

export interface TabSpec {
  url: string;
  title?: string;
  pinned?: boolean;
  active?: boolean;
  /** Tabs with the same group title share a group (Chromium shape). */
  group?: string;
}

/** A synced device as a test sets it up: its name and its windows' tabs, last changed at `lastModified` (epoch ms). */
export interface SyncedDeviceSpec {
  deviceName: string;
  windows: (string | TabSpec)[][];
  lastModified: number;
}

/** A tab as the fake browser holds it: always with an id, and whether it is discarded (unloaded). */
export type TabRecord = Tab & { id: number; discarded: boolean };

export interface WindowRecord {
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

/** Desktop Firefox has had tab groups (and tabs.discard) since 138; Firefox for Android has neither. */
export function hasTabGroups(shape: Shape): boolean {
  return shape !== "firefox_android";
}
