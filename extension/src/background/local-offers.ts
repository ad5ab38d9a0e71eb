import type { EmergencyRecord } from "../db";
import { lostByUrl } from "../emergency";
import type { StartupOffer } from "../automation";
import { planFromSnapshot, type RestorePlan } from "../restore";
import { readBrowserState } from "../snapshot";
import type { Tab, Window } from "../browser-api";
import { openPageUrl } from "../smart-recovery";
import type { BackgroundContext } from "./context";
import type { Emergencies } from "./emergencies";
import type { Workflows } from "./workflows";

export interface LocalOffersDeps {
  ctx: BackgroundContext;
  emergencies: Emergencies;
  workflows: Workflows;
}

/** The open windows a local offer is compared with, read once for every offer; `urlOf` a tab's page. */
export interface OpenState {
  windows: Window[];
  /** The page a tab shows, or stands for while it is one of our placeholders (Chromium's lazy restore). */
  urlOf(tab: Tab): string;
}

/**
 * What this device offers to restore by itself: its emergency backups ("Restore 12 tabs") and a start-up rule's last
 * run. Each offer's plan is what is missing of it now, and an offer with nothing missing is taken down, whoever
 * brought its tabs back (decision 210): a restore from the server, the web app, or the person.
 */
export class LocalOffers {
  constructor(private readonly deps: LocalOffersDeps) {}

  async readOpen(): Promise<OpenState> {
    const { browser } = this.deps.ctx;
    const { windows } = await readBrowserState(browser);
    const placeholderPage = browser.runtime.getURL("/placeholder.html");
    return { windows, urlOf: (tab) => openPageUrl(tab.url || tab.pendingUrl || "", placeholderPage) };
  }

  /** The lost tabs of an emergency not open now, into their window when it is still open. */
  emergencyPlan(record: EmergencyRecord, { windows, urlOf }: OpenState): RestorePlan {
    const openTabs = windows.flatMap((window) => window.tabs ?? []);
    let lost: number[];
    if (record.afterRestart) {
      lost = lostByUrl(record.snapshot, openTabs.map(urlOf)).filter((tabId) => record.lostTabIds.includes(tabId));
    } else {
      // Tabs reopened since (e.g. with Ctrl+Shift+T, or by a restore from the server) are not opened twice.
      const known = new Set(record.snapshot.windows.flatMap((window) => window.allTabIds));
      const lostSet = new Set(record.lostTabIds);
      const candidates = { ...record.snapshot, windows: record.snapshot.windows.map((window) => ({ ...window, tabs: window.tabs.filter((tab) => lostSet.has(tab.tabId)) })) };
      lost = lostByUrl(candidates, openTabs.filter((tab) => tab.id === undefined || !known.has(tab.id)).map(urlOf));
    }
    const openWindowIds = new Set(record.afterRestart ? [] : windows.flatMap((window) => (window.id === undefined ? [] : [window.id])));
    return planFromSnapshot(record.snapshot, lost, openWindowIds);
  }

  /** The last run's tabs not open now: what came back by itself since the offer is not opened twice. */
  lastRunPlan(offer: StartupOffer, { windows, urlOf }: OpenState): RestorePlan {
    const candidates = { ...offer.snapshot, windows: offer.snapshot.windows.map((window) => ({ ...window, tabs: window.tabs.filter((tab) => offer.lostTabIds.includes(tab.tabId)) })) };
    const lost = lostByUrl(candidates, windows.flatMap((window) => window.tabs ?? []).map(urlOf));
    return planFromSnapshot(offer.snapshot, lost, new Set());
  }

  /** An emergency whose tabs are all back is offered no more. */
  async markRestored(id: string): Promise<void> {
    const { ctx, emergencies } = this.deps;
    const record = await ctx.db().getEmergency(id);
    if (record && record.restoredAt === undefined) await ctx.db().putEmergency({ ...record, restoredAt: ctx.clock.now() });
    emergencies.forget();
  }

  /** After a restore: every offer with nothing missing any more is taken down, with its notification. */
  async clearWhatIsOpen(): Promise<void> {
    const { ctx, workflows } = this.deps;
    const open = await this.readOpen();
    for (const record of await ctx.db().emergencies()) {
      if (record.restoredAt !== undefined || this.emergencyPlan(record, open).tabCount > 0) continue;
      await this.markRestored(record.id);
      await ctx.browser.notifications?.clear(`emergency:${record.id}`).catch(() => false);
    }
    const offer = await workflows.automation.offer();
    if (offer && this.lastRunPlan(offer, open).tabCount === 0) await workflows.dismissLastRun();
  }
}
