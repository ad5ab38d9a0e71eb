import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fakeBrowser } from "../../test/fake-browser";
import { type Harness, settle, start, stop } from "../../test/background-harness";

let harness: Harness;

afterEach(() => stop(harness));

describe.each(["chromium", "firefox"] as const)("the background on %s", (shape) => {
  beforeEach(async () => {
    harness = await start(shape);
    // Past the start-up check of a new browser session.
    await settle(harness, 6_000);
  });

  it("automatic backups every 5 minutes when something changed, only when the plan has them", async () => {
    const h = harness;
    const windowId = h.world.openWindow(["https://a.example/"]);
    await h.clock.advance(1_100);
    await fakeBrowser.alarms.onAlarm.trigger({ name: "auto-backup", scheduledTime: h.clock.now() });
    await settle(h);
    expect(h.server.stored().map((body) => body.trigger)).toEqual(["auto_backup"]);
    await fakeBrowser.alarms.onAlarm.trigger({ name: "auto-backup", scheduledTime: h.clock.now() });
    await settle(h);
    expect(h.server.stored()).toHaveLength(1);
    h.world.openTab(windowId, "https://b.example/");
    await h.clock.advance(1_100);
    await fakeBrowser.alarms.onAlarm.trigger({ name: "auto-backup", scheduledTime: h.clock.now() });
    await settle(h);
    expect(h.server.stored()).toHaveLength(2);
    await fakeBrowser.storage.local.set({ connection: { state: "connected", email: "ada@example.com", planType: "free", automaticBackups: false, message: null } });
    h.world.openTab(windowId, "https://c.example/");
    await h.clock.advance(1_100);
    await fakeBrowser.alarms.onAlarm.trigger({ name: "auto-backup", scheduledTime: h.clock.now() });
    await settle(h);
    expect(h.server.stored()).toHaveLength(2);
    expect((await fakeBrowser.alarms.get("auto-backup"))?.periodInMinutes).toBe(5);
  });
});
