import { describe, expect, it } from "vitest";
import { windowPlacementOf } from "./tab-field-mappers";

describe("a window's placement (decision 205)", () => {
  it("keeps the state, focus and bounds and nothing else of the window", () => {
    const window = { windowId: 7, state: "maximized" as const, focused: true, left: -1280, top: 0, width: 1280, height: 720, name: "Work", incognito: true, tabs: [] };
    expect(windowPlacementOf(window)).toEqual({ state: "maximized", focused: true, left: -1280, top: 0, width: 1280, height: 720 });
  });

  it("makes a bound the browser did not say null, and keeps a null as null", () => {
    const placement = windowPlacementOf({ state: "normal", focused: false, left: 40, width: null });
    expect(placement).toStrictEqual({ state: "normal", focused: false, left: 40, top: null, width: null, height: null });
  });
});
