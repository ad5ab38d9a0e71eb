import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "./accounts/table";
import { browserSession } from "./test/backup-payloads";
import { signIn, withSession } from "./test/sign-in";
import { testAdminEmail, useTestApp } from "./test/test-app";

type Role = "anonymous" | "userA" | "userB" | "admin";
const roles: Role[] = ["anonymous", "userB", "admin", "userA"];

/**
 * Every endpoint that acts on an account, against user A's resources, as each role: exactly the
 * status in the table. A goes last, so the cells that delete run after everyone else was refused.
 */
describe("authorization matrix: every endpoint × {anonymous, user A, user B, admin} on A's resources", () => {
  const server = useTestApp();

  it("answers exactly the expected status in every cell", async () => {
    const A = "matrix-a@example.com";
    const cookies: Record<Exclude<Role, "anonymous">, string> = {
      userA: (await signIn(server.app, server.mailDir, A)).cookie,
      userB: (await signIn(server.app, server.mailDir, "matrix-b@example.com")).cookie,
      admin: (await signIn(server.app, server.mailDir, testAdminEmail)).cookie,
    };
    // Pro, so the backups the table makes do not rotate A's first one out.
    await server.database.db.update(users).set({ planType: "pro" }).where(eq(users.email, A));
    const asA = withSession(cookies.userA);
    const backup = await server.app.inject({
      method: "POST",
      url: "/api/protection/android-clear-all",
      payload: { userEmail: A, browserSession: browserSession(2) },
      ...asA,
    });
    const sessionId = backup.json().sessionId as string;
    const token = await server.app.inject({ method: "POST", url: "/api/device-tokens", payload: { name: "A's phone" }, ...asA });
    const tokenId = token.json().deviceToken.id as string;

    type Cell = [method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", url: string, body: object | undefined, expected: Record<Role, number>];
    const all = (anonymous: number, signedIn: number): Record<Role, number> => ({ anonymous, userA: signedIn, userB: signedIn, admin: signedIn });
    const ownerOnly = (owner: number, others: number): Record<Role, number> => ({ anonymous: 401, userA: owner, userB: others, admin: others });
    const adminOnly = (ok: number): Record<Role, number> => ({ anonymous: 401, userA: 403, userB: 403, admin: ok });
    const table: Cell[] = [
      ["GET", "/api/auth/user", undefined, all(401, 200)],
      ["PATCH", "/api/auth/user", { firstName: "M" }, all(401, 200)],
      ["GET", "/api/saved-sessions", undefined, all(401, 200)],
      ["GET", `/api/saved-sessions/${sessionId}`, undefined, ownerOnly(200, 404)],
      ["POST", `/api/restore-session/${sessionId}`, undefined, ownerOnly(200, 404)],
      ["POST", "/api/protection/android-clear-all", { userEmail: A, browserSession: browserSession(1) }, ownerOnly(201, 403)],
      ["POST", "/api/protection/windows-x-button", { userEmail: A, applications: [{ processName: "a.exe" }] }, ownerOnly(201, 403)],
      ["GET", `/api/protection/status/${A}`, undefined, ownerOnly(200, 403)],
      ["POST", "/api/protection/restore-session", { userEmail: A }, ownerOnly(200, 403)],
      ["POST", "/api/protection/toggle", { enabled: true }, all(401, 200)],
      ["POST", "/api/protection/log-blocked", { method: "Ctrl+Shift+W" }, all(401, 204)],
      ["GET", "/api/protection/blocked-attempts", undefined, all(401, 200)],
      ["GET", "/api/protection/settings", undefined, all(401, 200)],
      ["PUT", "/api/protection/settings", { mode: "block" }, all(401, 200)],
      ["GET", "/api/user/stats", undefined, all(401, 200)],
      ["POST", "/api/user/protection-event", { eventType: "manual_backup", description: "x" }, all(401, 201)],
      ["GET", "/api/device-tokens", undefined, all(401, 200)],
      ["GET", "/api/subscription", undefined, all(401, 200)],
      ["POST", "/api/subscription/cancel", undefined, all(401, 404)],
      ["GET", "/api/admin/stats", undefined, adminOnly(200)],
      ["GET", "/api/admin/payments", undefined, adminOnly(200)],
      ["GET", "/api/admin/daily", undefined, adminOnly(200)],
      ["GET", "/api/admin/logs", undefined, adminOnly(200)],
      ["DELETE", "/api/admin/logs", undefined, adminOnly(204)],
      ["DELETE", `/api/device-tokens/${tokenId}`, undefined, ownerOnly(204, 404)],
      ["DELETE", `/api/saved-sessions/${sessionId}`, undefined, ownerOnly(204, 404)],
    ];

    const results: string[] = [];
    for (const [method, url, body, expected] of table) {
      for (const role of roles) {
        const response = await server.app.inject({
          method,
          url,
          ...(body ? { payload: body } : {}),
          ...(role === "anonymous" ? {} : withSession(cookies[role])),
        });
        if (response.statusCode !== expected[role]) results.push(`${method} ${url} as ${role}: ${response.statusCode}, expected ${expected[role]}`);
      }
    }
    expect(results).toEqual([]);
  });
});
