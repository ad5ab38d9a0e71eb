import { describe, expect, it } from "vitest";
import type { AppliedTeamPolicy, TeamPolicy } from "@common/api/protection";
import { type Status } from "../messages";
import { fakeBrowser } from "../../test/fake-browser";
import { type Harness, current, eachDesktopBrowser, settle, stopAfterEach, versions } from "../../test/background-harness";

stopAfterEach();

eachDesktopBrowser("the background on %s", () => {

  describe("a team policy (decision 187)", () => {
    const teamPolicy = (policy: Partial<TeamPolicy> = {}): AppliedTeamPolicy => ({
      teamName: "Acme",
      policy: { protectionMode: null, automaticBackupMinutes: null, neverCapturedSites: [], formCapture: null, ...policy },
      locked: [],
    });
    const refreshAlarm = async (h: Harness) => {
      await fakeBrowser.alarms.onAlarm.trigger({ name: "settings-refresh", scheduledTime: h.clock.now() });
      await settle(h);
    };

    it("reads the settings every minute; the team's sites and the person's own never reach a snapshot, an upload or the open tabs", async () => {
      const h = current();
      expect((await fakeBrowser.alarms.get("settings-refresh"))?.periodInMinutes).toBe(1);
      const windowId = h.world.openWindow(["https://mail.bank.example/inbox", "https://news.example/", "https://diary.example/today"]);
      await h.clock.advance(1_100);
      // A backup queued while the server could not be reached, before the policy arrived.
      h.server.mode = "down";
      await h.send({ kind: "back-up-now" });
      h.server.mode = "up";
      h.server.settings = { ...h.server.settings, neverCapturedSites: ["diary.example"], teamPolicy: teamPolicy({ neverCapturedSites: ["bank.example"] }) };
      await refreshAlarm(h);
      await h.background.queue.flush(true);
      await settle(h);
      const uploaded = h.server.stored().map((body) => body.windows.flatMap((window) => window.tabs.map((tab) => tab.url)));
      expect(uploaded).toEqual([["https://news.example/"]]);
      const latest = (await versions(h)).at(-1)!;
      expect(latest.windows.flatMap((window) => window.tabs.map((tab) => tab.url))).toEqual(["https://news.example/"]);
      expect(latest.tabCount).toBe(3);
      expect(latest.uploadableTabCount).toBe(1);

      h.world.openTab(windowId, "https://www.bank.example/");
      await h.clock.advance(1_100);
      await fakeBrowser.alarms.onAlarm.trigger({ name: "auto-backup", scheduledTime: h.clock.now() });
      await settle(h);
      expect(h.server.stored().flatMap((body) => body.windows.flatMap((window) => window.tabs.map((tab) => tab.url)))).not.toContain("https://www.bank.example/");

      const status = await h.send<Status>({ kind: "status" });
      expect(status.team).toEqual({ teamName: "Acme", policy: teamPolicy({ neverCapturedSites: ["bank.example"] }).policy });
      expect(status.ownNeverCapturedSites).toEqual(["diary.example"]);

      // Out of the team: the next minute's read frees the browser.
      h.server.settings = { ...h.server.settings, neverCapturedSites: [], teamPolicy: null };
      await refreshAlarm(h);
      expect((await versions(h)).at(-1)!.uploadableTabCount).toBe(4);
      expect((await h.send<Status>({ kind: "status" })).team).toBeNull();
    });

    it("the automatic backup alarm runs on the team's interval, and back on the product's without it", async () => {
      const h = current();
      expect((await fakeBrowser.alarms.get("auto-backup"))?.periodInMinutes).toBe(5);
      h.server.settings = { ...h.server.settings, teamPolicy: teamPolicy({ automaticBackupMinutes: 1 }) };
      await refreshAlarm(h);
      expect((await fakeBrowser.alarms.get("auto-backup"))?.periodInMinutes).toBe(1);
      expect((await h.send<Status>({ kind: "status" })).automaticBackupMinutes).toBe(1);
      // A worker that wakes up keeps the team's period (the alarm is not pushed back).
      const scheduled = (await fakeBrowser.alarms.get("auto-backup"))?.scheduledTime;
      await h.restartWorker();
      expect((await fakeBrowser.alarms.get("auto-backup"))?.scheduledTime).toBe(scheduled);
      h.server.settings = { ...h.server.settings, teamPolicy: null };
      await refreshAlarm(h);
      expect((await fakeBrowser.alarms.get("auto-backup"))?.periodInMinutes).toBe(5);
    });

    it("form capture off: the content script goes, and no backup keeps what was typed; on: it is on without the person's switch", async () => {
      const h = current();
      h.world.grantedOrigins.add("<all_urls>");
      await fakeBrowser.storage.local.set({ formCapture: true });
      await h.send({ kind: "settings-changed" });
      expect(h.world.scripts.map((script) => script.id)).toEqual(["tabvault-bridge", "tabvault-form-capture"]);
      const windowId = h.world.openWindow(["https://forms.example/"]);
      const tabId = h.world.windowTabsOf(windowId)[0]!.id;
      await h.send({ kind: "page-state", url: "https://forms.example/", formData: { note: "typed" }, scrollPosition: { x: 0, y: 40 } }, { tab: { id: tabId } });
      await h.clock.advance(1_100);

      h.server.settings = { ...h.server.settings, teamPolicy: teamPolicy({ formCapture: "off" }) };
      await refreshAlarm(h);
      expect(h.world.scripts.map((script) => script.id)).toEqual(["tabvault-bridge"]);
      expect((await versions(h)).at(-1)!.windows[0]!.tabs[0]!.formData).toBeUndefined();
      await h.send({ kind: "back-up-now" });
      await settle(h);
      expect(h.server.stored().at(-1)!.windows[0]!.tabs[0]!.formData).toEqual({});
      expect((await h.send<Status>({ kind: "status" })).formCapture).toBe(false);

      await fakeBrowser.storage.local.set({ formCapture: false });
      h.server.settings = { ...h.server.settings, teamPolicy: teamPolicy({ formCapture: "on" }) };
      await refreshAlarm(h);
      expect(h.world.scripts.map((script) => script.id)).toEqual(["tabvault-bridge", "tabvault-form-capture"]);
      expect((await h.send<Status>({ kind: "status" })).formCapture).toBe(true);
    });
  });
});
