import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DEVICE_AUTHORIZATION } from "@common/api/device-authorization";
import { users } from "../accounts/table";
import { bearer, pairDevice } from "../test/pair-device";
import { signIn, withSession } from "../test/sign-in";
import { useTestApp } from "../test/test-app";
import { crossOriginMessage } from "../http/same-origin";
import { decidedGraceMs } from "./authorizations";
import { deviceAuthorizations } from "./table";

describe("device authorization (RFC 8628): pairing the extension without typing a token", () => {
  let now = Date.parse("2026-11-23T10:00:00Z");
  const clock = () => new Date(now);
  const server = useTestApp({ clock });
  const extensionOrigin = { origin: "chrome-extension://abcdefghijklmnopabcdefghijklmnop", "sec-fetch-site": "cross-site" };

  const start = (payload: object = { clientName: "Chrome on Linux", platform: "chromium" }, headers: Record<string, string> = {}) =>
    server.app.inject({ method: "POST", url: "/api/device-authorizations", payload, headers, remoteAddress: `10.1.${Math.floor(now / 1000) % 250}.1` });
  const poll = (deviceCode: string, headers: Record<string, string> = {}) =>
    server.app.inject({ method: "POST", url: "/api/device-authorizations/token", payload: { deviceCode }, headers });
  const decide = (userCode: string, decision: "approve" | "deny", cookie: string) =>
    server.app.inject({ method: "POST", url: `/api/device-authorizations/${userCode}/${decision}`, ...withSession(cookie) });
  const describeCode = (userCode: string, cookie: string) =>
    server.app.inject({ method: "GET", url: `/api/device-authorizations/${userCode}`, ...withSession(cookie) });

  it("pairs: start from the extension, confirm in the browser, one poll gets a browser token exactly once", async () => {
    const { cookie } = await signIn(server.app, server.mailDir, "pair@example.com");
    const started = await start(undefined, extensionOrigin);
    expect(started.statusCode).toBe(201);
    const authorization = started.json();
    expect(authorization).toEqual({
      deviceCode: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      userCode: expect.stringMatching(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/),
      verificationUri: "/connect",
      verificationUriComplete: `/connect?code=${authorization.userCode}`,
      expiresIn: 600,
      interval: 5,
    });
    // Only the device code's hash is stored.
    const [row] = await server.database.db.select().from(deviceAuthorizations);
    expect(JSON.stringify(row)).not.toContain(authorization.deviceCode);

    const pending = await poll(authorization.deviceCode, extensionOrigin);
    expect(pending.statusCode).toBe(400);
    expect(pending.json()).toEqual({ message: expect.any(String), error: "authorization_pending", interval: 5 });

    // The person types the code in any case, with or without the dash.
    const typed = authorization.userCode.replace("-", "").toLowerCase();
    const described = await describeCode(typed, cookie);
    expect(described.statusCode).toBe(200);
    expect(described.json()).toEqual({
      userCode: authorization.userCode,
      clientName: "Chrome on Linux",
      platform: "chromium",
      scope: "browser",
      status: "pending",
      expiresAt: "2026-11-23T10:10:00.000Z",
    });
    const approved = await decide(authorization.userCode, "approve", cookie);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().status).toBe("approved");
    // Approving twice is answered as done.
    expect((await decide(authorization.userCode, "approve", cookie)).statusCode).toBe(200);

    now += 6_000;
    const granted = await poll(authorization.deviceCode, extensionOrigin);
    expect(granted.statusCode).toBe(200);
    const grant = granted.json();
    expect(grant).toEqual({
      accessToken: expect.stringMatching(/^tvd_/),
      tokenType: "Bearer",
      scope: "browser",
      deviceId: expect.any(String),
      deviceName: "Chrome on Linux",
      email: "pair@example.com",
    });
    const again = await poll(authorization.deviceCode);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe("expired_token");

    const devices = await server.app.inject({ method: "GET", url: "/api/device-tokens", ...withSession(cookie) });
    expect(devices.json()).toEqual([
      { id: grant.deviceId, name: "Chrome on Linux", scope: "browser", createdAt: new Date(now).toISOString(), lastUsedAt: null },
    ]);
    const connection = await server.app.inject({ method: "GET", url: "/api/extension/connection", ...bearer(grant.accessToken) });
    expect(connection.statusCode).toBe(200);
    expect(connection.json()).toEqual({
      deviceId: grant.deviceId,
      deviceName: "Chrome on Linux",
      email: "pair@example.com",
      planType: "free",
      backupsKept: 1,
      automaticBackups: false,
    });
  });

  it("answers slow_down with 5 s more when the device polls faster than its interval", async () => {
    const { deviceCode } = (await start()).json();
    expect((await poll(deviceCode)).json().error).toBe("authorization_pending");
    now += 2_000;
    const fast = await poll(deviceCode);
    expect(fast.statusCode).toBe(400);
    expect(fast.json()).toMatchObject({ error: "slow_down", interval: 10 });
    now += 6_000;
    expect((await poll(deviceCode)).json()).toMatchObject({ error: "slow_down", interval: 15 });
    now += 15_000;
    expect((await poll(deviceCode)).json()).toMatchObject({ error: "authorization_pending", interval: 15 });
  });

  it("expires codes after 10 minutes: the poll says expired_token, the browser cannot approve, and old rows are pruned", async () => {
    const { cookie } = await signIn(server.app, server.mailDir, "late@example.com");
    const { deviceCode, userCode } = (await start()).json();
    now += DEVICE_AUTHORIZATION.expiresInSeconds * 1000;
    expect((await describeCode(userCode, cookie)).json().status).toBe("expired");
    const approve = await decide(userCode, "approve", cookie);
    expect(approve.statusCode).toBe(409);
    expect(approve.json().message).toMatch(/expired/);
    const polled = await poll(deviceCode);
    expect(polled.statusCode).toBe(400);
    expect(polled.json().error).toBe("expired_token");

    const other = (await start()).json();
    now += DEVICE_AUTHORIZATION.expiresInSeconds * 1000 + 1;
    await start();
    const left = await server.database.db.select().from(deviceAuthorizations).where(eq(deviceAuthorizations.userCode, other.userCode.replace("-", "")));
    expect(left).toEqual([]);
  });

  it("an approval given in time waits a day for a device that was asleep, not longer", async () => {
    const { cookie } = await signIn(server.app, server.mailDir, "sleepy@example.com");
    const first = (await start()).json();
    const second = (await start()).json();
    expect((await decide(first.userCode, "approve", cookie)).statusCode).toBe(200);
    expect((await decide(second.userCode, "approve", cookie)).statusCode).toBe(200);
    now += 11 * 60_000;
    await start();
    const late = await poll(first.deviceCode);
    expect(late.statusCode).toBe(200);
    now += decidedGraceMs;
    const tooLate = await poll(second.deviceCode);
    expect(tooLate.statusCode).toBe(400);
    expect(tooLate.json().error).toBe("expired_token");
  });

  it("keeps an account to 20 devices: approval answers 409, and a device approved before the 20th was made is refused", async () => {
    const { cookie } = await signIn(server.app, server.mailDir, "many@example.com");
    const makeToken = (n: number) =>
      server.app.inject({ method: "POST", url: "/api/device-tokens", payload: { name: `Device ${n}` }, ...withSession(cookie) });
    for (let n = 0; n < 19; n++) expect((await makeToken(n)).statusCode).toBe(201);
    const late = (await start()).json();
    expect((await decide(late.userCode, "approve", cookie)).statusCode).toBe(200);
    expect((await makeToken(19)).statusCode).toBe(201);
    const refused = await poll(late.deviceCode);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: "access_denied", message: expect.stringMatching(/20 connected devices/) });
    const another = (await start()).json();
    const full = await decide(another.userCode, "approve", cookie);
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toMatch(/20 connected devices/);
  });

  it("denied: the device's poll gets access_denied and no token is made", async () => {
    const { cookie } = await signIn(server.app, server.mailDir, "deny@example.com");
    const { deviceCode, userCode } = (await start()).json();
    const denied = await decide(userCode, "deny", cookie);
    expect(denied.statusCode).toBe(200);
    expect(denied.json().status).toBe("denied");
    expect((await decide(userCode, "approve", cookie)).statusCode).toBe(409);
    now += 6_000;
    const polled = await poll(deviceCode);
    expect(polled.statusCode).toBe(400);
    expect(polled.json().error).toBe("access_denied");
    const devices = await server.app.inject({ method: "GET", url: "/api/device-tokens", ...withSession(cookie) });
    expect(devices.json()).toEqual([]);
  });

  it("someone else's decided code is not found for another account, and cannot be taken over", async () => {
    const owner = await signIn(server.app, server.mailDir, "owner-pair@example.com");
    const intruder = await signIn(server.app, server.mailDir, "intruder-pair@example.com");
    const { deviceCode, userCode } = (await start()).json();
    expect((await decide(userCode, "approve", owner.cookie)).statusCode).toBe(200);
    expect((await describeCode(userCode, intruder.cookie)).statusCode).toBe(404);
    expect((await decide(userCode, "approve", intruder.cookie)).statusCode).toBe(404);
    expect((await decide(userCode, "deny", intruder.cookie)).statusCode).toBe(404);
    now += 6_000;
    expect((await poll(deviceCode)).json().email).toBe("owner-pair@example.com");
  });

  it("needs a signed-in browser: signed out 401, any device token 403 (a token never connects another device)", async () => {
    const { cookie } = await signIn(server.app, server.mailDir, "tokens-pair@example.com");
    const browser = await pairDevice(server.app, cookie);
    const app = (
      await server.app.inject({ method: "POST", url: "/api/device-tokens", payload: { name: "Phone" }, ...withSession(cookie) })
    ).json().token as string;
    const { deviceCode, userCode } = (await start()).json();
    for (const path of [`/api/device-authorizations/${userCode}`, `/api/device-authorizations/${userCode}/approve`, `/api/device-authorizations/${userCode}/deny`]) {
      const method = path.endsWith(userCode) ? "GET" : "POST";
      expect((await server.app.inject({ method, url: path })).statusCode, `${method} ${path} signed out`).toBe(401);
      expect((await server.app.inject({ method, url: path, ...bearer(browser.accessToken) })).statusCode).toBe(403);
      expect((await server.app.inject({ method, url: path, ...bearer(app) })).statusCode).toBe(403);
    }
    now += 6_000;
    expect((await poll(deviceCode)).json().error).toBe("authorization_pending");
  });

  it("refuses a cross-site approval: it uses the session cookie, so it keeps the same-origin check", async () => {
    const { cookie } = await signIn(server.app, server.mailDir, "csrf-pair@example.com");
    const { userCode } = (await start()).json();
    const forged = await server.app.inject({
      method: "POST",
      url: `/api/device-authorizations/${userCode}/approve`,
      headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      ...withSession(cookie),
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toEqual({ message: crossOriginMessage });
  });

  it.each([
    ["no body", undefined, /body/],
    ["an empty name", { clientName: " ", platform: "chromium" }, /clientName/],
    ["an unknown platform", { clientName: "Chrome", platform: "amiga" }, /platform/],
    ["an unknown scope", { clientName: "Chrome", platform: "chromium", scope: "admin" }, /scope/],
    ["an unknown field", { clientName: "Chrome", platform: "chromium", userId: "x" }, /userId|key/i],
    ["a long name", { clientName: "x".repeat(101), platform: "chromium" }, /100 characters/],
  ])("refuses a start with %s: 400 naming the field", async (_label, payload, message) => {
    const response = await server.app.inject({ method: "POST", url: "/api/device-authorizations", ...(payload ? { payload } : {}) });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(message);
  });

  it.each(["", "ABC", "BCDF-GHJK-LMNP", "BCDF GHJ!", "x".repeat(30)])("refuses the user code %j with 400 or 404", async (code) => {
    const { cookie } = await signIn(server.app, server.mailDir, "codes@example.com");
    const response = await server.app.inject({ method: "GET", url: `/api/device-authorizations/${encodeURIComponent(code)}`, ...withSession(cookie) });
    expect([400, 404]).toContain(response.statusCode);
    expect(response.json()).toEqual({ message: expect.any(String) });
  });

  it("refuses a poll with a malformed body (400 {message}) and an unknown code (expired_token)", async () => {
    const malformed = await server.app.inject({ method: "POST", url: "/api/device-authorizations/token", payload: { deviceCode: "" } });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/deviceCode/);
    const unknown = await poll("A".repeat(43));
    expect(unknown.json()).toMatchObject({ error: "expired_token" });
  });

  it("rate-limits starts per IP", async () => {
    now += 2 * 60 * 60_000;
    const from = (n: number) =>
      server.app.inject({
        method: "POST",
        url: "/api/device-authorizations",
        payload: { clientName: `Chrome ${n}`, platform: "chromium" },
        remoteAddress: "192.0.2.7",
      });
    const answers: number[] = [];
    for (let n = 0; n < 21; n++) answers.push((await from(n)).statusCode);
    expect(answers.slice(0, 20).every((status) => status === 201)).toBe(true);
    const limited = await from(21);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/Too many connection requests/);
  });

  it("a pairing started for an app gets an app token", async () => {
    const { cookie } = await signIn(server.app, server.mailDir, "app-pair@example.com");
    await server.database.db.update(users).set({ planType: "basic" }).where(eq(users.email, "app-pair@example.com"));
    const grant = await pairDevice(server.app, cookie, { clientName: "Pixel 9", platform: "android" });
    expect(grant.scope).toBe("app");
    const connection = await server.app.inject({ method: "GET", url: "/api/extension/connection", ...bearer(grant.accessToken) });
    expect(connection.json()).toMatchObject({ planType: "basic", backupsKept: 10, automaticBackups: true });
    // A sign-in session has no device connection.
    expect((await server.app.inject({ method: "GET", url: "/api/extension/connection", ...withSession(cookie) })).statusCode).toBe(403);
    expect((await server.app.inject({ method: "GET", url: "/api/extension/connection" })).statusCode).toBe(401);
  });

  it("the server chooses the scope from the kind of device: a browser asking for the app scope is refused, nothing is stored, and /connect is told the kind's scope", async () => {
    const { cookie } = await signIn(server.app, server.mailDir, "scope-choice@example.com");
    const before = (await server.database.db.select().from(deviceAuthorizations)).length;
    for (const platform of ["chromium", "firefox", "firefox_android"] as const) {
      const asked = await start({ clientName: "Definitely the Windows app", platform, scope: "app" });
      expect(asked.statusCode, platform).toBe(400);
      expect(asked.json()).toEqual({ message: `A device of the kind "${platform}" gets a browser token: the server chooses the scope from the kind of device.` });
    }
    expect((await start({ clientName: "Laptop", platform: "windows", scope: "browser" })).statusCode).toBe(400);
    expect((await server.database.db.select().from(deviceAuthorizations)).length).toBe(before);

    // Without a scope (or with the kind's own), the kind decides, and the connect page reads it.
    for (const [platform, scope] of [
      ["firefox", "browser"],
      ["windows", "app"],
      ["android", "app"],
    ] as const) {
      const started = await start({ clientName: "Mine", platform });
      expect(started.statusCode).toBe(201);
      expect((await describeCode(started.json().userCode, cookie)).json()).toMatchObject({ platform, scope, clientName: "Mine" });
    }
    expect((await start({ clientName: "Old extension", platform: "chromium", scope: "browser" })).statusCode).toBe(201);
  });

  it("a device's name is one line of at most 100 characters: hostile names are refused with a message", async () => {
    for (const [clientName, message] of [
      ["Chrome\n\nTabVault security: approve to keep your account", /one line/],
      ["Tab\u0000Vault", /NUL/],
      ["x".repeat(101), /at most 100 characters/],
      ["   ", /Name the device/],
    ] as const) {
      const response = await start({ clientName, platform: "chromium" });
      expect(response.statusCode, JSON.stringify(clientName)).toBe(400);
      expect(response.json().message).toMatch(message);
    }
    expect((await start({ clientName: "Chrome", platform: "chromium", scope: "everything" })).statusCode).toBe(400);
  });
});
