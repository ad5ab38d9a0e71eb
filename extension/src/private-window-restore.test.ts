import { describe, expect, it } from "vitest";
import type { BrowserBackup } from "@common/api/browser-backups";
import { executeRestore, matchRecentlyClosed, planFromBackup, privateAsOrdinaryText, privateWindowsOpenedOrdinary, type RestoreCapabilities } from "./restore";
import { leaveOutStillOpen } from "./still-open-windows";
import { FakeWorld, type Shape } from "../test/fake-browser";
import { ManualClock } from "../test/manual-clock";

/** A backup imported from Session Buddy 4 with one ordinary and one private (incognito) window (decision 217). */
function importedBackup(): BrowserBackup {
  const tab = (url: string, active = false) => ({ url, title: url, faviconUrl: null, pinned: false, active, groupId: null, formData: {}, scrollPosition: { x: 0, y: 0 } });
  return {
    id: "b1",
    sessionName: "Imported from Session Buddy, 1 collection",
    triggerEvent: "manual_save",
    deviceName: "Imported file",
    browserType: "other",
    createdAt: "2026-11-24T10:00:00.000Z",
    tabCount: 5,
    windows: [
      { windowId: 1, state: "maximized", focused: true, left: null, top: null, width: null, height: null, name: "Before the trip", incognito: false, tabs: [tab("https://maps.example/", true), tab("https://hotels.example/")] },
      {
        windowId: 2,
        state: "normal",
        focused: false,
        left: 100,
        top: 100,
        width: 800,
        height: 600,
        name: "Window 2",
        incognito: true,
        tabs: [tab("https://gifts.example/"), tab("https://surprise.example/", true), tab("https://ring.example/")],
      },
    ],
    groups: [],
  };
}

const capabilitiesOf = (shape: Shape, privateWindows: boolean): RestoreCapabilities => ({
  windows: true,
  tabGroups: shape === "chromium",
  discardedCreate: shape === "firefox",
  placeholder: shape === "chromium",
  sessions: true,
  privateWindows,
});

async function restore(world: FakeWorld, shape: Shape, privateWindows: boolean) {
  const plan = planFromBackup(importedBackup());
  const result = await executeRestore(plan, { browser: world.api(), clock: new ManualClock(), capabilities: capabilitiesOf(shape, privateWindows), onProgress: () => undefined, pauseMs: 0 });
  const windows = [...world.windows.values()].map((window) => ({
    incognito: window.incognito,
    tabs: world.tabs.filter((tab) => tab.windowId === window.id).sort((a, b) => a.index - b.index),
  }));
  return { plan, result, windows };
}

describe.each(["chromium", "firefox"] as const)("restoring a private window on %s", (shape) => {
  it("allowed in private windows: the private window reopens private with its tabs, the ordinary one ordinary", async () => {
    const world = new FakeWorld(shape);
    world.allowedInPrivate = true;
    const { result, windows } = await restore(world, shape, true);
    expect(result).toMatchObject({ created: 5, failed: 0, privateWindows: 1, privateAsOrdinary: 0 });
    expect(windows.map((window) => [window.incognito, window.tabs.length])).toEqual([
      [false, 2],
      [true, 3],
    ]);
    expect(world.createdWindows.map((window) => window.incognito === true)).toEqual([false, true]);
    const privateTabs = windows[1]!.tabs;
    expect(privateTabs.every((tab) => tab.incognito)).toBe(true);
    // Chromium cannot show an extension page in a private window: its tabs open as the pages, never the placeholder.
    expect(privateTabs.map((tab) => tab.url)).toEqual(["https://gifts.example/", "https://surprise.example/", "https://ring.example/"]);
    expect(privateTabs.find((tab) => tab.active)?.url).toBe("https://surprise.example/");
    expect(world.createdWindows[1]).toMatchObject({ left: 100, top: 100, width: 800, height: 600 });
  });

  it("not allowed in private windows: the private window reopens as an ordinary one, and the person is told", async () => {
    const world = new FakeWorld(shape);
    const { plan, result, windows } = await restore(world, shape, false);
    expect(result).toMatchObject({ created: 5, failed: 0, privateWindows: 0, privateAsOrdinary: 1 });
    expect(windows.map((window) => [window.incognito, window.tabs.length])).toEqual([
      [false, 2],
      [false, 3],
    ]);
    // Never asked: the browser would refuse it.
    expect(world.createdWindows.some((window) => window.incognito)).toBe(false);
    expect(privateWindowsOpenedOrdinary(plan, capabilitiesOf(shape, false))).toBe(1);
    expect(privateWindowsOpenedOrdinary(plan, capabilitiesOf(shape, true))).toBe(0);
    expect(privateAsOrdinaryText(1)).toBe(
      "1 private window opened as an ordinary window: TabVault is not allowed in private windows (turn on “Allow in Incognito” or “Run in Private Windows” in the browser's extension settings to restore them private)",
    );
  });

  it("allowed, but the browser refuses a private window (private browsing off): an ordinary window, counted", async () => {
    const world = new FakeWorld(shape);
    world.allowedInPrivate = true;
    world.privateBrowsingDisabled = true;
    const { result, windows } = await restore(world, shape, true);
    expect(result).toMatchObject({ created: 5, failed: 0, privateWindows: 0, privateAsOrdinary: 1 });
    expect(windows.every((window) => !window.incognito)).toBe(true);
  });
});

describe("a private window in a restore plan", () => {
  it("is never matched to an ordinary window still open, nor to an ordinary window of the recently-closed list", () => {
    const plan = planFromBackup(importedBackup());
    const open = [{ id: 7, pages: ["https://gifts.example/", "https://surprise.example/", "https://ring.example/"], groups: [] }];
    const left = leaveOutStillOpen(plan, open);
    expect(left.stillOpen).toEqual({ windows: 0, tabs: 0 });
    expect(left.plan.windows[1]).toMatchObject({ intoWindowId: null, incognito: true });
    const closed = [{ lastModified: 1, window: { sessionId: "s1", focused: false, incognito: false, tabs: importedBackup().windows[1]!.tabs.map((tab, index) => ({ windowId: 9, index, url: tab.url, pinned: false, active: false, incognito: false })) } }];
    expect(matchRecentlyClosed(plan, closed).windows[1]!.sessionId).toBeUndefined();
  });
});
