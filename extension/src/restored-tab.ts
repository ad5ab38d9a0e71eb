import type { BrowserApi, CreateTabProperties, Tab } from "./browser-api";

/** How a restored tab is created without loading it: the browser's `discarded` tab, or nothing (it loads). */
export interface LazyCreation {
  /** Firefox: `tabs.create({discarded: true, title})` opens a tab without loading it. */
  discardedCreate: boolean;
}

/**
 * Creates the tabs of one restore. Desktop Firefox takes `discarded` and `title` in `tabs.create`; GeckoView (Firefox for
 * Android) documents neither and refuses the whole call, at once, over either (decision 210). Which browser takes them
 * is found out by asking: the first refusal of a lazy creation is retried as a plain one, and once a plain retry has
 * worked the rest of the restore asks plainly, so a browser that refuses them never fails a tab for it.
 */
export class RestoredTabCreator {
  /** Set when this browser refused `discarded`/`title` and took the same tab without them. */
  private lazyRefused = false;

  constructor(
    private readonly browser: BrowserApi,
    private readonly capabilities: LazyCreation,
  ) {}

  /** Whether a tab of these properties would be asked for lazily. */
  private lazy(properties: { active: boolean; pinned: boolean }): boolean {
    return this.capabilities.discardedCreate && !this.lazyRefused && !properties.active && !properties.pinned;
  }

  /** Firefox checks the arguments before the call runs and throws at once: a throw and a rejection are both caught. */
  private async ask(properties: CreateTabProperties): Promise<Tab> {
    return await this.browser.tabs.create(properties);
  }

  /**
   * Opens a saved tab: `plain` as asked (its `url` the page, or Chromium's placeholder for it), or, where the browser
   * allows, the page itself discarded, showing its saved title.
   */
  async create(plain: Omit<CreateTabProperties, "discarded" | "title">, tab: { url: string; title: string; active: boolean; pinned: boolean }): Promise<Tab> {
    if (!this.lazy(tab)) return this.ask(plain);
    try {
      return await this.ask({ ...plain, url: tab.url, discarded: true, ...(tab.title ? { title: tab.title } : {}) });
    } catch (lazyError) {
      // Refused for `discarded`/`title`, or for another reason (a window gone): a plain creation tells which.
      let created: Tab;
      try {
        created = await this.ask({ ...plain, url: tab.url });
      } catch {
        throw lazyError;
      }
      this.lazyRefused = true;
      return created;
    }
  }

  /** True once this browser refused a lazy creation that a plain one then did. */
  get refusedLazy(): boolean {
    return this.lazyRefused;
  }
}
