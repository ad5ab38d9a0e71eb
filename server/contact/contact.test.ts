import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { planSupport } from "@common/plan-catalogue";
import { users } from "../accounts/table";
import { signIn, withSession } from "../test/sign-in";
import { testAdminEmail, useTestApp } from "../test/test-app";

describe("the contact form", () => {
  const server = useTestApp();
  const send = (payload: object, remoteAddress = "198.51.100.9") =>
    server.app.inject({ method: "POST", url: "/api/contact", payload, remoteAddress });
  const valid = { name: "Ada", email: "Ada@Example.com", subject: "Restore", message: "My backup from Tuesday is missing." };

  it("stores a message and lists it to admins only", async () => {
    const response = await send(valid);
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toMatch(/24 hours/);
    expect((await server.app.inject({ method: "GET", url: "/api/admin/messages" })).statusCode).toBe(401);
    const user = await signIn(server.app, server.mailDir, "someone@example.com");
    expect((await server.app.inject({ method: "GET", url: "/api/admin/messages", ...withSession(user.cookie) })).statusCode).toBe(403);
    const admin = await signIn(server.app, server.mailDir, testAdminEmail);
    const list = (await server.app.inject({ method: "GET", url: "/api/admin/messages", ...withSession(admin.cookie) })).json();
    expect(list.messages[0]).toMatchObject({ name: "Ada", email: "ada@example.com", subject: "Restore", message: valid.message });
  });

  it.each([
    [{ ...valid, name: " " }, "body.name: Enter a name"],
    [{ ...valid, email: "ada" }, "body.email"],
    [{ ...valid, subject: undefined }, "body.subject"],
    [{ ...valid, message: "x".repeat(5001) }, "body.message: A message has at most 5000 characters"],
    [{ ...valid, name: "Ada\n=HYPERLINK(\"http://evil\")" }, "body.name: A name is one line of text, without control characters"],
  ])("refuses %j with 400", async (payload, message) => {
    const response = await send(payload, "198.51.100.77");
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
  });

  it("limits one network to 5 messages an hour", async () => {
    for (let index = 0; index < 5; index += 1) expect((await send(valid, "203.0.113.55")).statusCode).toBe(201);
    const limited = await send(valid, "203.0.113.55");
    expect(limited.statusCode).toBe(429);
    expect(limited.headers["retry-after"]).toBeDefined();
  });
});

describe("support tiers (issue 16 point 2, decision 144)", () => {
  const server = useTestApp();

  it("answers the signed-in sender with their plan's reply time, anyone else with Free's", async () => {
    const email = "tier-pro@example.com";
    const user = await signIn(server.app, server.mailDir, email);
    await server.database.db.update(users).set({ planType: "pro" }).where(eq(users.email, email));
    const message = { name: "Pro", email, subject: "Help", message: "Please help." };
    const signedIn = await server.app.inject({ method: "POST", url: "/api/contact", payload: message, remoteAddress: "198.51.100.20", ...withSession(user.cookie) });
    expect(signedIn.json().message).toBe(`Thanks! We reply within ${planSupport.pro.replyHours} hours.`);
    const stranger = await server.app.inject({ method: "POST", url: "/api/contact", payload: message, remoteAddress: "198.51.100.21" });
    expect(stranger.json().message).toBe(`Thanks! We reply within ${planSupport.free.replyHours} hours.`);
  });

  it("lists messages to the admin by plan priority with each plan's reply-by time, in pages that do not overlap", async () => {
    const senders = [
      ["tier-free@example.com", "free"],
      ["tier-premium@example.com", "premium"],
      ["tier-basic@example.com", "basic"],
      ["nobody@example.com", null],
    ] as const;
    for (const [email, plan] of senders) {
      if (plan) {
        await signIn(server.app, server.mailDir, email);
        await server.database.db.update(users).set({ planType: plan }).where(eq(users.email, email));
      }
      const sent = await server.app.inject({ method: "POST", url: "/api/contact", payload: { name: "N", email, subject: plan ?? "none", message: "Hello" }, remoteAddress: "198.51.100.30" });
      expect(sent.statusCode).toBe(201);
    }
    const admin = await signIn(server.app, server.mailDir, testAdminEmail);
    const listed = await server.app.inject({ method: "GET", url: "/api/admin/messages?limit=50", ...withSession(admin.cookie) });
    const all = listed.json();
    const plansInOrder = all.messages.map((message: { plan: string }) => message.plan);
    expect(plansInOrder).toEqual(["premium", "pro", "pro", "basic", "free", "free"]);
    expect(all.messages.map((message: { email: string }) => message.email).slice(-2)).toEqual(["nobody@example.com", "tier-free@example.com"]);
    for (const message of all.messages) {
      const hours = planSupport[message.plan as keyof typeof planSupport].replyHours;
      expect(Date.parse(message.replyBy) - Date.parse(message.createdAt)).toBe(hours * 3_600_000);
    }
    const pages: number[] = [];
    let cursor: number | null | undefined;
    do {
      const answer = await server.app.inject({ method: "GET", url: `/api/admin/messages?limit=2${cursor ? `&cursor=${cursor}` : ""}`, ...withSession(admin.cookie) });
      expect(answer.statusCode, answer.body).toBe(200);
      const page = answer.json();
      pages.push(...page.messages.map((message: { id: number }) => message.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(pages).toEqual(all.messages.map((message: { id: number }) => message.id));
  });
});
