import { describe, expect, it } from "vitest";
import { signIn, withSession } from "../test/sign-in";
import { useTestApp } from "../test/test-app";
import { crossOriginMessage } from "./same-origin";

describe("cross-site writes are refused (CSRF)", () => {
  const server = useTestApp();
  let victim: Promise<{ cookie: string }> | undefined;
  const signInVictim = () => (victim ??= signIn(server.app, server.mailDir, "victim@example.com"));

  const patchName = (headers: Record<string, string>, cookie: string) =>
    server.app.inject({
      method: "PATCH",
      url: "/api/auth/user",
      payload: { firstName: "Mallory" },
      headers,
      ...withSession(cookie),
    });

  it.each([
    ["another Origin", { origin: "https://evil.example" }],
    ["an opaque Origin", { origin: "null" }],
    ["a look-alike Origin", { origin: "http://localhost:3000.evil.example" }],
    ["another Referer without Origin", { referer: "https://evil.example/page" }],
    ["Sec-Fetch-Site cross-site", { "sec-fetch-site": "cross-site" }],
    ["Sec-Fetch-Site same-site (a sibling subdomain)", { "sec-fetch-site": "same-site", origin: "http://localhost:3000" }],
  ])("refuses a signed-in PATCH with %s and changes nothing", async (_label, headers) => {
    const { cookie } = await signInVictim();
    const response = await patchName(headers, cookie);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: crossOriginMessage });
    const me = await server.app.inject({ method: "GET", url: "/api/auth/user", ...withSession(cookie) });
    expect(me.json().firstName).toBeNull();
  });

  it("refuses a cross-site POST that would send mail", async () => {
    const response = await server.app.inject({
      method: "POST",
      url: "/api/capture-email",
      payload: { email: "target@example.com", source: "email_signup_modal" },
      headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    });
    expect(response.statusCode).toBe(403);
  });

  it.each([
    ["the site's own Origin", { origin: "http://localhost:3000", "sec-fetch-site": "same-origin" }],
    ["the site's own Referer", { referer: "http://localhost:3000/" }],
    ["the request's own host as Origin", { origin: "http://127.0.0.1:3000", host: "127.0.0.1:3000" }],
    ["no browser headers (the device apps)", {}],
  ])("accepts %s", async (_label, headers) => {
    const { cookie } = await signInVictim();
    const response = await patchName(headers, cookie);
    expect(response.statusCode).toBe(200);
  });

  let encodedVictim: Promise<{ cookie: string }> | undefined;
  it.each(["/%61pi/auth/user", "/%61%70%69/auth/user", "/ap%69/auth/user", "/api/auth/%75ser", "//api/auth/user", "/api//auth/user"])(
    "checks a write whatever the raw path: PATCH %s from another site is refused",
    async (url) => {
      const { cookie } = await (encodedVictim ??= signIn(server.app, server.mailDir, "encoded-victim@example.com"));
      const response = await server.app.inject({
        method: "PATCH",
        url,
        payload: { firstName: "Mallory" },
        headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
        ...withSession(cookie),
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: crossOriginMessage });
      const me = await server.app.inject({ method: "GET", url: "/api/auth/user", ...withSession(cookie) });
      expect(me.json().firstName).toBeNull();
    },
  );

  it("still lets the exempt endpoints through when their path is written encoded", async () => {
    const response = await server.app.inject({
      method: "POST",
      url: "/api/device-%61uthorizations",
      payload: { clientName: "Chrome on Linux", platform: "chromium" },
      headers: { origin: "chrome-extension://abcdefghijklmnop" },
    });
    expect(response.statusCode).toBe(201);
  });

  it("leaves reads alone", async () => {
    const response = await server.app.inject({ method: "GET", url: "/api/health", headers: { origin: "https://evil.example" } });
    expect(response.statusCode).toBe(200);
  });
});
