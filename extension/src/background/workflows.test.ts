import { describe, expect, it } from "vitest";
import type { AutomationRule } from "@common/api/automation";
import { type ActionAnswer, type AutomationStatus } from "../messages";
import { fakeBrowser } from "../../test/fake-browser";
import { ManualClock } from "../../test/manual-clock";
import { type Harness, current, nextCount, settle, startAlone, stopAfterEach } from "../../test/background-harness";

stopAfterEach();

describe.each(["chromium", "firefox"] as const)("workflow automation on %s (decision 180)", (shape) => {
  const rule = (fields: Partial<AutomationRule> & Pick<AutomationRule, "kind">): AutomationRule => ({
    id: `00000000-0000-4000-9000-${String(nextCount()).padStart(12, "0")}`,
    enabled: true,
    minTabs: null,
    time: null,
    backupName: null,
    tag: null,
    createdAt: new Date(1_700_000_000_000).toISOString(),
    updatedAt: new Date(1_700_000_000_000).toISOString(),
    ...fields,
  });
  const ruleUploads = (h: Harness) => h.server.stored().filter((body) => body.automationRuleId);

  async function premium(rules: AutomationRule[]): Promise<Harness> {
    await startAlone(shape);
    const h = current();
    h.server.planType = "premium";
    h.server.automationRules = rules;
    await settle(h, 6_000);
    // The popup opens: the connection and the rules are read.
    await fakeBrowser.alarms.onAlarm.trigger({ name: "connection-refresh", scheduledTime: h.clock.now() });
    await h.send({ kind: "automation" });
    await settle(h);
    return h;
  }

  /** Six tabs open in the last run; the browser comes back with four (no emergency: most came back). Gives the six. */
  async function restartWithFourOfSix(h: Harness, { browserStarted }: { browserStarted: boolean }): Promise<string[]> {
    const tabs = Array.from({ length: 6 }, (_, index) => `https://last.example/${index}`);
    h.world.openWindow(tabs);
    await h.clock.advance(61_100);
    await h.world.restartEmpty(tabs.slice(0, 4));
    await h.restartWorker();
    if (browserStarted) await fakeBrowser.runtime.onStartup.trigger();
    await settle(h, 10_000);
    return tabs;
  }

  it("a window of N or more tabs closing goes up alone, for its rule (the server names and tags it); a smaller one does not", async () => {
    const close = rule({ kind: "window_close", minTabs: 5, backupName: "Closed research", tag: "research" });
    const wider = rule({ kind: "window_close", minTabs: 3, backupName: "Any window" });
    const h = await premium([wider, close]);
    const automation = await h.send<AutomationStatus>({ kind: "automation" });
    expect(automation).toMatchObject({ running: true, offer: null });
    expect(automation.rules).toEqual(["When a window of 3+ tabs closes: “Any window”", "When a window of 5+ tabs closes: “Closed research” #research"]);
    h.world.openWindow(["https://keep.example/"]);
    const big = h.world.openWindow(Array.from({ length: 6 }, (_, index) => `https://research.example/${index}`));
    const small = h.world.openWindow(["https://s.example/1", "https://s.example/2"]);
    await h.clock.advance(1_100);
    h.world.closeWindow(big);
    await settle(h, 500);
    const uploads = ruleUploads(h);
    expect(uploads).toHaveLength(1);
    // The most particular rule it meets, once: the window as it was before it closed, and nothing else.
    expect(uploads[0]).toMatchObject({ automationRuleId: close.id, trigger: "auto_backup", reason: 'A window with 6 tabs was closed (rule "Closed research")' });
    expect(uploads[0]!.windows.map((window) => window.tabs.map((tab) => tab.url))).toEqual([Array.from({ length: 6 }, (_, index) => `https://research.example/${index}`)]);
    h.world.closeWindow(small);
    await settle(h, 500);
    expect(ruleUploads(h)).toHaveLength(1);
  });

  it("runs nothing below Premium, and a rule switched off at the website stops within the minute", async () => {
    const close = rule({ kind: "window_close", minTabs: 2, backupName: "Closed" });
    const h = await premium([close]);
    h.server.automationRules = [{ ...close, enabled: false }];
    await h.clock.advance(60_000);
    const reads = () => h.server.requests.filter((request) => request.path === "/api/automation/rules").length;
    const before = reads();
    await fakeBrowser.alarms.onAlarm.trigger({ name: "snapshot", scheduledTime: h.clock.now() });
    await settle(h);
    expect(reads()).toBe(before + 1);
    const first = h.world.openWindow(["https://a.example/1", "https://a.example/2", "https://a.example/3"]);
    await h.clock.advance(1_100);
    h.world.closeWindow(first);
    await settle(h, 500);
    expect(ruleUploads(h)).toEqual([]);

    h.server.automationRules = [close];
    h.server.planType = "pro";
    await fakeBrowser.alarms.onAlarm.trigger({ name: "connection-refresh", scheduledTime: h.clock.now() });
    const status = await h.send<AutomationStatus>({ kind: "automation" });
    expect(status).toMatchObject({ running: false, rules: [], message: "Workflow automation needs the Premium plan or higher; you are on Pro." });
    const second = h.world.openWindow(["https://b.example/1", "https://b.example/2", "https://b.example/3"]);
    await h.clock.advance(1_100);
    h.world.closeWindow(second);
    await settle(h, 500);
    expect(ruleUploads(h)).toEqual([]);
  });

  it("backs up every window at the daily time, once a day, and once after a browser asleep at that minute; a rule made after its time waits for tomorrow", async () => {
    const startAt = new ManualClock().now() + 6_000;
    // Two minutes after the test's start, in this process's local time (the browser's).
    const inTwoMinutes = new Date(startAt + 2 * 60_000);
    const time = `${String(inTwoMinutes.getHours()).padStart(2, "0")}:${String(inTwoMinutes.getMinutes()).padStart(2, "0")}`;
    const earlier = new Date(startAt - 60 * 60_000);
    const missed = rule({ kind: "daily", time: `${String(earlier.getHours()).padStart(2, "0")}:${String(earlier.getMinutes()).padStart(2, "0")}`, backupName: "Missed", updatedAt: new Date(startAt).toISOString() });
    const daily = rule({ kind: "daily", time, backupName: "End of day", tag: "daily" });
    const h = await premium([daily, missed]);
    h.world.openWindow(["https://one.example/1", "https://one.example/2"]);
    h.world.openWindow(["https://two.example/1"]);
    await h.clock.advance(1_100);
    expect(ruleUploads(h)).toEqual([]);
    expect(await fakeBrowser.alarms.get("automation-daily")).toBeDefined();
    await settle(h, 2 * 60_000);
    const uploads = ruleUploads(h);
    expect(uploads.map((upload) => upload.automationRuleId)).toEqual([daily.id]);
    expect(uploads[0]!.windows.map((window) => window.tabs.length)).toEqual([2, 1]);
    // The minute alarm and the daily alarm again that day: nothing more.
    for (let minute = 0; minute < 3; minute += 1) {
      await h.clock.advance(60_000);
      await fakeBrowser.alarms.onAlarm.trigger({ name: "snapshot", scheduledTime: h.clock.now() });
      await fakeBrowser.alarms.onAlarm.trigger({ name: "automation-daily", scheduledTime: h.clock.now() });
      await settle(h);
    }
    expect(ruleUploads(h)).toHaveLength(1);

    // Asleep for three days: at waking, each rule runs once (the one made after its time too, as its time has come since).
    h.background.dispose();
    h.world.stopWorker();
    await h.clock.advance(3 * 24 * 60 * 60_000);
    await h.restartWorker();
    await settle(h);
    await h.send({ kind: "automation" });
    await settle(h);
    expect(ruleUploads(h).map((upload) => upload.automationRuleId).sort()).toEqual([daily.id, daily.id, missed.id].sort());
    await fakeBrowser.alarms.onAlarm.trigger({ name: "snapshot", scheduledTime: h.clock.now() });
    await settle(h);
    expect(ruleUploads(h)).toHaveLength(3);
  });

  it("at browser start, a start-up rule offers the last browser run's tabs in a notification and the popup, and restores what did not come back", async () => {
    const h = await premium([rule({ kind: "startup" })]);
    const tabs = Array.from({ length: 6 }, (_, index) => `https://last.example/${index}`);
    h.world.openWindow(tabs);
    await h.clock.advance(1_100);
    await h.clock.advance(60_000);
    // The browser starts again with 4 of its 6 tabs (no emergency: most came back).
    await h.world.restartEmpty(tabs.slice(0, 4));
    await h.restartWorker();
    await fakeBrowser.runtime.onStartup.trigger();
    await settle(h, 10_000);
    expect(h.server.stored().filter((body) => body.trigger === "clear_all_detected")).toEqual([]);
    const notifications = await fakeBrowser.notifications.getAll();
    expect((notifications["last-run"] as { title: string; message: string } | undefined)?.title).toBe("Restore last session");
    expect((notifications["last-run"] as { message: string }).message).toBe("Your last session had 2 tabs that are not open now. Click to restore them.");
    const offered = await h.send<AutomationStatus>({ kind: "automation" });
    expect(offered.offer).toMatchObject({ tabCount: 2 });
    const answer = await h.send<ActionAnswer>({ kind: "restore-last-run" });
    expect(answer).toMatchObject({ ok: true });
    await settle(h);
    const urls = h.world.layout().flatMap((window) => window.tabs).map((url) => (url.includes("placeholder.html") ? new URL(url).searchParams.get("url") : url));
    expect([...urls].sort()).toEqual([...tabs].sort());
    expect((await h.send<AutomationStatus>({ kind: "automation" })).offer).toBeNull();
  });

  it("a restore from the server that brings the last browser run's tabs back takes the offer down (decision 210)", async () => {
    const h = await premium([rule({ kind: "startup" })]);
    const tabs = await restartWithFourOfSix(h, { browserStarted: true });
    expect((await h.send<AutomationStatus>({ kind: "automation" })).offer).toMatchObject({ tabCount: 2 });
    const id = "9c1c1c1e-8d2a-4f7e-9d9a-1c2b3c4d5e6f";
    const saved = (url: string) => ({ url, title: url, faviconUrl: null, pinned: false, active: false, groupId: null, lastAccessed: null, formData: {}, scrollPosition: { x: 0, y: 0 } });
    h.server.backups.push({ id, sessionName: "Yesterday", triggerEvent: "manual_save", deviceName: null, browserType: "chrome", createdAt: "2025-06-01T10:00:00.000Z", tabCount: 2, windows: [{ windowId: 1, state: "normal", focused: true, left: 0, top: 0, width: 800, height: 600, tabs: tabs.slice(4).map(saved) }], groups: [] });
    expect(await h.send<ActionAnswer>({ kind: "restore-backup", backupId: id })).toMatchObject({ ok: true });
    await settle(h);
    expect((await h.send<AutomationStatus>({ kind: "automation" })).offer).toBeNull();
    expect(await fakeBrowser.notifications.getAll()).toEqual({});
  });

  it("offers nothing when the extension was only updated (no browser start), or without a start-up rule", async () => {
    const h = await premium([rule({ kind: "startup" })]);
    await restartWithFourOfSix(h, { browserStarted: false });
    expect((await h.send<AutomationStatus>({ kind: "automation" })).offer).toBeNull();
    expect(await fakeBrowser.notifications.getAll()).toEqual({});
  });
});

describe("workflow automation on firefox_android (no windows API)", () => {
  it("lists a window-close rule as not run there, and the others as they are", async () => {
    const h = await startAlone("firefox_android");
    h.server.planType = "premium";
    const at = new Date(1_700_000_000_000).toISOString();
    const base = { enabled: true, minTabs: null, time: null, backupName: null, tag: null, createdAt: at, updatedAt: at };
    h.server.automationRules = [
      { ...base, id: "00000000-0000-4000-9000-00000000a001", kind: "window_close", minTabs: 5, backupName: "Closed research" },
      { ...base, id: "00000000-0000-4000-9000-00000000a002", kind: "startup" },
    ];
    await settle(h, 6_000);
    await fakeBrowser.alarms.onAlarm.trigger({ name: "connection-refresh", scheduledTime: h.clock.now() });
    const automation = await h.send<AutomationStatus>({ kind: "automation" });
    expect(automation.rules).toEqual(["When a window of 5+ tabs closes: “Closed research” — not run here: Firefox for Android has no windows", "At browser start: offer the last session"]);
  });
});
