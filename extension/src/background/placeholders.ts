import type { BrowserApi, Tab } from "../browser-api";
import { placeholderTarget } from "../placeholder";

export interface PlaceholdersDeps {
  browser: BrowserApi;
  /** Chromium gave a discarded tab a new id: a restore under way follows it. */
  replaced(removed: number, added: number): void;
  log(message: string, error?: unknown): void;
}

/**
 * Chromium's restored tabs not loaded yet (placeholder.html) are run from here, never from the page itself: the page
 * draws its title from its own address and calls nothing (decision 218), because every `runtime.sendMessage` of a
 * page goes to every open page of the extension, and a thousand placeholders each sending one stalled their own
 * drawing. The background sees each placeholder finish drawing and unloads it (a thousand documents would otherwise
 * stay in the extension's one renderer), and opens the real page in its place once the tab is selected.
 */
export class Placeholders {
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

  /**
   * `tabs.onUpdated`: a placeholder that has finished drawing (its title is set before the load completes) is
   * unloaded unless it is the selected tab; the browser keeps its title and icon, and selecting it loads it again.
   */
  async updated(tabId: number, change: Record<string, unknown>, tab: Tab): Promise<void> {
    const { browser } = this.deps;
    if (change.status !== "complete" || tab.active || tab.discarded || !browser.tabs.discard) return;
    if (this.standsFor(tab) === null) return;
    // Selected meanwhile, or closed: nothing to unload.
    const discarded = await browser.tabs.discard(tabId).catch(() => undefined);
    if (discarded?.id !== undefined && discarded.id !== tabId) this.deps.replaced(tabId, discarded.id);
  }
}
