import { describe, expect, it } from "vitest";
import type { RestorePlan, RestoreTab, RestoreWindow } from "./restore";
import { leaveOutStillOpen, stillOpenText } from "./still-open-windows";

const tab = (url: string, group: number | null = null): RestoreTab => ({ url, title: url, faviconUrl: null, pinned: false, active: false, group, formData: {}, scrollPosition: { x: 0, y: 0 }, lastAccessed: null });

function savedWindow(savedWindowId: number, urls: string[], extra: Partial<RestoreWindow> = {}): RestoreWindow {
  return { intoWindowId: null, savedWindowId, state: "normal", focused: false, left: 0, top: 0, width: 800, height: 600, tabs: urls.map((url) => tab(url)), groups: [], ...extra };
}

const plan = (...windows: RestoreWindow[]): RestorePlan => ({ windows, tabCount: windows.reduce((sum, window) => sum + window.tabs.length, 0) });
const urls = (result: RestorePlan) => result.windows.map((window) => [window.intoWindowId, window.tabs.map((item) => item.url)]);

describe("a restore of windows still open (decision 210)", () => {
  it("leaves out a window open in full, and brings back a closed one whole", () => {
    const result = leaveOutStillOpen(plan(savedWindow(1, ["https://a.example/", "https://b.example/"]), savedWindow(2, ["https://x.example/"])), [
      { id: 1, pages: ["https://a.example/", "https://b.example/#read", "https://news.example/"], groups: [] },
    ]);
    expect(urls(result.plan)).toEqual([[null, ["https://x.example/"]]]);
    expect(result.plan.tabCount).toBe(1);
    expect(result.stillOpen).toEqual({ windows: 1, tabs: 2 });
    expect(stillOpenText(result.stillOpen)).toBe("1 window still open: 2 tabs already there");
  });

  it("puts only the missing tabs of a window still open into it, joining its group of the same name", () => {
    const window = savedWindow(7, ["https://a.example/", "https://b.example/", "https://c.example/", "https://d.example/"], {
      groups: [{ title: "Research", color: "blue", collapsed: false }],
      sessionId: "s1",
      focused: true,
    });
    window.tabs = [tab("https://a.example/", 0), tab("https://b.example/", 0), tab("https://c.example/"), tab("https://d.example/")];
    // The same browser run: the window keeps its id, and one page of four is enough to know it.
    const result = leaveOutStillOpen(plan(window), [{ id: 7, pages: ["https://a.example/"], groups: [{ id: 1_795_811_438_551_170, title: "Research", color: "blue" }] }]);
    expect(urls(result.plan)).toEqual([[7, ["https://b.example/", "https://c.example/", "https://d.example/"]]]);
    const [into] = result.plan.windows;
    expect(into?.groups).toEqual([{ title: "Research", color: "blue", collapsed: false, joinGroupId: 1_795_811_438_551_170 }]);
    // Not the browser's copy of the whole window, and not brought to the front.
    expect(into?.sessionId).toBeUndefined();
    expect(into?.focused).toBe(false);
  });

  it("after a restart (new ids) knows a window by more than half its pages, and never by fewer", () => {
    const saved = savedWindow(1, ["https://a.example/", "https://b.example/", "https://c.example/"]);
    expect(urls(leaveOutStillOpen(plan(saved), [{ id: 40, pages: ["https://a.example/", "https://b.example/"], groups: [] }]).plan)).toEqual([[40, ["https://c.example/"]]]);
    expect(urls(leaveOutStillOpen(plan(saved), [{ id: 40, pages: ["https://a.example/", "https://news.example/"], groups: [] }]).plan)).toEqual([[null, saved.tabs.map((item) => item.url)]]);
  });

  it("one open window stands for one saved window: a second saved copy of it is opened", () => {
    const pages = ["https://a.example/", "https://b.example/"];
    const result = leaveOutStillOpen(plan(savedWindow(1, pages), savedWindow(2, pages)), [{ id: 9, pages, groups: [] }]);
    expect(urls(result.plan)).toEqual([[null, pages]]);
    expect(result.stillOpen).toEqual({ windows: 1, tabs: 2 });
  });

  it("counts a page open once as one of the saved repeats: the other copy is missing", () => {
    const result = leaveOutStillOpen(plan(savedWindow(3, ["https://a.example/", "https://a.example/", "https://b.example/"])), [{ id: 3, pages: ["https://a.example/", "https://b.example/"], groups: [] }]);
    expect(urls(result.plan)).toEqual([[3, ["https://a.example/"]]]);
    expect(stillOpenText({ windows: 0, tabs: 0 })).toBeNull();
  });
});
