import { describe, expect, it } from "vitest";
import { type ActionAnswer, type Status } from "../messages";
import { fakeBrowser } from "../../test/fake-browser";
import { type Harness, current, eachDesktopBrowser, settle, startAlone, stopAfterEach } from "../../test/background-harness";

stopAfterEach();

eachDesktopBrowser("the background on %s", () => {

  it("restores a backup from the server on request, and answers the web app's ping", async () => {
    const h = current();
    h.server.backups.push({
      id: "6f1c1c1e-8d2a-4f7e-9d9a-1c2b3c4d5e6f",
      sessionName: "Before the crash",
      triggerEvent: "clear_all_detected",
      deviceName: "Chrome on Linux",
      browserType: "chrome",
      createdAt: "2025-06-01T10:00:00.000Z",
      tabCount: 2,
      windows: [{ windowId: 1, state: "normal", focused: true, left: 0, top: 0, width: 800, height: 600, tabs: ["https://x.example/", "https://y.example/"].map((url, index) => ({ url, title: url, faviconUrl: null, pinned: index === 0, active: index === 1, groupId: null, formData: {}, scrollPosition: { x: 0, y: 0 } })) }],
      groups: [],
    });
    const list = await h.send<{ ok: boolean; backups: { id: string; sessionName: string }[] }>({ kind: "list-backups" });
    expect(list.backups.map((backup) => backup.sessionName)).toEqual(["Before the crash"]);
    const pageSender = { url: "http://localhost:3000/sessions", origin: "http://localhost:3000" };
    // Only the server's own pages may ask.
    expect(await h.send({ kind: "web-ping" }, { url: "https://evil.example/" })).toBeNull();
    expect(await h.send({ kind: "web-restore", backupId: "6f1c1c1e-8d2a-4f7e-9d9a-1c2b3c4d5e6f" }, { url: "https://evil.example/" })).toMatchObject({ ok: false });
    expect(await h.send({ kind: "web-ping" }, pageSender)).toEqual({ version: "0.1.0", deviceId: "d1" });
    expect(await h.send({ kind: "web-restore", backupId: "6f1c1c1e-8d2a-4f7e-9d9a-1c2b3c4d5e6f" }, pageSender)).toEqual({ ok: true, message: "Restoring 2 tabs" });
    await settle(h);
    const restored = h.world.layout().find((window) => window.tabs.some((url) => url.includes("y.example")));
    expect(restored?.tabs.map((url) => (url.includes("placeholder.html") ? new URL(url).searchParams.get("url") : url))).toEqual(["https://x.example/", "https://y.example/"]);
    const status = await h.send<Status>({ kind: "status" });
    expect(status.restore).toMatchObject({ state: "done", done: 2, total: 2 });
    // The web app's restore was recorded by the server already; the popup's is the extension's to record.
    const recorded = () => h.server.requests.filter((request) => request.method === "POST" && request.path === "/api/user/protection-event");
    expect(recorded()).toHaveLength(0);
    // Its window is open now: a second restore opens nothing twice, says so, and restores nothing to record.
    expect(await h.send({ kind: "restore-backup", backupId: "6f1c1c1e-8d2a-4f7e-9d9a-1c2b3c4d5e6f" })).toEqual({
      ok: true,
      message: "Every tab of this backup is open already (1 window still open: 2 tabs already there).",
    });
    await settle(h);
    expect(h.world.layout().filter((window) => window.tabs.some((url) => url.includes("y.example")))).toHaveLength(1);
    expect(recorded()).toHaveLength(0);
    h.world.closeWindow(restored!.windowId);
    await settle(h);
    expect(await h.send({ kind: "restore-backup", backupId: "6f1c1c1e-8d2a-4f7e-9d9a-1c2b3c4d5e6f" })).toMatchObject({ ok: true });
    await settle(h);
    expect(recorded()).toHaveLength(1);
    expect(recorded()[0]!.authorization).toMatch(/^Bearer /);
  });

  it("a backup's private window: opened as an ordinary window and said so where TabVault is not allowed in private windows, private where it is", async () => {
    const h = current();
    const id = "7a2d2d2e-9e3b-4a8f-8eab-2d3c4d5e6f70";
    h.server.backups.push({
      id,
      sessionName: "Imported from Session Buddy, 1 collection",
      triggerEvent: "manual_save",
      deviceName: "Imported file",
      browserType: "other",
      createdAt: "2026-11-24T10:00:00.000Z",
      tabCount: 2,
      windows: [
        {
          windowId: 1,
          state: "normal",
          focused: true,
          left: null,
          top: null,
          width: null,
          height: null,
          name: "Gift ideas",
          incognito: true,
          tabs: ["https://gifts.example/", "https://ring.example/"].map((url, index) => ({ url, title: url, faviconUrl: null, pinned: false, active: index === 1, groupId: null, formData: {}, scrollPosition: { x: 0, y: 0 } })),
        },
      ],
      groups: [],
    });
    const note =
      "1 private window opened as an ordinary window: TabVault is not allowed in private windows (turn on “Allow in Incognito” or “Run in Private Windows” in the browser's extension settings to restore them private)";
    expect(await h.send<ActionAnswer>({ kind: "restore-backup", backupId: id })).toEqual({ ok: true, message: `Restoring 2 tabs (${note})` });
    await settle(h);
    expect((await h.send<Status>({ kind: "status" })).restore?.message).toContain(`(${note}).`);
    const privateWindows = () => [...h.world.windows.values()].filter((window) => window.incognito);
    expect(privateWindows()).toHaveLength(0);

    h.world.allowedInPrivate = true;
    expect(await h.send<ActionAnswer>({ kind: "restore-backup", backupId: id })).toEqual({ ok: true, message: "Restoring 2 tabs" });
    await settle(h);
    expect(privateWindows()).toHaveLength(1);
    expect(h.world.tabs.filter((tab) => tab.windowId === privateWindows()[0]!.id).map((tab) => tab.url)).toEqual(["https://gifts.example/", "https://ring.example/"]);
    expect((await h.send<Status>({ kind: "status" })).restore?.message).not.toContain("private");
  });

  it("a backup whose windows are still open: only what is missing opens, into its window and group, and the local offer goes", async () => {
    const h = current();
    const seen = (url: string) => (url.includes("placeholder.html") ? new URL(url).searchParams.get("url") : url);
    h.server.keepUploads = true;
    const kept = h.world.openWindow([{ url: "https://a.example/", group: "Research" }, { url: "https://b.example/", group: "Research" }, "https://c.example/", "https://d.example/"]);
    const closed = h.world.openWindow(["https://x.example/", "https://y.example/"]);
    await h.clock.advance(1_100);
    h.world.closeWindow(closed);
    await settle(h, 500);
    // Two more tabs of the window still open go, one at a time: no emergency of their own.
    await settle(h, 2_000);
    const [, b, c] = h.world.windowTabsOf(kept);
    h.world.closeTab(b!.id);
    await h.clock.advance(2_000);
    h.world.closeTab(c!.id);
    await settle(h, 2_000);
    // The browser's recently-closed list has forgotten them (as after a restart): they are opened from the backup.
    h.world.closed = [];
    const before = await h.send<Status>({ kind: "status" });
    expect(before.emergencies.map((emergency) => emergency.lostCount)).toEqual([2]);
    const emergency = h.server.backups.find((backup) => backup.triggerEvent === "clear_all_detected");
    expect(emergency?.windows.map((window) => window.tabs.length)).toEqual([4, 2]);

    // The server's copy of the emergency holds the window still open too: it is not opened twice.
    expect(await h.send({ kind: "restore-backup", backupId: emergency!.id })).toEqual({ ok: true, message: "Restoring 4 tabs (1 window still open: 2 tabs already there)" });
    await settle(h);
    const layout = h.world.layout();
    expect(layout).toHaveLength(2);
    expect(layout.find((window) => window.windowId === kept)?.tabs.map(seen)).toEqual(["https://a.example/", "https://b.example/", "https://d.example/", "https://c.example/"]);
    expect(layout.find((window) => window.windowId !== kept)?.tabs.map(seen)).toEqual(["https://x.example/", "https://y.example/"]);
    // b is back in its group, not in a second "Research".
    const groups = [...h.world.groups.values()].filter((group) => group.windowId === kept);
    expect(groups.map((group) => group.title)).toEqual(["Research"]);
    expect(h.world.windowTabsOf(kept).filter((tab) => tab.groupId === groups[0]!.id).map((tab) => seen(tab.url ?? ""))).toEqual(["https://a.example/", "https://b.example/"]);

    // The emergency's tabs are all back: "Restore 2 tabs" is offered no more, and its notification is gone.
    const after = await h.send<Status>({ kind: "status" });
    expect(after.emergencies).toEqual([]);
    expect(Object.keys(await fakeBrowser.notifications.getAll()).filter((id) => id.startsWith("emergency:"))).toEqual([]);
  });

  it("restores a backup shared with the team when the web app asks, read with this browser's token", async () => {
    const h = current();
    const sharedId = "5e1c1c1e-8d2a-4f7e-9d9a-1c2b3c4d5e6f";
    h.server.sharedBackups.push({
      id: sharedId,
      sessionName: "Team reading list",
      triggerEvent: "manual_save",
      deviceName: null,
      browserType: "chrome",
      createdAt: "2025-06-01T10:00:00.000Z",
      tabCount: 2,
      windows: [{ windowId: 1, state: "normal", focused: true, left: 0, top: 0, width: 800, height: 600, tabs: ["https://team.example/a", "https://team.example/b"].map((url, index) => ({ url, title: url, faviconUrl: null, pinned: false, active: index === 0, groupId: null, formData: {}, scrollPosition: { x: 0, y: 0 } })) }],
      groups: [],
    });
    const pageSender = { url: "http://localhost:3000/sessions", origin: "http://localhost:3000" };
    expect(await h.send({ kind: "web-restore-shared", sharedId }, { url: "https://evil.example/" })).toMatchObject({ ok: false });
    expect(await h.send({ kind: "web-restore-shared", sharedId: "00000000-0000-4000-8000-000000000000" }, pageSender)).toEqual({ ok: false, message: "No such backup is shared with your team." });
    expect(await h.send({ kind: "web-restore-shared", sharedId }, pageSender)).toEqual({ ok: true, message: "Restoring 2 tabs" });
    await settle(h);
    const restored = h.world.layout().find((window) => window.tabs.some((url) => url.includes("team.example")));
    expect(restored?.tabs.map((url) => (url.includes("placeholder.html") ? new URL(url).searchParams.get("url") : url))).toEqual(["https://team.example/a", "https://team.example/b"]);
    expect(h.server.requests.filter((request) => request.path === `/api/team/shared-sessions/${sharedId}`).map((request) => request.authorization)).toEqual([`Bearer ${h.server.token}`]);
  });

  describe("smart recovery and tab organization (Pro and up)", () => {
    const BACKUP_ID = "7a1c1c1e-8d2a-4f7e-9d9a-1c2b3c4d5e6f";
    const pageSender = { url: "http://localhost:3000/sessions", origin: "http://localhost:3000" };
    const seen = (url: string) => (url.includes("placeholder.html") ? new URL(url).searchParams.get("url") : url);

    async function onPlan(h: Harness, planType: string) {
      h.server.planType = planType;
      await h.send({ kind: "settings-changed" });
    }

    function addBackup(h: Harness, tabs: { url: string; title?: string; lastAccessed?: number | null; active?: boolean }[]) {
      h.server.backups.push({
        id: BACKUP_ID,
        sessionName: "Before the crash",
        triggerEvent: "clear_all_detected",
        deviceName: "Chrome on Linux",
        browserType: "chrome",
        createdAt: "2025-06-01T10:00:00.000Z",
        tabCount: tabs.length,
        windows: [
          {
            windowId: 1,
            state: "normal",
            focused: true,
            left: 0,
            top: 0,
            width: 800,
            height: 600,
            tabs: tabs.map((tab) => ({ url: tab.url, title: tab.title ?? tab.url, faviconUrl: null, pinned: false, active: tab.active ?? false, groupId: null, lastAccessed: tab.lastAccessed ?? null, formData: {}, scrollPosition: { x: 0, y: 0 } })),
          },
        ],
        groups: [],
      });
    }

    const recoveryBackup = [
      { url: "https://open.example/", lastAccessed: 10 },
      { url: "https://a.example/", lastAccessed: 100 },
      { url: "https://a.example/#again", lastAccessed: 50 },
      { url: "https://b.example/", lastAccessed: 300, active: true },
      { url: "https://c.example/" },
    ];

    it("on Pro, leaves out what is open and the repeats, opens the most recent first, and puts each at its place", async () => {
      const h = current();
      await onPlan(h, "pro");
      h.world.openWindow(["https://open.example"]);
      addBackup(h, recoveryBackup);
      expect(await h.send({ kind: "web-restore", backupId: BACKUP_ID }, pageSender)).toEqual({
        ok: true,
        message: "Restoring 3 tabs (most recently used first; 1 already open, 1 duplicate skipped)",
      });
      await settle(h);
      const restored = h.world.layout().find((window) => window.tabs.some((url) => seen(url) === "https://b.example/"));
      expect(restored?.tabs.map(seen)).toEqual(["https://a.example/", "https://b.example/", "https://c.example/"]);
      // The window opens with the tab used last; then a (100), then c (never said).
      expect(h.world.createdWindows.at(-1)?.url).toBe("https://b.example/");
      expect(h.world.created.slice(-2).map((tab) => seen(tab.url ?? ""))).toEqual(["https://a.example/", "https://c.example/"]);
      // Lazily, as on every plan: the tabs not looked at are not loaded.
      expect(h.world.created.slice(-2).every((tab) => tab.discarded === true || (tab.url ?? "").includes("placeholder.html"))).toBe(true);
      const status = await h.send<Status>({ kind: "status" });
      expect(status.restore?.message).toMatch(/^Restored 3 tabs in .* s \(most recently used first; 1 already open, 1 duplicate skipped\)\.$/);
    });

    it("counts a placeholder of an earlier restore as open", async () => {
      const h = current();
      await onPlan(h, "premium");
      h.world.openWindow([`${fakeBrowser.runtime.getURL("/placeholder.html")}?url=${encodeURIComponent("https://a.example/")}&title=A`]);
      addBackup(h, [{ url: "https://a.example/" }, { url: "https://d.example/" }]);
      expect(await h.send({ kind: "web-restore", backupId: BACKUP_ID }, pageSender)).toMatchObject({ ok: true, message: "Restoring 1 tab (most recently used first; 1 already open skipped)" });
    });

    it("below Pro, restores exactly as saved: every tab, in order", async () => {
      const h = current();
      h.world.openWindow(["https://open.example/"]);
      addBackup(h, recoveryBackup);
      expect(await h.send({ kind: "web-restore", backupId: BACKUP_ID }, pageSender)).toEqual({ ok: true, message: "Restoring 5 tabs" });
      await settle(h);
      const restored = h.world.layout().find((window) => window.tabs.some((url) => seen(url) === "https://c.example/"));
      expect(restored?.tabs.map(seen)).toEqual(recoveryBackup.map((tab) => tab.url));
      expect(h.world.createdWindows.at(-1)?.url).toBe("https://open.example/");
    });

    const topicalBackup = [
      { url: "https://github.com/tabvault/issues/1", title: "Issue one" },
      { url: "https://news.example/", title: "Morning news" },
      { url: "https://docs.example/restore", title: "How restore works" },
      { url: "https://github.com/tabvault/pulls", title: "Pull requests" },
      { url: "https://blog.example/restore", title: "Restore tips" },
    ];

    // Both desktop browsers have tab groups (Firefox since 138); Firefox for Android's case is below.
    it("on Pro, restores with the suggested groups as tab groups, each group's tabs side by side", async () => {
      const h = current();
      await onPlan(h, "pro");
      addBackup(h, topicalBackup);
      const answer = await h.send<ActionAnswer>({ kind: "web-restore", backupId: BACKUP_ID, suggestedGroups: true }, pageSender);
      await settle(h);
      const restored = h.world.layout().find((window) => window.tabs.some((url) => seen(url)?.includes("news.example")));
      {
        expect(answer.message).toBe("Restoring 5 tabs (most recently used first; in 2 suggested groups)");
        expect(restored?.tabs.map(seen)).toEqual([topicalBackup[0]!.url, topicalBackup[3]!.url, topicalBackup[2]!.url, topicalBackup[4]!.url, topicalBackup[1]!.url]);
        const groups = [...h.world.groups.values()].filter((group) => group.windowId === restored?.windowId);
        expect(groups.map((group) => [group.title, group.color])).toEqual([
          ["github.com", "blue"],
          ["restore", "red"],
        ]);
        const tabs = h.world.windowTabsOf(restored!.windowId);
        expect(tabs.map((tab) => groups.findIndex((group) => group.id === tab.groupId))).toEqual([0, 0, 1, 1, -1]);
      }
    });

    it("names only the suggested groups that still have a tab to open once the open pages are left out", async () => {
      const h = current();
      await onPlan(h, "pro");
      h.world.openWindow([topicalBackup[0]!.url, topicalBackup[3]!.url]);
      addBackup(h, topicalBackup);
      const answer = await h.send<ActionAnswer>({ kind: "web-restore", backupId: BACKUP_ID, suggestedGroups: true }, pageSender);
      expect(answer.message).toBe("Restoring 3 tabs (most recently used first; 2 already open skipped; in 1 suggested group)");
    });

    it("below Pro, refuses the suggested groups with the plan that has them", async () => {
      const h = current();
      addBackup(h, topicalBackup);
      expect(await h.send({ kind: "web-restore", backupId: BACKUP_ID, suggestedGroups: true }, pageSender)).toEqual({
        ok: false,
        message: "Tab organization needs the Pro plan or higher; you are on Basic.",
      });
    });
  });
});

describe("the background on firefox_android", () => {
  it("on Pro in a browser without tab groups, restores ungrouped and says so", async () => {
    const h = await startAlone("firefox_android");
    await settle(h, 6_000);
    h.server.planType = "pro";
    await h.send({ kind: "settings-changed" });
    const urls = ["https://github.com/tabvault/issues/1", "https://news.example/", "https://docs.example/restore", "https://github.com/tabvault/pulls", "https://blog.example/restore"];
    h.server.backups.push({
      id: "8b1c1c1e-8d2a-4f7e-9d9a-1c2b3c4d5e6f",
      sessionName: "Before the crash",
      triggerEvent: "clear_all_detected",
      deviceName: "Firefox on Android",
      browserType: "firefox",
      createdAt: "2025-06-01T10:00:00.000Z",
      tabCount: urls.length,
      windows: [{ windowId: 1, state: "normal", focused: true, left: 0, top: 0, width: 400, height: 800, tabs: urls.map((url) => ({ url, title: url, faviconUrl: null, pinned: false, active: false, groupId: null, lastAccessed: null, formData: {}, scrollPosition: { x: 0, y: 0 } })) }],
      groups: [],
    });
    const pageSender = { url: "http://localhost:3000/sessions", origin: "http://localhost:3000" };
    const answer = await h.send<ActionAnswer>({ kind: "web-restore", backupId: "8b1c1c1e-8d2a-4f7e-9d9a-1c2b3c4d5e6f", suggestedGroups: true }, pageSender);
    expect(answer.message).toBe("Restoring 5 tabs (most recently used first; tab groups are not available in this browser: restored without groups)");
    await settle(h);
    const open = h.world.layout().flatMap((window) => window.tabs);
    for (const url of urls) expect(open.some((tab) => tab === url || tab.includes(encodeURIComponent(url)))).toBe(true);
    // GeckoView refuses `discarded` and `title`: every tab still opens, none "could not be opened".
    const status = await h.send<Status>({ kind: "status" });
    expect(status.restore?.message).toMatch(/^Restored 5 tabs in [\d.]+ s \(most recently used first; tab groups are not available in this browser: restored without groups\)\.$/);
  });
});
