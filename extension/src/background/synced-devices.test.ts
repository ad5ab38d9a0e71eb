import { describe, expect, it } from "vitest";
import type { Status } from "../messages";
import { fakeBrowser } from "../../test/fake-browser";
import { current, settle, startAlone, stopAfterEach } from "../../test/background-harness";

stopAfterEach();

const tabs = (site: string, count: number) => Array.from({ length: count }, (_, index) => `https://${site}.example/${index}`);

async function minute() {
  const h = current();
  await fakeBrowser.alarms.onAlarm.trigger({ name: "snapshot", scheduledTime: h.clock.now() });
  await h.background.syncedDevices.read();
  await settle(h);
}

async function autoBackup() {
  const h = current();
  await fakeBrowser.alarms.onAlarm.trigger({ name: "auto-backup", scheduledTime: h.clock.now() });
  await settle(h);
}

const synced = () => current().server.stored().filter((body) => body.syncedDevice);

describe("other devices' tabs through Chrome's sync (decision 219)", () => {
  it("keeps a snapshot per synced device, shaped from Chrome's answer, and backs each up as that device's", async () => {
    const h = await startAlone("chromium");
    await settle(h, 6_000);
    const at = h.clock.now();
    h.world.syncedDevices = [
      { deviceName: "Pixel 9", windows: [tabs("phone", 3), tabs("phone-incognito-free", 2)], lastModified: at - 60_000 },
      { deviceName: "Work laptop", windows: [tabs("work", 4)], lastModified: at - 120_000 },
    ];
    await minute();
    const status = await h.send<Status>({ kind: "status" });
    expect(status.syncedDevices).toEqual({
      state: "listed",
      devices: [
        { name: "Pixel 9", tabCount: 5, changedAt: Math.floor((at - 60_000) / 1000) * 1000 },
        { name: "Work laptop", tabCount: 4, changedAt: Math.floor((at - 120_000) / 1000) * 1000 },
      ],
    });
    await autoBackup();
    const bodies = synced();
    expect(bodies.map((body) => [body.syncedDevice?.deviceName, body.trigger, body.deviceName, body.windows.map((window) => window.tabs.length)])).toEqual([
      ["Pixel 9", "auto_backup", "Chrome on Linux", [3, 2]],
      ["Work laptop", "auto_backup", "Chrome on Linux", [4]],
    ]);
    expect(bodies[0]?.windows[0]?.tabs[0]).toMatchObject({ url: "https://phone.example/0", index: 0 });
    expect(bodies[0]?.capturedAt).toBe(Math.floor((at - 60_000) / 1000) * 1000);
  });

  it("sends nothing while a device's tabs are unchanged, and its new tabs when they change", async () => {
    const h = await startAlone("chromium");
    await settle(h, 6_000);
    h.world.syncedDevices = [{ deviceName: "Pixel 9", windows: [tabs("phone", 3)], lastModified: h.clock.now() }];
    await minute();
    await autoBackup();
    expect(synced()).toHaveLength(1);
    await minute();
    await autoBackup();
    await minute();
    await autoBackup();
    expect(synced()).toHaveLength(1);
    h.world.syncedDevices = [{ deviceName: "Pixel 9", windows: [[...tabs("phone", 3), "https://new.example/"]], lastModified: h.clock.now() }];
    await minute();
    await autoBackup();
    expect(synced().map((body) => body.windows[0]?.tabs.length)).toEqual([3, 4]);
  });

  it("a collapse sends the last snapshot before it as the device's emergency backup, and says so here", async () => {
    const h = await startAlone("chromium");
    await settle(h, 6_000);
    h.world.syncedDevices = [{ deviceName: "Pixel 9", windows: [tabs("phone", 20)], lastModified: h.clock.now() }];
    await minute();
    // The phone's "Close all tabs" reaches this browser with its next sync: the device leaves Chrome's list.
    h.world.syncedDevices = [{ deviceName: "Pixel 9", windows: [], lastModified: h.clock.now() }];
    await h.clock.advance(60_000);
    await minute();
    expect(synced().map((body) => [body.trigger, body.syncedDevice?.deviceName, body.windows[0]?.tabs.length, body.reason])).toEqual([
      ["clear_all_detected", "Pixel 9", 20, "Pixel 9's 20 tabs were closed"],
    ]);
    expect(Object.values(await fakeBrowser.notifications.getAll()).map((notification) => (notification as { message: string }).message)).toEqual([
      "Your Pixel 9's 20 tabs were closed — backed up",
    ]);
    // Read again: the same collapse is not sent twice.
    await minute();
    expect(synced()).toHaveLength(1);
  });

  it("the phone's tabs open on this computer in one click: the notification, or the popup's offer", async () => {
    const h = await startAlone("chromium");
    await settle(h, 6_000);
    h.world.openWindow(["https://own.example/"]);
    h.world.syncedDevices = [{ deviceName: "Pixel 9", windows: [tabs("phone", 5)], lastModified: h.clock.now() }];
    await minute();
    h.world.syncedDevices = [];
    await minute();
    const status = await h.send<Status>({ kind: "status" });
    expect(status.emergencies.map((item) => [item.reason, item.lostCount])).toEqual([["Pixel 9's 5 tabs were closed", 5]]);
    const [id] = Object.keys(await fakeBrowser.notifications.getAll());
    await fakeBrowser.notifications.onButtonClicked.trigger(id as string, 0);
    await settle(h, 2_000);
    const urls = h.world.layout().flatMap((window) => window.tabs);
    expect(urls.filter((url) => url.startsWith("https://phone.example/") || url.includes("placeholder")).length).toBe(5);
    expect((await h.send<Status>({ kind: "status" })).emergencies).toEqual([]);
  });

  it("a collapse spread over several syncs is measured from the most tabs of the last minutes", async () => {
    const h = await startAlone("chromium");
    await settle(h, 6_000);
    h.world.syncedDevices = [{ deviceName: "Pixel 9", windows: [tabs("phone", 12)], lastModified: h.clock.now() }];
    await minute();
    h.world.syncedDevices = [{ deviceName: "Pixel 9", windows: [tabs("phone", 7)], lastModified: h.clock.now() }];
    await h.clock.advance(60_000);
    await minute();
    expect(synced()).toEqual([]);
    h.world.syncedDevices = [{ deviceName: "Pixel 9", windows: [tabs("phone", 2)], lastModified: h.clock.now() }];
    await h.clock.advance(60_000);
    await minute();
    expect(synced().map((body) => [body.trigger, body.windows[0]?.tabs.length])).toEqual([["clear_all_detected", 12]]);
  });

  it("a few tabs closed, or tabs closed slowly, are no collapse", async () => {
    const h = await startAlone("chromium");
    await settle(h, 6_000);
    h.world.syncedDevices = [{ deviceName: "Pixel 9", windows: [tabs("phone", 4)], lastModified: h.clock.now() }];
    await minute();
    h.world.syncedDevices = [{ deviceName: "Pixel 9", windows: [tabs("phone", 2)], lastModified: h.clock.now() }];
    await h.clock.advance(60_000);
    await minute();
    h.world.syncedDevices = [{ deviceName: "Pixel 9", windows: [tabs("phone", 10)], lastModified: h.clock.now() }];
    await minute();
    for (const left of [8, 6, 5]) {
      h.world.syncedDevices = [{ deviceName: "Pixel 9", windows: [tabs("phone", left)], lastModified: h.clock.now() }];
      await h.clock.advance(20 * 60_000);
      await minute();
    }
    expect(synced().filter((body) => body.trigger === "clear_all_detected")).toEqual([]);
  });

  it("a device disappearing: alone it is a collapse; every device at once is this browser's sync stopping; a stale one closed nothing", async () => {
    const h = await startAlone("chromium");
    await settle(h, 6_000);
    const now = h.clock.now();
    h.world.syncedDevices = [
      { deviceName: "Pixel 9", windows: [tabs("phone", 6)], lastModified: now },
      { deviceName: "Tablet", windows: [tabs("tablet", 5)], lastModified: now },
      { deviceName: "Old phone", windows: [tabs("old", 9)], lastModified: now - 15 * 24 * 60 * 60_000 },
    ];
    await minute();
    // The old phone passes Chrome's 14 days and leaves the list: nothing was closed.
    h.world.syncedDevices = h.world.syncedDevices.slice(0, 2);
    await minute();
    expect(synced()).toEqual([]);
    // Every device leaves at once: this browser's sync was turned off, no device's tabs closed.
    h.world.syncedDevices = [];
    await minute();
    expect(synced()).toEqual([]);
    expect((await h.send<Status>({ kind: "status" })).syncedDevices).toEqual({ state: "none", devices: [] });
  });

  it("a device's automatic backup waiting in the queue replaces only that device's, never this browser's own", async () => {
    const h = await startAlone("chromium");
    await settle(h, 6_000);
    h.server.mode = "down";
    h.world.openWindow(["https://own.example/"]);
    h.world.syncedDevices = [{ deviceName: "Pixel 9", windows: [tabs("phone", 3)], lastModified: h.clock.now() }];
    await h.clock.advance(1_100);
    await minute();
    await autoBackup();
    h.world.syncedDevices = [{ deviceName: "Pixel 9", windows: [tabs("phone", 4)], lastModified: h.clock.now() }];
    await minute();
    await autoBackup();
    const waiting = (await h.send<Status>({ kind: "status" })).queue.entries.filter((entry) => entry.state === "waiting");
    expect(waiting.map((entry) => [entry.trigger, entry.tabCount]).sort()).toEqual([
      ["auto_backup", 1],
      ["auto_backup", 4],
    ]);
    h.server.mode = "up";
    await h.send({ kind: "retry-uploads" });
    await settle(h);
    expect(h.server.stored().map((body) => [body.syncedDevice?.deviceName ?? "this browser", body.windows[0]?.tabs.length]).sort()).toEqual([
      ["Pixel 9", 4],
      ["this browser", 1],
    ]);
  });

  it("Chromium listing no device says how to turn on open-tab sync; Firefox says it cannot", async () => {
    const chromium = await startAlone("chromium");
    await settle(chromium, 6_000);
    await minute();
    expect((await chromium.send<Status>({ kind: "status" })).syncedDevices).toEqual({ state: "none", devices: [] });
  });

  it("Firefox has no sessions.getDevices: nothing is read, and the popup says the browser cannot", async () => {
    const h = await startAlone("firefox");
    await settle(h, 6_000);
    expect(h.world.api().sessions?.getDevices).toBeUndefined();
    await minute();
    await autoBackup();
    expect(synced()).toEqual([]);
    expect((await h.send<Status>({ kind: "status" })).syncedDevices).toEqual({ state: "unsupported", devices: [] });
  });
});
