import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accountExportSchema } from "@common/api/account-data";
import { describeBrowser } from "../accounts/browser-description";
import { deviceTokens, users, userSessions } from "../accounts/table";
import { savedSessions } from "../backups/table";
import { contactMessages } from "../contact/table";
import { payments } from "../payments/table";
import { systemLogs } from "../system-log/table";
import { browserSession, tab } from "../test/backup-payloads";
import { latestMailTo } from "../test/mail-outbox";
import { bearer, pairDevice } from "../test/pair-device";
import { signIn, withSession } from "../test/sign-in";
import { arrangeTeam } from "../test/team";
import { useTestApp } from "../test/test-app";
import { accountDeletionTokens } from "./table";

const goodCard = { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2030, cvc: "123" };

describe("the Account page's endpoints (decision 137)", () => {
  let now = Date.parse("2026-11-23T10:00:00Z");
  const server = useTestApp({ clock: () => new Date(now) });
  const get = (url: string, cookie?: string) => server.app.inject({ method: "GET", url, ...(cookie ? withSession(cookie) : {}) });
  const post = (url: string, payload?: object, cookie?: string) =>
    server.app.inject({ method: "POST", url, ...(payload ? { payload } : {}), ...(cookie ? withSession(cookie) : {}) });
  const userOf = async (email: string) => (await server.database.db.select().from(users).where(eq(users.email, email)))[0];

  it("names a browser from its User-Agent, and keeps nothing else of it", () => {
    expect(describeBrowser("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36")).toBe("Chrome on Linux");
    expect(describeBrowser("Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1")).toBe(
      "Safari on iPhone",
    );
    expect(describeBrowser("Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0")).toBe("Firefox on Windows");
    expect(describeBrowser(undefined)).toBe("A browser");
  });

  it("signed out: 401; with a device token: 403; for every Account page route that needs the browser", async () => {
    const { cookie } = await signIn(server.app, server.mailDir, "token-holder@example.com");
    const { accessToken } = await pairDevice(server.app, cookie);
    for (const [method, url] of [
      ["GET", "/api/account"],
      ["GET", "/api/account/export"],
      ["POST", "/api/account/deletion-request"],
      ["DELETE", "/api/account/sessions/6f1c1e2a-4b7d-4c1e-9a57-2f0d3c8b9e10"],
    ] as const) {
      const anonymous = await server.app.inject({ method, url });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      expect(anonymous.json()).toEqual({ message: expect.any(String) });
      expect((await server.app.inject({ method, url, ...bearer(accessToken) })).statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it("lists the account's browsers with when they signed in and were last used; each can be ended, by its owner only", async () => {
    const first = await signIn(server.app, server.mailDir, "sessions@example.com");
    now += 5 * 60_000;
    const second = await signIn(server.app, server.mailDir, "sessions@example.com");
    now += 5 * 60_000;
    await get("/api/auth/user", first.cookie);
    const overview = await get("/api/account", second.cookie);
    expect(overview.statusCode).toBe(200);
    const { sessions, storage } = overview.json();
    expect(storage).toEqual({ usedBytes: 0, quotaBytes: 50_000_000 });
    expect(sessions).toHaveLength(2);
    const used = sessions.find((session: { current: boolean }) => !session.current);
    const mine = sessions.find((session: { current: boolean }) => session.current);
    expect(used).toMatchObject({ description: "A browser", current: false, lastUsedAt: new Date(now).toISOString() });
    expect(mine).toMatchObject({ current: true });
    // Another account cannot end it, nor learn it exists.
    const other = await signIn(server.app, server.mailDir, "someone-else@example.com");
    const refused = await server.app.inject({ method: "DELETE", url: `/api/account/sessions/${used.id}`, ...withSession(other.cookie) });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ message: "Session not found" });
    const ended = await server.app.inject({ method: "DELETE", url: `/api/account/sessions/${used.id}`, ...withSession(second.cookie) });
    expect(ended.statusCode).toBe(204);
    expect((await get("/api/auth/user", first.cookie)).statusCode).toBe(401);
    expect((await get("/api/auth/user", second.cookie)).statusCode).toBe(200);
    const malformed = await server.app.inject({ method: "DELETE", url: "/api/account/sessions/not-a-uuid", ...withSession(second.cookie) });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: expect.stringContaining("Not a session id") });
  });

  it("exports everything as one JSON download, in the documented format, with no secret in it", async () => {
    const email = "exporter@example.com";
    const { cookie } = await signIn(server.app, server.mailDir, email);
    await server.database.db.update(users).set({ planType: "pro" }).where(eq(users.email, email));
    const saved = await post(
      "/api/saved-sessions",
      { sessionName: "Trip", browserSession: browserSession(0, { tabs: [tab(1, { formData: { "#notes": "pack the charger" } })] }) },
      cookie,
    );
    expect(saved.statusCode).toBe(201);
    await server.app.inject({ method: "PUT", url: "/api/protection/settings", payload: { mode: "backup" }, ...withSession(cookie) });
    const grant = await pairDevice(server.app, cookie);
    const pushed = await server.app.inject({
      method: "PUT",
      url: "/api/open-tabs",
      payload: { capturedAt: Date.parse("2026-11-23T09:00:00Z"), windows: [{ windowId: 1, tabs: [{ url: "https://example.com/open", title: "Open", index: 0 }] }] },
      headers: { authorization: `Bearer ${grant.accessToken}` },
    });
    expect(pushed.statusCode).toBe(200);
    const setup = (await post("/api/create-payment-intent", { amount: 14, planType: "pro", email }, cookie)).json();
    await post("/api/sandbox/confirm", { clientSecret: setup.clientSecret, card: goodCard });

    const response = await get("/api/account/export", cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-disposition"]).toBe('attachment; filename="tabvault-export-2026-11-23.json"');
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    const data = accountExportSchema.parse(response.json());
    expect(data).toMatchObject({ format: "tabvault-account-export", version: 1, account: { email, planType: "pro" }, settings: { mode: "backup" } });
    expect(data.backups).toHaveLength(1);
    expect(data.backups[0]).toMatchObject({ name: "Trip", trigger: "manual_save" });
    expect(data.backups[0]!.tabs[0]).toMatchObject({ url: "https://example.com/article/1", formData: { "#notes": "pack the charger" } });
    expect(data.events.map((event) => event.type)).toContain("manual_save");
    expect(data.payments).toEqual([expect.objectContaining({ planType: "pro", amountCents: 1400, status: "succeeded", provider: "sandbox" })]);
    expect(data.devices).toEqual([expect.objectContaining({ name: "Chrome on Linux", scope: "browser", revokedAt: null })]);
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(data.openTabs).toEqual([expect.objectContaining({ deviceName: "Chrome on Linux", tabCount: 1, windows: [expect.objectContaining({ tabs: [expect.objectContaining({ url: "https://example.com/open" })] })] })]);
    // No secret: the token itself, its hash, the session's id hash or the cookie.
    const [token] = await server.database.db.select().from(deviceTokens).where(eq(deviceTokens.userId, data.account.id));
    const [session] = await server.database.db.select().from(userSessions).where(eq(userSessions.userId, data.account.id));
    for (const secret of [grant.accessToken, token!.tokenHash, session!.idHash, cookie]) expect(response.body).not.toContain(secret);
    expect(response.body).not.toMatch(/hash/i);
  });

  it("exports what the library, automation and the team hold too: labels, rules, the team with its shares and the owner's policy; another account's export has none of it", async () => {
    const db = server.database.db;
    const team = await arrangeTeam(server.app, server.mailDir, db, { name: "Export crew", owner: "export-owner@example.com", members: ["export-member@example.com"] });
    const { cookie } = team.owner;
    const saved = await post("/api/saved-sessions", { sessionName: "Labelled", browserSession: browserSession(2) }, cookie);
    const backupId = saved.json<{ sessionId: string }>().sessionId;
    const labelled = await server.app.inject({
      method: "PATCH",
      url: `/api/library/backups/${backupId}`,
      payload: { note: "Read before Friday", pinned: true, addTags: ["work", "q4"] },
      ...withSession(cookie),
    });
    expect(labelled.statusCode).toBe(200);
    await server.app.inject({ method: "PUT", url: "/api/protection/settings", payload: { neverCapturedSites: ["bank.example"] }, ...withSession(cookie) });
    expect((await post("/api/automation/rules", { kind: "daily", time: "17:30", backupName: "End of day", tag: "daily" }, cookie)).statusCode).toBe(201);
    expect((await post("/api/team/shared-sessions", { sessionId: backupId }, cookie)).statusCode).toBe(201);
    const policy = { protectionMode: "backup", automaticBackupMinutes: 15, neverCapturedSites: ["payroll.example"], formCapture: "off" };
    expect((await server.app.inject({ method: "PUT", url: "/api/team/policy", payload: policy, ...withSession(cookie) })).statusCode).toBe(200);

    const data = accountExportSchema.parse((await get("/api/account/export", cookie)).json());
    expect(data.settings.neverCapturedSites).toEqual(["bank.example"]);
    expect(data.backupLabels).toEqual([{ backupId, tags: ["work", "q4"], note: "Read before Friday", pinnedAt: new Date(now).toISOString() }]);
    expect(data.automationRules).toEqual([expect.objectContaining({ kind: "daily", time: "17:30", backupName: "End of day", tag: "daily", enabled: true })]);
    expect(data.team).toEqual({ name: "Export crew", role: "owner", joinedAt: expect.any(String), sharedBackups: [{ backupId, sharedAt: new Date(now).toISOString() }], policy });

    // A member's export tells their own place in the team, never the owner's labels, rules, shares or policy.
    const member = accountExportSchema.parse((await get("/api/account/export", team.members[0]!.cookie)).json());
    expect(member).toMatchObject({ backupLabels: [], automationRules: [], team: { name: "Export crew", role: "member", sharedBackups: [], policy: null } });
    expect(JSON.stringify(member)).not.toMatch(/Read before Friday|End of day|payroll\.example|export-owner@example\.com/);
    // Someone in no team: null, and nothing of anyone else's.
    const loner = await signIn(server.app, server.mailDir, "export-loner@example.com");
    const alone = accountExportSchema.parse((await get("/api/account/export", loner.cookie)).json());
    expect(alone).toMatchObject({ backupLabels: [], automationRules: [], team: null, settings: { neverCapturedSites: [] } });
  });

  it("deletes an account only through the mailed link: data gone at once, sessions and tokens ended, payments anonymised", async () => {
    const email = "leaving@example.com";
    const { cookie } = await signIn(server.app, server.mailDir, email);
    const grant = await pairDevice(server.app, cookie);
    await post("/api/protection/android-clear-all", { userEmail: email, browserSession: browserSession(2) }, cookie);
    const setup = (await post("/api/create-payment-intent", { amount: 8, planType: "basic", email }, cookie)).json();
    await post("/api/sandbox/confirm", { clientSecret: setup.clientSecret, card: goodCard });
    await post("/api/contact", { name: "Leaving", email: "Leaving@Example.com", subject: "Bye", message: "Thanks for everything." });
    const userId = (await userOf(email))!.id;

    const requested = await post("/api/account/deletion-request", undefined, cookie);
    expect(requested.statusCode).toBe(202);
    expect(requested.json().message).toContain(email);
    const mail = await latestMailTo(server.mailDir, email);
    expect(mail?.subject).toBe("Confirm deleting your TabVault account");
    const link = mail!.links.find((candidate) => candidate.includes("/account/delete#token="));
    expect(link).toBeDefined();
    const token = new URLSearchParams(new URL(link!).hash.slice(1)).get("token")!;
    // Nothing is deleted by the mail or by reading the link.
    expect((await post("/api/account/deletion-link", { token })).json()).toEqual({ email });
    expect(await userOf(email)).toBeDefined();

    // Malformed, oversized and unknown tokens: 4xx with a message, nothing deleted.
    expect((await post("/api/account/delete", { token: "" })).statusCode).toBe(400);
    expect((await post("/api/account/delete", { token: "x".repeat(201) })).statusCode).toBe(400);
    expect((await post("/api/account/delete", { token: "a\u0000b" })).statusCode).toBe(400);
    expect((await post("/api/account/delete", { token, extra: true })).statusCode).toBe(400);
    const unknown = await post("/api/account/delete", { token: "B".repeat(43) });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toMatch(/expired or was already used/);

    // Another account's session does not matter: the link is the proof.
    const other = await signIn(server.app, server.mailDir, "bystander@example.com");
    const deleted = await server.app.inject({ method: "POST", url: "/api/account/delete", payload: { token }, ...withSession(other.cookie) });
    expect(deleted.statusCode).toBe(204);
    expect((await get("/api/auth/user", other.cookie)).statusCode).toBe(200);

    const db = server.database.db;
    expect(await userOf(email)).toBeUndefined();
    expect(await db.select().from(savedSessions).where(eq(savedSessions.userId, userId))).toEqual([]);
    expect(await db.select().from(userSessions).where(eq(userSessions.userId, userId))).toEqual([]);
    expect(await db.select().from(deviceTokens).where(eq(deviceTokens.userId, userId))).toEqual([]);
    expect(await db.select().from(accountDeletionTokens).where(eq(accountDeletionTokens.userId, userId))).toEqual([]);
    expect(await db.select().from(contactMessages).where(sql`lower(${contactMessages.email}) = ${email}`)).toEqual([]);
    expect((await get("/api/auth/user", cookie)).statusCode).toBe(401);
    expect((await get("/api/saved-sessions", undefined)).statusCode).toBe(401);
    expect((await server.app.inject({ method: "GET", url: "/api/extension/connection", ...bearer(grant.accessToken) })).statusCode).toBe(401);
    // The payment record stays, without who paid.
    const [payment] = await db.select().from(payments).where(eq(payments.id, setup.paymentId));
    expect(payment).toMatchObject({ userId: null, email: null, amountCents: 800, planType: "basic", status: "succeeded", provider: "sandbox" });
    expect(payment!.providerPaymentId).toMatch(/^sandbox_pi_/);
    const logs = await db.select().from(systemLogs);
    expect(logs.some((row) => row.message.includes(email))).toBe(false);
    expect(logs.some((row) => row.message.includes("(deleted account)"))).toBe(true);

    // The link works once; signing in with the address again starts a new, empty account.
    expect((await post("/api/account/delete", { token })).statusCode).toBe(404);
    const again = await signIn(server.app, server.mailDir, email);
    const fresh = await userOf(email);
    expect(fresh?.id).not.toBe(userId);
    expect(fresh?.planType).toBe("free");
    expect((await get("/api/saved-sessions", again.cookie)).json()).toEqual([]);
  });

  it("limits deletion mails per account and exports per hour, with a message", async () => {
    const { cookie } = await signIn(server.app, server.mailDir, "limits@example.com");
    for (let n = 0; n < 3; n += 1) expect((await post("/api/account/deletion-request", undefined, cookie)).statusCode).toBe(202);
    const limited = await post("/api/account/deletion-request", undefined, cookie);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^A deletion link was sent several times already/);
    for (let n = 0; n < 10; n += 1) expect((await get("/api/account/export", cookie)).statusCode).toBe(200);
    expect((await get("/api/account/export", cookie)).statusCode).toBe(429);
  });
});
