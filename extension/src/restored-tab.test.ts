import { describe, expect, it } from "vitest";
import { FakeWorld } from "../test/fake-browser";
import { RestoredTabCreator } from "./restored-tab";

const saved = (url: string) => ({ url, title: `Title ${url}`, active: false, pinned: false });

describe("creating a restored tab lazily where the browser allows it", () => {
  it("desktop Firefox: discarded, with the saved title", async () => {
    const world = new FakeWorld("firefox");
    const windowId = world.openWindow(["https://open.example/"]);
    const creator = new RestoredTabCreator(world.api(), { discardedCreate: true });
    await creator.create({ windowId, url: "https://a.example/", active: false }, saved("https://a.example/"));
    expect(world.created).toEqual([expect.objectContaining({ url: "https://a.example/", discarded: true, title: "Title https://a.example/" })]);
    expect(creator.refusedLazy).toBe(false);
  });

  it("GeckoView: the refused lazy creation is made plainly, and the next tabs are asked plainly at once", async () => {
    const world = new FakeWorld("firefox_android");
    world.openWindow(["https://open.example/"]);
    const api = world.api();
    let asked = 0;
    const create: typeof api.tabs.create = (properties) => {
      asked += 1;
      return api.tabs.create(properties);
    };
    const counting = { ...api, tabs: { ...api.tabs, create } };
    const creator = new RestoredTabCreator(counting, { discardedCreate: true });
    for (const url of ["https://a.example/", "https://b.example/", "https://c.example/"]) await creator.create({ url, active: false }, saved(url));
    expect(world.layout()[0]?.tabs).toEqual(["https://open.example/", "https://a.example/", "https://b.example/", "https://c.example/"]);
    // One refusal, then one call a tab.
    expect(asked).toBe(4);
    expect(creator.refusedLazy).toBe(true);
  });

  it("a tab the browser refuses for another reason fails with that reason, and lazy creation stays on", async () => {
    const world = new FakeWorld("firefox");
    world.openWindow(["https://open.example/"]);
    const creator = new RestoredTabCreator(world.api(), { discardedCreate: true });
    await expect(creator.create({ windowId: 999, url: "https://a.example/", active: false }, saved("https://a.example/"))).rejects.toThrow("No window with id: 999.");
    expect(creator.refusedLazy).toBe(false);
  });
});
