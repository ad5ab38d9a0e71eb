import { describe, expect, it } from "vitest";
import { type ActionAnswer, type Status } from "../messages";
import { fakeBrowser } from "../../test/fake-browser";
import { current, eachDesktopBrowser, settle, startAlone, stopAfterEach, versions } from "../../test/background-harness";

stopAfterEach();

eachDesktopBrowser("the background on %s", (shape) => {

  it("closing a window with 2+ tabs uploads the snapshot from before as clear_all_detected and offers to restore", async () => {
    const h = current();
    const first = h.world.openWindow(Array.from({ length: 15 }, (_, index) => `https://one.example/${index}`));
    const second = h.world.openWindow(Array.from({ length: 15 }, (_, index) => `https://two.example/${index}`));
    await h.clock.advance(1_100);
    h.world.closeWindow(second);
    await settle(h, 500);
    const emergencies = h.server.stored().filter((body) => body.trigger === "clear_all_detected");
    expect(emergencies).toHaveLength(1);
    const body = emergencies[0]!;
    expect(body.windows.map((window) => window.tabs.length)).toEqual([15, 15]);
    expect(body.reason).toBe("A window with 15 tabs was closed");
    const notifications = await fakeBrowser.notifications.getAll();
    const [id, notification] = (Object.entries(notifications)[0] ?? []) as [string, { title: string; buttons?: { title: string }[] }] | [];
    expect(notification?.title).toBe("Restore 15 tabs");
    expect(shape === "chromium" ? notification?.buttons?.[0]?.title : undefined).toBe(shape === "chromium" ? "Restore 15 tabs" : undefined);

    // The notification reopens the closed window, not the one still open.
    await fakeBrowser.notifications.onClicked.trigger(id as string);
    await settle(h);
    const layout = h.world.layout();
    expect(layout).toHaveLength(2);
    expect(layout.find((window) => window.windowId !== first)?.tabs).toEqual(Array.from({ length: 15 }, (_, index) => `https://two.example/${index}`));
  });

  it("a closed window's tab group goes up with it, whatever id the browser gave the group (decision 202)", async () => {
    const h = current();
    h.world.openWindow(["https://one.example/"]);
    const grouped = h.world.openWindow([
      { url: "https://research.example/1", group: "Research" },
      { url: "https://research.example/2", group: "Research" },
      "https://other.example/",
    ]);
    const [group] = [...h.world.groups.values()];
    // Firefox numbers its groups from the clock, past 32 bits; Chromium counts from small numbers.
    expect(group!.id > 2 ** 31).toBe(shape === "firefox");
    await h.clock.advance(1_100);
    h.world.closeWindow(grouped);
    await settle(h, 500);
    const [emergency] = h.server.stored().filter((body) => body.trigger === "clear_all_detected");
    expect(emergency?.groups).toEqual([expect.objectContaining({ groupId: group!.id, title: "Research" })]);
    expect(emergency?.windows.flatMap((window) => window.tabs).filter((tab) => tab.groupId === group!.id)).toHaveLength(2);
  });

  it("three tabs closed within a second: the pre-loss snapshot is kept, not the one after", async () => {
    const h = current();
    const windowId = h.world.openWindow(["https://a.example/", "https://b.example/", "https://c.example/", "https://d.example/", "https://e.example/"]);
    await h.clock.advance(1_100);
    const tabs = h.world.windowTabsOf(windowId);
    h.world.closeTab(tabs[1]!.id);
    await h.clock.advance(300);
    h.world.closeTab(tabs[2]!.id);
    await h.clock.advance(300);
    h.world.closeTab(tabs[3]!.id);
    await settle(h, 2_000);
    const [emergency] = h.server.stored().filter((body) => body.trigger === "clear_all_detected");
    expect(emergency?.windows[0]?.tabs.map((tab) => tab.url)).toEqual(["https://a.example/", "https://b.example/", "https://c.example/", "https://d.example/", "https://e.example/"]);
    expect(emergency?.reason).toBe("3 tabs closed within a second");
    // The debounced snapshot after the loss exists too, as a newer version.
    expect((await versions(h)).at(-1)?.uploadableTabCount).toBe(2);
    // Restoring puts the three back into the window that is still open.
    const status = await h.send<Status>({ kind: "status" });
    expect(status.emergencies[0]).toMatchObject({ lostCount: 3 });
    await h.send<ActionAnswer>({ kind: "restore-emergency", id: status.emergencies[0]!.id });
    await settle(h);
    expect(h.world.layout()).toHaveLength(1);
    expect(h.world.layout()[0]?.tabs.length).toBe(5);
    expect((await h.send<Status>({ kind: "status" })).emergencies).toEqual([]);
  });

  it("tabs closed one by one are no emergency", async () => {
    const h = current();
    const windowId = h.world.openWindow(["https://a.example/", "https://b.example/", "https://c.example/", "https://d.example/"]);
    await h.clock.advance(1_100);
    for (const tab of h.world.windowTabsOf(windowId).slice(0, 3)) {
      h.world.closeTab(tab.id);
      await h.clock.advance(1_500);
    }
    await settle(h, 1_000);
    expect(h.server.stored().filter((body) => body.trigger === "clear_all_detected")).toEqual([]);
    expect(Object.keys(await fakeBrowser.notifications.getAll())).toEqual([]);
  });

  it("a worker stopped in the middle of a close-all still sees it", async () => {
    const h = current();
    const windowId = h.world.openWindow(["https://a.example/", "https://b.example/", "https://c.example/", "https://d.example/"]);
    await h.clock.advance(1_100);
    const tabs = h.world.windowTabsOf(windowId);
    h.world.closeTab(tabs[0]!.id);
    await h.clock.advance(100);
    await h.background.settled();
    await h.restartWorker();
    h.world.closeTab(tabs[1]!.id);
    await h.clock.advance(100);
    h.world.closeTab(tabs[2]!.id);
    await settle(h, 500);
    const [emergency] = h.server.stored().filter((body) => body.trigger === "clear_all_detected");
    expect(emergency?.windows[0]?.tabs).toHaveLength(4);
  });

  it("server down during a close-all: the backup waits and goes up once when the server is back", async () => {
    const h = current();
    const windowId = h.world.openWindow(["https://a.example/", "https://b.example/", "https://c.example/"]);
    await h.clock.advance(1_100);
    h.server.mode = "down";
    h.world.closeWindow(windowId);
    await settle(h, 500);
    let status = await h.send<Status>({ kind: "status" });
    expect(status.queue.waiting).toBe(1);
    expect(status.queue.entries[0]).toMatchObject({ trigger: "clear_all_detected", tabCount: 3 });
    await settle(h, 5_000);
    await settle(h, 10_000);
    expect(h.server.uploads).toEqual([]);
    h.server.mode = "up";
    await settle(h, 20_000);
    status = await h.send<Status>({ kind: "status" });
    expect(status.queue.waiting).toBe(0);
    expect(h.server.uploads.filter((upload) => upload.trigger === "clear_all_detected")).toHaveLength(1);
  });
});

describe.each(["chromium", "firefox"] as const)("start-up on %s", (shape) => {
  it("far fewer tabs after a restart: the previous browser run goes up as an emergency", async () => {
    await startAlone(shape);
    const h = current();
    await settle(h, 6_000);
    h.world.openWindow(Array.from({ length: 8 }, (_, index) => `https://a.example/${index}`));
    h.world.openWindow(Array.from({ length: 4 }, (_, index) => `https://b.example/${index}`));
    await h.clock.advance(1_100);
    await h.clock.advance(60_000);
    // The browser restarts with one of those tabs; a new worker starts on the same profile.
    await h.world.restartEmpty(["https://a.example/0"]);
    await h.restartWorker();
    await settle(h, 3_000);
    expect(h.server.stored().filter((body) => body.trigger === "clear_all_detected")).toEqual([]);
    await settle(h, 3_000);
    const [emergency] = h.server.stored().filter((body) => body.trigger === "clear_all_detected");
    expect(emergency?.windows.map((window) => window.tabs.length)).toEqual([8, 4]);
    expect(emergency?.reason).toBe("Only 1 tab of 12 came back when the browser started");
    const notification = Object.values(await fakeBrowser.notifications.getAll())[0];
    expect(notification?.title).toBe("Restore 11 tabs");
    // The restore skips the tab that came back.
    const status = await h.send<Status>({ kind: "status" });
    await h.send({ kind: "restore-emergency", id: status.emergencies[0]!.id });
    await settle(h);
    const urls = h.world.layout().flatMap((window) => window.tabs).map((url) => (url.includes("placeholder.html") ? new URL(url).searchParams.get("url") : url));
    expect(urls.filter((url) => url === "https://a.example/0")).toHaveLength(1);
    expect(urls).toHaveLength(12);
  });

  it("a restart that brings everything back is no emergency", async () => {
    await startAlone(shape);
    const h = current();
    await settle(h, 6_000);
    const tabs = Array.from({ length: 6 }, (_, index) => `https://a.example/${index}`);
    h.world.openWindow(tabs);
    await h.clock.advance(1_100);
    await h.world.restartEmpty(tabs);
    await h.restartWorker();
    await settle(h, 10_000);
    expect(h.server.stored().filter((body) => body.trigger === "clear_all_detected")).toEqual([]);
  });
});
