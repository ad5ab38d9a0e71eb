import { describe, expect, it } from "vitest";
import { emptyDetector, lostByUrl, onTabRemoved, onWindowRemoved, startupLoss, type DetectorState } from "./emergency";
import { buildSnapshot } from "./snapshot";

function removeAll(times: number[], windowId = 1, isWindowClosing = false) {
  let state: DetectorState = emptyDetector();
  const triggers = times.map((at, index) => {
    const step = onTabRemoved(state, { tabId: index + 1, windowId, at, isWindowClosing });
    state = step.state;
    return step.trigger;
  });
  return { state, triggers };
}

describe("the close-all rule: 3 or more tabs within about a second", () => {
  it("raises on the third removal within a second, dated at the first", () => {
    const { triggers } = removeAll([1000, 1300, 1900]);
    expect(triggers.slice(0, 2)).toEqual([null, null]);
    expect(triggers[2]).toMatchObject({ since: 1000, reason: "3 tabs closed within a second", removedTabIds: [1, 2, 3] });
  });

  it("does not raise for tabs closed one by one", () => {
    expect(removeAll([1000, 2200, 3400, 4600]).triggers.every((trigger) => trigger === null)).toBe(true);
    // Two within a second, then a pause: still no close-all.
    expect(removeAll([1000, 1500, 2600]).triggers.every((trigger) => trigger === null)).toBe(true);
  });

  it("keeps one loss for a long close-all, and later removals extend it", () => {
    const { triggers } = removeAll([0, 100, 200, 300, 400, 1300, 2200]);
    expect(triggers[2]?.reason).toBe("3 tabs closed within a second");
    for (const later of triggers.slice(3)) expect(later).toMatchObject({ since: 0, reason: "" });
    expect(triggers[6]?.removedTabIds).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it("starts a new chain after a quiet second", () => {
    const { triggers } = removeAll([0, 100, 200, 5000, 5100, 5200]);
    expect(triggers[5]).toMatchObject({ since: 5000, reason: "3 tabs closed within a second", removedTabIds: [4, 5, 6] });
  });
});

describe("the window rule: a window with 2 or more tabs closes", () => {
  it("raises for a window of two, dated at its first tab's removal", () => {
    const { state } = removeAll([1000, 1010], 4, true);
    const step = onWindowRemoved(state, 4, 1020, 2);
    expect(step.trigger).toMatchObject({ since: 1000, reason: "A window with 2 tabs was closed", closedWindowIds: [4] });
  });

  it("counts the tabs the last snapshot held when the browser reports none", () => {
    expect(onWindowRemoved(emptyDetector(), 4, 5000, 12).trigger).toMatchObject({ since: 5000, reason: "A window with 12 tabs was closed" });
  });

  it("does not raise for a window with one tab", () => {
    const { state } = removeAll([1000], 4, true);
    expect(onWindowRemoved(state, 4, 1010, 1).trigger).toBeNull();
  });
});

describe("the start-up rule", () => {
  const previous = buildSnapshot("p", 1, [
    {
      id: 1,
      focused: true,
      incognito: false,
      tabs: Array.from({ length: 10 }, (_, index) => ({ id: index + 1, windowId: 1, index, url: `https://example.com/${index}`, pinned: false, active: false, incognito: false })),
    },
  ], []);

  it("raises when fewer than half came back and at least 3 were lost", () => {
    expect(startupLoss(previous, 1)).toMatchObject({ lost: 9, reason: "Only 1 tab of 10 came back when the browser started" });
    expect(startupLoss(previous, 4)).toMatchObject({ lost: 6 });
  });

  it("does not raise when most came back or when nothing was held", () => {
    expect(startupLoss(previous, 5)).toBeNull();
    expect(startupLoss(previous, 10)).toBeNull();
    expect(startupLoss(undefined, 0)).toBeNull();
    const small = { ...previous, tabCount: 4 };
    expect(startupLoss(small, 1)).toMatchObject({ lost: 3 });
    expect(startupLoss({ ...previous, tabCount: 3 }, 1)).toBeNull();
  });

  it("finds the lost tabs by URL, each open tab matching one saved tab", () => {
    expect(lostByUrl(previous, ["https://example.com/0", "https://example.com/0", "https://example.com/5"])).toEqual([2, 3, 4, 5, 7, 8, 9, 10]);
  });
});
