import { expect, it } from "vitest";
import { VERSIONS_KEPT } from "../db";
import { current, eachDesktopBrowser, stopAfterEach, versions } from "../../test/background-harness";

stopAfterEach();

eachDesktopBrowser("the background on %s", () => {

  it("takes one running snapshot about a second after a burst of changes", async () => {
    const h = current();
    const before = (await versions(h)).length;
    const windowId = h.world.openWindow(["https://a.example/", "https://b.example/"]);
    await h.clock.advance(400);
    h.world.openTab(windowId, "https://c.example/");
    await h.clock.advance(400);
    h.world.navigate(h.world.windowTabsOf(windowId)[0]!.id, "https://a2.example/");
    await h.clock.advance(900);
    expect((await versions(h)).length).toBe(before);
    await h.clock.advance(200);
    const after = await versions(h);
    expect(after.length).toBe(before + 1);
    expect(after.at(-1)?.windows.flatMap((window) => window.tabs.map((tab) => tab.url))).toEqual(["https://a2.example/", "https://b.example/", "https://c.example/"]);
    // Switching tabs is not a new version.
    h.world.activate(h.world.windowTabsOf(windowId)[2]!.id);
    await h.clock.advance(1_100);
    expect((await versions(h)).length).toBe(before + 1);
  });

  it("a steady stream of changes still gets a snapshot every 3 seconds", async () => {
    const h = current();
    const before = (await versions(h)).length;
    const windowId = h.world.openWindow(["https://stream.example/0"]);
    // A change every 500 ms would push a plain one-second debounce away for as long as it lasts.
    for (let index = 1; index <= 7; index += 1) {
      await h.clock.advance(500);
      h.world.openTab(windowId, `https://stream.example/${index}`);
    }
    const during = await versions(h);
    expect(during.length).toBe(before + 1);
    expect(during.at(-1)?.tabCount).toBeGreaterThan(1);
    await h.clock.advance(1_100);
    expect((await versions(h)).at(-1)?.windows.find((window) => window.tabs.some((tab) => tab.url.includes("stream")))?.tabs).toHaveLength(8);
  });

  it("keeps the last 20 versions", async () => {
    const h = current();
    const windowId = h.world.openWindow(["https://start.example/"]);
    for (let index = 0; index < 25; index += 1) {
      h.world.openTab(windowId, `https://example.com/${index}`);
      await h.clock.advance(1_100);
    }
    expect((await versions(h)).length).toBe(VERSIONS_KEPT);
  });
});
