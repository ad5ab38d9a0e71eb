import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openSignInLink, signInLinkFromMail } from "../test/sign-in";
import { buildTestApp, createTestMailer } from "../test/test-app";
import { createTestDatabase, type TestDatabase } from "../test/test-database";

/** One app over http and one over https (behind a TLS-terminating proxy), with a built client. */
describe("response headers and cookie flags", () => {
  let clientDir: string;
  let database: TestDatabase;
  const outbox = createTestMailer();
  let http: FastifyInstance;
  let https: FastifyInstance;
  beforeAll(async () => {
    clientDir = mkdtempSync(join(tmpdir(), "tabvault-headers-"));
    writeFileSync(join(clientDir, "index.html"), "<!doctype html><title>TabVault</title>");
    database = await createTestDatabase();
    const deps = { database: database.db, mailer: outbox.mailer, clientDir };
    http = await buildTestApp(deps);
    https = await buildTestApp(deps, { publicUrl: "https://tabvault.example", trustProxy: true });
  });
  afterAll(async () => {
    await http?.close();
    await https?.close();
    await database?.close();
    await outbox.remove();
    rmSync(clientDir, { recursive: true, force: true });
  });

  /** A page, a JSON answer, an error and a redirect: every kind of response the server sends. */
  const kinds = [
    { name: "page", url: "/dashboard", headers: { accept: "text/html" } },
    { name: "JSON", url: "/api/health", headers: {} },
    { name: "error", url: "/api/nothing-here", headers: {} },
    { name: "redirect", url: "/api/logout", headers: {} },
  ];

  it("sends the CSP, nosniff and frame protection on every kind of response", async () => {
    for (const kind of kinds) {
      const response = await http.inject({ method: "GET", url: kind.url, headers: kind.headers });
      const csp = String(response.headers["content-security-policy"]);
      const directives = Object.fromEntries(csp.split(";").map((part) => part.trim().split(/\s+/)).map(([name, ...values]) => [name, values.join(" ")]));
      expect(directives, kind.name).toMatchObject({
        "default-src": "'self'",
        "script-src": "'self' https://js.stripe.com",
        "connect-src": "'self' https://api.stripe.com",
        "frame-src": "https://js.stripe.com https://hooks.stripe.com",
        "object-src": "'none'",
        "base-uri": "'self'",
        "form-action": "'self'",
        "frame-ancestors": "'none'",
      });
      expect(response.headers["x-content-type-options"], kind.name).toBe("nosniff");
      expect(response.headers["x-frame-options"], kind.name).toBe("DENY");
      expect(response.headers["referrer-policy"], kind.name).toBe("no-referrer");
    }
  });

  it("sends HSTS only when PUBLIC_URL is https", async () => {
    for (const kind of kinds) {
      const plain = await http.inject({ method: "GET", url: kind.url, headers: kind.headers });
      expect(plain.headers["strict-transport-security"], kind.name).toBeUndefined();
      const secure = await https.inject({ method: "GET", url: kind.url, headers: { ...kind.headers, "x-forwarded-proto": "https" } });
      expect(secure.headers["strict-transport-security"], kind.name).toBe("max-age=31536000; includeSubDomains");
    }
  });

  /** The raw Set-Cookie of the session, as the browser receives it. */
  async function sessionCookieAt(app: FastifyInstance, email: string, headers: Record<string, string>): Promise<string> {
    await app.inject({ method: "GET", url: `/api/login?email=${email}`, headers });
    const callback = await openSignInLink(app, await signInLinkFromMail(outbox.mailDir, email), { headers });
    return setCookies(callback).find((cookie) => cookie.startsWith("tabvault_session=")) ?? "";
  }
  const setCookies = (response: LightMyRequestResponse) => [response.headers["set-cookie"] ?? []].flat();
  const attributes = (cookie: string) => cookie.split(";").slice(1).map((part) => part.trim().toLowerCase());

  it("sets the session cookie HttpOnly, SameSite=Lax, on /api only, and not Secure over http", async () => {
    const cookie = await sessionCookieAt(http, "cookie-http@example.com", {});
    const flags = attributes(cookie);
    expect(flags).toEqual(expect.arrayContaining(["httponly", "samesite=lax", "path=/api"]));
    expect(flags).not.toContain("secure");
    expect(flags.some((flag) => flag.startsWith("expires="))).toBe(true);
    expect(flags.some((flag) => flag.startsWith("domain="))).toBe(false);
  });

  it("sets it Secure too when PUBLIC_URL is https", async () => {
    const cookie = await sessionCookieAt(https, "cookie-https@example.com", { "x-forwarded-proto": "https" });
    expect(attributes(cookie)).toEqual(expect.arrayContaining(["httponly", "samesite=lax", "path=/api", "secure"]));
  });

  it("clears the cookie on the same path at sign-out", async () => {
    const cookie = await sessionCookieAt(http, "cookie-out@example.com", {});
    const out = await http.inject({ method: "GET", url: "/api/logout", headers: { cookie: cookie.split(";")[0]! } });
    const cleared = setCookies(out).find((value) => value.startsWith("tabvault_session=")) ?? "";
    expect(cleared).toMatch(/^tabvault_session=;/);
    expect(attributes(cleared)).toEqual(expect.arrayContaining(["path=/api", "expires=thu, 01 jan 1970 00:00:00 gmt"]));
  });
});
