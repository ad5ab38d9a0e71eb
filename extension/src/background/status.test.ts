import { describe, expect, it } from "vitest";
import { type ActionAnswer, type Status } from "../messages";
import { current, eachDesktopBrowser, settle, startAlone, stopAfterEach } from "../../test/background-harness";

stopAfterEach();

eachDesktopBrowser("the background on %s", () => {

  it("tells the server's pages its live state: connection, emergency backups kept and the tabs they saved (the blocker page)", async () => {
    const h = current();
    const pageSender = { url: "http://localhost:3000/clear-all-blocker", origin: "http://localhost:3000" };
    expect(await h.send({ kind: "web-status" }, { url: "https://evil.example/" })).toBeNull();
    h.world.openWindow(["https://keep.example/"]);
    const closing = h.world.openWindow(["https://a.example/", "https://b.example/", "https://c.example/"]);
    await h.clock.advance(1_100);
    await settle(h);
    expect(await h.send({ kind: "web-status" }, pageSender)).toEqual({
      version: "0.1.0",
      connection: "connected",
      email: "ada@example.com",
      emergencyBackups: 0,
      tabsSaved: 0,
      watchedTabs: 4,
      lastSnapshotAt: expect.any(Number),
    });
    h.world.closeWindow(closing);
    await settle(h, 1_500);
    expect(await h.send({ kind: "web-status" }, pageSender)).toMatchObject({ emergencyBackups: 1, tabsSaved: 3, watchedTabs: 1 });
    // Restored, it is still one the extension kept.
    const status = await h.send<Status>({ kind: "status" });
    await h.send<ActionAnswer>({ kind: "restore-emergency", id: status.emergencies[0]!.id });
    await settle(h, 1_500);
    expect(await h.send({ kind: "web-status" }, pageSender)).toMatchObject({ emergencyBackups: 1, tabsSaved: 3, watchedTabs: 4 });
    await h.send({ kind: "disconnect" });
    expect(await h.send({ kind: "web-status" }, pageSender)).toMatchObject({ connection: "not-connected", email: null });
  });
});

describe("Firefox for Android (no windows API)", () => {
  it("snapshots its one window and reports the reduced mode", async () => {
    await startAlone("firefox_android");
    const h = current();
    h.world.openWindow(["https://a.example/", "https://b.example/"]);
    await settle(h, 6_000);
    const status = await h.send<Status>({ kind: "status" });
    expect(status.reducedMode).toBe(true);
    expect(status.device).toBe("Firefox on Android");
    expect(status.lastSnapshot).toMatchObject({ tabCount: 2, windowCount: 1 });
  });
});
