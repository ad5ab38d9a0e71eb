import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openSignInLink, sessionCookieOf, signIn, withSession } from "../test/sign-in";
import { useTestApp } from "../test/test-app";

/** A clock the test moves forward, so a second sign-in comes later than the first. */
function fakeClock() {
  let now = Date.parse("2026-11-23T10:00:00Z");
  return { clock: () => new Date(now), advance: (ms: number) => void (now += ms) };
}

describe("a newcomer's first sign-in", () => {
  const time = fakeClock();
  const server = useTestApp({ clock: time.clock });

  /**
   * The sign-in link as a person finds it following the README: the newest .eml of the outbox opened in a
   * text editor, the address copied from the line it is on. No mail parser, no decoding.
   */
  async function linkCopiedFromNewestMail(): Promise<string> {
    const newest = (await readdir(server.mailDir)).filter((name) => name.endsWith(".eml")).sort().at(-1);
    if (!newest) throw new Error("the outbox is empty");
    const asText = await readFile(join(server.mailDir, newest), "utf8");
    const link = asText.match(/https?:\/\/\S*\/api\/auth\/callback\?\S*/)?.[0];
    if (!link) throw new Error(`no sign-in link in ${newest}:\n${asText}`);
    return link;
  }

  async function openCopiedLink(link: string) {
    const url = new URL(link);
    expect(url.origin).toBe("http://localhost:3000");
    // Opened, then "Sign in as …?" confirmed on our page, as the browser does.
    return openSignInLink(server.app, `${url.pathname}${url.search}`);
  }

  const capture = (email: string) =>
    server.app.inject({ method: "POST", url: "/api/capture-email", payload: { email, source: "email_signup_modal" } });

  it("signs in from the link copied out of the sign-up mail, read as plain text", async () => {
    const signup = await capture("newcomer@example.com");
    expect(signup.statusCode).toBe(200);
    // Asked again before the link is opened: answered as a new address, never welcomed back.
    const again = await capture("newcomer@example.com");
    expect(again.json()).toEqual({ userExists: false, canDownload: false, message: expect.stringMatching(/^Email registered!/) });
    const callback = await openCopiedLink(await linkCopiedFromNewestMail());
    expect(callback.statusCode).toBe(200);
    expect(callback.json()).toEqual({ next: "/" });
    const cookie = sessionCookieOf(callback);
    expect(cookie).toBeDefined();

    const me = await server.app.inject({ method: "GET", url: "/api/auth/user", ...withSession(cookie!) });
    expect(me.json()).toMatchObject({ email: "newcomer@example.com", emailVerified: true, firstSignIn: true });
    expect((await capture("newcomer@example.com")).json()).toMatchObject({ userExists: true, canDownload: true, message: expect.stringMatching(/^Welcome back!/) });
  });

  it("signs in from the link copied out of the sign-in mail, and this second sign-in is no longer the first", async () => {
    time.advance(60 * 60_000);
    const login = await server.app.inject({ method: "GET", url: "/api/login?email=newcomer%40example.com" });
    expect(login.statusCode).toBe(303);
    const callback = await openCopiedLink(await linkCopiedFromNewestMail());
    expect(callback.json()).toEqual({ next: "/" });
    const me = await server.app.inject({ method: "GET", url: "/api/auth/user", ...withSession(sessionCookieOf(callback)!) });
    expect(me.json()).toMatchObject({ email: "newcomer@example.com", firstSignIn: false });
  });

  it("an account that signs in straight from the sign-in screen is new too", async () => {
    const { cookie } = await signIn(server.app, server.mailDir, "straight-in@example.com");
    const me = await server.app.inject({ method: "GET", url: "/api/auth/user", ...withSession(cookie) });
    expect(me.json()).toMatchObject({ firstSignIn: true });
  });

  it("signed out, there is nobody to greet", async () => {
    const me = await server.app.inject({ method: "GET", url: "/api/auth/user" });
    expect(me.statusCode).toBe(401);
    expect(me.json()).toEqual({ message: expect.any(String) });
  });
});
