import { getProtectionSettings } from "@common/api/protection";
import { callEndpoint } from "../api";
import { captureRulesOf, formCapturePolicy, noCaptureRules, type CaptureRules } from "../capture-policy";
import type { Connection } from "./connection";
import type { BackgroundContext } from "./context";
import type { Scheduler } from "./scheduler";

export interface SettingsDeps {
  ctx: BackgroundContext;
  connection: Connection;
  scheduler: Scheduler;
  /** The rules changed: content scripts registered again and a snapshot taken under them. */
  changed(): Promise<void>;
}

/** The account's settings and team policy as this browser obeys them (decision 187). */
export class Settings {
  constructor(private readonly deps: SettingsDeps) {}

  rules = async (): Promise<CaptureRules> => (await this.deps.ctx.items.captureRules.get()) ?? noCaptureRules;

  /** Whether form capture is on: a team's policy decides over the person's own switch (decision 187). */
  async formCaptureOn(rules?: CaptureRules): Promise<boolean> {
    const policy = formCapturePolicy(rules ?? (await this.rules()));
    return policy === null ? (await this.deps.ctx.items.formCapture.get()) === true : policy === "on";
  }

  /**
   * Reads the account's settings and team policy: a change is obeyed from the next capture, the automatic backup
   * alarm takes the team's interval, and form capture follows the team's switch.
   */
  refresh = async (): Promise<void> => {
    const { ctx, connection } = this.deps;
    const auth = await connection.connectedAuth();
    if (!auth) return;
    const answer = await callEndpoint(getProtectionSettings, {}, connection.endpoint(auth));
    if (!answer.ok) {
      if (answer.kind === "unauthorized") await connection.onUnauthorized(answer.message);
      return;
    }
    const before = await this.rules();
    const rules = captureRulesOf(answer.data, ctx.clock.now());
    await ctx.items.captureRules.set(rules);
    await this.deps.scheduler.ensureAutoBackup(rules);
    if (JSON.stringify({ ...before, readAt: 0 }) !== JSON.stringify({ ...rules, readAt: 0 })) await this.deps.changed();
  };
}
