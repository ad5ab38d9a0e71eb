import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createDemoPlayer, type DemoPlayer, demoReducer, demoSteps, initialDemoState } from "./demo-player";

/** What the demo shows at a moment: the phase, the step reached and every tab's status. */
function snapshot(player: DemoPlayer) {
  const { phase, stepsShown, tabs, closedTabs } = player.getState();
  return { phase, stepsShown, tabs: tabs.map((tab) => `${tab.id}:${tab.status}`), closed: closedTabs.map((tab) => tab.id) };
}

describe("the interactive demo's timing", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("shows the first step after 0.5 s, then one every 2 s, and ends 1 s after the fifth", () => {
    const player = createDemoPlayer();
    const changes = vi.fn();
    player.subscribe(changes);
    player.start();
    expect(snapshot(player)).toMatchObject({ phase: "running", stepsShown: 0 });

    const stepAt = (ms: number) => {
      vi.advanceTimersByTime(ms);
      return player.getState().stepsShown;
    };
    expect(stepAt(499)).toBe(0);
    expect(stepAt(1)).toBe(1); // 0.5 s
    expect(stepAt(1999)).toBe(1);
    expect(stepAt(1)).toBe(2); // 2.5 s
    expect(stepAt(2000)).toBe(3); // 4.5 s
    expect(stepAt(2000)).toBe(4); // 6.5 s
    expect(stepAt(2000)).toBe(5); // 8.5 s
    expect(player.getState().phase).toBe("running");
    vi.advanceTimersByTime(999);
    expect(player.getState().phase).toBe("running");
    vi.advanceTimersByTime(1);
    expect(player.getState().phase).toBe("finished"); // 9.5 s
    expect(vi.getTimerCount()).toBe(0);
    // start, five steps, the end: every change told the listeners once.
    expect(changes).toHaveBeenCalledTimes(7);
  });

  it("walks the tabs through the five steps: browsing, protected, one closed, recovered, analysed", () => {
    const player = createDemoPlayer();
    player.start();
    const seen = [];
    for (const ms of [500, 2000, 2000, 2000, 2000]) {
      vi.advanceTimersByTime(ms);
      seen.push(snapshot(player));
    }
    expect(seen.map(({ tabs, closed }) => ({ tabs, closed }))).toEqual([
      { tabs: ["1:vulnerable", "2:vulnerable", "3:vulnerable", "4:vulnerable"], closed: [] },
      { tabs: ["1:protected", "2:protected", "3:protected", "4:protected"], closed: [] },
      { tabs: ["1:protected", "2:protected", "4:protected"], closed: [3] },
      { tabs: ["1:protected", "2:protected", "3:recovered", "4:protected"], closed: [] },
      { tabs: ["1:protected", "2:protected", "3:recovered", "4:protected"], closed: [] },
    ]);
    expect(player.getState().tabs.every((tab) => tab.aiAnalysis)).toBe(true);
    expect(demoSteps.map((step) => step.title)).toEqual(["Normal browsing", "Protection on", "Accidental close", "Recovery", "Backup summary"]);
  });

  it("stops where it is and resumes from there on Start", () => {
    const player = createDemoPlayer();
    player.start();
    vi.advanceTimersByTime(2500);
    expect(player.getState().stepsShown).toBe(2);
    player.stop();
    expect(player.getState().phase).toBe("stopped");
    vi.advanceTimersByTime(60_000);
    expect(player.getState().stepsShown).toBe(2);
    expect(vi.getTimerCount()).toBe(0);

    player.start();
    expect(player.getState()).toMatchObject({ phase: "running", stepsShown: 2 });
    vi.advanceTimersByTime(2000);
    expect(player.getState().stepsShown).toBe(3);
  });

  it("restarts from the beginning, whether playing, stopped or finished", () => {
    const player = createDemoPlayer();
    player.start();
    vi.advanceTimersByTime(4500);
    expect(player.getState().stepsShown).toBe(3);
    player.restart();
    expect(snapshot(player)).toEqual({
      phase: "running",
      stepsShown: 0,
      tabs: initialDemoState().tabs.map((tab) => `${tab.id}:vulnerable`),
      closed: [],
    });
    vi.advanceTimersByTime(500);
    expect(player.getState().stepsShown).toBe(1);

    vi.advanceTimersByTime(10_000);
    expect(player.getState().phase).toBe("finished");
    player.restart();
    vi.advanceTimersByTime(500);
    expect(player.getState()).toMatchObject({ phase: "running", stepsShown: 1 });
    expect(vi.getTimerCount()).toBe(1);
  });

  it("ignores Start while playing, so the next step is not pushed back", () => {
    const player = createDemoPlayer();
    player.start();
    vi.advanceTimersByTime(400);
    player.start();
    vi.advanceTimersByTime(100);
    expect(player.getState().stepsShown).toBe(1);
  });

  it("Start after the end plays again from the beginning", () => {
    let state = demoReducer(initialDemoState(), { type: "start" });
    for (let tick = 0; tick <= demoSteps.length; tick++) state = demoReducer(state, { type: "tick" });
    expect(state.phase).toBe("finished");
    state = demoReducer(state, { type: "start" });
    expect(state).toMatchObject({ phase: "running", stepsShown: 0 });
  });

  it("a tick that arrives when not playing changes nothing", () => {
    const idle = initialDemoState();
    expect(demoReducer(idle, { type: "tick" })).toBe(idle);
    expect(demoReducer(idle, { type: "stop" })).toBe(idle);
  });
});
