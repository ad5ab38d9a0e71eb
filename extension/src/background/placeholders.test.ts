import { describe, expect, it } from "vitest";
import type { BrowserBackup } from "@common/api/browser-backups";
import { placeholderDrawing } from "../placeholder";
import type { PageState } from "../snapshot";
import { fakeBrowser, FakeWorld } from "../../test/fake-browser";
import { ManualClock } from "../../test/manual-clock";
import { Placeholders } from "./placeholders";
import { settle, startAlone, stopAfterEach } from "../../test/background-harness";

stopAfterEach();

const BACKUP_ID = "4b0c7a43-2f2e-4d7e-8a4c-0f6e2b1d9a10";
const TABS = 200;

/** Tab 5 holds a half-written note. */
const formDataOf = (index: number): Record<string, string> => (index === 5 ? { "#note": "half-written" } : {});

function backupOf(tabs: number): BrowserBackup {
  return {
    id: BACKUP_ID,
    sessionName: `${tabs} tabs`,
    triggerEvent: "manual_save",
    deviceName: "Chrome on Linux",
    browserType: "chrome",
    createdAt: "2026-11-01T10:00:00.000Z",
    tabCount: tabs,
    windows: [
      {
        windowId: 1,
        state: "normal",
        focused: true,
        left: null,
        top: null,
        width: null,
        height: null,
        tabs: Array.from({ length: tabs }, (_, index) => ({
          url: `https://news.example/${index}`,
          title: `Article ${index}`,
          faviconUrl: index % 2 === 0 ? "https://news.example/favicon.ico" : null,
          pinned: index === 0,
          active: index === 1,
          groupId: index >= 10 && index < 20 ? 7 : null,
          formData: formDataOf(index),
          scrollPosition: { x: 0, y: index === 5 ? 400 : 0 },
        })),
      },
    ],
    groups: [{ groupId: 7, windowId: 1, title: "Reading", color: "blue", collapsed: false }],
  };
}

const placeholderPage = () => fakeBrowser.runtime.getURL("/placeholder.html");
const isPlaceholder = (url: string | undefined) => (url ?? "").startsWith(placeholderPage());

/**
 * The browser loads every tab it was given: a placeholder draws what placeholder.html's script draws, from its own
 * address alone; a real page shows its own title.
 */
function browserLoadsEveryTab(world: FakeWorld, titleOfPage: (url: string) => string): void {
  for (const tab of [...world.tabs]) {
    const url = tab.url ?? "";
    if (tab.discarded || tab.status === "complete") continue;
    const drawing = isPlaceholder(url) ? placeholderDrawing(url.slice(placeholderPage().length)) : null;
    world.pageLoaded(tab.id, drawing ? drawing.title : titleOfPage(url));
  }
}

describe("restored placeholder tabs on Chromium (decision 218)", () => {
  it(`${TABS} restored tabs all show their saved titles, drawn by pages that call nothing, and are unloaded once drawn`, async () => {
    const h = await startAlone("chromium");
    const backup = backupOf(TABS);
    h.server.backups.push(backup);
    expect(await h.send({ kind: "restore-backup", backupId: BACKUP_ID })).toMatchObject({ ok: true });
    await settle(h);
    // All but the window's first tab and the selected one open on the placeholder.
    expect(h.world.tabs.filter((tab) => isPlaceholder(tab.url))).toHaveLength(TABS - 2);

    browserLoadsEveryTab(h.world, (url) => backup.windows[0]?.tabs.find((saved) => saved.url === url)?.title ?? "");
    await settle(h);

    const window = h.world.layout().find((item) => item.tabs.some((url) => url.includes("news.example")));
    const tabs = h.world.windowTabsOf(window!.windowId);
    expect(tabs.map((tab) => tab.title)).toEqual(backup.windows[0]!.tabs.map((tab) => tab.title));
    // Every placeholder that is not the selected tab is unloaded, its title kept; the selected tab is the page itself.
    expect(tabs.filter((tab) => isPlaceholder(tab.url)).every((tab) => tab.discarded)).toBe(true);
    expect(tabs.find((tab) => tab.active)?.url).toBe("https://news.example/1");
    // Pins and groups as saved.
    expect(tabs[0]?.pinned).toBe(true);
    expect(new Set(tabs.slice(10, 20).map((tab) => tab.groupId)).size).toBe(1);
    expect(tabs[10]?.groupId).toBeGreaterThan(0);
  });

  it("a placeholder becomes its page when selected, and that page gets back its form entries and scroll", async () => {
    const h = await startAlone("chromium");
    const backup = backupOf(8);
    h.server.backups.push(backup);
    await h.send({ kind: "restore-backup", backupId: BACKUP_ID });
    await settle(h);
    browserLoadsEveryTab(h.world, () => "");
    await settle(h);
    const withForm = h.world.tabs.find((tab) => (tab.url ?? "").includes(encodeURIComponent("https://news.example/5")));
    expect(withForm?.discarded).toBe(true);

    h.world.activate(withForm!.id);
    await settle(h);
    const opened = h.world.tabs.find((tab) => tab.url === "https://news.example/5");
    expect(opened?.active).toBe(true);
    // The form-capture content script of the real page asks for what to refill, under the tab's id as it is now.
    const refill = await h.send<PageState | null>({ kind: "page-refill", url: "https://news.example/5" }, { tab: { id: opened!.id } });
    expect(refill).toMatchObject({ formData: { "#note": "half-written" }, scrollPosition: { x: 0, y: 400 } });
  });

  it("leaves every other tab alone: a page that is not a placeholder is neither unloaded nor sent anywhere", async () => {
    const h = await startAlone("chromium");
    const windowId = h.world.openWindow(["https://mail.example/", "https://docs.example/"]);
    const [first, second] = h.world.windowTabsOf(windowId);
    h.world.pageLoaded(second!.id, "Docs");
    h.world.activate(second!.id);
    h.world.activate(first!.id);
    await settle(h);
    expect(h.world.windowTabsOf(windowId).map((tab) => [tab.url, tab.discarded])).toEqual([
      ["https://mail.example/", false],
      ["https://docs.example/", false],
    ]);
  });
});

describe("placeholders loading and unloading a few at a time (decision 241)", () => {
  /** A Chromium with `count` placeholder tabs in one window, and the background's Placeholders wired to its events. */
  function placeholdersIn(count: number, options: { loadingAtOnce?: number; unloadingAtOnce?: number } = {}) {
    const world = new FakeWorld("chromium");
    const browser = world.api();
    const clock = new ManualClock();
    const page = browser.runtime.getURL("/placeholder.html");
    const windowId = world.openWindow(["https://first.example/", ...Array.from({ length: count }, (_, index) => `${page}?url=${encodeURIComponent(`https://news.example/${index}`)}&title=Article+${index}`)]);
    const discard = browser.tabs.discard!;
    const answers: (() => void)[] = [];
    let discarding = 0;
    let most = 0;
    browser.tabs.discard = async (tabId) => {
      discarding += 1;
      most = Math.max(most, discarding);
      await new Promise<void>((resolve) => answers.push(resolve));
      discarding -= 1;
      return discard(tabId);
    };
    const placeholders = new Placeholders({ browser, clock, log: () => undefined, replaced: () => undefined, loadingAtOnce: options.loadingAtOnce ?? 4, unloadingAtOnce: options.unloadingAtOnce ?? 2 });
    world.events.tabUpdated.addListener((tabId, change, tab) => void placeholders.updated(tabId, change, tab));
    world.events.tabRemoved.addListener((tabId) => placeholders.removed(tabId));
    const tabs = world.windowTabsOf(windowId).slice(1);
    return { world, clock, placeholders, tabs, answers, most: () => most };
  }

  const resolvedSoon = async (promise: Promise<void>, clock: ManualClock, ms = 0) => {
    let resolved = false;
    void promise.then(() => (resolved = true));
    await clock.advance(ms);
    return resolved;
  };

  it("gives a restore room while fewer than `loadingAtOnce` placeholders are loaded, and again as each is unloaded or closes", async () => {
    const { world, clock, placeholders, tabs, answers } = placeholdersIn(6);
    for (const tab of tabs.slice(0, 3)) world.startsLoading(tab.id);
    expect(await resolvedSoon(placeholders.roomToLoad(), clock)).toBe(true);
    world.startsLoading(tabs[3]!.id);
    // A page that is not a placeholder loading takes no room.
    world.startsLoading(world.tabs.find((tab) => tab.url === "https://first.example/")!.id);
    const waiting = placeholders.roomToLoad();
    expect(await resolvedSoon(waiting, clock)).toBe(false);
    world.pageLoaded(tabs[0]!.id, "Article 0");
    // Drawn, but its document stays in the renderer until the unloading answers: still no room.
    expect(await resolvedSoon(waiting, clock)).toBe(false);
    answers.shift()?.();
    expect(await resolvedSoon(waiting, clock)).toBe(true);
    world.startsLoading(tabs[4]!.id);
    const again = placeholders.roomToLoad();
    expect(await resolvedSoon(again, clock)).toBe(false);
    world.closeTab(tabs[1]!.id);
    expect(await resolvedSoon(again, clock)).toBe(true);
  });

  it("forgets a placeholder that never says it finished, so a restore is never stopped for good", async () => {
    const { world, clock, placeholders, tabs } = placeholdersIn(4);
    for (const tab of tabs) world.startsLoading(tab.id);
    const waiting = placeholders.roomToLoad();
    expect(await resolvedSoon(waiting, clock, 9_000)).toBe(false);
    expect(await resolvedSoon(waiting, clock, 1_500)).toBe(true);
  });

  it("unloads drawn placeholders `unloadingAtOnce` at a time, every one of them in the end", async () => {
    const { world, clock, tabs, answers, most } = placeholdersIn(10);
    for (const tab of tabs) world.pageLoaded(tab.id, tab.title ?? "");
    await clock.advance(0);
    expect(answers).toHaveLength(2);
    while (answers.length > 0) {
      answers.shift()?.();
      await clock.advance(0);
    }
    expect(most()).toBe(2);
    expect(world.tabs.filter((tab) => (tab.url ?? "").includes("placeholder.html")).every((tab) => tab.discarded)).toBe(true);
  });
});
