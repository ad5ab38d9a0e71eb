import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { latestMailTo, readOutbox } from "../test/mail-outbox";
import { confirmationToken, openSignInLink, sessionCookieOf, signIn, signInLinkFromMail, withSession } from "../test/sign-in";
import { useTestApp } from "../test/test-app";
import { signInTokens, userSessions, users } from "./table";
import { tokenDigest } from "./secret-token";

/** A clock the test moves forward, to expire links without waiting. */
function fakeClock(start = new Date("2026-11-23T10:00:00Z")) {
  let now = start.getTime();
  return {
    clock: () => new Date(now),
    advance(ms: number) {
      now += ms;
    },
  };
}

describe("sign-in by email link", () => {
  const time = fakeClock();
  const server = useTestApp({ clock: time.clock });

  const login = (query: string, headers: Record<string, string> = {}) =>
    server.app.inject({ method: "GET", url: `/api/login?${query}`, headers });

  it("mails a link, and the link signs the person in and verifies the address", async () => {
    const response = await login("email=%20New.Person@Example.COM%20");
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe("/check-email?email=new.person%40example.com");

    const mail = await latestMailTo(server.mailDir, "new.person@example.com");
    expect(mail?.subject).toMatch(/sign in/i);
    const link = await signInLinkFromMail(server.mailDir, "new.person@example.com");
    expect(link).toMatch(/^\/api\/auth\/callback\?token=[A-Za-z0-9_-]{43}$/);

    const callback = await openSignInLink(server.app, link);
    expect(callback.statusCode).toBe(200);
    expect(callback.json()).toEqual({ next: "/" });
    const cookie = callback.cookies.find((c) => c.name === "tabvault_session");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/api" });
    expect(cookie?.secure).toBeFalsy();

    const me = await server.app.inject({ method: "GET", url: "/api/auth/user", ...withSession(cookie!.value) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      email: "new.person@example.com",
      firstName: null,
      lastName: null,
      profileImageUrl: null,
      isAdmin: false,
      planType: "free",
      planExpiresAt: null,
      emailVerified: true,
      firstSignIn: true,
      createdAt: expect.any(String),
      team: null,
    });
  });

  it("opening the link signs nobody in: it asks 'Sign in as …?', and only the confirmation signs in", async () => {
    await login("email=careful@example.com");
    const link = await signInLinkFromMail(server.mailDir, "careful@example.com");
    const opened = await server.app.inject({ method: "GET", url: link });
    expect(opened.statusCode).toBe(303);
    expect(sessionCookieOf(opened)).toBeUndefined();
    const token = confirmationToken(opened);
    expect(opened.headers.location).toBe(`/sign-in/confirm#token=${token}`);
    expect(token).toBe(new URL(link, "http://x").searchParams.get("token"));

    // The screen asks which account; asking spends nothing, so it can be asked again.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const described = await server.app.inject({ method: "POST", url: "/api/auth/sign-in-link", payload: { token } });
      expect(described.statusCode).toBe(200);
      expect(described.json()).toEqual({ email: "careful@example.com" });
      expect(sessionCookieOf(described)).toBeUndefined();
    }
    const [before] = await server.database.db.select().from(users).where(eq(users.email, "careful@example.com"));
    expect(before?.emailVerifiedAt).toBeNull();

    const confirmed = await server.app.inject({ method: "POST", url: "/api/auth/callback", payload: { token } });
    expect(confirmed.statusCode).toBe(200);
    expect(sessionCookieOf(confirmed)).toBeDefined();
    const spent = await server.app.inject({ method: "POST", url: "/api/auth/sign-in-link", payload: { token } });
    expect(spent.statusCode).toBe(404);
    expect(spent.json().message).toMatch(/expired or was already used/);
  });

  it("another site cannot confirm a link for the visitor (sign-in CSRF): the POST is refused, the link stays unused", async () => {
    await login("email=attacker@example.com");
    const link = await signInLinkFromMail(server.mailDir, "attacker@example.com");
    const token = new URL(link, "http://x").searchParams.get("token")!;
    for (const headers of [
      { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      { referer: "https://evil.example/page" },
      { "sec-fetch-site": "same-site", origin: "https://sub.localhost" },
    ]) {
      for (const url of ["/api/auth/callback", "/api/auth/sign-in-link"]) {
        const forged = await server.app.inject({ method: "POST", url, payload: { token }, headers });
        expect(forged.statusCode).toBe(403);
        expect(sessionCookieOf(forged)).toBeUndefined();
      }
    }
    const own = await server.app.inject({
      method: "POST",
      url: "/api/auth/callback",
      payload: { token },
      headers: { origin: "http://localhost:3000", "sec-fetch-site": "same-origin" },
    });
    expect(own.statusCode).toBe(200);
  });

  it.each([
    ["no token", {}],
    ["an empty token", { token: "" }],
    ["a token of the wrong shape", { token: "short" }],
    ["an unknown token", { token: "A".repeat(43) }],
    ["a NUL character", { token: `${"A".repeat(42)}\u0000` }],
    ["another field", { token: "A".repeat(43), next: "/admin" }],
  ])("confirming with %s is a 4xx with a message and signs nobody in", async (_label, payload) => {
    for (const url of ["/api/auth/callback", "/api/auth/sign-in-link"]) {
      const response = await server.app.inject({ method: "POST", url, payload });
      expect([400, 404]).toContain(response.statusCode);
      expect(response.json()).toEqual({ message: expect.any(String) });
      expect(sessionCookieOf(response)).toBeUndefined();
    }
  });

  it("stores only a digest of the token and of the session id", async () => {
    await login("email=digest-token@example.com");
    const link = await signInLinkFromMail(server.mailDir, "digest-token@example.com");
    const token = new URL(link, "http://x").searchParams.get("token")!;
    const tokens = await server.database.db.select().from(signInTokens);
    expect(tokens.some((row) => row.tokenHash === tokenDigest(token))).toBe(true);
    expect(JSON.stringify(tokens)).not.toContain(token);
    const { cookie } = await signIn(server.app, server.mailDir, "digest@example.com");
    const sessions = await server.database.db.select().from(userSessions);
    expect(JSON.stringify(sessions)).not.toContain(cookie.split(".")[0]);
  });

  it("refuses a link that was already used", async () => {
    await login("email=reuse@example.com");
    const link = await signInLinkFromMail(server.mailDir, "reuse@example.com");
    expect(sessionCookieOf(await openSignInLink(server.app, link))).toBeDefined();
    const again = await openSignInLink(server.app, link);
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe("/sign-in?error=link-invalid");
    expect(sessionCookieOf(again)).toBeUndefined();
  });

  it("refuses a link older than 15 minutes", async () => {
    await login("email=late@example.com");
    const link = await signInLinkFromMail(server.mailDir, "late@example.com");
    time.advance(15 * 60_000 + 1000);
    const response = await openSignInLink(server.app, link);
    expect(response.headers.location).toBe("/sign-in?error=link-invalid");
    expect(sessionCookieOf(response)).toBeUndefined();
    const [user] = await server.database.db.select().from(users).where(eq(users.email, "late@example.com"));
    expect(user?.emailVerifiedAt).toBeNull();
  });

  it("accepts a link just inside its 15 minutes", async () => {
    await login("email=intime@example.com");
    const link = await signInLinkFromMail(server.mailDir, "intime@example.com");
    time.advance(14 * 60_000);
    expect(sessionCookieOf(await openSignInLink(server.app, link))).toBeDefined();
  });

  it.each([
    ["a changed character", (token: string) => `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`],
    ["a truncated token", (token: string) => token.slice(0, 20)],
    ["an empty token", () => ""],
    ["a token with other characters", (token: string) => `${token.slice(0, -2)}%00'`],
  ])("refuses a tampered link: %s", async (_label, tamper) => {
    await login("email=tamper@example.com");
    const link = await signInLinkFromMail(server.mailDir, "tamper@example.com");
    const token = new URL(link, "http://x").searchParams.get("token")!;
    const response = await server.app.inject({ method: "GET", url: `/api/auth/callback?token=${tamper(token)}` });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe("/sign-in?error=link-invalid");
    expect(sessionCookieOf(response)).toBeUndefined();
  });

  it("sends the person to a same-origin next path after signing in", async () => {
    await login(`email=next@example.com&next=${encodeURIComponent("/sessions?tab=emergency")}`);
    const response = await openSignInLink(server.app, await signInLinkFromMail(server.mailDir, "next@example.com"));
    expect(response.json()).toEqual({ next: "/sessions?tab=emergency" });
  });

  it.each([
    "https://evil.example/steal",
    "//evil.example/steal",
    "/\\evil.example",
    "/\r\nLocation: https://evil.example",
    "javascript:alert(1)",
    "/api/logout",
    "evil.example",
  ])("never redirects off the site: next=%s", async (next) => {
    const email = `redirect-${Buffer.from(next).toString("hex").slice(0, 24)}@example.com`;
    await login(`email=${email}&next=${encodeURIComponent(next)}`);
    const response = await openSignInLink(server.app, await signInLinkFromMail(server.mailDir, email));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ next: "/" });
  });

  it("issues a new session id at sign-in", async () => {
    const first = await signIn(server.app, server.mailDir, "rotate@example.com");
    time.advance(2 * 60_000);
    await login("email=rotate@example.com");
    const link = await signInLinkFromMail(server.mailDir, "rotate@example.com");
    const second = await openSignInLink(server.app, link, withSession(first.cookie));
    const rotated = sessionCookieOf(second);
    expect(rotated).toBeDefined();
    expect(rotated).not.toBe(first.cookie);
    const old = await server.app.inject({ method: "GET", url: "/api/auth/user", ...withSession(first.cookie) });
    expect(old.statusCode).toBe(401);
  });

  it("sign-out ends the session on the server: the old cookie no longer works", async () => {
    const { cookie } = await signIn(server.app, server.mailDir, "leaving@example.com");
    const logout = await server.app.inject({ method: "GET", url: "/api/logout", ...withSession(cookie) });
    expect(logout.statusCode).toBe(303);
    expect(logout.headers.location).toBe("/");
    expect(logout.cookies.find((c) => c.name === "tabvault_session")?.value).toBe("");
    const me = await server.app.inject({ method: "GET", url: "/api/auth/user", ...withSession(cookie) });
    expect(me.statusCode).toBe(401);
    expect(me.json()).toEqual({ message: "Unauthorized" });
  });

  it("sign-out without a session just goes home", async () => {
    const logout = await server.app.inject({ method: "GET", url: "/api/logout" });
    expect(logout.statusCode).toBe(303);
    expect(logout.headers.location).toBe("/");
  });

  it("a forged or unsigned cookie is nobody", async () => {
    for (const cookie of ["forged", "a.b", "x".repeat(4000)]) {
      const me = await server.app.inject({ method: "GET", url: "/api/auth/user", ...withSession(cookie) });
      expect(me.statusCode).toBe(401);
    }
  });

  it("without an email, /api/login shows the sign-in screen and keeps a safe next", async () => {
    expect((await login("")).headers.location).toBe("/sign-in");
    expect((await login("next=%2Fsessions")).headers.location).toBe("/sign-in?next=%2Fsessions");
    expect((await login("next=%2F%2Fevil.example")).headers.location).toBe("/sign-in");
  });

  it("an invalid email goes back to the sign-in screen with the reason, and nothing is sent", async () => {
    const before = (await readOutbox(server.mailDir)).length;
    const response = await login("email=not-an-email");
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe("/sign-in?error=invalid-email&email=not-an-email");
    expect((await readOutbox(server.mailDir)).length).toBe(before);
  });

  it("a second request within a minute reuses the link just sent", async () => {
    time.advance(2 * 60_000);
    await login("email=double@example.com");
    await login("email=double@example.com");
    const mails = (await readOutbox(server.mailDir)).filter((mail) => mail.to.includes("double@example.com"));
    expect(mails).toHaveLength(1);
  });

  it("a malformed query is a 400 with a message, never a 500", async () => {
    const response = await login(`email=${"a".repeat(2000)}@example.com`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/querystring\.email/);
  });
});

describe("a session cookie on an https site", () => {
  const server = useTestApp({}, { publicUrl: "https://tabvault.example", trustProxy: true });

  it("is Secure", async () => {
    await server.app.inject({
      method: "GET",
      url: "/api/login?email=secure@example.com",
      headers: { "x-forwarded-proto": "https" },
    });
    const callback = await openSignInLink(server.app, await signInLinkFromMail(server.mailDir, "secure@example.com"), {
      headers: { "x-forwarded-proto": "https" },
    });
    expect(callback.cookies.find((c) => c.name === "tabvault_session")).toMatchObject({ secure: true, httpOnly: true });
  });
});
