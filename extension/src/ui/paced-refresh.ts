import type { Clock } from "../clock";

/**
 * Runs `refresh` on request, but never two at once and never sooner than `gapMs` after the last one ended: requests
 * meanwhile become one more run. While a restore loads placeholders the background writes storage many times a
 * second; the popup asking for the whole status on each write kept the extension's one renderer (the placeholders'
 * too) busy for the popup's own sake (decision 241).
 */
export class PacedRefresh {
  private running = false;
  private wanted = false;
  private lastEnded = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly refresh: () => Promise<void>,
    private readonly clock: Clock,
    private readonly gapMs: number,
  ) {}

  /** Asks for a refresh: at once when none ran lately, else one run after the gap, however many asked. */
  request(): void {
    this.wanted = true;
    if (this.running) return;
    this.running = true;
    const wait = Math.max(0, this.lastEnded + this.gapMs - this.clock.now());
    this.clock.setTimeout(() => void this.run(), wait);
  }

  private async run(): Promise<void> {
    this.wanted = false;
    try {
      await this.refresh();
    } catch {
      // The next request tries again; a popup that failed to read keeps what it showed.
    } finally {
      this.lastEnded = this.clock.now();
      this.running = false;
      if (this.wanted) this.request();
    }
  }
}
