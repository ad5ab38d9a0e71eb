import { describe, expect, it } from "vitest";
import { BROWSER_BACKUP_LIMITS, uploadBrowserBackupRequestSchema } from "@common/api/browser-backups";
import type { Tab, Window } from "./browser-api";
import { buildSnapshot, toUploadRequest } from "./snapshot";

let nextId = 1;
const tab = (url: string, extra: Partial<Tab> = {}): Tab => ({
  id: nextId++,
  windowId: 1,
  index: 0,
  url,
  title: `Title of ${url}`,
  pinned: false,
  active: false,
  incognito: false,
  groupId: -1,
  ...extra,
});
const win = (id: number, tabs: Tab[], extra: Partial<Window> = {}): Window => ({
  id,
  focused: false,
  incognito: false,
  state: "normal",
  type: "normal",
  left: 0,
  top: 0,
  width: 800,
  height: 600,
  tabs: tabs.map((item, index) => ({ ...item, windowId: id, index })),
  ...extra,
});

describe("buildSnapshot", () => {
  it("keeps normal windows and their http(s) tabs in order, and counts the rest", () => {
    const snapshot = buildSnapshot("s1", 1000, [
      win(1, [tab("https://a.example/"), tab("chrome://newtab/"), tab("http://b.example/x", { pinned: true, active: true })], { focused: true, state: "maximized" }),
      win(2, [tab("https://secret.example/")], { incognito: true }),
      win(3, [tab("https://popup.example/")], { type: "popup" }),
    ], []);
    expect(snapshot.windows).toHaveLength(1);
    expect(snapshot.windows[0]).toMatchObject({ windowId: 1, state: "maximized", focused: true });
    expect(snapshot.windows[0]?.tabs.map((item) => item.url)).toEqual(["https://a.example/", "http://b.example/x"]);
    expect(snapshot.windows[0]?.tabs[1]).toMatchObject({ pinned: true, active: true, index: 2 });
    expect(snapshot.tabCount).toBe(3);
    expect(snapshot.uploadableTabCount).toBe(2);
    expect(snapshot.windows[0]?.allTabIds).toHaveLength(3);
  });

  it("keeps the groups of kept windows with title, colour and collapsed", () => {
    const snapshot = buildSnapshot("s1", 1, [win(1, [tab("https://a.example/", { groupId: 7 })])], [
      { id: 7, windowId: 1, title: "Research", color: "purple", collapsed: true },
      { id: 8, windowId: 99, title: "Elsewhere", color: "red", collapsed: false },
      { id: 9, windowId: 1, title: "", color: "magenta", collapsed: false },
    ]);
    expect(snapshot.groups).toEqual([
      { groupId: 7, windowId: 1, title: "Research", color: "purple", collapsed: true },
      { groupId: 9, windowId: 1, title: "", color: "grey", collapsed: false },
    ]);
    expect(snapshot.windows[0]?.tabs[0]?.groupId).toBe(7);
  });

  it("keeps a window state it does not know as normal, and one it knows as it is", () => {
    const snapshot = buildSnapshot("s1", 1, [
      win(1, [tab("https://a.example/")], { state: "docked" }),
      win(2, [tab("https://b.example/")], { state: "maximized" }),
      win(3, [tab("https://c.example/")], { state: undefined }),
    ], []);
    expect(snapshot.windows.map((window) => window.state)).toEqual(["normal", "maximized", "normal"]);
  });

  it("changes its fingerprint when tabs change, not when another tab is selected", () => {
    const a = tab("https://a.example/", { active: true });
    const b = tab("https://b.example/");
    const first = buildSnapshot("1", 1, [win(1, [a, b])], []);
    const switched = buildSnapshot("2", 2, [win(1, [{ ...a, active: false }, { ...b, active: true, lastAccessed: 5 }])], []);
    const navigated = buildSnapshot("3", 3, [win(1, [a, { ...b, url: "https://c.example/" }])], []);
    const pinned = buildSnapshot("4", 4, [win(1, [a, { ...b, pinned: true }])], []);
    expect(switched.fingerprint).toBe(first.fingerprint);
    expect(navigated.fingerprint).not.toBe(first.fingerprint);
    expect(pinned.fingerprint).not.toBe(first.fingerprint);
  });

  it("makes titles storable and drops favicons the server would refuse", () => {
    const snapshot = buildSnapshot("1", 1, [win(1, [tab("https://a.example/", { title: "a\u0000b\uD800", favIconUrl: "chrome://favicon/x" }), tab("https://b.example/", { favIconUrl: "https://b.example/f.ico" })])], []);
    expect(snapshot.windows[0]?.tabs[0]).toMatchObject({ title: "ab\uFFFD", faviconUrl: null });
    expect(snapshot.windows[0]?.tabs[1]?.faviconUrl).toBe("https://b.example/f.ico");
  });

  it("adds the form values and scroll the content script reported for the same URL only", () => {
    const a = tab("https://a.example/form");
    const b = tab("https://b.example/");
    const states = new Map<number, { url: string; formData: Record<string, string>; scrollPosition: { x: number; y: number } }>([
      [a.id as number, { url: "https://a.example/form", formData: { comment: "draft" }, scrollPosition: { x: 0, y: 420 } }],
      [b.id as number, { url: "https://b.example/old", formData: { q: "stale" }, scrollPosition: { x: 0, y: 9 } }],
    ]);
    const snapshot = buildSnapshot("1", 1, [win(1, [a, b])], [], states);
    expect(snapshot.windows[0]?.tabs[0]).toMatchObject({ formData: { comment: "draft" }, scrollPosition: { x: 0, y: 420 } });
    expect(snapshot.windows[0]?.tabs[1]?.formData).toBeUndefined();
  });
});

describe("toUploadRequest", () => {
  it("is a body the contract accepts, without tab ids or windows that hold no web page", () => {
    const snapshot = buildSnapshot("s1", 1_700_000_000_000, [
      win(1, [tab("https://a.example/", { groupId: 3, lastAccessed: 1_700_000_000_000.4 })], { left: -1920 }),
      win(2, [tab("chrome://settings/")]),
    ], [{ id: 3, windowId: 1, title: "G", color: "blue", collapsed: false }]);
    const body = toUploadRequest(snapshot, { snapshotId: "6f1c1c1e-8d2a-4f7e-9d9a-1c2b3c4d5e6f", trigger: "clear_all_detected", reason: "A window with 2 tabs was closed", browserType: "chrome" });
    const parsed = uploadBrowserBackupRequestSchema.parse(body);
    expect(parsed.windows).toHaveLength(1);
    expect(parsed.windows[0]?.left).toBe(-1920);
    expect(parsed.groups).toHaveLength(1);
    expect(JSON.stringify(body)).not.toContain("tabId");
  });

  it("cuts a snapshot beyond the server's 5,000 tabs instead of losing the whole backup", () => {
    const tabs = Array.from({ length: 3_000 }, (_, index) => tab(`https://example.com/${index}`));
    const snapshot = buildSnapshot("s", 1, [win(1, tabs), win(2, tabs.map((item) => ({ ...item, id: (item.id as number) + 100_000 })))], []);
    const body = toUploadRequest(snapshot, { snapshotId: "6f1c1c1e-8d2a-4f7e-9d9a-1c2b3c4d5e6f", trigger: "auto_backup" });
    expect(body.windows.reduce((sum, window) => sum + window.tabs.length, 0)).toBe(BROWSER_BACKUP_LIMITS.tabsPerBackup);
    expect(uploadBrowserBackupRequestSchema.safeParse(body).success).toBe(true);
  });
});
