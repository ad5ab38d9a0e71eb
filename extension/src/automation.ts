import { AUTOMATION_LIMITS, listAutomationRules, type AutomationRule } from "@common/api/automation";
import { planHasFeature, planTypes } from "@common/plan-catalogue";
import { callEndpoint } from "./api";
import type { StorageArea } from "./browser-api";
import type { Clock } from "./clock";
import type { Snapshot } from "./snapshot";
import { checkedWhenStored, StorageItem } from "./storage-item";
import { z } from "zod";

export const AUTOMATION_KEYS = {
  /** The rules as the server last listed them. */
  rules: "automationRules",
  /** When each daily rule last ran here: rule id → epoch ms. */
  dailyRuns: "automationDailyRuns",
  /** The start-up offer waiting in the popup: the previous run's last snapshot and the tabs of it not open. */
  offer: "automationStartupOffer",
} as const;

interface StoredRules {
  /** The account the rules belong to (its device id): another connection's rules are never run. */
  deviceId: string;
  rules: AutomationRule[];
  included: boolean;
  fetchedAt: number;
}

const storedRules: z.ZodType<StoredRules> = z.object({
  deviceId: z.string(),
  rules: z.array(checkedWhenStored<AutomationRule>()),
  included: z.boolean(),
  fetchedAt: z.number(),
});

export interface StartupOffer {
  /** Kept whole here: the snapshot versions rotate, and the offer waits until the person answers it. */
  snapshot: Snapshot;
  lostTabIds: number[];
  tabCount: number;
  offeredAt: number;
}

const startupOffer: z.ZodType<StartupOffer> = z.object({
  snapshot: checkedWhenStored<Snapshot>(),
  lostTabIds: z.array(z.number()),
  tabCount: z.number(),
  offeredAt: z.number(),
});

export interface AutomationAuth {
  serverUrl: string;
  accessToken: string;
  deviceId: string;
}

export interface AutomationDeps {
  storage: StorageArea;
  clock: Clock;
  fetch: typeof fetch;
  auth(): Promise<AutomationAuth | null>;
  /** The plan the connection endpoint last reported. */
  planType(): Promise<string | null>;
  onUnauthorized(message: string): Promise<void>;
}

const MINUTE = 60_000;

/** "HH:MM" → minutes after midnight. */
function minutesOf(time: string): number {
  const [hours, minutes] = time.split(":").map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

/** The moment `time` (HH:MM, the browser's local time) falls on the local day of `at`. */
export function localTimeOn(at: number, time: string): number {
  const day = new Date(at);
  const total = minutesOf(time);
  day.setHours(Math.floor(total / 60), total % 60, 0, 0);
  return day.getTime();
}

/** The latest moment at or before `now` at which the daily `time` fell (today's if it has passed, else yesterday's). */
export function lastDueAt(now: number, time: string): number {
  const today = localTimeOn(now, time);
  if (today <= now) return today;
  const yesterday = new Date(now);
  yesterday.setDate(yesterday.getDate() - 1);
  return localTimeOn(yesterday.getTime(), time);
}

/** The next moment after `now` at which the daily `time` falls. */
export function nextDueAt(now: number, time: string): number {
  const today = localTimeOn(now, time);
  if (today > now) return today;
  const tomorrow = new Date(now);
  tomorrow.setDate(tomorrow.getDate() + 1);
  return localTimeOn(tomorrow.getTime(), time);
}

/**
 * Workflow automation in the extension (decision 180): the account's rules read from the server
 * (at connect, every minute with the snapshot alarm, when the popup opens), kept in storage so a woken worker
 * has them at once, and the questions the background asks them. Nothing runs below Premium: the server's list
 * says `included: false`, and the plan the connection reported must have the feature too.
 */
export class Automation {
  private readonly items;

  constructor(private readonly deps: AutomationDeps) {
    this.items = {
      rules: new StorageItem(deps.storage, AUTOMATION_KEYS.rules, storedRules),
      dailyRuns: new StorageItem(deps.storage, AUTOMATION_KEYS.dailyRuns, z.record(z.string(), z.number())),
      offer: new StorageItem(deps.storage, AUTOMATION_KEYS.offer, startupOffer),
    };
  }

  /** Reads the rules again unless they were read less than `maxAgeMs` ago. */
  async refresh(maxAgeMs = 0): Promise<"read" | "fresh" | "not-connected" | "failed"> {
    const { storage, clock } = this.deps;
    const auth = await this.deps.auth();
    if (!auth) return "not-connected";
    const stored = await this.stored();
    if (stored?.deviceId === auth.deviceId && clock.now() - stored.fetchedAt < maxAgeMs) return "fresh";
    const answer = await callEndpoint(listAutomationRules, {}, { serverUrl: auth.serverUrl, token: auth.accessToken, fetch: this.deps.fetch });
    if (answer.ok) {
      await storage.set({
        [AUTOMATION_KEYS.rules]: { deviceId: auth.deviceId, rules: answer.data.rules, included: answer.data.included, fetchedAt: clock.now() } satisfies StoredRules,
      });
      return "read";
    }
    if (answer.kind === "unauthorized") await this.deps.onUnauthorized(answer.message);
    return "failed";
  }

  /** Reads again when the last read is about a minute old: the minute alarm keeps rules at most a minute behind. */
  refreshIfStale(): Promise<string> {
    return this.refresh(AUTOMATION_LIMITS.refreshMinutes * MINUTE - 5_000);
  }

  private async stored(): Promise<StoredRules | null> {
    return (await this.items.rules.get()) ?? null;
  }

  /** The enabled rules this browser runs now: none unless connected to the account they came from, on Premium. */
  async activeRules(): Promise<AutomationRule[]> {
    const [auth, stored, planType] = await Promise.all([this.deps.auth(), this.stored(), this.deps.planType()]);
    if (!auth || !stored || stored.deviceId !== auth.deviceId || !stored.included) return [];
    const plan = planTypes.find((type) => type === planType);
    if (!plan || !planHasFeature(plan, "workflowAutomation")) return [];
    return stored.rules.filter((rule) => rule.enabled);
  }

  /** Every rule as last read, enabled or not (the popup's summary). */
  async listed(): Promise<{ rules: AutomationRule[]; included: boolean } | null> {
    const stored = await this.stored();
    return stored ? { rules: stored.rules, included: stored.included } : null;
  }

  /**
   * The close rule a window of `tabCount` tabs fires: of the enabled ones it reaches, the one asking for the most
   * tabs (the most particular), so one closing window makes one backup however many rules it meets.
   */
  async windowCloseRule(tabCount: number): Promise<AutomationRule | null> {
    const rules = (await this.activeRules()).filter((rule) => rule.kind === "window_close" && rule.minTabs !== null && tabCount >= rule.minTabs);
    rules.sort((a, b) => (b.minTabs ?? 0) - (a.minTabs ?? 0) || a.createdAt.localeCompare(b.createdAt));
    return rules[0] ?? null;
  }

  /**
   * The daily rules due now: their time has come since they last ran here and since they were made or changed.
   * A browser asleep or closed at that minute runs the rule once when it is next awake, however many days it missed.
   */
  async dueDailyRules(): Promise<AutomationRule[]> {
    const now = this.deps.clock.now();
    const runs = await this.dailyRuns();
    return (await this.activeRules()).filter((rule) => {
      if (rule.kind !== "daily" || !rule.time) return false;
      const due = lastDueAt(now, rule.time);
      return due > Math.max(runs[rule.id] ?? 0, Date.parse(rule.updatedAt));
    });
  }

  /** When the next daily rule falls due, for the alarm; null when there is none. */
  async nextDailyAt(): Promise<number | null> {
    const now = this.deps.clock.now();
    const times = (await this.activeRules()).flatMap((rule) => (rule.kind === "daily" && rule.time ? [nextDueAt(now, rule.time)] : []));
    return times.length > 0 ? Math.min(...times) : null;
  }

  private async dailyRuns(): Promise<Record<string, number>> {
    return (await this.items.dailyRuns.get()) ?? {};
  }

  async markDailyRun(ruleId: string): Promise<void> {
    await this.deps.storage.set({ [AUTOMATION_KEYS.dailyRuns]: { ...(await this.dailyRuns()), [ruleId]: this.deps.clock.now() } });
  }

  async startupRule(): Promise<AutomationRule | null> {
    return (await this.activeRules()).find((rule) => rule.kind === "startup") ?? null;
  }

  async offer(): Promise<StartupOffer | null> {
    return (await this.items.offer.get()) ?? null;
  }

  async setOffer(snapshot: Snapshot, lostTabIds: number[], tabCount: number): Promise<StartupOffer> {
    const offer: StartupOffer = { snapshot, lostTabIds, tabCount, offeredAt: this.deps.clock.now() };
    await this.deps.storage.set({ [AUTOMATION_KEYS.offer]: offer });
    return offer;
  }

  async clearOffer(): Promise<void> {
    await this.deps.storage.remove(AUTOMATION_KEYS.offer);
  }

  /** Forgets the rules: a new connection reads its own. */
  async clear(): Promise<void> {
    await this.deps.storage.remove([AUTOMATION_KEYS.rules, AUTOMATION_KEYS.offer]);
  }
}

/** One window of a snapshot, as a snapshot of its own: what a window-close rule backs up. */
export function windowOf(snapshot: Snapshot, windowId: number): Snapshot | null {
  const window = snapshot.windows.find((candidate) => candidate.windowId === windowId);
  if (!window || window.tabs.length === 0) return null;
  return {
    ...snapshot,
    windows: [window],
    groups: snapshot.groups.filter((group) => group.windowId === windowId),
    tabCount: window.allTabIds.length,
    uploadableTabCount: window.tabs.length,
  };
}
