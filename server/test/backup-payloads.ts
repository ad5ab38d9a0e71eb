import { randomUUID } from "node:crypto";
import type { BrowserTabInput, UploadBrowserBackupRequest } from "@common/api/browser-backups";
import type { BrowserSessionInput, TabSnapshotInput } from "@common/api/backups";

/** A tab as the capture engine sends it; `n` makes the URL distinct. */
export function tab(n: number, overrides: Partial<TabSnapshotInput> = {}): TabSnapshotInput {
  return {
    url: `https://example.com/article/${n}`,
    title: `Article ${n}`,
    faviconUrl: "https://example.com/favicon.ico",
    isActive: n === 0,
    lastAccessed: "2026-11-23T09:59:00.000Z",
    formData: {},
    scrollPosition: { x: 0, y: 100 * n },
    ...overrides,
  };
}

export function browserSession(tabCount: number, overrides: Partial<BrowserSessionInput> = {}): BrowserSessionInput {
  return {
    tabs: Array.from({ length: tabCount }, (_, n) => tab(n)),
    windowId: 1,
    browserType: "chrome",
    sessionId: "client-session-1",
    timestamp: 1795420800000,
    ...overrides,
  };
}

/** A tab as the extension sends it; `n` makes the URL distinct. */
export function browserTab(n: number, overrides: Partial<BrowserTabInput> = {}): BrowserTabInput {
  return {
    url: `https://example.com/page/${n}`,
    title: `Page ${n}`,
    faviconUrl: "https://example.com/favicon.ico",
    pinned: false,
    active: n === 0,
    index: n,
    groupId: null,
    lastAccessed: 1795420740000,
    formData: {},
    scrollPosition: { x: 0, y: 10 * n },
    ...overrides,
  };
}

/**
 * A snapshot of one browser as the extension uploads it: `tabCount` tabs spread over `windowCount`
 * windows in order, the first tab of the first window pinned and the second and third in a group.
 */
export function browserBackup(
  tabCount: number,
  overrides: Partial<UploadBrowserBackupRequest> = {},
  windowCount = 1,
): UploadBrowserBackupRequest {
  const perWindow = Math.ceil(tabCount / windowCount);
  const windows = Array.from({ length: windowCount }, (_, w) => ({
    windowId: 100 + w,
    state: "normal" as const,
    focused: w === 0,
    left: 10 * w,
    top: 0,
    width: 1280,
    height: 800,
    tabs: Array.from({ length: Math.max(0, Math.min(perWindow, tabCount - w * perWindow)) }, (_, i) => {
      const n = w * perWindow + i;
      return browserTab(n, { index: i, pinned: n === 0, groupId: n === 1 || n === 2 ? 7 : null });
    }),
  }));
  return {
    snapshotId: randomUUID(),
    trigger: "manual_save",
    capturedAt: 1795420800000,
    deviceName: "Chrome on Linux",
    browserType: "chrome",
    windows,
    groups: tabCount > 1 ? [{ groupId: 7, windowId: 100, title: "Research", color: "blue", collapsed: false }] : [],
    ...overrides,
  };
}
