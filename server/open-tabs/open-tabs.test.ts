import { gzipSync } from "node:zlib";
import { count, eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { describe, expect, it } from "vitest";
import type { PushOpenTabsRequest } from "@common/api/open-tabs";
import { users } from "../accounts/table";
import { savedSessions } from "../backups/table";
import { browserBackup, browserTab } from "../test/backup-payloads";
import { bearer, pairDevice } from "../test/pair-device";
import { signIn, withSession } from "../test/sign-in";
import { useTestApp } from "../test/test-app";
import { openTabs } from "./table";

/** A browser's open tabs as the extension pushes them: the backup payload without its backup fields. */
function openTabsPush(tabCount: number, capturedAt: number, windowCount = 1): PushOpenTabsRequest {
  const { windows, groups, browserType } = browserBackup(tabCount, {}, windowCount);
  return { capturedAt, browserType, windows, groups };
}

describe("open tabs on other devices", () => {
  let now = Date.parse("2026-11-24T10:00:00Z");
  const clock = () => new Date(now);
  const server = useTestApp({ clock });

  async function account(email: string, plan: "free" | "basic" | "pro" | "premium" = "pro") {
    const { cookie } = await signIn(server.app, server.mailDir, email);
    await server.database.db.update(users).set({ planType: plan }).where(eq(users.email, email));
    const [user] = await server.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    return { cookie, userId: user!.id };
  }
  const connect = async (cookie: string, clientName: string) => pairDevice(server.app, cookie, { clientName, platform: "chromium" });
  const push = (payload: unknown, auth: object, extra: Partial<InjectOptions> = {}) =>
    server.app.inject({ method: "PUT", url: "/api/open-tabs", payload: payload as InjectOptions["payload"], ...auth, ...extra });
  const list = (auth: object) => server.app.inject({ method: "GET", url: "/api/open-tabs", ...auth });
  const detail = (deviceId: string, auth: object) => server.app.inject({ method: "GET", url: `/api/open-tabs/${deviceId}`, ...auth });
  const backupsOf = async (userId: string) => (await server.database.db.select({ n: count() }).from(savedSessions).where(eq(savedSessions.userId, userId)))[0]!.n;
  const rowsOf = async (userId: string) => (await server.database.db.select({ n: count() }).from(openTabs).where(eq(openTabs.userId, userId)))[0]!.n;

  it("stores a browser's open tabs in one row replaced in place, shows them to the web app and the other browser, and never as a backup", async () => {
    const ada = await account("ada@example.com");
    const laptop = await connect(ada.cookie, "Chrome on Linux");
    const desktop = await connect(ada.cookie, "Chrome on Windows");
    const first = openTabsPush(12, now - 5_000, 2);
    first.windows[0]!.tabs[3]!.formData = { comment: "typed but never kept" };
    const stored = await push(first, bearer(laptop.accessToken));
    expect(stored.statusCode).toBe(200);
    expect(stored.json()).toEqual({ applied: true, tabCount: 12, capturedAt: new Date(now - 5_000).toISOString(), message: "12 open tabs stored" });

    const listed = await list(withSession(ada.cookie));
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual([
      { deviceId: laptop.deviceId, deviceName: "Chrome on Linux", browserType: "chrome", capturedAt: new Date(now - 5_000).toISOString(), tabCount: 12, windowCount: 2 },
    ]);
    // The other browser reads them with its own token, to restore them there.
    const read = await detail(laptop.deviceId, bearer(desktop.accessToken));
    expect(read.statusCode).toBe(200);
    const tabs = read.json();
    expect(tabs.windows.map((window: { tabs: unknown[] }) => window.tabs.length)).toEqual([6, 6]);
    expect(tabs.windows[0].tabs[0]).toEqual({
      url: "https://example.com/page/0",
      title: "Page 0",
      faviconUrl: "https://example.com/favicon.ico",
      sealedLocation: null,
      pinned: true,
      active: true,
      groupId: null,
      formData: {},
      scrollPosition: { x: 0, y: 0 },
    });
    expect(tabs.windows[0].tabs[3].formData).toEqual({});
    expect(tabs.groups).toEqual([{ groupId: 7, windowId: 100, title: "Research", color: "blue", collapsed: false }]);

    // A newer capture replaces the row; it is still one row and no backup was made.
    now += 10_000;
    const second = await push(openTabsPush(3, now - 1_000), bearer(laptop.accessToken));
    expect(second.json()).toMatchObject({ applied: true, tabCount: 3 });
    expect(await rowsOf(ada.userId)).toBe(1);
    expect(await backupsOf(ada.userId)).toBe(0);
    expect((await list(bearer(desktop.accessToken))).json()).toEqual([expect.objectContaining({ deviceId: laptop.deviceId, tabCount: 3, windowCount: 1 })]);
  });

  it("ignores a push captured before the stored one, so a browser never drifts back to older tabs", async () => {
    const ada = await account("order@example.com");
    const laptop = await connect(ada.cookie, "Chrome on Linux");
    const newer = now - 1_000;
    expect((await push(openTabsPush(8, newer), bearer(laptop.accessToken))).json()).toMatchObject({ applied: true, tabCount: 8 });
    const late = await push(openTabsPush(2, newer - 30_000), bearer(laptop.accessToken));
    expect(late.statusCode).toBe(200);
    expect(late.json()).toEqual({
      applied: false,
      tabCount: 8,
      capturedAt: new Date(newer).toISOString(),
      message: "A newer capture of this browser's tabs is stored already; this one was ignored.",
    });
    // The same capture again (a retried push) changes nothing either.
    expect((await push(openTabsPush(5, newer), bearer(laptop.accessToken))).json()).toMatchObject({ applied: false, tabCount: 8 });
    expect((await detail(laptop.deviceId, withSession(ada.cookie))).json().tabCount).toBe(8);
  });

  it("an empty new browser's first push writes only its own row: no backup and no other browser's tabs change", async () => {
    const ada = await account("empty@example.com");
    const laptop = await connect(ada.cookie, "Chrome on Linux");
    for (let i = 0; i < 3; i += 1) {
      const saved = await server.app.inject({ method: "POST", url: "/api/browser-backups", payload: browserBackup(10 + i), ...bearer(laptop.accessToken) });
      expect(saved.statusCode).toBe(201);
    }
    await push(openTabsPush(10, now - 2_000), bearer(laptop.accessToken));
    const before = (await server.app.inject({ method: "GET", url: "/api/saved-sessions", ...withSession(ada.cookie) })).json();

    const fresh = await connect(ada.cookie, "Chrome on a new laptop");
    const empty = await push({ capturedAt: now, browserType: "chrome", windows: [], groups: [] }, bearer(fresh.accessToken));
    expect(empty.json()).toMatchObject({ applied: true, tabCount: 0 });
    const emptyWindow = await push({ capturedAt: now + 1, browserType: "chrome", windows: [{ windowId: 1, tabs: [] }] }, bearer(fresh.accessToken));
    expect(emptyWindow.json()).toMatchObject({ applied: true, tabCount: 0 });

    expect((await server.app.inject({ method: "GET", url: "/api/saved-sessions", ...withSession(ada.cookie) })).json()).toEqual(before);
    expect(await backupsOf(ada.userId)).toBe(3);
    expect((await detail(laptop.deviceId, withSession(ada.cookie))).json().tabCount).toBe(10);
    const devices = (await list(withSession(ada.cookie))).json() as { deviceId: string; tabCount: number }[];
    expect(devices.map((device) => [device.deviceId, device.tabCount])).toEqual([
      [fresh.deviceId, 0],
      [laptop.deviceId, 10],
    ]);
  });

  it("a revoked browser's open tabs disappear from every read; another account's devices are never shown", async () => {
    const ada = await account("revoke@example.com");
    const bob = await account("bob@example.com", "premium");
    const laptop = await connect(ada.cookie, "Chrome on Linux");
    const desktop = await connect(ada.cookie, "Chrome on Windows");
    const bobs = await connect(bob.cookie, "Bob's Chrome");
    await push(openTabsPush(4, now - 3_000), bearer(laptop.accessToken));
    await push(openTabsPush(6, now - 2_000), bearer(desktop.accessToken));
    await push(openTabsPush(9, now - 1_000), bearer(bobs.accessToken));

    expect(((await list(withSession(ada.cookie))).json() as { deviceId: string }[]).map((device) => device.deviceId)).toEqual([desktop.deviceId, laptop.deviceId]);
    expect((await detail(bobs.deviceId, withSession(ada.cookie))).statusCode).toBe(404);
    expect((await detail(bobs.deviceId, bearer(laptop.accessToken))).statusCode).toBe(404);
    expect((await detail(laptop.deviceId, withSession(bob.cookie))).statusCode).toBe(404);

    const revoked = await server.app.inject({ method: "DELETE", url: `/api/device-tokens/${laptop.deviceId}`, ...withSession(ada.cookie) });
    expect(revoked.statusCode).toBe(204);
    expect(((await list(withSession(ada.cookie))).json() as { deviceId: string }[]).map((device) => device.deviceId)).toEqual([desktop.deviceId]);
    const gone = await detail(laptop.deviceId, bearer(desktop.accessToken));
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toMatch(/not connected to your account/);
    // …and the revoked token can no longer push.
    expect((await push(openTabsPush(1, now), bearer(laptop.accessToken))).statusCode).toBe(401);
  });

  it("is Pro and up: Free and Basic are refused with the plan that has it, and nothing is stored", async () => {
    for (const plan of ["free", "basic"] as const) {
      const person = await account(`${plan}-plan@example.com`, plan);
      const device = await connect(person.cookie, "Chrome on Linux");
      const refused = await push(openTabsPush(3, now), bearer(device.accessToken));
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: `Open tabs on your other devices needs the Pro plan or higher; you are on ${plan === "free" ? "Free" : "Basic"}.` });
      expect((await list(withSession(person.cookie))).statusCode).toBe(403);
      expect((await detail(device.deviceId, withSession(person.cookie))).statusCode).toBe(403);
      expect(await rowsOf(person.userId)).toBe(0);
    }
  });

  it("refuses signed-out requests, a push from a sign-in session, malformed and oversized bodies with a message", async () => {
    const ada = await account("bad@example.com");
    const laptop = await connect(ada.cookie, "Chrome on Linux");
    expect((await push(openTabsPush(1, now), {})).statusCode).toBe(401);
    expect((await list({})).statusCode).toBe(401);
    expect((await detail(laptop.deviceId, {})).statusCode).toBe(401);

    const fromWeb = await push(openTabsPush(1, now), withSession(ada.cookie));
    expect(fromWeb.statusCode).toBe(403);
    expect(fromWeb.json().message).toMatch(/connect the TabVault extension/);

    const cases: [unknown, RegExp][] = [
      [{ capturedAt: now, windows: "all of them" }, /body\.windows/],
      [{ capturedAt: -1, windows: [] }, /body\.capturedAt/],
      [{ capturedAt: now, windows: [], extra: true }, /extra/],
      [{ capturedAt: now, windows: [{ windowId: 1, tabs: [browserTab(0, { url: "javascript:alert(1)" })] }] }, /url/i],
      [{ capturedAt: now, windows: [{ windowId: 1, tabs: [browserTab(0, { title: "a\u0000b" })] }] }, /NUL/],
      [{ capturedAt: now, windows: Array.from({ length: 2 }, (_, w) => ({ windowId: w, tabs: Array.from({ length: 2_501 }, (_, i) => browserTab(i, { index: i })) })) }, /At most 5000 open tabs/],
    ];
    for (const [payload, message] of cases) {
      const refused = await push(payload, bearer(laptop.accessToken));
      expect(refused.statusCode, JSON.stringify(refused.json())).toBe(400);
      expect(refused.json().message).toMatch(message);
    }
    const notJson = await push("{not json", bearer(laptop.accessToken), { headers: { ...bearer(laptop.accessToken).headers, "content-type": "application/json" } });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toHaveProperty("message");
    const badId = await detail("not-a-uuid", withSession(ada.cookie));
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toMatch(/Not a device id/);

    const bomb = gzipSync(Buffer.alloc(200 * 1024 * 1024, " "), { level: 9 });
    const exploded = await push(bomb, bearer(laptop.accessToken), { headers: { "content-type": "application/json", "content-encoding": "gzip", ...bearer(laptop.accessToken).headers } });
    expect(exploded.statusCode).toBe(413);
    expect(exploded.json()).toHaveProperty("message");
    expect(await rowsOf(ada.userId)).toBe(0);

    // A gzip body within the limits is taken, as the extension may send one.
    const zipped = await push(gzipSync(JSON.stringify(openTabsPush(2, now))), bearer(laptop.accessToken), {
      headers: { "content-type": "application/json", "content-encoding": "gzip", ...bearer(laptop.accessToken).headers },
    });
    expect(zipped.statusCode).toBe(200);
    expect(await rowsOf(ada.userId)).toBe(1);
  });
});
