import type { Listener, Tab, TabGroup, Window } from "../../src/browser-api";

/** A browser event: listeners added and removed as the extension does, fired by the fake browser. */
export class Emitter<A extends unknown[]> implements Listener<A> {
  private listeners: ((...args: A) => unknown)[] = [];
  addListener(callback: (...args: A) => unknown): void {
    this.listeners.push(callback);
  }
  removeListener(callback: (...args: A) => unknown): void {
    this.listeners = this.listeners.filter((listener) => listener !== callback);
  }
  clear(): void {
    this.listeners = [];
  }
  fire(...args: A): void {
    for (const listener of this.listeners) listener(...args);
  }
}

/** The events of the fake browser's own APIs (tabs, windows, tab groups, sessions), in one place to clear them all. */
export class BrowserEvents {
  private readonly all: { clear(): void }[] = [];

  private emitter<A extends unknown[]>(): Emitter<A> {
    const emitter = new Emitter<A>();
    this.all.push(emitter);
    return emitter;
  }

  readonly tabCreated = this.emitter<[Tab]>();
  readonly tabRemoved = this.emitter<[number, { windowId: number; isWindowClosing: boolean }]>();
  readonly tabUpdated = this.emitter<[number, Record<string, unknown>, Tab]>();
  readonly tabMoved = this.emitter<[number, unknown]>();
  readonly tabAttached = this.emitter<[number, unknown]>();
  readonly tabDetached = this.emitter<[number, unknown]>();
  readonly tabActivated = this.emitter<[{ tabId: number; windowId: number }]>();
  readonly windowCreated = this.emitter<[Window]>();
  readonly windowRemoved = this.emitter<[number]>();
  readonly windowFocus = this.emitter<[number]>();
  readonly groupCreated = this.emitter<[TabGroup]>();
  readonly groupUpdated = this.emitter<[TabGroup]>();
  readonly groupRemoved = this.emitter<[TabGroup]>();
  /** `sessions.onChanged`. */
  readonly sessionsChanged = this.emitter<[]>();

  /** Drops every listener, as a stopped service worker loses them. */
  clear(): void {
    for (const emitter of this.all) emitter.clear();
  }
}
