import { eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { describe, expect, it } from "vitest";
import { INTEGER_COLUMN_MAX } from "@common/api/integers";
import { loneSurrogateMessage, nulCharacterMessage } from "@common/api/text";
import { backupApplications, backupTabsView } from "../backups/table";
import { browserSession, tab } from "../test/backup-payloads";
import { signIn, withSession } from "../test/sign-in";
import { testAdminEmail, useTestApp } from "../test/test-app";

/**
 * PostgreSQL refuses NUL in text and jsonb, jsonb refuses a lone surrogate, and an `integer` column
 * refuses anything past 2^31 − 1: each used to come back as a 500. Every kind of field answers
 * 400 {message} naming the field now, on PGlite and on PostgreSQL (TEST_DATABASE_URL).
 */
describe("text and numbers the database cannot store", () => {
  const server = useTestApp();
  const email = "nul@example.com";
  let cookie = "";
  let adminCookie = "";

  async function send(options: InjectOptions, as: "user" | "admin" | "anonymous" = "user") {
    const session = as === "anonymous" ? {} : withSession(as === "admin" ? adminCookie : cookie);
    return server.app.inject({ ...options, ...session });
  }
  const post = (url: string, payload: object) => send({ method: "POST", url, payload });
  const backup = (payloadOverrides: object) => post("/api/protection/android-clear-all", { userEmail: email, browserSession: browserSession(1, payloadOverrides) });
  const backupWithTab = (tabOverrides: object) => backup({ tabs: [tab(0, tabOverrides)] });
  const windowsApp = (appOverrides: object) =>
    post("/api/protection/windows-x-button", { userEmail: email, applications: [{ processName: "notepad.exe", windowTitle: "notes.txt", ...appOverrides }] });

  it("signs in the people the cases use", async () => {
    cookie = (await signIn(server.app, server.mailDir, email)).cookie;
    adminCookie = (await signIn(server.app, server.mailDir, testAdminEmail)).cookie;
  });

  const nul = "x\u0000y";
  const cases: [string, () => Promise<{ statusCode: number; json: () => { message: string } }>, string][] = [
    ["a first name", () => send({ method: "PATCH", url: "/api/auth/user", payload: { firstName: nul } }), "body.firstName"],
    ["a tab title", () => backupWithTab({ title: nul }), "body.browserSession.tabs.0.title"],
    ["a tab URL", () => backupWithTab({ url: `https://example.com/${nul}` }), "body.browserSession.tabs.0.url"],
    ["a form value (jsonb)", () => backupWithTab({ formData: { comment: nul } }), "body.browserSession.tabs.0.formData.comment"],
    ["a form field name (jsonb key)", () => backupWithTab({ formData: { [nul]: "value" } }), "body.browserSession.tabs.0.formData"],
    ["the browser type", () => backup({ browserType: nul }), "body.browserSession.browserType"],
    ["the client session id", () => backup({ sessionId: nul }), "body.browserSession.sessionId"],
    ["a window id", () => backup({ windowId: nul }), "body.browserSession.windowId"],
    ["a device name", () => backup({ deviceInfo: { deviceName: nul } }), "body.browserSession.deviceInfo.deviceName"],
    ["a session name", () => post("/api/saved-sessions", { sessionName: nul, browserSession: browserSession(1) }), "body.sessionName"],
    ["a process name", () => windowsApp({ processName: nul }), "body.applications.0.processName"],
    ["a document path", () => windowsApp({ documentPath: `C:\\${nul}` }), "body.applications.0.documentPath"],
    ["the blocked method", () => post("/api/protection/log-blocked", { method: nul }), "body.method"],
    ["the blocked page's URL", () => post("/api/protection/log-blocked", { method: "Ctrl+Shift+W", url: nul }), "body.url"],
    ["a protection event's description", () => post("/api/user/protection-event", { eventType: "manual_backup", description: nul }), "body.description"],
    ["a device token's name", () => post("/api/device-tokens", { name: nul }), "body.name"],
    ["a contact message", () => post("/api/contact", { name: "Ada", email: "ada@example.com", subject: "Hello", message: nul }), "body.message"],
    ["a contact name", () => post("/api/contact", { name: nul, email: "ada@example.com", subject: "Hello", message: "Hi" }), "body.name"],
    ["an email address", () => post("/api/capture-email", { email: `a${nul}@example.com`, source: "email_signup_modal" }), "body.email"],
    ["a download version", () => post("/api/generate-download", { platform: "windows", email, version: nul }), "body.version"],
    ["an event's path", () => send({ method: "POST", url: "/api/events", payload: { name: "pwa_launch", path: `/${nul}` } }, "anonymous"), "body.path"],
    ["a price id", () => post("/api/create-subscription", { planType: "pro", priceId: nul }), "body.priceId"],
    ["the sign-in next path (query)", () => send({ method: "GET", url: "/api/login?email=nul%40example.com&next=%2Fa%00b" }, "anonymous"), "querystring.next"],
    ["an admin cursor (query)", () => send({ method: "GET", url: "/api/admin/payments?cursor=a%00b" }, "admin"), "querystring.cursor"],
    ["a download file name (path)", () => send({ method: "GET", url: "/download/file/windows/a%00b.exe?email=a%40b.co&expires=9999999999&signature=x" }, "anonymous"), "params.fileName"],
  ];

  it.each(cases)("refuses NUL in %s with 400 {message}", async (_name, request, field) => {
    const response = await request();
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(field);
    expect(response.json().message).toContain(nulCharacterMessage);
  });

  it.each([
    ["a form value (jsonb)", { formData: { comment: "half \ud800 a pair" } }, "body.browserSession.tabs.0.formData.comment"],
    ["a form field name (jsonb key)", { formData: { "half \udc00": "value" } }, "body.browserSession.tabs.0.formData"],
    ["a tab title (text)", { title: "half \ud83d" }, "body.browserSession.tabs.0.title"],
  ])("refuses a lone surrogate in %s with 400 {message}", async (_name, overrides, field) => {
    const response = await backupWithTab(overrides);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(field);
    expect(response.json().message).toContain(loneSurrogateMessage);
  });

  it("stores other unusual text as sent: emoji, control characters, right-to-left marks", async () => {
    const title = "Notes \u0001\u001f\u007f \u200f\u05e9\u05dc\u05d5\u05dd 😀";
    const response = await backupWithTab({ title, formData: { "😀 field": "tab\there\u2028" } });
    expect(response.statusCode).toBe(201);
    const [stored] = await server.database.db.select().from(backupTabsView).where(eq(backupTabsView.sessionId, response.json().sessionId));
    expect(stored).toMatchObject({ title, formData: { "😀 field": "tab\there\u2028" } });
  });

  it.each([
    ["a process id past the integer column", () => windowsApp({ processId: 3_000_000_000 }), "body.applications.0.processId"],
    ["a negative process id", () => windowsApp({ processId: -1 }), "body.applications.0.processId"],
    ["a window id past what a JavaScript number holds exactly", () => backup({ windowId: 2 ** 53 }), "body.browserSession.windowId"],
    ["a scroll position past the limit", () => backupWithTab({ scrollPosition: { x: 0, y: 10_000_001 } }), "body.browserSession.tabs.0.scrollPosition.y"],
    ["a time past what a date can hold", () => backupWithTab({ lastAccessed: 8.64e15 + 1 }), "body.browserSession.tabs.0.lastAccessed"],
    ["a blocked time past what a date can hold", () => post("/api/protection/log-blocked", { method: "Alt+F4", timestamp: 9e15 }), "body.timestamp"],
    ["a page size past the admin's limit", () => send({ method: "GET", url: "/api/admin/logs?limit=3000000000" }, "admin"), "querystring.limit"],
    ["an expiry past what a date can hold", () => send({ method: "GET", url: "/download/file/windows/x.exe?email=a%40b.co&expires=9000000000001&signature=x" }, "anonymous"), "querystring.expires"],
  ])("refuses %s with 400 {message}", async (_name, request, field) => {
    const response = await request();
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(field);
  });

  it("stores the largest process id an integer column holds, and any window id a browser gives (decision 202)", async () => {
    // A fresh account: on Free an applications-only backup is held behind the emergencies above (decision 207).
    const appsEmail = "process-ids@example.com";
    const appsCookie = (await signIn(server.app, server.mailDir, appsEmail)).cookie;
    const apps = await server.app.inject({
      method: "POST",
      url: "/api/protection/windows-x-button",
      payload: { userEmail: appsEmail, applications: [{ processName: "notepad.exe", windowTitle: "notes.txt", processId: INTEGER_COLUMN_MAX }] },
      ...withSession(appsCookie),
    });
    expect(apps.statusCode).toBe(201);
    expect(apps.json().protected).toBe(true);
    const [stored] = await server.database.db.select().from(backupApplications).where(eq(backupApplications.sessionId, apps.json().sessionId));
    expect(stored?.processId).toBe(INTEGER_COLUMN_MAX);
    expect((await backup({ windowId: -(2 ** 31) })).statusCode).toBe(201);
    expect((await backup({ windowId: 1_795_811_438_551_068 })).statusCode).toBe(201);
  });
});
