import { catalogueFeatureNeedsPlanMessage, planHasFeature } from "@common/plan-catalogue";
import { Automation, windowOf } from "../automation";
import type { AutomationStatus } from "../messages";
import type { Snapshot } from "../snapshot";
import { windowCloseRuleHere } from "../reduced-mode";
import type { Capture } from "./capture";
import type { Connection } from "./connection";
import { plural, type BackgroundContext } from "./context";
import { ALARMS, type Scheduler } from "./scheduler";
import type { Uploads } from "./uploads";

export interface WorkflowsDeps {
  ctx: BackgroundContext;
  connection: Connection;
  scheduler: Scheduler;
  capture: Capture;
  uploads: Uploads;
}

/** Workflow automation (decision 180): the account's rules, read at connect, each minute and when the popup opens. */
export class Workflows {
  readonly automation: Automation;

  constructor(private readonly deps: WorkflowsDeps) {
    const { ctx, connection } = deps;
    this.automation = new Automation({
      storage: ctx.local,
      clock: ctx.clock,
      fetch: ctx.fetch,
      auth: connection.connectedAuth,
      planType: connection.planType,
      onUnauthorized: connection.onUnauthorized,
    });
  }

  /** Queues and sends a backup a rule made: named and tagged by the server from the rule, never superseded in the queue. */
  private async uploadForRule(ruleId: string, key: string, snapshot: Snapshot, reason: string): Promise<void> {
    await this.deps.uploads.queueSnapshot(key, snapshot, { trigger: "auto_backup", reason, automationRuleId: ruleId });
    // As an emergency's: the close events still queued finish before the upload.
    await this.deps.uploads.flushAfterEvents();
  }

  /** A window closed: the close rule it reaches backs that window up, as it was in the last snapshot before the close. */
  windowClosed = async (before: Snapshot, windowId: number, held: number): Promise<void> => {
    const rule = await this.automation.windowCloseRule(held);
    const window = rule ? windowOf(before, windowId) : null;
    if (!rule || !window) return;
    await this.uploadForRule(rule.id, `automation:${rule.id}:${before.id}:${windowId}`, window, `A window with ${plural(held, "tab")} was closed (rule "${rule.backupName ?? ""}")`);
  };

  /** The daily rules whose time has come since they last ran here: every window, backed up once each. */
  runDailyRules = async (): Promise<void> => {
    const due = await this.automation.dueDailyRules();
    if (due.length === 0) return;
    const snapshot = await this.deps.capture.capture();
    for (const rule of due) {
      // Marked first: a failure to read the tabs must not make the rule fire every minute of the day.
      await this.automation.markDailyRun(rule.id);
      if (!snapshot || snapshot.uploadableTabCount === 0) continue;
      await this.uploadForRule(rule.id, `automation:${rule.id}:${this.deps.ctx.clock.now()}`, snapshot, `Every day at ${rule.time ?? ""} (rule "${rule.backupName ?? ""}")`);
    }
  };

  /** The alarm at the next daily rule's minute (the minute alarm catches up whatever it misses). */
  scheduleDaily = async (): Promise<void> => {
    await this.deps.scheduler.at(ALARMS.automationDaily, await this.automation.nextDailyAt(), () =>
      this.deps.ctx.serial(async () => {
        await this.runDailyRules();
        await this.scheduleDaily();
      }),
    );
  };

  /** The daily alarm's work: the rules due run, the next one's alarm set. */
  daily = async (): Promise<void> => {
    await this.deps.ctx.serial(this.runDailyRules);
    await this.scheduleDaily();
  };

  /** The minute's automation work: the rules read again, the daily rules due run, the next one's alarm set. */
  minute = async (): Promise<void> => {
    await this.automation.refreshIfStale();
    await this.daily();
  };

  /** Read the rules now (a connection, the popup opening): a rule made a moment ago shows and runs at once. */
  async refresh(onFailure: (error: unknown) => unknown): Promise<void> {
    await this.automation.refresh().catch(onFailure);
    await this.scheduleDaily();
  }

  /** At browser start with a start-up rule: a notification and the popup offer the last run's tabs not open now. */
  offerLastRun = async (previous: Snapshot, lost: number[], notifyToo: boolean): Promise<void> => {
    const { ctx, connection } = this.deps;
    await this.automation.clearOffer();
    const browserStarted = (await ctx.items.browserStarted.get()) === true;
    if (!browserStarted || !(await this.automation.startupRule())) return;
    const lostSet = new Set(lost);
    const count = previous.windows.reduce((sum, window) => sum + window.tabs.filter((tab) => lostSet.has(tab.tabId)).length, 0);
    if (count === 0) return;
    await this.automation.setOffer(previous, lost, count);
    if (!notifyToo) return;
    await ctx.browser.notifications
      ?.create("last-run", {
        type: "basic",
        iconUrl: ctx.browser.runtime.getURL("/icons/128.png"),
        title: "Restore last session",
        message: `Your last session had ${plural(count, "tab")} that are not open now. Click to restore them.`,
        ...((await connection.thisDevice()).platform === "chromium" ? { buttons: [{ title: "Restore last session" }] } : {}),
      })
      .catch((error) => ctx.log("notification failed", error));
  };

  async dismissLastRun(): Promise<void> {
    await this.automation.clearOffer();
    await this.deps.ctx.browser.notifications?.clear("last-run").catch(() => false);
  }

  async status(): Promise<AutomationStatus> {
    const automation = this.automation;
    const [active, listed, offer, plan, device] = await Promise.all([automation.activeRules(), automation.listed(), automation.offer(), this.deps.connection.plan(), this.deps.connection.thisDevice()]);
    const running = active.length > 0 || (listed?.included === true && planHasFeature(plan, "workflowAutomation"));
    const tag = (value: string | null) => (value ? ` #${value}` : "");
    return {
      running,
      rules: active.map((rule) =>
        rule.kind === "window_close"
          ? windowCloseRuleHere(`When a window of ${rule.minTabs ?? 0}+ tabs closes: “${rule.backupName ?? ""}”${tag(rule.tag)}`, !device.reducedMode)
          : rule.kind === "daily"
            ? `Every day at ${rule.time ?? ""}: “${rule.backupName ?? ""}”${tag(rule.tag)}`
            : "At browser start: offer the last session",
      ),
      message: running ? null : catalogueFeatureNeedsPlanMessage("workflowAutomation", plan),
      offer: offer ? { tabCount: offer.tabCount, offeredAt: offer.offeredAt } : null,
    };
  }
}
