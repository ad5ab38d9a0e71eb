import { readdir } from "node:fs/promises";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { crossOriginMessage } from "../http/same-origin";
import { browserBackup } from "../test/backup-payloads";
import { arrangeResources, endpointExamples, exampleInjection, routeKey, useAppWithStripe } from "../test/endpoint-catalogue";
import { bearer, pairDevice } from "../test/pair-device";
import { signIn, withSession } from "../test/sign-in";
import { useTestApp } from "../test/test-app";
import { appTokenReach, type AppTokenArea, browserTokenReach, type BrowserTokenArea } from "@common/device-token-reach";
import { browserScopeRefusal, browserScopeRoutes, browserScopeRoutesByArea } from "./token-scopes";

/** A contract as `defineEndpoint` makes it: a method, a path and the answers it may give. */
function isContract(value: unknown): boolean {
  return typeof value === "object" && value !== null && "method" in value && "path" in value && "responses" in value;
}

describe("scoped device tokens: the extension's browser token reaches backups and protection only", () => {
  let now = Date.parse("2026-11-23T10:00:00Z");
  const clock = () => new Date(now);
  const server = useTestApp({ clock });
  const stripeTwin = useAppWithStripe(server, clock);
  const allowed = new Set(browserScopeRoutes.map((route) => `${route.method} ${route.path}`));

  it("names every route by its contract from common/api, never by a method and path written again", async () => {
    const contracts = new Set<unknown>();
    const folder = new URL("../../common/api/", import.meta.url);
    for (const file of await readdir(folder)) {
      if (!file.endsWith(".ts") || file.endsWith(".test.ts")) continue;
      const module = (await import(new URL(file, folder).href)) as Record<string, unknown>;
      for (const exported of Object.values(module)) if (isContract(exported)) contracts.add(exported);
    }
    expect(browserScopeRoutes.filter((route) => !contracts.has(route))).toEqual([]);
  });

  it("names only routes that exist", () => {
    const registered = new Set(server.app.routeTable.map(routeKey));
    expect([...allowed].filter((key) => !registered.has(key))).toEqual([]);
  });

  it("walks every route with a browser token: allowed ⇔ in the list, everything else 403 with a message", async () => {
    const resources = await arrangeResources(server.app, server.mailDir, server.database.db, "scopes@example.com");
    const { accessToken } = await pairDevice(server.app, resources.ownerCookie);
    const examples = endpointExamples(resources);
    const targets: { app: FastifyInstance; method: string; url: string }[] = [
      ...server.app.routeTable.map((route) => ({ app: server.app, ...route })),
      ...stripeTwin.app.routeTable.filter((route) => route.url.includes("stripe")).map((route) => ({ app: stripeTwin.app, ...route })),
    ];
    // Deleting runs last, so A's backup is there for the routes that read it.
    targets.sort((a, b) => Number(a.method === "DELETE") - Number(b.method === "DELETE"));
    const wrong: string[] = [];
    for (const { app, method, url } of targets) {
      now += 16 * 60_000;
      const key = routeKey({ method, url });
      const example = examples[key];
      if (!example) throw new Error(`no example for ${key}`);
      const injection = exampleInjection({ method, url }, example);
      const response = await app.inject({ ...injection, headers: { ...injection.headers, ...bearer(accessToken).headers } });
      const refused = response.statusCode === 403 && response.json().message === browserScopeRefusal(method, url).message;
      if (allowed.has(key)) {
        if (response.statusCode >= 400) wrong.push(`${key} is allowed but answered ${response.statusCode} ${response.body.slice(0, 120)}`);
      } else if (!refused) {
        wrong.push(`${key} is not allowed but answered ${response.statusCode} ${response.body.slice(0, 120)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("groups every allowed route under a sentence /connect shows, and every sentence has its routes (decision 215)", () => {
    for (const [area, routes] of Object.entries(browserScopeRoutesByArea)) {
      expect(routes.length, area).toBeGreaterThan(0);
      expect(browserTokenReach[area as BrowserTokenArea], area).toMatch(/\.$/);
    }
    expect(Object.keys(browserScopeRoutesByArea).sort()).toEqual(Object.keys(browserTokenReach).sort());
  });

  it("an app's token reaches exactly what /connect says it does: every account route walked with it, reached ⇔ under one of its sentences", async () => {
    const resources = await arrangeResources(server.app, server.mailDir, server.database.db, "app-reach@example.com");
    const { accessToken, scope } = await pairDevice(server.app, resources.ownerCookie, { clientName: "Pixel 9", platform: "android" });
    expect(scope).toBe("app");
    const examples = endpointExamples(resources);
    const said: Record<AppTokenArea, string[]> = {
      backups: [
        "POST /api/browser-backups",
        "GET /api/browser-backups/:id",
        "GET /api/saved-sessions",
        "POST /api/saved-sessions",
        "GET /api/saved-sessions/:id",
        "GET /api/saved-sessions/:id/overview",
        "GET /api/saved-sessions/:id/tabs",
        // A device's timeline reads its backups' tabs (decision 222): "read every one".
        "GET /api/saved-sessions/:id/moments",
        "GET /api/saved-sessions/:id/changes",
        "POST /api/restore-session/:id",
        "DELETE /api/saved-sessions/:id",
        "POST /api/protection/android-clear-all",
        "POST /api/protection/windows-x-button",
        "POST /api/protection/restore-session",
      ],
      openTabs: ["PUT /api/open-tabs", "GET /api/open-tabs", "GET /api/open-tabs/:deviceId"],
      teamShares: ["GET /api/team/shared-sessions/:id"],
      protection: [
        "GET /api/protection/settings",
        "PUT /api/protection/settings",
        "POST /api/protection/toggle",
        "POST /api/protection/log-blocked",
        "GET /api/protection/blocked-attempts",
        "POST /api/user/protection-event",
        "GET /api/user/stats",
        "GET /api/protection/status/:userEmail",
      ],
      automation: ["GET /api/automation/rules"],
      encryptionKey: ["GET /api/account/encryption"],
      connection: ["GET /api/extension/connection", "GET /api/auth/user"],
      analytics: ["GET /api/user/analytics", "GET /api/user/history-report", "GET /api/user/history-report.csv", "GET /api/saved-sessions/:id/summary"],
    };
    expect(Object.keys(said).sort()).toEqual(Object.keys(appTokenReach).sort());
    const promised = new Set(Object.values(said).flat());

    const routes = [...server.app.routeTable].sort((a, b) => Number(a.method === "DELETE") - Number(b.method === "DELETE"));
    const reached: string[] = [];
    for (const route of routes) {
      now += 16 * 60_000;
      const key = routeKey(route);
      const example = examples[key];
      if (!example) throw new Error(`no example for ${key}`);
      const injection = exampleInjection(route, example);
      // Only the account's routes: one that answers a signed-out caller is public, whoever asks.
      if ((await server.app.inject(injection)).statusCode !== 401) continue;
      const response = await server.app.inject({ ...injection, headers: { ...injection.headers, ...bearer(accessToken).headers } });
      if (response.statusCode !== 401 && response.statusCode !== 403) reached.push(key);
    }
    expect(reached.sort()).toEqual([...promised].sort());
  }, 120_000);

  it("refuses payments, profile, tokens and admin with a message, and changes nothing", async () => {
    const { cookie } = await signIn(server.app, server.mailDir, "narrow@example.com");
    const { accessToken } = await pairDevice(server.app, cookie);
    const profile = await server.app.inject({ method: "PATCH", url: "/api/auth/user", payload: { firstName: "Mallory" }, ...bearer(accessToken) });
    expect(profile.statusCode).toBe(403);
    expect(profile.json().message).toMatch(/^This device's token cannot use PATCH \/api\/auth\/user/);
    const me = await server.app.inject({ method: "GET", url: "/api/auth/user", ...withSession(cookie) });
    expect(me.json().firstName).toBeNull();
    for (const [method, url, payload] of [
      ["GET", "/api/auth/user", undefined],
      ["POST", "/api/device-tokens", { name: "Another" }],
      ["GET", "/api/device-tokens", undefined],
      ["POST", "/api/create-subscription", { planType: "pro" }],
      ["GET", "/api/subscription", undefined],
      ["GET", "/api/admin/logs", undefined],
      ["POST", "/api/protection/android-clear-all", { userEmail: "narrow@example.com", browserSession: { tabs: [] } }],
    ] as const) {
      const response = await server.app.inject({ method, url, ...(payload ? { payload } : {}), ...bearer(accessToken) });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json()).toEqual(browserScopeRefusal(method, url));
    }
    // HEAD is GET's twin: refused the same way.
    expect((await server.app.inject({ method: "HEAD", url: "/api/auth/user", ...bearer(accessToken) })).statusCode).toBe(403);
    // An app's token keeps the rights it had.
    const { token } = (await server.app.inject({ method: "POST", url: "/api/device-tokens", payload: { name: "Phone" }, ...withSession(cookie) })).json();
    expect((await server.app.inject({ method: "GET", url: "/api/auth/user", ...bearer(token) })).statusCode).toBe(200);
  });

  it("shows each device with its scope and last use on the dashboard, and a revoked browser token stops working", async () => {
    const { cookie } = await signIn(server.app, server.mailDir, "devices@example.com");
    const { accessToken, deviceId } = await pairDevice(server.app, cookie, { clientName: "Firefox on Windows", platform: "firefox" });
    const upload = await server.app.inject({ method: "POST", url: "/api/browser-backups", payload: browserBackup(2, { trigger: "clear_all_detected" }), ...bearer(accessToken) });
    expect(upload.statusCode).toBe(201);
    const listed = (await server.app.inject({ method: "GET", url: "/api/device-tokens", ...withSession(cookie) })).json();
    expect(listed).toEqual([{ id: deviceId, name: "Firefox on Windows", scope: "browser", createdAt: expect.any(String), lastUsedAt: new Date(now).toISOString() }]);
    expect((await server.app.inject({ method: "DELETE", url: `/api/device-tokens/${deviceId}`, ...withSession(cookie) })).statusCode).toBe(204);
    const after = await server.app.inject({ method: "GET", url: "/api/extension/connection", ...bearer(accessToken) });
    expect(after.statusCode).toBe(401);
  });
});

describe("the same-origin check and Bearer tokens", () => {
  const server = useTestApp();
  const crossSite = { origin: "chrome-extension://abcdefghijklmnopabcdefghijklmnop", "sec-fetch-site": "cross-site" };

  it("lets a Bearer request without a cookie through: no other site can make a browser send one", async () => {
    const { cookie } = await signIn(server.app, server.mailDir, "extension@example.com");
    const { accessToken } = await pairDevice(server.app, cookie);
    const response = await server.app.inject({
      method: "POST",
      url: "/api/browser-backups",
      payload: browserBackup(2, { trigger: "clear_all_detected" }),
      headers: { ...crossSite, authorization: `Bearer ${accessToken}` },
    });
    expect(response.statusCode).toBe(201);
  });

  it("keeps the check for a request that carries a cookie, with or without a Bearer token", async () => {
    const { cookie } = await signIn(server.app, server.mailDir, "both@example.com");
    const { accessToken } = await pairDevice(server.app, cookie);
    const withBoth = await server.app.inject({
      method: "POST",
      url: "/api/browser-backups",
      payload: browserBackup(2),
      headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site", authorization: `Bearer ${accessToken}` },
      ...withSession(cookie),
    });
    expect(withBoth.statusCode).toBe(403);
    expect(withBoth.json()).toEqual({ message: crossOriginMessage });
    const cookieOnly = await server.app.inject({
      method: "POST",
      url: "/api/browser-backups",
      payload: browserBackup(2),
      headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      ...withSession(cookie),
    });
    expect(cookieOnly.statusCode).toBe(403);
    // Any cookie at all, not only the session's, keeps the check: the rule stays simple.
    const otherCookie = await server.app.inject({
      method: "POST",
      url: "/api/browser-backups",
      payload: browserBackup(2),
      headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site", authorization: `Bearer ${accessToken}`, cookie: "theme=dark" },
    });
    expect(otherCookie.statusCode).toBe(403);
  });

  it("lets the extension start and poll a pairing from its own origin, with no token yet", async () => {
    const started = await server.app.inject({
      method: "POST",
      url: "/api/device-authorizations",
      payload: { clientName: "Chrome on Linux", platform: "chromium" },
      headers: crossSite,
    });
    expect(started.statusCode).toBe(201);
    const polled = await server.app.inject({
      method: "POST",
      url: "/api/device-authorizations/token",
      payload: { deviceCode: started.json().deviceCode },
      headers: crossSite,
    });
    expect(polled.json().error).toBe("authorization_pending");
  });
});
