import type { BrowserBackup } from "@common/api/browser-backups";

type FixtureTab = BrowserBackup["windows"][number]["tabs"][number];

const tab = (n: number, fields: Partial<FixtureTab> = {}): FixtureTab => ({
  url: `https://pages.example/${n}?q=a b`,
  title: `Page ${n} “quoted” <b>&amp;</b>`,
  faviconUrl: n % 3 === 0 ? `https://pages.example/${n}.ico` : n % 3 === 1 ? "data:image/png;base64,AAAA" : null,
  pinned: n === 0,
  active: n === 1,
  groupId: null,
  lastAccessed: null,
  formData: n % 2 === 0 ? { q: `search ${n}` } : {},
  scrollPosition: { x: 0, y: n * 10 },
  ...fields,
});

type FixtureWindow = BrowserBackup["windows"][number];

/** The focused window filling a 1280 × 800 screen, as the export fixtures and the format tests both start. */
export const maximizedWindow = (windowId: number, tabs: FixtureTab[]): FixtureWindow => ({
  windowId,
  state: "maximized",
  focused: true,
  left: 0,
  top: 0,
  width: 1280,
  height: 800,
  tabs,
});

/**
 * A backup whose files span many pages of tabs (decision 223): four windows — seven tabs in a group, none, one
 * named, three with a sealed tab and a title across lines — so every format's separators between windows, tabs and
 * pages are exercised. `export-golden/` holds each format's file as the whole-file writers wrote it before streaming.
 */
export const multiPageBackup: BrowserBackup = {
  id: "7d3c2b1a-0f9e-4d8c-b7a6-5f4e3d2c1b0a",
  sessionName: "Research — week 48",
  triggerEvent: "manual_save",
  deviceName: "Chrome on Linux",
  browserType: "chrome",
  createdAt: "2026-11-20T09:30:00.000Z",
  tabCount: 11,
  windows: [
    maximizedWindow(11, [0, 1, 2, 3, 4, 5, 6].map((n) => tab(n, { groupId: 4 }))),
    { windowId: 12, state: "normal", focused: false, left: null, top: null, width: null, height: null, tabs: [] },
    { windowId: 13, state: "normal", focused: false, left: 10, top: 20, width: 600, height: 400, name: "Reading", incognito: true, tabs: [tab(7)] },
    {
      windowId: 14,
      state: "minimized",
      focused: false,
      left: null,
      top: null,
      width: null,
      height: null,
      tabs: [tab(8, { title: "Two\nlines" }), tab(9, { url: "", title: "", faviconUrl: null, sealedLocation: "sealed:v1:abc" }), tab(10, { groupId: 5 })],
    },
  ],
  groups: [
    { groupId: 4, windowId: 11, title: "Sources", color: "blue", collapsed: false },
    { groupId: 5, windowId: 14, title: "", color: "red", collapsed: true },
  ],
};
