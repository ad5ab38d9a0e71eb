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
