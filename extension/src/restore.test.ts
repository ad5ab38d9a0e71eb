import { describe, expect, it } from "vitest";
import type { BrowserBackup } from "@common/api/browser-backups";
import { executeRestore, lazyUrl, matchRecentlyClosed, planFromBackup, planFromSnapshot, type RestoreCapabilities } from "./restore";
import { buildSnapshot } from "./snapshot";
import { FakeWorld, type Shape } from "../test/fake-browser";
import { flush, ManualClock } from "../test/manual-clock";

const capabilitiesOf: Record<Shape, RestoreCapabilities> = {
  chromium: { windows: true, tabGroups: true, discardedCreate: false, placeholder: true, sessions: true, privateWindows: false },
  firefox: { windows: true, tabGroups: false, discardedCreate: true, placeholder: false, sessions: true, privateWindows: false },
  firefox_android: { windows: false, tabGroups: false, discardedCreate: true, placeholder: false, sessions: false, privateWindows: false },
};

const tab = (url: string, extra: Partial<BrowserBackup["windows"][number]["tabs"][number]> = {}) => ({
  url,
  title: `Title ${url}`,
  faviconUrl: null,
  pinned: false,
  active: false,
  groupId: null,
  formData: {},
  scrollPosition: { x: 0, y: 0 },
  ...extra,
});

function backup(): BrowserBackup {
  return {
    id: "b1",
    sessionName: "Emergency",
    triggerEvent: "clear_all_detected",
    deviceName: "Chrome on Linux",
    browserType: "chrome",
    createdAt: "2025-06-01T10:00:00.000Z",
    tabCount: 6,
    windows: [
      {
        windowId: 11,
        state: "normal",
        focused: false,
        left: 5,
        top: 6,
        width: 900,
        height: 700,
        tabs: [
          tab("https://mail.example/", { pinned: true }),
          tab("https://a.example/", { groupId: 1 }),
          tab("https://b.example/", { groupId: 1, active: true }),
          tab("https://c.example/"),
        ],
      },
      { windowId: 12, state: "maximized", focused: true, left: null, top: null, width: null, height: null, tabs: [tab("https://d.example/", { active: true }), tab("https://e.example/", { formData: { q: "draft" } })] },
    ],
    groups: [{ groupId: 1, windowId: 11, title: "Research", color: "purple", collapsed: true }],
  };
}

describe("restore planning", () => {
  it("puts pinned tabs first and maps groups per window", () => {
    const plan = planFromBackup(backup());
    expect(plan.tabCount).toBe(6);
    expect(plan.windows[0]?.tabs.map((item) => [item.url, item.pinned, item.group])).toEqual([
      ["https://mail.example/", true, null],
      ["https://a.example/", false, 0],
      ["https://b.example/", false, 0],
      ["https://c.example/", false, null],
    ]);
    expect(plan.windows[0]?.groups).toEqual([{ title: "Research", color: "purple", collapsed: true }]);
    expect(plan.windows[1]?.groups).toEqual([]);
  });

  it("reopens only the lost part of a snapshot: whole windows as windows, lost tabs into their open window", () => {
    const snapshot = buildSnapshot("s", 1, [
      { id: 1, focused: true, incognito: false, tabs: [1, 2, 3].map((id) => ({ id, windowId: 1, index: id - 1, url: `https://one.example/${id}`, pinned: false, active: id === 1, incognito: false })) },
      { id: 2, focused: false, incognito: false, tabs: [4, 5].map((id) => ({ id, windowId: 2, index: id - 4, url: `https://two.example/${id}`, pinned: false, active: false, incognito: false })) },
    ], []);
    const plan = planFromSnapshot(snapshot, [2, 3, 4, 5], new Set([1]));
    expect(plan.windows.map((window) => [window.intoWindowId, window.tabs.length])).toEqual([
      [1, 2],
      [null, 2],
    ]);
  });

  it("finds a window still in the browser's recently-closed list by its URLs", () => {
    const plan = planFromBackup(backup());
    const closed = [
      { lastModified: 1, window: { sessionId: "w-other", focused: false, incognito: false, tabs: [{ url: "https://x.example/", windowId: 1, index: 0, pinned: false, active: true, incognito: false }] } },
      {
        lastModified: 2,
        window: {
          sessionId: "w-match",
          focused: false,
          incognito: false,
          tabs: ["https://d.example/", "chrome://newtab/", "https://e.example/"].map((url, index) => ({ url, windowId: 12, index, pinned: false, active: false, incognito: false })),
        },
      },
    ];
    const matched = matchRecentlyClosed(plan, closed);
    expect(matched.windows.map((window) => window.sessionId)).toEqual([undefined, "w-match"]);
  });

  it("opens inactive Chromium tabs on the light placeholder page, and the active one at its URL", () => {
    const getURL = (path: string) => `chrome-extension://id${path}`;
    const inactive = planFromBackup(backup()).windows[0]?.tabs[1];
    const active = planFromBackup(backup()).windows[0]?.tabs[2];
    if (!inactive || !active) throw new Error("plan");
    expect(lazyUrl(inactive, capabilitiesOf.chromium, getURL)).toBe("chrome-extension://id/placeholder.html?url=https%3A%2F%2Fa.example%2F&title=Title+https%3A%2F%2Fa.example%2F");
    expect(lazyUrl(active, capabilitiesOf.chromium, getURL)).toBe("https://b.example/");
    expect(lazyUrl(inactive, capabilitiesOf.firefox, getURL)).toBe("https://a.example/");
  });
});

describe.each(["chromium", "firefox"] as const)("restore on %s", (shape) => {
  it("opens the most recent first, each straight at its saved place: no tab is moved afterwards", async () => {
    const world = new FakeWorld(shape);
    const browser = world.api();
    const move = browser.tabs.move;
    let moves = 0;
    browser.tabs.move = (ids, properties) => {
      moves += 1;
      return move(ids, properties);
    };
    const urls = Array.from({ length: 12 }, (_, index) => `https://p${index}.example/`);
    const plan = planFromBackup({ ...backup(), windows: [{ ...backup().windows[1]!, tabs: urls.map((url) => tab(url)) }], groups: [] });
    const openOrder = [5, 11, 0, 7, 3, 9, 1, 10, 2, 8, 4, 6];
    const opened: string[] = [];
    const created = browser.tabs.create;
    browser.tabs.create = (properties) => {
      const url = properties.url ?? "";
      opened.push(url.includes("placeholder.html") ? (new URL(url).searchParams.get("url") ?? "") : url);
      return created(properties);
    };
    await executeRestore({ ...plan, windows: [{ ...plan.windows[0]!, openOrder }], ordered: true }, { browser, clock: new ManualClock(), capabilities: capabilitiesOf[shape], onProgress: () => undefined, inFlight: 4, pauseMs: 0 });
    expect(world.createdWindows.at(-1)?.url).toBe(urls[5]);
    expect(opened).toEqual(openOrder.slice(1).map((position) => urls[position]));
    const unwrap = (url: string) => (url.includes("placeholder.html") ? (new URL(url).searchParams.get("url") ?? "") : url);
    expect(world.layout()[0]?.tabs.map(unwrap)).toEqual(urls);
    expect(moves).toBe(0);
  });

  it("reopens each window with its tabs in order, pinned, grouped where possible, lazily", async () => {
    const world = new FakeWorld(shape);
    const browser = world.api();
    const progress: number[] = [];
    const refills: number[] = [];
    const result = await executeRestore(planFromBackup(backup()), {
      browser,
      clock: new ManualClock(),
      capabilities: capabilitiesOf[shape],
      onProgress: (done) => {
        progress.push(done);
      },
      rememberRefill: (tabId) => {
        refills.push(tabId);
      },
      pauseMs: 0,
    }).catch((error) => {
      throw error;
    });
    expect(result).toEqual({ created: 6, viaSessions: 0, failed: 0, privateWindows: 0, privateAsOrdinary: 0 });
    const layout = world.layout();
    expect(layout).toHaveLength(2);
    const unwrap = (url: string) => (url.includes("placeholder.html") ? (new URL(url).searchParams.get("url") ?? "") : url);
    // The focused window first, then the others.
    expect(layout.map((window) => window.tabs.map(unwrap))).toEqual([
      ["https://d.example/", "https://e.example/"],
      ["https://mail.example/", "https://a.example/", "https://b.example/", "https://c.example/"],
    ]);
    const first = layout[1]?.windowId as number;
    const tabs = world.windowTabsOf(first);
    expect(tabs.map((item) => item.pinned)).toEqual([true, false, false, false]);
    expect(tabs.find((item) => item.active)?.url).toBe("https://b.example/");
    expect(world.createdWindows[1]).toMatchObject({ left: 5, top: 6, width: 900, height: 700 });
    expect(world.createdWindows[0]).toMatchObject({ state: "maximized" });
    expect(world.createdWindows[0]?.left).toBeUndefined();
    expect(refills).toHaveLength(1);
    expect(progress.at(-1)).toBe(6);
    if (shape === "chromium") {
      const groupIds = new Set(tabs.slice(1, 3).map((item) => item.groupId));
      expect(groupIds.size).toBe(1);
      expect([...world.groups.values()]).toEqual([expect.objectContaining({ title: "Research", color: "purple", collapsed: true })]);
      expect(world.created.filter((properties) => properties.url?.includes("placeholder.html"))).toHaveLength(3);
      expect(world.created.every((properties) => properties.discarded === undefined)).toBe(true);
    } else {
      expect(world.groups.size).toBe(0);
      // Discarded where Firefox allows it: not pinned, not active.
      expect(world.created.map((properties) => [properties.url, properties.discarded ?? false])).toEqual([
        ["https://e.example/", true],
        ["https://a.example/", true],
        ["https://b.example/", false],
        ["https://c.example/", true],
      ]);
    }
  });

  it("creates 1,000 tabs, reporting progress every 50 of them, not after each (the popup redraws on each report)", async () => {
    const world = new FakeWorld(shape);
    const big = backup();
    big.windows = [{ ...big.windows[1]!, state: "normal", tabs: Array.from({ length: 1_000 }, (_, index) => tab(`https://example.com/${index}`, { active: index === 0 })) }];
    big.groups = [];
    const progress: number[] = [];
    await executeRestore(planFromBackup(big), { browser: world.api(), clock: new ManualClock(), capabilities: capabilitiesOf[shape], onProgress: (done) => void progress.push(done), pauseMs: 0 });
    expect(world.layout()[0]?.tabs).toHaveLength(1_000);
    expect(progress.at(-1)).toBe(1_000);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.length).toBeLessThanOrEqual(21);
    expect(progress.slice(1).every((done, nth) => done - progress[nth]! >= 50 || done === 1_000)).toBe(true);
  });

  it("restores a window through the browser's recently-closed list when it still holds it", async () => {
    const world = new FakeWorld(shape);
    const windowId = world.openWindow(["https://d.example/", "https://e.example/"]);
    world.openWindow(["https://keep.example/"]);
    world.closeWindow(windowId);
    const browser = world.api();
    const plan = matchRecentlyClosed(planFromBackup({ ...backup(), windows: [backup().windows[1]!], groups: [] }), await browser.sessions!.getRecentlyClosed({}));
    const result = await executeRestore(plan, { browser, clock: new ManualClock(), capabilities: capabilitiesOf[shape], onProgress: () => undefined, pauseMs: 0 });
    expect(result).toEqual({ created: 0, viaSessions: 2, failed: 0, privateWindows: 0, privateAsOrdinary: 0 });
    expect(world.layout().map((window) => window.tabs)).toContainEqual(["https://d.example/", "https://e.example/"]);
    expect(world.created).toEqual([]);
  });
});

describe("restore on Chromium while placeholders are discarded", () => {
  it("follows the new ids Chromium gives discarded tabs when grouping, ordering and selecting", async () => {
    const world = new FakeWorld("chromium");
    world.discardOnCreate = true;
    await executeRestore(planFromBackup(backup()), {
      browser: world.api(),
      clock: new ManualClock(),
      capabilities: capabilitiesOf.chromium,
      onProgress: () => undefined,
      resolveTabId: (id) => world.replaced.get(id) ?? id,
      pauseMs: 0,
    });
    const first = world.layout()[1]?.windowId as number;
    const tabs = world.windowTabsOf(first);
    expect(tabs.filter((tab) => tab.discarded)).toHaveLength(3);
    expect(tabs.find((tab) => tab.active)?.url).toContain("b.example");
    expect(new Set(tabs.slice(1, 3).map((tab) => tab.groupId)).size).toBe(1);
    expect(tabs[1]?.groupId).toBeGreaterThan(0);
    expect([...world.groups.values()]).toEqual([expect.objectContaining({ title: "Research" })]);
  });
});

describe("restore on Firefox for Android (reduced mode)", () => {
  it("puts every tab into the one window, without pins or groups", async () => {
    const world = new FakeWorld("firefox_android");
    world.openWindow(["https://open.example/"]);
    const result = await executeRestore(planFromBackup(backup()), { browser: world.api(), clock: new ManualClock(), capabilities: capabilitiesOf.firefox_android, onProgress: () => undefined, pauseMs: 0 });
    // GeckoView refuses `discarded` and `title` (its schema has neither): the refused tab is opened plainly, and so is the rest.
    expect(result).toEqual({ created: 6, viaSessions: 0, failed: 0, privateWindows: 0, privateAsOrdinary: 0 });
    expect(world.layout()).toHaveLength(1);
    expect(world.layout()[0]?.tabs).toEqual(["https://open.example/", "https://d.example/", "https://e.example/", "https://mail.example/", "https://a.example/", "https://b.example/", "https://c.example/"]);
    expect(world.created.every((properties) => properties.pinned === undefined && properties.discarded === undefined && properties.title === undefined)).toBe(true);
  });
});

describe("the sliding window of tab creations (decision 241)", () => {
  /** A Chromium whose `tabs.create` answers only when the test says so. */
  function slowBrowser() {
    const world = new FakeWorld("chromium");
    const browser = world.api();
    const create = browser.tabs.create;
    const waiting: (() => void)[] = [];
    let asked = 0;
    browser.tabs.create = async (properties) => {
      asked += 1;
      await new Promise<void>((resolve) => waiting.push(resolve));
      return create(properties);
    };
    return { world, browser, waiting, asked: () => asked };
  }

  const bigPlan = (tabs: number) => {
    const big = backup();
    big.windows = [{ ...big.windows[1]!, state: "normal", tabs: Array.from({ length: tabs }, (_, index) => tab(`https://example.com/${index}`, { active: index === 0 })) }];
    big.groups = [];
    return planFromBackup(big);
  };

  it("keeps at most `inFlight` creations asked, and asks the next as soon as one answers, not when a batch has", async () => {
    const { world, browser, waiting, asked } = slowBrowser();
    const restore = executeRestore(bigPlan(40), { browser, clock: new ManualClock(), capabilities: capabilitiesOf.chromium, onProgress: () => undefined, inFlight: 8 });
    await flush();
    expect(asked()).toBe(8);
    waiting.shift()?.();
    await flush();
    // One answered, one more asked: the other seven are still waiting.
    expect(asked()).toBe(9);
    expect(waiting).toHaveLength(8);
    while (waiting.length > 0) {
      waiting.shift()?.();
      await flush();
    }
    await restore;
    expect(world.layout()[0]?.tabs.map((url) => (url.includes("placeholder.html") ? new URL(url).searchParams.get("url") : url))).toEqual(Array.from({ length: 40 }, (_, index) => `https://example.com/${index}`));
  });

  it("asks for each tab only once the browser has room to load it", async () => {
    const world = new FakeWorld("chromium");
    let room = 3;
    const gates: (() => void)[] = [];
    const roomToLoad = () => (room > 0 ? ((room -= 1), Promise.resolve()) : new Promise<void>((resolve) => gates.push(resolve)));
    const restore = executeRestore(bigPlan(10), { browser: world.api(), clock: new ManualClock(), capabilities: capabilitiesOf.chromium, onProgress: () => undefined, inFlight: 8, roomToLoad });
    await flush();
    // The window's first tab comes with the window; three more had room.
    expect(world.created).toHaveLength(3);
    while (world.created.length < 9) {
      gates.shift()?.();
      await flush();
    }
    for (const gate of gates) gate();
    await restore;
    expect(world.layout()[0]?.tabs).toHaveLength(10);
  });
});
