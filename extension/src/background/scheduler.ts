import { automaticBackupMinutes, type CaptureRules } from "../capture-policy";
import type { BackgroundContext } from "./context";

export const ALARMS = {
  snapshot: "snapshot",
  autoBackup: "auto-backup",
  upload: "upload-retry",
  pairing: "pairing-poll",
  connection: "connection-refresh",
  startup: "startup-check",
  openTabs: "open-tabs-push",
  library: "library-sync",
  /** The next daily automation rule's minute (decision 180). */
  automationDaily: "automation-daily",
  /** The account's settings and team policy, read every minute (decision 187). */
  settings: "settings-refresh",
} as const;

export type AlarmName = (typeof ALARMS)[keyof typeof ALARMS];
/** What each alarm runs when it rings: one entry per alarm. */
export type AlarmTable = Record<AlarmName, () => Promise<unknown>>;

/**
 * Timers that outlive the worker: a timer while the worker is alive, an alarm after it stopped, and the table of
 * what each alarm runs.
 */
export class Scheduler {
  private readonly timers = new Map<string, unknown>();
  private table: Partial<AlarmTable> = {};

  constructor(private readonly ctx: BackgroundContext) {}

  /** What the alarms run (set once by the composition root, when every room exists). */
  route(table: AlarmTable): void {
    this.table = table;
  }

  /** Runs an alarm that rang: once the start-up is done, its failure logged. */
  ring(name: string): Promise<void> {
    const run = Object.entries(this.table).find(([alarm]) => alarm === name)?.[1];
    return this.ctx.ready
      .then(async () => {
        await run?.();
      })
      .catch((error) => this.ctx.log(`alarm ${name} failed`, error));
  }

  async at(name: string, at: number | null, run: () => Promise<unknown>): Promise<void> {
    const { browser, clock, log } = this.ctx;
    const timer = this.timers.get(name);
    if (timer !== undefined) clock.clearTimeout(timer);
    this.timers.delete(name);
    if (at === null) {
      await browser.alarms.clear(name);
      return;
    }
    await browser.alarms.create(name, { when: Math.max(at, clock.now() + 1_000) });
    this.timers.set(
      name,
      clock.setTimeout(
        () => {
          this.timers.delete(name);
          run().catch((error) => log(`${name} failed`, error));
        },
        Math.max(0, at - clock.now()),
      ),
    );
  }

  async ensure(name: AlarmName, periodInMinutes: number): Promise<void> {
    const { alarms } = this.ctx.browser;
    // Re-created only when missing: every wake re-creating it would push a 5-minute alarm away for ever.
    if (!(await alarms.get(name))) await alarms.create(name, { periodInMinutes, delayInMinutes: periodInMinutes });
  }

  /** The automatic backup alarm on the team's interval, or the product's; re-created only when its period changes. */
  async ensureAutoBackup(rules: CaptureRules): Promise<void> {
    const { alarms } = this.ctx.browser;
    const minutes = automaticBackupMinutes(rules);
    const existing = await alarms.get(ALARMS.autoBackup);
    if (existing?.periodInMinutes === minutes) return;
    await alarms.create(ALARMS.autoBackup, { periodInMinutes: minutes, delayInMinutes: minutes });
  }

  dispose(): void {
    for (const timer of this.timers.values()) this.ctx.clock.clearTimeout(timer);
  }
}
