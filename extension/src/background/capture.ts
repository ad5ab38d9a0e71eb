import { formCapturePolicy, neverCapturedSites, type CaptureRules } from "../capture-policy";
import { buildSnapshot, readBrowserState, type PageState, type Snapshot } from "../snapshot";
import type { BackgroundContext } from "./context";
import { isPageState, PAGE_PREFIX } from "./items";

export interface CaptureDeps {
  ctx: BackgroundContext;
  rules(): Promise<CaptureRules>;
  /** A new version was stored (the open-tabs push follows it). */
  stored(): void;
}

/** Running snapshots: one at a time, a second after a burst of changes, kept as a version when anything changed. */
export class Capture {
  /** Counts removals, so a capture that overlapped one is never taken for the state before it. */
  private removalSeq = 0;
  private timer: unknown = null;
  private firstUncapturedChangeAt: number | null = null;
  private capturing: Promise<Snapshot | null> = Promise.resolve(null);
  /**
   * The newest snapshot, kept here: the popup asks for the status every 2 s, and reading 2,000-tab snapshots out of
   * IndexedDB each time would be wasted work. Undefined until read.
   */
  private latestCache: Snapshot | null | undefined;

  constructor(private readonly deps: CaptureDeps) {}

  noteRemoval(): void {
    this.removalSeq += 1;
  }

  /** The newest snapshot (cached, or read once from the database). */
  async latest(): Promise<Snapshot | null> {
    if (this.latestCache === undefined) this.latestCache = (await this.deps.ctx.db().latestVersion()) ?? null;
    return this.latestCache;
  }

  /** The newest snapshot for a push: the cache, or the database's without caching it. */
  async latestForPush(): Promise<Snapshot | null> {
    return this.latestCache ?? (await this.deps.ctx.db().latestVersion()) ?? null;
  }

  private async pageStates(): Promise<Map<number, PageState>> {
    const all = await this.deps.ctx.session.get(null);
    const states = new Map<number, PageState>();
    for (const [key, value] of Object.entries(all)) {
      if (!key.startsWith(PAGE_PREFIX)) continue;
      if (isPageState(value)) states.set(Number(key.slice(PAGE_PREFIX.length)), value);
    }
    return states;
  }

  private captureOnce = async (): Promise<Snapshot | null> => {
    const { ctx } = this.deps;
    const seq = this.removalSeq;
    const startedAt = ctx.clock.now();
    const { windows, groups } = await readBrowserState(ctx.browser);
    const states = await this.pageStates();
    const rules = await this.deps.rules();
    // A removal during the read may or may not be in it: then it is dated after that removal.
    const capturedAt = seq === this.removalSeq ? startedAt : ctx.clock.now();
    const snapshot = buildSnapshot(ctx.randomUUID(), capturedAt, windows, groups, states, {
      neverCaptured: neverCapturedSites(rules),
      keepFormData: formCapturePolicy(rules) !== "off",
    });
    const latest = this.latestCache ?? (await ctx.db().latestVersion());
    if (latest && latest.fingerprint === snapshot.fingerprint && latest.tabCount === snapshot.tabCount && capturedAt - latest.capturedAt < ctx.timings.versionRefreshMs) {
      return latest;
    }
    await ctx.db().addVersion(snapshot);
    this.latestCache = snapshot;
    this.deps.stored();
    return snapshot;
  };

  /** Takes a running snapshot now (one at a time) and keeps it as a version if anything changed. */
  capture = (): Promise<Snapshot | null> => {
    const run = this.capturing.then(this.captureOnce, this.captureOnce);
    this.capturing = run.catch((error) => {
      this.deps.ctx.log("snapshot failed", error);
      return null;
    });
    return run;
  };

  /** A tab or window changed: a snapshot after the debounce, and never later than the longest wait. */
  schedule = (): void => {
    const { ctx } = this.deps;
    if (this.timer !== null) ctx.clock.clearTimeout(this.timer);
    const now = ctx.clock.now();
    this.firstUncapturedChangeAt ??= now;
    const delay = Math.min(ctx.timings.captureDebounceMs, Math.max(0, this.firstUncapturedChangeAt + ctx.timings.captureMaxWaitMs - now));
    this.timer = ctx.clock.setTimeout(() => {
      this.timer = null;
      this.firstUncapturedChangeAt = null;
      void ctx.ready.then(this.capture).catch((error) => ctx.log("snapshot failed", error));
    }, delay);
  };

  /** The capture under way, finished (tests). */
  settled(): Promise<unknown> {
    return this.capturing;
  }

  dispose(): void {
    if (this.timer !== null) this.deps.ctx.clock.clearTimeout(this.timer);
  }
}
