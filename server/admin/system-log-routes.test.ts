import { describe, expect, it } from "vitest";
import { appendSystemLog } from "../system-log/append";
import { signIn, withSession } from "../test/sign-in";
import { testAdminEmail, useTestApp } from "../test/test-app";

describe("GET /api/admin/logs (admins only, enforced on the server)", () => {
  const server = useTestApp();
  const getLogs = (query = "", cookie?: string) =>
    server.app.inject({ method: "GET", url: `/api/admin/logs${query}`, ...(cookie ? withSession(cookie) : {}) });

  let admin: Promise<{ cookie: string }> | undefined;
  const signInAdmin = () => (admin ??= signIn(server.app, server.mailDir, testAdminEmail.toUpperCase()));

  it("answers 401 signed out", async () => {
    const response = await getLogs();
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: "Unauthorized" });
  });

  it("answers 403 to an account without the admin role", async () => {
    const { cookie } = await signIn(server.app, server.mailDir, "user@example.com");
    const response = await getLogs("", cookie);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toMatch(/admin/);
  });

  it("gives an admin (from ADMIN_EMAILS) the newest entries, page by page", async () => {
    for (let index = 1; index <= 5; index += 1) await appendSystemLog(server.database.db, "info", `entry ${index}`);
    const { cookie } = await signInAdmin();
    const me = await server.app.inject({ method: "GET", url: "/api/auth/user", ...withSession(cookie) });
    expect(me.json()).toMatchObject({ email: testAdminEmail, isAdmin: true });

    // The admin's own sign-up (and user@example.com's before it) are in the log too: the pages start after it.
    const newest = (await getLogs("?limit=1", cookie)).json();
    expect(newest.entries[0].message).toBe(`Sign-up: ${testAdminEmail} (sign-in link)`);
    const first = await getLogs(`?limit=3&cursor=${newest.nextCursor}`, cookie);
    expect(first.statusCode).toBe(200);
    const page = first.json();
    expect(page.entries.map((entry: { message: string }) => entry.message)).toEqual(["entry 5", "entry 4", "entry 3"]);
    expect(page.entries[0]).toEqual({ id: expect.any(Number), level: "info", message: "entry 5", createdAt: expect.any(String) });
    const second = (await getLogs(`?limit=2&cursor=${page.nextCursor}`, cookie)).json();
    expect(second.entries.map((entry: { message: string }) => entry.message)).toEqual(["entry 2", "entry 1"]);
  });

  it.each(["?limit=0", "?limit=1000", "?limit=abc", "?cursor=-1"])("refuses %s with 400", async (query) => {
    const { cookie } = await signInAdmin();
    const response = await getLogs(query, cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^querystring\./);
  });
});

describe("what a fresh admin finds in the system log (issue 16 point 5)", () => {
  const server = useTestApp();
  const post = (url: string, payload: object) => server.app.inject({ method: "POST", url, payload });

  it("every sign-up, whichever way the account was made, a payment and the downloads", async () => {
    expect((await post("/api/create-free-account", { email: "free@example.com" })).statusCode).toBe(200);
    expect((await post("/api/capture-email", { email: "dialog@example.com", source: "email_signup_modal" })).statusCode).toBe(200);
    expect((await server.app.inject({ method: "GET", url: "/api/login?email=link%40example.com" })).statusCode).toBe(303);
    const intent = (await post("/api/create-payment-intent", { amount: 14, planType: "pro", email: "buyer@example.com" })).json();
    const card = { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2030, cvc: "123" };
    expect((await post("/api/sandbox/confirm", { clientSecret: intent.clientSecret, card })).json()).toMatchObject({ status: "succeeded" });
    expect((await server.app.inject({ method: "GET", url: "/download/extension/chromium" })).statusCode).toBe(200);
    expect((await server.app.inject({ method: "GET", url: "/download/android-apk" })).statusCode).toBe(200);
    // Signing up again is no new sign-up.
    await post("/api/create-free-account", { email: "free@example.com" });

    const { cookie } = await signIn(server.app, server.mailDir, testAdminEmail);
    const response = await server.app.inject({ method: "GET", url: "/api/admin/logs?limit=100", ...withSession(cookie) });
    expect(response.statusCode).toBe(200);
    const messages: string[] = response.json().entries.map((entry: { message: string }) => entry.message);
    expect(messages.filter((message) => message.startsWith("Sign-up: "))).toEqual([
      `Sign-up: ${testAdminEmail} (sign-in link)`,
      "Sign-up: buyer@example.com (payment_page)",
      "Sign-up: link@example.com (sign-in link)",
      "Sign-up: dialog@example.com (email_signup_modal)",
      "Sign-up: free@example.com (free_signup_dialog)",
    ]);
    expect(messages).toContainEqual(expect.stringMatching(/^Payment succeeded: Pro \$14\.00 by buyer@example\.com/));
    expect(messages).toContainEqual(expect.stringMatching(/^Download: TabVault for Chrome/));
    expect(messages).toContainEqual(expect.stringMatching(/^Download completed: Android /));
  });
});
