import { isSealedLabel } from "@common/api/sealed-labels";
import { getBrowserBackup, type BrowserBackup } from "@common/api/browser-backups";
import { logProtectionEvent } from "@common/api/protection";
import { getTeamSharedBackup } from "@common/api/team-sharing";
import { catalogueFeatureNeedsPlanMessage } from "@common/plan-catalogue";
import { callEndpoint, type CallFailure, type CallOptions } from "../api";
import type { Tab } from "../browser-api";
import { LOCKED_RESTORE_MESSAGE, type FormEncryption } from "../form-encryption";
import type { ActionAnswer, RestoreProgress } from "../messages";
import type { OpenTabsSync } from "../open-tabs-sync";
import {
  executeRestore,
  matchRecentlyClosed,
  planFromBackup,
  privateAsOrdinaryText,
  privateWindowsOpenedOrdinary,
  type RestoreCapabilities,
  type RestorePlan,
  type RestoreTab,
} from "../restore";
import { openPageUrl, skipsText, smartRecoveryPlan } from "../smart-recovery";
import { readBrowserState } from "../snapshot";
import { leaveOutStillOpen, stillOpenText, type OpenWindow } from "../still-open-windows";
import { withSuggestedGroups } from "../suggested-group-restore";
import type { Capture } from "./capture";
import type { Connection } from "./connection";
import { plural, type BackgroundContext } from "./context";
import type { Emergencies } from "./emergencies";
import { LocalOffers } from "./local-offers";
import type { Workflows } from "./workflows";

export interface RestoresDeps {
  ctx: BackgroundContext;
  connection: Connection;
  capture: Capture;
  emergencies: Emergencies;
  workflows: Workflows;
  formEncryption: FormEncryption;
  openTabs(): OpenTabsSync;
  /** Chromium: resolves when few enough placeholders are loading for the restore to open one more (decision 241). */
  roomToLoad?(): Promise<void>;
}

/** A plan to run, and what the person is told besides the count ("3 already open, 2 duplicates skipped"). */
interface PreparedRestore {
  plan: RestorePlan;
  notes: string[];
}

/** Every tab is open already: a restore that is done before it starts, said as done, never refused (decision 210). */
interface NothingToOpen {
  nothingToOpen: string;
}

/** A plan, nothing to open, or why the restore cannot run. */
type Prepared = PreparedRestore | NothingToOpen | string;

const urlOf = (tab: Tab) => tab.url || tab.pendingUrl || "";
const MOST_RECENT_FIRST = "most recently used first";

/** Restores: one at a time, answered at once, their progress in storage.session for the popup. */
export class Restores {
  private restoring = false;
  private lastRestore: Promise<unknown> = Promise.resolve();
  /** Tab ids Chromium replaced when it discarded a tab (old id → new id), for a restore under way. */
  private readonly replacedTabIds = new Map<number, number>();

  private readonly offers: LocalOffers;

  constructor(private readonly deps: RestoresDeps) {
    this.offers = new LocalOffers(deps);
  }

  /** The browser replaced a tab (a discard, a prerender): a restore under way follows the new id. */
  tabReplaced(removed: number, added: number): void {
    this.replacedTabIds.set(removed, added);
    // Form entries and scroll waiting for the tab's page follow it to its new id.
    void this.moveRefill(removed, added).catch((error) => this.deps.ctx.log("a restored tab's form entries could not follow it", error));
  }

  private async moveRefill(removed: number, added: number): Promise<void> {
    const { items } = this.deps.ctx;
    const waiting = await items.refill(removed).get();
    if (!waiting) return;
    await items.refill(added).set(waiting);
    await items.refill(removed).remove();
  }

  private resolveTabId = (id: number): number => {
    let current = id;
    for (let hops = 0; hops < 5; hops += 1) {
      const next = this.replacedTabIds.get(current);
      if (next === undefined) break;
      current = next;
    }
    return current;
  };

  private async capabilities(): Promise<RestoreCapabilities> {
    const { browser } = this.deps.ctx;
    const device = await this.deps.connection.thisDevice();
    return {
      windows: browser.windows !== undefined,
      tabGroups: browser.tabGroups !== undefined && browser.tabs.group !== undefined,
      discardedCreate: device.platform !== "chromium",
      placeholder: device.platform === "chromium",
      sessions: browser.sessions !== undefined,
      privateWindows: browser.windows !== undefined && (await browser.extension?.isAllowedIncognitoAccess().catch(() => false)) === true,
    };
  }

  private setProgress = (progress: RestoreProgress): Promise<void> => this.deps.ctx.items.restore.set(progress);

  private rememberRefill = async (tabId: number, tab: RestoreTab): Promise<void> => {
    await this.deps.ctx.items.refill(tabId).set({ url: tab.url, formData: tab.formData, scrollPosition: tab.scrollPosition });
  };

  /** Starts a restore and answers at once; progress goes to storage.session for the popup. */
  private async start(label: string, makePlan: (caps: RestoreCapabilities) => Promise<Prepared>, onDone?: () => Promise<void>): Promise<ActionAnswer> {
    const { browser, clock, timings, randomUUID } = this.deps.ctx;
    if (this.restoring) return { ok: false, message: "A restore is already running." };
    this.restoring = true;
    const id = randomUUID();
    const caps = await this.capabilities();
    let prepared: Prepared;
    try {
      prepared = await makePlan(caps);
    } catch (error) {
      prepared = error instanceof Error ? error.message : String(error);
    }
    if (typeof prepared === "string") {
      this.restoring = false;
      await this.setProgress({ id, label, done: 0, total: 0, state: "failed", message: prepared, startedAt: clock.now(), finishedAt: clock.now() });
      return { ok: false, message: prepared };
    }
    if ("nothingToOpen" in prepared) {
      // The web app opens the tabs itself when the extension refuses: nothing to open is an answer, not a refusal.
      await this.offers.clearWhatIsOpen().catch(() => undefined);
      this.restoring = false;
      await this.setProgress({ id, label, done: 0, total: 0, state: "done", message: prepared.nothingToOpen, startedAt: clock.now(), finishedAt: clock.now() });
      return { ok: true, message: prepared.nothingToOpen };
    }
    let plan = prepared.plan;
    // Said before the restore runs, so the person can allow the extension in private windows and try again (decision 217).
    const ordinary = privateWindowsOpenedOrdinary(plan, caps);
    const startNotes = ordinary > 0 ? [...prepared.notes, privateAsOrdinaryText(ordinary)] : prepared.notes;
    const notes = startNotes.length > 0 ? ` (${startNotes.join("; ")})` : "";
    if (caps.sessions && browser.sessions) {
      const closed = await browser.sessions.getRecentlyClosed({ maxResults: 25 }).catch(() => []);
      plan = matchRecentlyClosed(plan, closed);
    }
    const total = plan.tabCount;
    const startedAt = clock.now();
    await this.setProgress({ id, label, done: 0, total, state: "running", message: null, startedAt, finishedAt: null });
    this.lastRestore = executeRestore(plan, {
      browser,
      clock,
      capabilities: caps,
      inFlight: timings.restoreInFlight,
      pauseMs: timings.restorePauseMs,
      roomToLoad: this.deps.roomToLoad,
      rememberRefill: this.rememberRefill,
      resolveTabId: this.resolveTabId,
      onProgress: (done) => this.setProgress({ id, label, done, total, state: "running", message: null, startedAt, finishedAt: null }),
    })
      .then(async (result) => {
        const finishedAt = clock.now();
        await onDone?.();
        // What came back is protected at once, not after the restore's trailing tab events settle.
        await this.deps.capture.capture().catch(() => null);
        // An emergency or last run whose tabs this restore brought back is offered no more.
        await this.offers.clearWhatIsOpen().catch(() => undefined);
        const failed = result.failed > 0 ? `, ${result.failed} could not be opened` : "";
        // Also a browser that refused a private window although the extension is allowed there.
        const doneNotes = result.privateAsOrdinary > ordinary ? [...prepared.notes, privateAsOrdinaryText(result.privateAsOrdinary)] : startNotes;
        const said = doneNotes.length > 0 ? ` (${doneNotes.join("; ")})` : "";
        const message = `Restored ${plural(result.created + result.viaSessions, "tab")} in ${((finishedAt - startedAt) / 1000).toFixed(1)} s${failed}${said}.`;
        await this.setProgress({ id, label, done: total, total, state: "done", message, startedAt, finishedAt });
      })
      .catch((error) => this.setProgress({ id, label, done: 0, total, state: "failed", message: error instanceof Error ? error.message : String(error), startedAt, finishedAt: clock.now() }))
      .finally(() => {
        this.restoring = false;
        this.replacedTabIds.clear();
      });
    return { ok: true, message: `Restoring ${plural(total, "tab")}${notes}` };
  }

  /** The windows open now, a placeholder of an earlier restore counted as the page it stands for. */
  private async openWindows(): Promise<(OpenWindow & { incognito: boolean })[]> {
    const { browser } = this.deps.ctx;
    const { windows, groups } = await readBrowserState(browser);
    const placeholderPage = browser.runtime.getURL("/placeholder.html");
    return windows.flatMap((window) =>
      window.id === undefined
        ? []
        : [
            {
              id: window.id,
              incognito: window.incognito,
              pages: (window.tabs ?? []).map((tab) => openPageUrl(urlOf(tab), placeholderPage)),
              groups: groups.filter((group) => group.windowId === window.id).map((group) => ({ id: group.id, title: group.title ?? "", color: group.color })),
            },
          ],
    );
  }

  /**
   * Smart recovery (Pro and up): the pages open in this browser now, placeholders of an earlier restore included,
   * and the backup's own repeats are left out; the rest opens most recently used first. Below Pro, the plan as it is.
   */
  private async smartIfIncluded(plan: RestorePlan, open: readonly OpenWindow[]): Promise<PreparedRestore> {
    if (!(await this.deps.connection.hasFeature("smartRecovery"))) return { plan, notes: [] };
    const smart = smartRecoveryPlan(plan, open.flatMap((window) => window.pages));
    const skipped = skipsText(smart.skipped);
    return { plan: smart.plan, notes: [MOST_RECENT_FIRST, ...(skipped ? [skipped] : [])] };
  }

  /** `allOpen`, with what was left out: "Every tab of this backup is open already (1 window still open: …)." */
  private nothingToOpen(allOpen: string, notes: string[]): NothingToOpen {
    const left = notes.filter((note) => note !== MOST_RECENT_FIRST);
    return { nothingToOpen: left.length > 0 ? `${allOpen} (${left.join("; ")}).` : `${allOpen}.` };
  }

  /**
   * A plan read from the server (a backup, a shared backup, another browser's open tabs) made ready: a saved window
   * still open gets only the tabs it misses, on every plan (decision 210), then smart recovery where the plan includes
   * it; `allOpen` when nothing is left to open.
   */
  private async prepare(plan: RestorePlan, allOpen: string, openingNotes: string[] = []): Promise<PreparedRestore | NothingToOpen> {
    const open = await this.openWindows();
    const left = leaveOutStillOpen(plan, open.filter((window) => !window.incognito));
    const smart = await this.smartIfIncluded(left.plan, open);
    const stillOpen = stillOpenText(left.stillOpen);
    const notWeb = plan.notWebPages ? [`${plural(plan.notWebPages, "tab")} whose address is not a web page left out`] : [];
    // What opening the backup left out (`opened`: tabs it could not open, forms not refilled) is said even when every
    // other tab is open already, so a refused tab is never passed over in silence (decisions 220, 225).
    const notes = [...smart.notes, ...(stillOpen ? [stillOpen] : []), ...notWeb, ...openingNotes];
    return smart.plan.tabCount > 0 ? { plan: smart.plan, notes } : this.nothingToOpen(allOpen, notes);
  }

  /** A local offer's plan (an emergency, the last run) after smart recovery, or `allOpen` when nothing is left. */
  private async smartOr(plan: RestorePlan, allOpen: string): Promise<PreparedRestore | NothingToOpen> {
    const prepared = await this.smartIfIncluded(plan, await this.openWindows());
    return prepared.plan.tabCount > 0 ? prepared : this.nothingToOpen(allOpen, prepared.notes);
  }

  /**
   * A backup or open-tabs list read from the server, opened for a restore: sealed titles and addresses (decision 199)
   * and form entries (decision 177) opened with this browser's key. Locked, a restore of sealed tabs is refused rather
   * than opened as blank tabs; unlocked, tabs sealed under a key it does not hold are left out and said.
   */
  opened = async <B extends Pick<BrowserBackup, "windows">>(backup: B): Promise<{ backup: B; notes: string[] } | string> => {
    const opened = await this.deps.formEncryption.openBackup(backup);
    // Form entries that do not belong to their page, or plain ones in an encrypting account, are not refilled (decision 220).
    const refused = opened.formsRefused > 0 ? [`form entries of ${plural(opened.formsRefused, "tab")} not refilled: not sealed for that page`] : [];
    if (opened.stillSealed === 0) return { backup: opened.backup, notes: refused };
    if (!opened.unlocked) return LOCKED_RESTORE_MESSAGE;
    return { backup: opened.backup, notes: [`${plural(opened.stillSealed, "encrypted tab")} this browser cannot open left out`, ...refused] };
  };

  /**
   * A restore the server did not see (one started from the popup, or of an emergency backup kept on this device)
   * goes to the account's events, so the dashboard, analytics and team insights count it. The web app's restores
   * are recorded by the server itself. Best effort: a restore never waits for or fails on it.
   */
  private async recordRestore(description: string): Promise<void> {
    const { connection } = this.deps;
    const auth = await connection.auth();
    if (!auth) return;
    await callEndpoint(logProtectionEvent, { body: { eventType: "manual_restore", description } }, connection.endpoint(auth)).catch(() => undefined);
  }

  /** A backup, or a backup shared with the team, read from the server with this browser's token; or why not. */
  private async read<T>(call: (options: CallOptions) => Promise<{ ok: true; data: T } | ({ ok: false } & CallFailure)>): Promise<T | string> {
    const { connection } = this.deps;
    const auth = await connection.auth();
    if (!auth) return "Connect this browser to TabVault first.";
    const answer = await call(connection.endpoint(auth));
    if (answer.ok) return answer.data;
    if (answer.kind === "unauthorized") await connection.onUnauthorized(answer.message);
    return answer.kind === "network" ? "TabVault cannot be reached." : answer.message;
  }

  /** What became of the suggested groups: those with a tab left to open once smart recovery has left some out. */
  private groupsNote(plan: RestorePlan, caps: RestoreCapabilities): string {
    if (!caps.tabGroups) return "tab groups are not available in this browser: restored without groups";
    const names = new Set(plan.windows.flatMap((window) => window.tabs.flatMap((tab) => (tab.group === null ? [] : [window.groups[tab.group]?.title ?? ""]))));
    return names.size === 0 ? "no groups to suggest" : `in ${plural(names.size, "suggested group")}`;
  }

  async backup(backupId: string, options: { suggestedGroups?: boolean; recordAsRestore?: boolean } = {}): Promise<ActionAnswer> {
    const { connection } = this.deps;
    if (options.suggestedGroups && !(await connection.hasFeature("tabOrganization"))) {
      return { ok: false, message: catalogueFeatureNeedsPlanMessage("tabOrganization", await connection.plan()) };
    }
    let restoredName: string | null = null;
    const record = () => this.recordRestore(`Restored "${restoredName ?? "a backup"}" from the TabVault extension`);
    return this.start("backup", async (caps) => {
      const read = await this.read((options) => callEndpoint(getBrowserBackup, { params: { id: backupId } }, options));
      if (typeof read === "string") return read;
      // The restore's record goes to the server: a sealed name (decision 237) is never opened into it.
      restoredName = isSealedLabel(read.sessionName) ? "an encrypted backup" : read.sessionName;
      const opened = await this.opened(read);
      if (typeof opened === "string") return opened;
      let backup = opened.backup;
      if (options.suggestedGroups) backup = withSuggestedGroups(backup).backup;
      const plan = planFromBackup(backup);
      if (plan.tabCount === 0) return "This backup has no tabs to reopen.";
      const prepared = await this.prepare(plan, "Every tab of this backup is open already", opened.notes);
      if ("nothingToOpen" in prepared) return prepared;
      const { notes } = prepared;
      return { plan: prepared.plan, notes: options.suggestedGroups ? [...notes, this.groupsNote(prepared.plan, caps)] : notes };
    }, options.recordAsRestore ? record : undefined);
  }

  /**
   * A backup shared with the person's team (decision 190), read with this browser's token: it carries no form
   * entries, so nothing is refilled. Smart recovery (Pro and up, as the team's Premium is) leaves out what is open.
   */
  shared(sharedId: string): Promise<ActionAnswer> {
    return this.start("shared backup", async () => {
      const read = await this.read((options) => callEndpoint(getTeamSharedBackup, { params: { id: sharedId } }, options));
      if (typeof read === "string") return read;
      const plan = planFromBackup(read);
      if (plan.tabCount === 0) return "This shared backup has no tabs to reopen.";
      return this.prepare(plan, "Every tab of this shared backup is open here already");
    });
  }

  /** Another browser's open tabs here; smart recovery (Pro, as the feature itself) leaves out what is open already. */
  openTabs(deviceId: string): Promise<ActionAnswer> {
    return this.start("open tabs", async () => {
      const plan = await this.deps.openTabs().restorePlan(deviceId);
      if (typeof plan === "string") return plan;
      return this.prepare(plan, "Every one of those tabs is open here already");
    });
  }

  emergency = async (id: string): Promise<ActionAnswer> => {
    const { ctx } = this.deps;
    await ctx.browser.notifications?.clear(`emergency:${id}`).catch(() => false);
    return this.start("emergency", async () => {
      const record = await ctx.db().getEmergency(id);
      if (!record) return "This backup is no longer on this device.";
      const prepared = await this.smartOr(this.offers.emergencyPlan(record, await this.offers.readOpen()), "Every tab of this backup is open again");
      // Its tabs are all back: the offer goes, as after a restore.
      if ("nothingToOpen" in prepared) await this.offers.markRestored(id);
      return prepared;
    }, async () => {
      await this.offers.markRestored(id);
      await this.recordRestore("Restored an emergency backup kept on this device, from the TabVault extension");
    });
  };

  lastRun = async (): Promise<ActionAnswer> => {
    const { ctx, workflows } = this.deps;
    await ctx.browser.notifications?.clear("last-run").catch(() => false);
    const offer = await workflows.automation.offer();
    if (!offer) return { ok: false, message: "No last session is waiting to be restored." };
    return this.start("last session", async () => {
      const prepared = await this.smartOr(this.offers.lastRunPlan(offer, await this.offers.readOpen()), "Every tab of your last session is open already");
      if ("nothingToOpen" in prepared) await workflows.automation.clearOffer();
      return prepared;
    }, () => workflows.automation.clearOffer());
  };

  /** The restore under way, finished (tests). */
  settled(): Promise<unknown> {
    return this.lastRestore;
  }
}
