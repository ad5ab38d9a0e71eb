import type { Clock } from "../src/clock";

/** Lets promises, IndexedDB requests (fake-indexeddb runs on setImmediate) and fetches settle. */
export async function flush(rounds = 30): Promise<void> {
  for (let round = 0; round < rounds; round += 1) await new Promise((resolve) => setImmediate(resolve));
}

/** A clock moved by hand: timers run in order as time passes, with the work they start settled. */
export class ManualClock implements Clock {
  private timers: { id: number; at: number; callback: () => void }[] = [];
  private nextId = 1;

  constructor(private time = 1_750_000_000_000) {}

  now(): number {
    return this.time;
  }

  setTimeout(callback: () => void, ms: number): unknown {
    const id = this.nextId++;
    this.timers.push({ id, at: this.time + Math.max(0, ms), callback });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.timers = this.timers.filter((timer) => timer.id !== handle);
  }

  pending(): number {
    return this.timers.length;
  }

  /** Moves time forward, running every timer due on the way (and the timers they set). */
  async advance(ms: number): Promise<void> {
    const target = this.time + ms;
    await flush();
    for (;;) {
      const due = this.timers.filter((timer) => timer.at <= target).sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (!due) break;
      this.timers = this.timers.filter((timer) => timer !== due);
      this.time = Math.max(this.time, due.at);
      due.callback();
      await flush();
    }
    this.time = target;
    await flush();
  }
}
