import { describe, expect, it } from "vitest";
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
