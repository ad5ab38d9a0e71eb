import { expect, it } from "vitest";
import { type ActionAnswer, type Status } from "../messages";
import { current, eachDesktopBrowser, settle, stopAfterEach } from "../../test/background-harness";

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
});
