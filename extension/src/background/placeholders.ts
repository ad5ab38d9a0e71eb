import type { BrowserApi, Tab } from "../browser-api";
import { type Clock, sleep } from "../clock";
import { placeholderTarget } from "../placeholder";

export interface PlaceholdersDeps {
  browser: BrowserApi;
  clock: Clock;
  /** Chromium gave a discarded tab a new id: a restore under way follows it. */
  replaced(removed: number, added: number): void;
  log(message: string, error?: unknown): void;
  /** Placeholders loading at once before a restore waits to open more (decision 241). */
  loadingAtOnce: number;
  /** Placeholders being unloaded at once; the next wait their turn (decision 241). */
  unloadingAtOnce: number;
}

/** A placeholder still loading after this long is no longer counted: closed, stuck, or its event was missed. */
const LOADING_FORGOTTEN_MS = 10_000;
/** How often a restore waiting for room looks again when no load finished meanwhile. */
const LOOK_AGAIN_MS = 250;

/**
 * Chromium's restored tabs not loaded yet (placeholder.html) are run from here, never from the page itself: the page
 * draws its title from its own address and calls nothing (decision 218), because every `runtime.sendMessage` of a
 * page goes to every open page of the extension, and a thousand placeholders each sending one stalled their own
 * drawing. The background sees each placeholder finish drawing and unloads it (a thousand documents would otherwise
 * stay in the extension's one renderer), and opens the real page in its place once the tab is selected.
 *
 * All placeholder documents load in the extension's one renderer, which the popup shares: a restore asks for room
 * (`roomToLoad`) before each tab, so only a few load at once, and the unloading is paced the same way (decision 241).
 */
export class Placeholders {
  /**
   * Placeholders whose document is in the extension's renderer (tab id → since when): from the browser saying one is
   * loading until it is unloaded, closed, or left loaded as the selected tab. Counting only the loading ones let drawn
   * documents pile up faster than they were unloaded: at 1,000 tabs the renderer, the popup's too, stopped answering.
   */
  private readonly loading = new Map<number, number>();
  private readonly unloadQueue: number[] = [];
  private unloading = 0;
  private wake: (() => void) | null = null;

  constructor(private readonly deps: PlaceholdersDeps) {}

  /** The address a tab stands for while it is one of our placeholders, or null for any other tab. */
  private standsFor(tab: Tab): string | null {
    const page = this.deps.browser.runtime.getURL("/placeholder.html");
    const url = tab.url || tab.pendingUrl || "";
    if (!url.startsWith(page)) return null;
    return placeholderTarget(url.slice(page.length))?.url ?? null;
  }

  /** `tabs.onActivated`: a selected placeholder becomes its page (a discarded one too: Chromium reloads it first). */
  async selected(tabId: number): Promise<void> {
    const { browser, log } = this.deps;
    const tab = await browser.tabs.get(tabId).catch(() => undefined);
    const target = tab ? this.standsFor(tab) : null;
    if (target === null) return;
    await browser.tabs.update(tabId, { url: target }).catch((error) => log("a restored tab could not open its page", error));
  }

  /** Resolves once fewer than `loadingAtOnce` placeholders are loading or waiting to unload: asked before each tab. */
  async roomToLoad(): Promise<void> {
    const { clock, loadingAtOnce } = this.deps;
    for (;;) {
      const now = clock.now();
      for (const [tabId, since] of this.loading) if (now - since > LOADING_FORGOTTEN_MS) this.loading.delete(tabId);
      if (this.loading.size < loadingAtOnce) return;
      await new Promise<void>((resolve) => {
        const waiting = this.wake;
        this.wake = () => {
          waiting?.();
          resolve();
        };
        void sleep(clock, LOOK_AGAIN_MS).then(resolve);
      });
    }
  }

  private finishedLoading(tabId: number): void {
    if (!this.loading.delete(tabId)) return;
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }

  /** `tabs.onRemoved`: a closed placeholder loads no more. */
  removed(tabId: number): void {
    this.finishedLoading(tabId);
  }

  /**
   * `tabs.onUpdated`: a placeholder starting to load is counted; one that has finished drawing (its title is set
   * before the load completes) is unloaded unless it is the selected tab; the browser keeps its title and icon, and
   * selecting it loads it again.
   */
  async updated(tabId: number, change: Record<string, unknown>, tab: Tab): Promise<void> {
    const { browser, clock } = this.deps;
    if (change.status === "loading" && !tab.discarded && this.standsFor(tab) !== null) this.loading.set(tabId, clock.now());
    // Selected and become its page: no longer a placeholder document.
    if ("url" in change && this.standsFor(tab) === null) this.finishedLoading(tabId);
    if (change.status !== "complete") return;
    if (tab.active || tab.discarded || !browser.tabs.discard || this.standsFor(tab) === null) {
      this.finishedLoading(tabId);
      return;
    }
    // Still counted until unloaded, from now: its wait in the queue is not a load that never finished.
    if (this.loading.has(tabId)) this.loading.set(tabId, clock.now());
    this.unloadQueue.push(tabId);
    await this.unloadNext();
  }

  /** Unloads queued placeholders, `unloadingAtOnce` at a time: a burst of discards stalls the renderer too. */
  private async unloadNext(): Promise<void> {
    const { browser } = this.deps;
    while (this.unloading < this.deps.unloadingAtOnce) {
      const tabId = this.unloadQueue.shift();
      if (tabId === undefined || !browser.tabs.discard) return;
      this.unloading += 1;
      try {
        // Selected meanwhile, or closed: nothing to unload.
        const discarded = await browser.tabs.discard(tabId).catch(() => undefined);
        if (discarded?.id !== undefined && discarded.id !== tabId) this.deps.replaced(tabId, discarded.id);
      } finally {
        this.unloading -= 1;
        this.finishedLoading(tabId);
      }
    }
  }
}
