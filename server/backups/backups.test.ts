import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { users } from "../accounts/table";
import { browserSession, tab } from "../test/backup-payloads";
import { signIn, withSession } from "../test/sign-in";
import { useTestApp } from "../test/test-app";
import { backupListSchema, backupSummarySchema } from "@common/api/backups";
import { savedSessions, backupTabsView } from "./table";

describe("backups: save, list, read, restore, delete", () => {
  const server = useTestApp();
  const accounts = new Map<string, Promise<{ cookie: string }>>();
  /** Signs each address in once per file (the mail rate limit allows five sign-ins an address). */
  const as = (email: string) => {
    if (!accounts.has(email)) accounts.set(email, signIn(server.app, server.mailDir, email));
    return accounts.get(email)!;
  };
  async function setPlan(email: string, planType: "free" | "basic" | "pro" | "premium") {
    await server.database.db.update(users).set({ planType }).where(eq(users.email, email));
  }
  async function emergency(email: string, payload: unknown, cookie?: string) {
    return server.app.inject({
      method: "POST",
      url: "/api/protection/android-clear-all",
      payload: { userEmail: email, browserSession: payload } as object,
      ...withSession(cookie ?? (await as(email)).cookie),
    });
  }
  const get = async (url: string, email: string) => server.app.inject({ method: "GET", url, ...withSession((await as(email)).cookie) });
  /** A backup of an account no test writes to, for the tests that try to reach it as someone else. */
  let ownersBackup: string;
  beforeAll(async () => {
    ownersBackup = (await emergency("owner@example.com", browserSession(1))).json().sessionId as string;
  });

  it("lists exactly the summary fields, newest first, with the same createdAt as the detail", async () => {
    const email = "lister@example.com";
    await setPlan((await as(email), email), "pro");
    const ids: string[] = [];
    for (let index = 0; index < 3; index += 1) ids.push((await emergency(email, browserSession(index + 1))).json().sessionId as string);
    const response = await get("/api/saved-sessions", email);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    const list = response.json();
    // Strict: no field beyond the schema's.
    expect(backupListSchema.safeParse(list).success).toBe(true);
    expect(list.map((row: { id: string }) => Object.keys(row).sort())[0]).toEqual(Object.keys(backupSummarySchema.shape).sort());
    expect(list.map((row: { id: string }) => row.id).sort()).toEqual([...ids].sort());
    const times = list.map((row: { createdAt: string }) => row.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    const detail = (await get(`/api/saved-sessions/${list[0].id}`, email)).json();
    const { browserTabs: _tabs, openApps: _apps, tabBackups: _backups, ...summary } = detail;
    expect(list[0]).toEqual(summary);
  });

  it("stores an emergency backup with tabs, form data and scroll, and lists and returns it", async () => {
    await setPlan((await as("pro@example.com"), "pro@example.com"), "pro");
    const payload = browserSession(3);
    payload.tabs[1] = tab(1, { formData: { comment: "half-written reply", email: "me@example.com" }, scrollPosition: { x: 0, y: 1234 } });
    const response = await emergency("pro@example.com", payload);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ success: true, protected: true, tabsSaved: 3, appsSaved: 0, limit: null });

    const list = (await get("/api/saved-sessions", "pro@example.com")).json();
    expect(list).toEqual([
      expect.objectContaining({ id: body.sessionId, triggerEvent: "clear_all_detected", tabCount: 3, appCount: 0, restorable: true, browserType: "chrome" }),
    ]);

    const detail = (await get(`/api/saved-sessions/${body.sessionId}`, "pro@example.com")).json();
    expect(detail.browserTabs).toHaveLength(3);
    expect(detail.browserTabs[1]).toMatchObject({
      url: "https://example.com/article/1",
      formData: { comment: "half-written reply", email: "me@example.com" },
      scrollPosition: { x: 0, y: 1234 },
    });
    expect(detail.tabBackups[0]).toEqual({
      id: expect.any(String),
      url: "https://example.com/article/0",
      title: "Article 0",
      favicon: "https://example.com/favicon.ico",
      isActive: true,
    });

    const restore = await server.app.inject({
      method: "POST",
      url: `/api/restore-session/${body.sessionId}`,
      ...withSession((await as("pro@example.com")).cookie),
    });
    expect(restore.statusCode).toBe(200);
    expect(restore.json()).toMatchObject({
      success: true,
      instructions: { tabs: [{ url: "https://example.com/article/0" }, { url: "https://example.com/article/1" }, { url: "https://example.com/article/2" }] },
    });
  });

  it("never shows, restores or deletes another account's session: 404", async () => {
    const other = (await as("other@example.com")).cookie;
    for (const [method, url] of [
      ["GET", `/api/saved-sessions/${ownersBackup}`],
      ["POST", `/api/restore-session/${ownersBackup}`],
      ["DELETE", `/api/saved-sessions/${ownersBackup}`],
    ] as const) {
      const response = await server.app.inject({ method, url, ...withSession(other) });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: "Session not found" });
    }
    expect((await get("/api/saved-sessions", "other@example.com")).json()).toEqual([]);
    expect((await get(`/api/saved-sessions/${ownersBackup}`, "owner@example.com")).statusCode).toBe(200);
  });

  it("refuses a userEmail that is not the signed-in account's with 403, writing nothing", async () => {
    const before = (await server.database.db.select().from(savedSessions)).length;
    const response = await emergency("pro@example.com", browserSession(1), (await as("other@example.com")).cookie);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toMatch(/userEmail/);
    expect((await server.database.db.select().from(savedSessions)).length).toBe(before);
  });

  it("answers 401 signed out on every endpoint, before looking at the input", async () => {
    const id = "00000000-0000-4000-8000-000000000000";
    for (const [method, url] of [
      ["GET", "/api/saved-sessions"],
      ["POST", "/api/saved-sessions"],
      ["GET", `/api/saved-sessions/${id}`],
      ["DELETE", `/api/saved-sessions/${id}`],
      ["POST", `/api/restore-session/${id}`],
      ["POST", "/api/protection/android-clear-all"],
      ["POST", "/api/protection/windows-x-button"],
      ["GET", "/api/protection/status/pro@example.com"],
      ["POST", "/api/protection/restore-session"],
      ["POST", "/api/protection/toggle"],
      ["POST", "/api/protection/log-blocked"],
      ["GET", "/api/protection/settings"],
      ["PUT", "/api/protection/settings"],
      ["GET", "/api/user/stats"],
      ["POST", "/api/user/protection-event"],
      ["GET", "/api/device-tokens"],
    ] as const) {
      // Even a body that would not validate: who is asking is checked first.
      const response = await server.app.inject({ method, url, ...(method === "GET" || method === "DELETE" ? {} : { payload: { junk: true } }) });
      expect([method, url, response.statusCode]).toEqual([method, url, 401]);
      expect(response.json()).toEqual({ message: "Unauthorized" });
    }
  });

  it("deletes a backup with its tabs", async () => {
    const created = (await emergency("pro@example.com", browserSession(2))).json();
    const response = await server.app.inject({
      method: "DELETE",
      url: `/api/saved-sessions/${created.sessionId}`,
      ...withSession((await as("pro@example.com")).cookie),
    });
    expect(response.statusCode).toBe(204);
    expect(await server.database.db.select().from(backupTabsView).where(eq(backupTabsView.sessionId, created.sessionId))).toEqual([]);
    expect((await get(`/api/saved-sessions/${created.sessionId}`, "pro@example.com")).statusCode).toBe(404);
  });

  it.each([
    ["a javascript: URL", { tabs: [tab(0, { url: "javascript:alert(1)" })] }, "Only http and https URLs can be backed up"],
    ["a file: URL", { tabs: [tab(0, { url: "file:///etc/passwd" })] }, "Only http and https URLs"],
    ["a URL over 2048 characters", { tabs: [tab(0, { url: `https://example.com/${"a".repeat(2100)}` })] }, "at most 2048"],
    ["too many tabs", { tabs: Array.from({ length: 501 }, (_, n) => tab(n)) }, "At most 500 tabs"],
    ["a form value too long", { tabs: [tab(0, { formData: { note: "x".repeat(10_001) } })] }, "at most 10000"],
    ["a scroll position that is not a number", { tabs: [tab(0, { scrollPosition: { x: "a", y: 0 } as never })] }, "scrollPosition.x"],
    ["tabs that are not a list", { tabs: "many" }, "browserSession.tabs"],
    ["an unknown field", { tabs: [], extra: 1 }, "Unrecognized key"],
  ])("refuses %s with 400 naming the field, storing nothing", async (_label, payload, message) => {
    const before = (await server.database.db.select().from(savedSessions)).length;
    const response = await emergency("pro@example.com", payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
    expect((await server.database.db.select().from(savedSessions)).length).toBe(before);
  });

  it("refuses a body over 1 MB with 413", async () => {
    const huge = browserSession(200);
    for (const item of huge.tabs) item.formData = { a: "x".repeat(6000) };
    const response = await emergency("pro@example.com", huge);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: "Request body is too large" });
  });

  it("refuses a malformed backup id with 400", async () => {
    const response = await get("/api/saved-sessions/not-a-uuid", "pro@example.com");
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain("Not a session id");
  });
});
