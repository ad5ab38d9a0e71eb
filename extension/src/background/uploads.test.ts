import { expect, it } from "vitest";
import { fakeBrowser } from "../../test/fake-browser";
import { current, eachDesktopBrowser, settle, stopAfterEach } from "../../test/background-harness";

stopAfterEach();

eachDesktopBrowser("the background on %s", () => {

  it("automatic backups every 5 minutes when something changed, only when the plan has them", async () => {
    const h = current();
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
