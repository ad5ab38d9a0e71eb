import { expect, it } from "vitest";
import { type ActionAnswer, type Status } from "../messages";
import { current, eachDesktopBrowser, settle, stopAfterEach } from "../../test/background-harness";
import { fakeBrowser } from "../../test/fake-browser";

stopAfterEach();

eachDesktopBrowser("the background on %s", () => {

  it("a revoked token: disconnected, and every snapshot kept to upload after reconnecting", async () => {
    const h = current();
    h.server.revoked = true;
    const windowId = h.world.openWindow(["https://a.example/", "https://b.example/", "https://c.example/"]);
    await h.clock.advance(1_100);
    const answer = await h.send<ActionAnswer>({ kind: "back-up-now" });
    expect(answer.message).toContain("goes up once this browser is connected");
    h.world.closeWindow(windowId);
    await settle(h, 500);
    const status = await h.send<Status>({ kind: "status" });
    expect(status.connection).toMatchObject({ state: "disconnected", email: "ada@example.com" });
    expect(status.queue.waiting).toBe(2);

    // Reconnect through pairing: the new token is used and the queue drains.
    h.server.revoked = false;
    h.server.token = "device-token-2";
    await h.send<ActionAnswer>({ kind: "connect" });
    h.server.pollAnswers.push({ status: 200, body: { accessToken: "device-token-2", tokenType: "Bearer", scope: "browser", deviceId: "d2", deviceName: "Chrome on Linux", email: "ada@example.com" } });
    await settle(h, 5_000);
    await settle(h);
    const after = await h.send<Status>({ kind: "status" });
    expect(after.connection.state).toBe("connected");
    expect(after.queue.waiting).toBe(0);
    expect(h.server.stored().map((body) => body.trigger).sort()).toEqual(["clear_all_detected", "manual_save"]);
  });

  it("the device token is kept out of storage.local, which content scripts read: moved out of it, and a new one never written there (decision 225)", async () => {
    const h = current();
    // What a content script could read: everything in storage.local (and storage.session, were it opened to them).
    const readableByContentScripts = async () => JSON.stringify([await fakeBrowser.storage.local.get(null), await fakeBrowser.storage.session.get(null)]);
    // The harness connected this browser the old way, with the token in storage.local; the first read moves it.
    expect((await h.send<Status>({ kind: "status" })).connection.state).toBe("connected");
    expect(await readableByContentScripts()).not.toContain(h.server.token);
    // Kept across a restart of the worker (the extension's IndexedDB, unlike storage.session, outlives the browser's).
    await h.restartWorker();
    expect((await h.send<Status>({ kind: "status" })).connection.state).toBe("connected");
    h.world.openWindow(["https://a.example/", "https://b.example/"]);
    await h.clock.advance(1_100);
    const answer = await h.send<ActionAnswer>({ kind: "back-up-now" });
    expect(answer.message).not.toMatch(/connected/);
    await settle(h);
    expect(h.server.stored().length).toBeGreaterThan(0);

    // A new pairing's token goes straight to the key store.
    h.server.token = "device-token-3";
    await h.send<ActionAnswer>({ kind: "connect" });
    h.server.pollAnswers.push({ status: 200, body: { accessToken: "device-token-3", tokenType: "Bearer", scope: "browser", deviceId: "d3", deviceName: "Chrome on Linux", email: "ada@example.com" } });
    await settle(h, 5_000);
    expect((await h.send<Status>({ kind: "status" })).connection.state).toBe("connected");
    expect(await readableByContentScripts()).not.toMatch(/device-token/);
  });
});
