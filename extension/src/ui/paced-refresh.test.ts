import { describe, expect, it } from "vitest";
import { ManualClock } from "../../test/manual-clock";
import { PacedRefresh } from "./paced-refresh";

describe("the popup's paced refresh (decision 241)", () => {
  it("runs at once, then folds the requests made meanwhile into one run after the gap", async () => {
    const clock = new ManualClock();
    const runs: number[] = [];
    const paced = new PacedRefresh(async () => void runs.push(clock.now()), clock, 500);
    const start = clock.now();
    paced.request();
    await clock.advance(0);
    expect(runs).toEqual([start]);
    for (let write = 0; write < 40; write += 1) paced.request();
    await clock.advance(499);
    expect(runs).toHaveLength(1);
    await clock.advance(1);
    expect(runs).toEqual([start, start + 500]);
    await clock.advance(5_000);
    expect(runs).toHaveLength(2);
  });

  it("never runs two at once, and a failed run does not stop the next", async () => {
    const clock = new ManualClock();
    let running = 0;
    let most = 0;
    let calls = 0;
    const finish: (() => void)[] = [];
    const paced = new PacedRefresh(async () => {
      calls += 1;
      running += 1;
      most = Math.max(most, running);
      await new Promise<void>((resolve) => finish.push(resolve));
      running -= 1;
      if (calls === 1) throw new Error("the background is busy");
    }, clock, 100);
    paced.request();
    await clock.advance(0);
    paced.request();
    await clock.advance(1_000);
    // The first run has not answered yet: the second waits for it, however long.
    expect(calls).toBe(1);
    finish.shift()?.();
    await clock.advance(100);
    expect(calls).toBe(2);
    finish.shift()?.();
    await clock.advance(1_000);
    expect(most).toBe(1);
    expect(calls).toBe(2);
  });
});
