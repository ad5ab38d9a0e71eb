import { describe, expect, it } from "vitest";
import { signIn, withSession } from "../test/sign-in";
import { useTestApp } from "../test/test-app";

describe("GET and PATCH /api/auth/user", () => {
  const server = useTestApp();
  const patch = (payload: unknown, cookie?: string) =>
    server.app.inject({
      method: "PATCH",
      url: "/api/auth/user",
      payload: payload as object,
      ...(cookie ? withSession(cookie) : {}),
    });

  let carol: Promise<{ cookie: string }> | undefined;
  const signInCarol = () => (carol ??= signIn(server.app, server.mailDir, "carol@example.com"));

  it("answers 401 {message: Unauthorized} signed out", async () => {
    const response = await server.app.inject({ method: "GET", url: "/api/auth/user" });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: "Unauthorized" });
    expect((await patch({ firstName: "Ann" })).statusCode).toBe(401);
  });

  it("sets and clears the names of the signed-in account only", async () => {
    const ann = await signIn(server.app, server.mailDir, "ann@example.com");
    const bob = await signIn(server.app, server.mailDir, "bob@example.com");

    const updated = await patch({ firstName: "  Ann ", lastName: "Lee" }, ann.cookie);
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ email: "ann@example.com", firstName: "Ann", lastName: "Lee" });

    const bobView = await server.app.inject({ method: "GET", url: "/api/auth/user", ...withSession(bob.cookie) });
    expect(bobView.json()).toMatchObject({ email: "bob@example.com", firstName: null, lastName: null });

    const cleared = await patch({ lastName: "" }, ann.cookie);
    expect(cleared.json()).toMatchObject({ firstName: "Ann", lastName: null });
  });

  it.each([
    ["a name that is not text", { firstName: 5 }, "body.firstName"],
    ["a name over 100 characters", { firstName: "x".repeat(101) }, "body.firstName: At most 100 characters"],
    ["an unknown field", { firstName: "Ann", isAdmin: true }, "body: Unrecognized key"],
    ["no field at all", {}, "body: Send firstName, lastName or both"],
    ["an array", [], "body: Invalid input: expected object"],
    ["a name with a line break (a formula on a second line)", { firstName: "Ada\n=HYPERLINK(\"http://evil\")" }, "body.firstName: A name is one line of text, without control characters"],
    ["a name with a carriage return", { lastName: "Lovelace\r" + "=1+1" }, "body.lastName: A name is one line"],
    ["a name with a tab", { firstName: "Ada\tLovelace" }, "body.firstName: A name is one line"],
    ["a name with another control character", { firstName: "Ada\u001b[31m" }, "body.firstName: A name is one line"],
    ["a name with a C1 control character", { firstName: "Ada\u0085" }, "body.firstName: A name is one line"],
  ])("refuses %s with 400 and changes nothing", async (_label, payload, message) => {
    const { cookie } = await signInCarol();
    const response = await patch(payload, cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
    const me = await server.app.inject({ method: "GET", url: "/api/auth/user", ...withSession(cookie) });
    expect(me.json()).toMatchObject({ firstName: null, isAdmin: false });
  });

  it("refuses an oversized body with 413", async () => {
    const { cookie } = await signInCarol();
    const response = await server.app.inject({
      method: "PATCH",
      url: "/api/auth/user",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ firstName: "x".repeat(2 * 1024 * 1024) }),
      ...withSession(cookie),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: "Request body is too large" });
  });

  it("refuses a body that is not JSON with 400", async () => {
    const { cookie } = await signInCarol();
    const response = await server.app.inject({
      method: "PATCH",
      url: "/api/auth/user",
      headers: { "content-type": "application/json" },
      payload: "{firstName:",
      ...withSession(cookie),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: "Request body is not valid JSON" });
  });
});
