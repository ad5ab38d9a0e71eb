import { describe, expect, it } from "vitest";
import { browserSession } from "../test/backup-payloads";
import { signIn, withSession } from "../test/sign-in";
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
