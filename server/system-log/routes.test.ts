import { describe, expect, it } from "vitest";
import { appendSystemLog } from "./append";
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

    const first = await getLogs("?limit=3", cookie);
    expect(first.statusCode).toBe(200);
    const page = first.json();
    expect(page.entries.map((entry: { message: string }) => entry.message)).toEqual(["entry 5", "entry 4", "entry 3"]);
    expect(page.entries[0]).toEqual({ id: expect.any(Number), level: "info", message: "entry 5", createdAt: expect.any(String) });
    const second = (await getLogs(`?limit=3&cursor=${page.nextCursor}`, cookie)).json();
    expect(second.entries.map((entry: { message: string }) => entry.message)).toEqual(["entry 2", "entry 1"]);
    expect(second.nextCursor).toBeNull();
  });

  it.each(["?limit=0", "?limit=1000", "?limit=abc", "?cursor=-1"])("refuses %s with 400", async (query) => {
    const { cookie } = await signInAdmin();
    const response = await getLogs(query, cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^querystring\./);
  });
});
