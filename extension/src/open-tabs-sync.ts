import { PLAIN_TAB_REFUSED_MESSAGE } from "@common/api/encryption";
import { getOpenTabs, listOpenTabs, OPEN_TABS, pushOpenTabs, type OpenTabs, type OpenTabsDevice, type PushOpenTabsRequest } from "@common/api/open-tabs";
import { planHasFeature, planTypes, type PlanType } from "@common/plan-catalogue";
import { callEndpoint } from "./api";
import type { StorageArea } from "./browser-api";
import type { Clock } from "./clock";
import { planFromBackup, type RestorePlan } from "./restore";
import { toUploadRequest, type Snapshot } from "./snapshot";
import { z } from "zod";
import { StorageItem } from "./storage-item";

export const OPEN_TABS_KEY = "openTabsPush";

/** What was last pushed, so an unchanged browser is not pushed again every minute. */
interface PushState {
  deviceId: string;
  fingerprint: string;
  capturedAt: number;
  pushedAt: number;
}

const pushState: z.ZodType<PushState> = z.object({ deviceId: z.string(), fingerprint: z.string(), capturedAt: z.number(), pushedAt: z.number() });

export interface OpenTabsAuth {
  serverUrl: string;
  accessToken: string;
  deviceId: string;
}

export interface OpenTabsSyncDeps {
  storage: StorageArea;
  clock: Clock;
  fetch: typeof fetch;
  /** The connection, when connected and not marked disconnected. */
  auth(): Promise<OpenTabsAuth | null>;
  /** The plan the connection endpoint last reported. */
  planType(): Promise<string | null>;
  latest(): Promise<Snapshot | null>;
  browserType(): Promise<PushOpenTabsRequest["browserType"]>;
  /** True once the library was downloaded for this connection: a new browser downloads before it uploads. */
  libraryDownloaded(): Promise<boolean>;
  /** A timer while the worker lives and an alarm after (null clears it). */
  schedule(at: number | null): Promise<void>;
  onUnauthorized(message: string): Promise<void>;
  /** The server refused the push for the plan (403): the plan changed since the connection was read. */
  onPlanRefused(): Promise<void>;
  /**
   * The push as it may leave this browser: titles and addresses sealed when the account chose so (decision 199); null
   * while it does and this browser is locked, so nothing is pushed.
   */
  prepare?(request: PushOpenTabsRequest): Promise<PushOpenTabsRequest | null>;
  /** The server refused a plain tab (409): the account started sealing since this browser last asked. */
  onPlainTabRefused?(): Promise<void>;
  /** Another browser's open tabs with their sealed titles and addresses opened, or why they cannot be restored here. */
  open?(openTabs: OpenTabs): Promise<OpenTabs | string>;
}

export type OpenTabsPushOutcome = "pushed" | "unchanged" | "not-connected" | "not-on-plan" | "library-first" | "no-snapshot" | "refused" | "retry" | "locked";

/** The open tabs of a snapshot as pushed: the backup's windows and groups, without form data (decision 161). */
export function openTabsRequest(snapshot: Snapshot, browserType: PushOpenTabsRequest["browserType"]): PushOpenTabsRequest {
  const { capturedAt, windows, groups } = toUploadRequest(snapshot, { snapshotId: snapshot.id, trigger: "auto_backup", browserType });
  return {
    capturedAt,
    browserType,
    windows: windows.map((window) => ({ ...window, tabs: window.tabs.map((tab) => ({ ...tab, formData: {} })) })),
    groups,
  };
}

function isPlan(value: string | null): value is PlanType {
  return planTypes.some((plan) => plan === value);
}

/**
 * Keeps this browser's row of "Open on other devices" fresh: a push a few seconds
 * after the tabs change, retried by the minute alarm when it failed, skipped when nothing changed, and
 * never below Pro (the plan comes from the connection endpoint). The server keeps the newest capture,
 * so a late push can never take the row back to older tabs.
 */
export class OpenTabsSync {
  /** Counts changes, so a push that succeeds clears only a schedule made before it started. */
  private changes = 0;

  constructor(private readonly deps: OpenTabsSyncDeps) {}

  /** The tabs changed: push once they settle. */
  async changed(): Promise<void> {
    this.changes += 1;
    if (!(await this.enabled())) return;
    await this.deps.schedule(this.deps.clock.now() + OPEN_TABS.pushDebounceMs);
  }

  private async enabled(): Promise<boolean> {
    const planType = await this.deps.planType();
    return isPlan(planType) && planHasFeature(planType, "cloudSync") && (await this.deps.auth()) !== null;
  }

  /** Pushes the newest snapshot unless it was pushed already (and recently); `force` pushes it anyway. */
  async push(force = false): Promise<OpenTabsPushOutcome> {
    const { clock, storage } = this.deps;
    const changesBefore = this.changes;
    const auth = await this.deps.auth();
    if (!auth) return "not-connected";
    const planType = await this.deps.planType();
    if (!isPlan(planType) || !planHasFeature(planType, "cloudSync")) return "not-on-plan";
    if (!(await this.deps.libraryDownloaded())) {
      await this.deps.schedule(clock.now() + OPEN_TABS.retryMinutes * 60_000);
      return "library-first";
    }
    const snapshot = await this.deps.latest();
    if (!snapshot) return "no-snapshot";
    const last = await new StorageItem(storage, OPEN_TABS_KEY, pushState).get();
    const same = last?.deviceId === auth.deviceId && last.fingerprint === snapshot.fingerprint && last.capturedAt >= snapshot.capturedAt;
    if (!force && same && clock.now() - last.pushedAt < OPEN_TABS.refreshMs) return "unchanged";
    const request = openTabsRequest(snapshot, await this.deps.browserType());
    const send = async () => {
      const body = this.deps.prepare ? await this.deps.prepare(request) : request;
      if (body === null) return "locked" as const;
      return callEndpoint(pushOpenTabs, { body }, { serverUrl: auth.serverUrl, token: auth.accessToken, gzip: true, fetch: this.deps.fetch });
    };
    let answer = await send();
    if (answer !== "locked" && !answer.ok && answer.kind === "refused" && answer.status === 409 && answer.message === PLAIN_TAB_REFUSED_MESSAGE) {
      // The account turned sealing on meanwhile: read its answer again, then seal or hold this push.
      await this.deps.onPlainTabRefused?.();
      answer = await send();
    }
    // Unlocking pushes at once; until then the server keeps nothing readable of this browser's tabs.
    if (answer === "locked") return "locked";
    if (answer.ok) {
      await storage.set({ [OPEN_TABS_KEY]: { deviceId: auth.deviceId, fingerprint: snapshot.fingerprint, capturedAt: snapshot.capturedAt, pushedAt: clock.now() } satisfies PushState });
      // Tabs that changed while this push was on its way keep their own scheduled push: cancelling it left them for
      // the minute alarm, which a loaded browser showed as pushes arriving 30 s and more late.
      if (this.changes === changesBefore) await this.deps.schedule(null);
      return "pushed";
    }
    if (answer.kind === "unauthorized") {
      await this.deps.onUnauthorized(answer.message);
      return "not-connected";
    }
    // 403 (the plan changed under us) or a body the server will never take: retrying cannot help.
    if (answer.kind === "refused") {
      if (answer.status === 403) await this.deps.onPlanRefused();
      return "refused";
    }
    const wait = "retryAfterMs" in answer && answer.retryAfterMs !== null ? answer.retryAfterMs : OPEN_TABS.retryMinutes * 60_000;
    await this.deps.schedule(clock.now() + wait);
    return "retry";
  }

  /** The account's other browsers' open tabs (this one left out), newest first. */
  async others(): Promise<{ ok: true; devices: OpenTabsDevice[] } | { ok: false; message: string }> {
    const auth = await this.deps.auth();
    if (!auth) return { ok: false, message: "Connect this browser to TabVault first." };
    const answer = await callEndpoint(listOpenTabs, {}, { serverUrl: auth.serverUrl, token: auth.accessToken, fetch: this.deps.fetch });
    if (answer.ok) return { ok: true, devices: answer.data.filter((device) => device.deviceId !== auth.deviceId) };
    if (answer.kind === "unauthorized") await this.deps.onUnauthorized(answer.message);
    return { ok: false, message: answer.kind === "network" ? "TabVault cannot be reached." : answer.message };
  }

  /** What restoring another browser's open tabs here reopens, or why it cannot. */
  async restorePlan(deviceId: string): Promise<RestorePlan | string> {
    const auth = await this.deps.auth();
    if (!auth) return "Connect this browser to TabVault first.";
    const answer = await callEndpoint(getOpenTabs, { params: { deviceId } }, { serverUrl: auth.serverUrl, token: auth.accessToken, fetch: this.deps.fetch });
    if (!answer.ok) {
      if (answer.kind === "unauthorized") await this.deps.onUnauthorized(answer.message);
      return answer.kind === "network" ? "TabVault cannot be reached." : answer.message;
    }
    const opened = this.deps.open ? await this.deps.open(answer.data) : answer.data;
    if (typeof opened === "string") return opened;
    const plan = planFromBackup(opened);
    return plan.tabCount > 0 ? plan : `${answer.data.deviceName} has no tabs open to reopen.`;
  }

  /** Forgets what was pushed: a new connection pushes afresh. */
  async clear(): Promise<void> {
    await this.deps.storage.remove(OPEN_TABS_KEY);
  }
}
