import { expect, it } from "vitest";
import type { ActionAnswer, Status } from "../messages";
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

/** The day's allowance refusal, in the real server's words (server/backups/plan-limits.ts). */
const ALLOWANCE = "6 tabs were left out (Free protects 5 tabs a day). Upgrade to Basic to protect more.";

eachDesktopBrowser("refused backups on %s (decision 206)", () => {
  it("'Back up now' refused says the server's reason, never success; the popup lists it; Retry sends it once the server takes it", async () => {
    const h = current();
    h.server.refuse = ({ trigger }) => (trigger === "manual_save" ? { status: 403, message: ALLOWANCE } : null);
    h.world.openWindow(["https://a.example/", "https://b.example/"]);
    await h.clock.advance(1_100);
    const answer = await h.send<ActionAnswer>({ kind: "back-up-now" });
    expect(answer).toEqual({ ok: false, message: `The server refused this backup: ${ALLOWANCE} It stays on this device: retry or discard it below.` });
    const status = await h.send<Status>({ kind: "status" });
    expect(status.queue).toMatchObject({ waiting: 0, refused: 1 });
    expect(status.queue.entries).toEqual([
      expect.objectContaining({ trigger: "manual_save", tabCount: 2, state: "refused", refusal: { status: 403, message: ALLOWANCE, at: expect.any(Number) } }),
    ]);
    // "Try now" does not call a refusal success either.
    expect(await h.send<ActionAnswer>({ kind: "retry-uploads" })).toEqual({ ok: false, message: "1 backup refused by the server: retry or discard it below." });

    // Nothing changed: a retry is refused again, in the same words.
    const key = status.queue.entries[0]!.key;
    expect(await h.send<ActionAnswer>({ kind: "retry-upload", key })).toEqual({ ok: false, message: `The server refused it again: ${ALLOWANCE} It stays on this device: retry or discard it below.` });
    h.server.refuse = null;
    expect(await h.send<ActionAnswer>({ kind: "retry-upload", key })).toEqual({ ok: true, message: "Backed up" });
    expect(h.server.stored().map((body) => body.trigger)).toEqual(["manual_save"]);
    const after = await h.send<Status>({ kind: "status" });
    expect(after.queue.entries).toEqual([]);
    expect(after.lastUpload).toMatchObject({ trigger: "manual_save", message: "Backed up" });
    expect(await h.send<ActionAnswer>({ kind: "retry-upload", key })).toMatchObject({ ok: false });
  });

  it("a manual backup is discarded when the person says so; an emergency only after their second yes", async () => {
    const h = current();
    h.server.refuse = () => ({ status: 400, message: "body.windows.0.tabs.0.groupId: Too big" });
    h.world.openWindow(["https://keep.example/"]);
    const closing = h.world.openWindow(["https://a.example/", "https://b.example/", "https://c.example/"]);
    await h.clock.advance(1_100);
    await h.send<ActionAnswer>({ kind: "back-up-now" });
    h.world.closeWindow(closing);
    await settle(h, 1_500);
    const refused = (await h.send<Status>({ kind: "status" })).queue.entries;
    expect(refused.map((entry) => [entry.trigger, entry.state])).toEqual([
      ["clear_all_detected", "refused"],
      ["manual_save", "refused"],
    ]);
    const [emergency, manual] = refused;
    expect(await h.send<ActionAnswer>({ kind: "discard-upload", key: emergency!.key })).toEqual({ ok: false, message: "An emergency backup is discarded only when you confirm it." });
    expect(await h.send<ActionAnswer>({ kind: "discard-upload", key: manual!.key })).toEqual({ ok: true, message: "Discarded: it will not be sent." });
    expect((await h.send<Status>({ kind: "status" })).queue.entries.map((entry) => entry.trigger)).toEqual(["clear_all_detected"]);
    // Nothing else ever drops it: more uploads, flushes and a new worker leave it where it is.
    await settle(h, 60 * 60_000);
    await h.restartWorker();
    await settle(h);
    expect((await h.send<Status>({ kind: "status" })).queue.entries.map((entry) => entry.trigger)).toEqual(["clear_all_detected"]);
    expect(await h.send<ActionAnswer>({ kind: "discard-upload", key: emergency!.key, confirmed: true })).toMatchObject({ ok: true });
    expect((await h.send<Status>({ kind: "status" })).queue.entries).toEqual([]);
    // Its tabs are still offered from the device.
    expect((await h.send<Status>({ kind: "status" })).emergencies).toHaveLength(1);
  });

  it("refused for the plan: sent again on its own once the account refresh reads a new plan, and only once per change", async () => {
    const h = current();
    await fakeBrowser.storage.local.set({ connection: { state: "connected", email: "ada@example.com", planType: "free", automaticBackups: false, message: null } });
    h.server.planType = "free";
    h.server.refuse = ({ trigger }) => (trigger === "manual_save" && h.server.planType === "free" ? { status: 403, message: ALLOWANCE } : null);
    h.world.openWindow(["https://a.example/"]);
    await h.clock.advance(1_100);
    expect(await h.send<ActionAnswer>({ kind: "back-up-now" })).toMatchObject({ ok: false });
    const sent = () => h.server.uploads.length;
    const before = sent();
    // The hourly refresh with the same plan: nothing is sent again.
    await fakeBrowser.alarms.onAlarm.trigger({ name: "connection-refresh", scheduledTime: h.clock.now() });
    await settle(h, 60_000);
    expect(sent()).toBe(before);
    h.server.planType = "basic";
    await fakeBrowser.alarms.onAlarm.trigger({ name: "connection-refresh", scheduledTime: h.clock.now() });
    await settle(h);
    expect(h.server.stored().map((body) => body.trigger)).toEqual(["manual_save"]);
    expect((await h.send<Status>({ kind: "status" })).queue.entries).toEqual([]);
  });

  it("refused for its shape: sent again after an update of the extension, or of the server", async () => {
    const h = current();
    let takes = false;
    h.server.refuse = ({ trigger }) => (trigger === "clear_all_detected" && !takes ? { status: 400, message: "body.groups.0.groupId: Too big: expected number to be <=2147483647" } : null);
    h.world.openWindow(["https://keep.example/"]);
    const closing = h.world.openWindow(["https://a.example/", "https://b.example/", "https://c.example/"]);
    await h.clock.advance(1_100);
    h.world.closeWindow(closing);
    await settle(h, 1_500);
    expect((await h.send<Status>({ kind: "status" })).queue).toMatchObject({ refused: 1 });
    // The server is updated (its version read while something is refused): sent again, refused again, kept.
    await fakeBrowser.alarms.onAlarm.trigger({ name: "connection-refresh", scheduledTime: h.clock.now() });
    await settle(h);
    h.server.version = "0.1.1";
    const before = h.server.uploads.length;
    await fakeBrowser.alarms.onAlarm.trigger({ name: "connection-refresh", scheduledTime: h.clock.now() });
    await settle(h);
    expect(h.server.requests.filter((request) => request.path === "/api/browser-backups")).toHaveLength(before + 1);
    expect((await h.send<Status>({ kind: "status" })).queue).toMatchObject({ refused: 1 });
    // The extension is updated: its new worker sends it, and the server takes it now.
    takes = true;
    h.world.version = "0.2.0";
    await h.restartWorker();
    await settle(h);
    expect(h.server.stored().map((body) => body.trigger)).toEqual(["clear_all_detected"]);
    expect((await h.send<Status>({ kind: "status" })).queue.entries).toEqual([]);
  });

  it("refused under another token: sent again once the browser is connected anew", async () => {
    const h = current();
    h.server.refuse = () => (h.server.token === "device-token-1" ? { status: 403, message: "This token may not write backups" } : null);
    h.world.openWindow(["https://a.example/"]);
    await h.clock.advance(1_100);
    expect(await h.send<ActionAnswer>({ kind: "back-up-now" })).toMatchObject({ ok: false, message: expect.stringContaining("This token may not write backups") });
    h.server.token = "device-token-2";
    await h.send<ActionAnswer>({ kind: "connect" });
    h.server.pollAnswers.push({ status: 200, body: { accessToken: "device-token-2", tokenType: "Bearer", scope: "browser", deviceId: "d2", deviceName: "Chrome on Linux", email: "ada@example.com" } });
    await settle(h, 5_000);
    await settle(h);
    expect(h.server.stored().map((body) => body.trigger)).toEqual(["manual_save"]);
  });
});
