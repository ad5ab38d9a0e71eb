import { describe, expect, it } from "vitest";
import { browserSession } from "../test/backup-payloads";
import { pairDevice } from "../test/pair-device";
import { signIn, withSession } from "../test/sign-in";
import { DEVICE_TOKEN_IDLE_DAYS } from "@common/product";
import { testAdminEmail, useTestApp } from "../test/test-app";

describe("device tokens for the Windows and Android apps", () => {
  const server = useTestApp();
  const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

  it("are created in the browser, shown once, used by the app, and refused after revocation", async () => {
    const { cookie } = await signIn(server.app, server.mailDir, "dev@example.com");
    const created = await server.app.inject({ method: "POST", url: "/api/device-tokens", payload: { name: "Pixel 9" }, ...withSession(cookie) });
    expect(created.statusCode).toBe(201);
    const { token, deviceToken } = created.json();
    expect(token).toMatch(/^tvd_[A-Za-z0-9_-]{43}$/);
    expect(deviceToken).toEqual({ id: expect.any(String), name: "Pixel 9", scope: "app", createdAt: expect.any(String), lastUsedAt: null });

    const listed = (await server.app.inject({ method: "GET", url: "/api/device-tokens", ...withSession(cookie) })).json();
    expect(listed).toEqual([deviceToken]);
    expect(JSON.stringify(listed)).not.toContain(token);

    const backup = await server.app.inject({
      method: "POST",
      url: "/api/protection/android-clear-all",
      payload: { userEmail: "dev@example.com", browserSession: browserSession(2) },
      ...bearer(token),
    });
    expect(backup.statusCode).toBe(201);
    const status = await server.app.inject({ method: "GET", url: "/api/protection/status/dev@example.com", ...bearer(token) });
    expect(status.json()).toMatchObject({ isActive: true, sessionCount: 1 });
    const used = (await server.app.inject({ method: "GET", url: "/api/device-tokens", ...withSession(cookie) })).json();
    expect(used[0].lastUsedAt).not.toBeNull();

    const revoked = await server.app.inject({ method: "DELETE", url: `/api/device-tokens/${deviceToken.id}`, ...withSession(cookie) });
    expect(revoked.statusCode).toBe(204);
    const after = await server.app.inject({ method: "GET", url: "/api/protection/status/dev@example.com", ...bearer(token) });
    expect(after.statusCode).toBe(401);
  });

  it("cannot pay, change the profile or see the subscription: those need the browser; reading who it is still works", async () => {
    const { cookie } = await signIn(server.app, server.mailDir, "app-payer@example.com");
    const { token } = (await server.app.inject({ method: "POST", url: "/api/device-tokens", payload: { name: "Phone" }, ...withSession(cookie) })).json();
    const started = await server.app.inject({ method: "POST", url: "/api/create-payment-intent", payload: { amount: 8, planType: "basic" }, ...withSession(cookie) });
    const card = { number: "4242424242424242", expMonth: 12, expYear: 2034, cvc: "123" };
    for (const [method, url, payload] of [
      ["PATCH", "/api/auth/user", { firstName: "Mallory" }],
      ["POST", "/api/create-payment-intent", { amount: 8, planType: "basic" }],
      ["POST", "/api/create-payment-intent", { amount: 8, planType: "basic", email: "someone@example.com" }],
      ["POST", "/api/create-subscription", { planType: "pro" }],
      ["GET", "/api/subscription", undefined],
      ["POST", "/api/subscription/cancel", undefined],
      ["POST", "/api/sandbox/confirm", { clientSecret: started.json().clientSecret, card }],
    ] as const) {
      const response = await server.app.inject({ method, url, ...(payload ? { payload } : {}), ...bearer(token) });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json(), `${method} ${url}`).toEqual({ message: "Forbidden: sign in on the website to do this" });
    }
    const me = await server.app.inject({ method: "GET", url: "/api/auth/user", ...bearer(token) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: "app-payer@example.com", firstName: null, planType: "free" });
    // A token that is not one is nobody, also where no account is needed.
    const unknown = await server.app.inject({ method: "POST", url: "/api/create-payment-intent", payload: { amount: 8, planType: "basic", email: "x@example.com" }, ...bearer("tvd_unknown") });
    expect(unknown.statusCode).toBe(401);
  });

  it("cannot manage tokens or reach admin endpoints", async () => {
    const { cookie } = await signIn(server.app, server.mailDir, testAdminEmail);
    const { token } = (
      await server.app.inject({ method: "POST", url: "/api/device-tokens", payload: { name: "Laptop" }, ...withSession(cookie) })
    ).json();
    expect((await server.app.inject({ method: "GET", url: "/api/device-tokens", ...bearer(token) })).statusCode).toBe(403);
    expect((await server.app.inject({ method: "GET", url: "/api/admin/logs", ...bearer(token) })).statusCode).toBe(403);
    expect((await server.app.inject({ method: "GET", url: "/api/admin/logs", ...withSession(cookie) })).statusCode).toBe(200);
  });

  it.each(["tvd_forged", "not-a-token", "", "tvd_" + "A".repeat(43)])("refuses the bearer token %j with 401", async (token) => {
    const response = await server.app.inject({ method: "GET", url: "/api/saved-sessions", headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode).toBe(401);
  });

  it("cannot revoke another account's token: 404", async () => {
    const owner = await signIn(server.app, server.mailDir, "owner@example.com");
    const { deviceToken } = (
      await server.app.inject({ method: "POST", url: "/api/device-tokens", payload: { name: "Phone" }, ...withSession(owner.cookie) })
    ).json();
    const other = await signIn(server.app, server.mailDir, "intruder@example.com");
    const response = await server.app.inject({ method: "DELETE", url: `/api/device-tokens/${deviceToken.id}`, ...withSession(other.cookie) });
    expect(response.statusCode).toBe(404);
  });

  it.each([[{}], [{ name: "" }], [{ name: "x".repeat(101) }], [{ name: "ok", scope: "admin" }]])("refuses %j with 400", async (payload) => {
    const { cookie } = await signIn(server.app, server.mailDir, "dev2@example.com");
    const response = await server.app.inject({ method: "POST", url: "/api/device-tokens", payload, ...withSession(cookie) });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^body/);
  });
});

describe("a device token left unused expires", () => {
  let now = Date.parse("2026-11-23T10:00:00Z");
  const server = useTestApp({ clock: () => new Date(now) });
  const day = 24 * 60 * 60_000;
  const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

  it(`after ${DEVICE_TOKEN_IDLE_DAYS} days without use; each use starts the period again`, async () => {
    const { cookie } = await signIn(server.app, server.mailDir, "idle@example.com");
    const make = async (name: string) =>
      (await server.app.inject({ method: "POST", url: "/api/device-tokens", payload: { name }, ...withSession(cookie) })).json<{ token: string }>().token;
    const used = await make("Used phone");
    const forgotten = await make("Forgotten tablet");
    const stats = (token: string) => server.app.inject({ method: "GET", url: "/api/user/stats", ...bearer(token) });

    now += (DEVICE_TOKEN_IDLE_DAYS - 1) * day;
    expect((await stats(used)).statusCode).toBe(200);
    now += 2 * day;
    expect((await stats(used)).statusCode).toBe(200);
    expect((await stats(forgotten)).statusCode).toBe(401);
    // The dashboard (signed in again: a session lasts 30 days) lists only the tokens that still work.
    const { cookie: fresh } = await signIn(server.app, server.mailDir, "idle@example.com");
    const listed = (await server.app.inject({ method: "GET", url: "/api/device-tokens", ...withSession(fresh) })).json<{ name: string }[]>();
    expect(listed.map((token) => token.name)).toEqual(["Used phone"]);

    now += DEVICE_TOKEN_IDLE_DAYS * day + 1000;
    expect((await stats(used)).statusCode).toBe(401);
  });
});

describe("sign out everywhere", () => {
  const server = useTestApp();
  const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

  it("ends every sign-in session and revokes every device token and approved connection of the account, and no one else's", async () => {
    const email = "everywhere@example.com";
    const laptop = (await signIn(server.app, server.mailDir, email)).cookie;
    const phone = (await signIn(server.app, server.mailDir, email)).cookie;
    const appToken = (await server.app.inject({ method: "POST", url: "/api/device-tokens", payload: { name: "Phone app" }, ...withSession(laptop) })).json().token as string;
    const { accessToken: browserToken } = await pairDevice(server.app, laptop);
    // A connection approved whose device has not collected its token yet.
    const started = await server.app.inject({ method: "POST", url: "/api/device-authorizations", payload: { clientName: "Firefox on Mac", platform: "firefox" } });
    const { deviceCode, userCode } = started.json<{ deviceCode: string; userCode: string }>();
    await server.app.inject({ method: "POST", url: `/api/device-authorizations/${userCode}/approve`, ...withSession(laptop) });
    const bystander = (await signIn(server.app, server.mailDir, "bystander@example.com")).cookie;

    // Only the browser may do it, not a device.
    expect((await server.app.inject({ method: "POST", url: "/api/auth/sign-out-everywhere", ...bearer(appToken) })).statusCode).toBe(403);
    expect((await server.app.inject({ method: "POST", url: "/api/auth/sign-out-everywhere" })).statusCode).toBe(401);

    const response = await server.app.inject({ method: "POST", url: "/api/auth/sign-out-everywhere", ...withSession(laptop) });
    expect(response.statusCode).toBe(204);
    expect(response.cookies.find((c) => c.name === "tabvault_session")?.value).toBe("");

    const me = (auth: object) => server.app.inject({ method: "GET", url: "/api/auth/user", ...auth });
    expect((await me(withSession(laptop))).statusCode).toBe(401);
    expect((await me(withSession(phone))).statusCode).toBe(401);
    expect((await me(bearer(appToken))).statusCode).toBe(401);
    expect((await server.app.inject({ method: "GET", url: "/api/extension/connection", ...bearer(browserToken) })).statusCode).toBe(401);
    const late = await server.app.inject({ method: "POST", url: "/api/device-authorizations/token", payload: { deviceCode } });
    expect(late.json().error).toBe("expired_token");
    expect((await me(withSession(bystander))).statusCode).toBe(200);
  });
});
