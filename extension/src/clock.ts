/** Time as the background sees it, injected so tests move it by hand instead of waiting. */
export interface Clock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  // A handle is what setTimeout gave (a number in browsers); anything else was never a timer here.
  clearTimeout: (handle) => {
    if (typeof handle === "number") globalThis.clearTimeout(handle);
  },
};

export function sleep(clock: Clock, ms: number): Promise<void> {
  return new Promise((resolve) => clock.setTimeout(resolve, ms));
}
