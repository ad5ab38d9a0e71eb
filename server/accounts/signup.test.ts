import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { readOutbox } from "../test/mail-outbox";
import { openSignInLink, signIn, signInLinkFromMail, withSession } from "../test/sign-in";
import { testAdminEmail, useTestApp } from "../test/test-app";
import { users } from "./table";

describe("POST /api/capture-email", () => {
  const server = useTestApp();
  const capture = (payload: unknown) =>
    server.app.inject({ method: "POST", url: "/api/capture-email", payload: payload as object });

  it("creates an unverified free account, records the source and mails the verification link", async () => {
    const response = await capture({ email: " Fresh@Example.com ", source: "plan_selection_pro" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ userExists: false, message: expect.stringMatching(/registered/i), canDownload: false });

    const [row] = await server.database.db.select().from(users).where(eq(users.email, "fresh@example.com"));
    expect(row).toMatchObject({ planType: "free", signupSource: "plan_selection_pro", emailVerifiedAt: null });

    const mails = (await readOutbox(server.mailDir)).filter((mail) => mail.to.includes("fresh@example.com"));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toMatch(/confirm/i);
    expect(mails[0]?.links.some((link) => link.endsWith("/download"))).toBe(true);
  });

  it("welcomes back an address once its link was opened, with canDownload", async () => {
    const before = await capture({ email: "fresh@example.com", source: "email_signup_modal" });
    expect(before.json()).toMatchObject({ userExists: false, canDownload: false });

    await openSignInLink(server.app, await signInLinkFromMail(server.mailDir, "fresh@example.com"));
    const after = await capture({ email: "fresh@example.com", source: "direct_download_modal" });
    expect(after.json()).toMatchObject({ userExists: true, canDownload: true });
    const [row] = await server.database.db.select().from(users).where(eq(users.email, "fresh@example.com"));
    expect(row?.signupSource).toBe("plan_selection_pro");
  });

  it("answers an address whose link was never opened exactly as a new one, so it tells nobody the account exists", async () => {
    const fresh = await capture({ email: "never-opened@example.com", source: "email_signup_modal" });
    const again = await capture({ email: "never-opened@example.com", source: "email_signup_modal" });
    const unknown = await capture({ email: "brand-new@example.com", source: "email_signup_modal" });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(fresh.json());
    expect(again.json()).toEqual(unknown.json());
    expect(again.json()).toMatchObject({ userExists: false, canDownload: false });
  });

  it("creates exactly one account when the same email is captured concurrently", async () => {
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => capture({ email: "race@example.com", source: "email_signup_modal" })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const rows = await server.database.db.select().from(users).where(eq(users.email, "race@example.com"));
    expect(rows).toHaveLength(1);
  });

  it.each([
    ["no email", { source: "email_signup_modal" }, "body.email"],
    ["an email without @", { email: "nobody", source: "email_signup_modal" }, "body.email: Enter a valid email address"],
    ["an email of 300 characters", { email: `${"a".repeat(290)}@example.com`, source: "email_signup_modal" }, "body.email: An email address has at most 254 characters"],
    ["an unknown source", { email: "x@example.com", source: "spam" }, "body.source: source must be one of"],
    ["an unknown field", { email: "x@example.com", source: "email_signup_modal", admin: true }, "body: Unrecognized key"],
    ["a number for the email", { email: 42, source: "email_signup_modal" }, "body.email"],
  ])("refuses %s with 400 and creates nothing", async (_label, payload, message) => {
    const count = (await server.database.db.select().from(users)).length;
    const response = await capture(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
    expect((await server.database.db.select().from(users)).length).toBe(count);
  });
});

describe("POST /api/create-free-account", () => {
  const server = useTestApp();
  const create = (payload: unknown) =>
    server.app.inject({ method: "POST", url: "/api/create-free-account", payload: payload as object });

  it("creates the account and mails a sign-in link; the following /api/login sends no second mail", async () => {
    const response = await create({ email: "free@example.com" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: expect.stringMatching(/ready/), email: "free@example.com" });
    const login = await server.app.inject({ method: "GET", url: "/api/login?email=free@example.com" });
    expect(login.headers.location).toBe("/check-email?email=free%40example.com");
    const mails = (await readOutbox(server.mailDir)).filter((mail) => mail.to.includes("free@example.com"));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toMatch(/sign in/i);
  });

  it("reuses an existing account", async () => {
    await create({ email: "twice@example.com" });
    await create({ email: "twice@example.com" });
    expect(await server.database.db.select().from(users).where(eq(users.email, "twice@example.com"))).toHaveLength(1);
  });

  it.each([[{}], [{ email: "" }], [{ email: "a@" }], [{ email: "free@example.com", plan: "pro" }]])(
    "refuses %j with 400",
    async (payload) => {
      const response = await create(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/^body/);
    },
  );
});

describe("POST /api/verify-user", () => {
  const server = useTestApp();
  const verify = (email: string, cookie?: string) =>
    server.app.inject({
      method: "POST",
      url: "/api/verify-user",
      payload: { email },
      ...(cookie ? withSession(cookie) : {}),
    });

  it("says not found for an unknown address", async () => {
    const response = await verify("ghost@example.com");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ verified: false, user: null, message: expect.stringMatching(/no verified tabvault account/i) });
  });

  it("answers an address that never opened its link exactly as an unknown one", async () => {
    await server.app.inject({
      method: "POST",
      url: "/api/capture-email",
      payload: { email: "pending@example.com", source: "email_signup_modal" },
    });
    const pending = await verify("pending@example.com");
    expect(pending.statusCode).toBe(200);
    expect(pending.json()).toEqual((await verify("ghost@example.com")).json());
  });

  it("tells anyone else only that the address is verified: plan, status and dates are for the owner and admins", async () => {
    const owner = await signIn(server.app, server.mailDir, "owner@example.com");
    await server.app.inject({
      method: "PATCH",
      url: "/api/auth/user",
      payload: { firstName: "Olive", lastName: "Owens" },
      ...withSession(owner.cookie),
    });

    const anonymous = await verify("owner@example.com");
    expect(anonymous.json()).toEqual({ verified: true, user: null, message: expect.stringMatching(/verified TabVault account/) });
    const stranger = await signIn(server.app, server.mailDir, "stranger@example.com");
    expect((await verify("owner@example.com", stranger.cookie)).json()).toEqual(anonymous.json());

    expect((await verify("owner@example.com", owner.cookie)).json()).toEqual({
      verified: true,
      user: {
        email: "owner@example.com",
        firstName: "Olive",
        lastName: "Owens",
        planType: "free",
        planStatus: "Free plan",
        createdAt: expect.any(String),
      },
      message: expect.any(String),
    });
    const admin = await signIn(server.app, server.mailDir, testAdminEmail);
    expect((await verify("OWNER@example.com", admin.cookie)).json().user).toMatchObject({ firstName: "Olive", planType: "free" });
    // An admin also sees an account that was never confirmed, as such.
    const pending = (await verify("pending@example.com", admin.cookie)).json();
    expect(pending).toMatchObject({ verified: false, user: { email: "pending@example.com", planType: "free" } });
  });

  it("refuses a malformed address with 400", async () => {
    const response = await verify("not an email");
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain("body.email");
  });
});
