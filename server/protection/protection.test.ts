import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../accounts/table";
import { browserSession } from "../test/backup-payloads";
import { signIn, withSession } from "../test/sign-in";
import { useTestApp } from "../test/test-app";

describe("protection API: settings, toggle, status, blocked log, stats, events", () => {
  const server = useTestApp();
  const accounts = new Map<string, Promise<{ cookie: string }>>();
  const as = async (email: string) => {
    if (!accounts.has(email)) accounts.set(email, signIn(server.app, server.mailDir, email));
    return (await accounts.get(email)!).cookie;
  };
  const call = async (method: "GET" | "POST" | "PUT", url: string, email: string, payload?: object) =>
    server.app.inject({ method, url, ...(payload ? { payload } : {}), ...withSession(await as(email)) });

  it("starts from the defaults: on, block mode, every feature off", async () => {
    const response = await call("GET", "/api/protection/settings", "ana@example.com");
    expect(response.json()).toEqual({
      enabled: true,
      mode: "block",
      autoBackup: false,
      cloudSync: false,
      smartDetection: false,
      aiPrediction: false,
      teamSharing: false,
      neverCapturedSites: [],
      teamPolicy: null,
    });
  });

  it("saves settings, which survive a new sign-in", async () => {
    const saved = await call("PUT", "/api/protection/settings", "ana@example.com", { mode: "backup", enabled: false });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ mode: "backup", enabled: false });
    accounts.delete("ana@example.com");
    expect((await call("GET", "/api/protection/settings", "ana@example.com")).json()).toMatchObject({ mode: "backup", enabled: false });
  });

  it.each([
    ["free", { autoBackup: true }, /Automatic Backup needs the Basic plan/],
    ["free", { smartDetection: true }, /Smart Detection needs the Basic plan/],
    ["basic", { aiPrediction: true }, /^Prediction needs the Pro plan/],
    ["pro", { teamSharing: true }, /Team Sharing needs the Premium plan/],
    ["basic", { cloudSync: true }, /Cloud Synchronization needs the Pro plan/],
    ["premium", { mode: "block", autoBackup: true }, /works in Backup mode/],
  ] as const)("gates on the server: %s may not set %j", async (plan, change, message) => {
    const email = `gate-${plan}@example.com`;
    await as(email);
    await server.database.db.update(users).set({ planType: plan }).where(eq(users.email, email));
    const response = await call("PUT", "/api/protection/settings", email, change);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toMatch(message);
  });

  it("lets each plan switch on what it includes", async () => {
    const email = "all-features@example.com";
    await as(email);
    await server.database.db.update(users).set({ planType: "premium" }).where(eq(users.email, email));
    const response = await call("PUT", "/api/protection/settings", email, {
      mode: "backup",
      autoBackup: true,
      smartDetection: true,
      aiPrediction: true,
      teamSharing: true,
      cloudSync: true,
    });
    expect(response.statusCode).toBe(200);
  });

  it.each([
    [{ mode: "panic" }, "body.mode"],
    [{ enabled: "yes" }, "body.enabled"],
    [{ blockedAttempts: 5 }, "Unrecognized key"],
  ])("refuses settings %j with 400", async (payload, message) => {
    const response = await call("PUT", "/api/protection/settings", "ana@example.com", payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
  });

  it("toggles protection and reports it in the status", async () => {
    expect((await call("POST", "/api/protection/toggle", "ben@example.com", { enabled: false })).json()).toEqual({
      enabled: false,
      mode: "block",
      message: "Protection is off",
    });
    const status = await call("GET", "/api/protection/status/ben@example.com", "ben@example.com");
    expect(status.json()).toEqual({ isActive: false, sessionCount: 0, applicationCount: 0, lastBackup: null });
  });

  it("the Clear All Blocker's switch sets the mode with the switch (spec 2 §3), for its own account only", async () => {
    const email = "blocker-switch@example.com";
    await as(email);
    await server.database.db.update(users).set({ planType: "basic" }).where(eq(users.email, email));
    await call("PUT", "/api/protection/settings", email, { mode: "backup", autoBackup: true });

    const off = await call("POST", "/api/protection/toggle", email, { enabled: false, mode: "backup" });
    expect(off.json()).toEqual({ enabled: false, mode: "backup", message: "Protection is off" });
    // Block mode has no automatic backups: switching the blocker on turns them off, as the settings screen does.
    const on = await call("POST", "/api/protection/toggle", email, { enabled: true, mode: "block" });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ enabled: true, mode: "block", message: "Protection is on" });
    expect((await call("GET", "/api/protection/settings", email)).json()).toMatchObject({ enabled: true, mode: "block", autoBackup: false });
    // Another account's settings are untouched.
    expect((await call("GET", "/api/protection/settings", "ana@example.com")).json()).toMatchObject({ mode: "backup", enabled: false });
  });

  it.each([
    [{ enabled: true, mode: "panic" }, "body.mode"],
    [{ mode: "block" }, "body.enabled"],
  ])("refuses the switch %j with 400", async (payload, message) => {
    const response = await call("POST", "/api/protection/toggle", "ben@example.com", payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
  });

  it("refuses the switch signed out with 401", async () => {
    const response = await server.app.inject({ method: "POST", url: "/api/protection/toggle", payload: { enabled: true, mode: "block" } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: expect.any(String) });
  });

  it("status counts backups and Windows applications", async () => {
    await call("POST", "/api/protection/windows-x-button", "ben@example.com", {
      userEmail: "ben@example.com",
      applications: [
        { processName: "WINWORD.EXE", windowTitle: "Report.docx", documentPath: "C:\\Users\\ben\\Report.docx", isUnsaved: true, processId: 4242 },
        { processName: "notepad.exe", windowTitle: "notes.txt" },
      ],
    });
    const status = (await call("GET", "/api/protection/status/ben@example.com", "ben@example.com")).json();
    expect(status).toMatchObject({ sessionCount: 1, applicationCount: 2, lastBackup: expect.any(String) });
    const [backup] = (await call("GET", "/api/saved-sessions", "ben@example.com")).json();
    expect(backup).toMatchObject({ triggerEvent: "windows_x_button", tabCount: 0, appCount: 2, restorable: false });
  });

  it("refuses another account's email in the status path and restore body with 403", async () => {
    expect((await call("GET", "/api/protection/status/ben@example.com", "ana@example.com")).statusCode).toBe(403);
    expect((await call("POST", "/api/protection/restore-session", "ana@example.com", { userEmail: "ben@example.com" })).statusCode).toBe(403);
  });

  it("restores the latest restorable backup, or says there is none", async () => {
    const none = await call("POST", "/api/protection/restore-session", "ben@example.com", { userEmail: "ben@example.com" });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ message: "No backup to restore yet" });
    await call("POST", "/api/protection/android-clear-all", "ben@example.com", { userEmail: "ben@example.com", browserSession: browserSession(2) });
    const restored = await call("POST", "/api/protection/restore-session", "ben@example.com", { userEmail: "ben@example.com" });
    expect(restored.statusCode).toBe(200);
    expect(restored.json().instructions.tabs).toHaveLength(2);
  });

  it("counts blocked attempts and computes the stats from real data", async () => {
    for (let index = 0; index < 3; index += 1) {
      const logged = await call("POST", "/api/protection/log-blocked", "ben@example.com", {
        method: "Ctrl+Shift+W",
        timestamp: Date.now(),
        url: "https://tabvault.test/sessions",
      });
      expect(logged.statusCode).toBe(204);
    }
    const event = await call("POST", "/api/user/protection-event", "ben@example.com", { eventType: "manual_backup", description: "Backed up by hand" });
    expect(event.statusCode).toBe(201);
    expect(event.json()).toEqual({ id: expect.any(String), eventType: "manual_backup", description: "Backed up by hand", createdAt: expect.any(String) });

    const stats = (await call("GET", "/api/user/stats", "ben@example.com")).json();
    expect(stats).toMatchObject({ protectedTabs: 2, daysActive: 1, planStatus: "Free plan", blockedAttempts: 3 });
    expect(stats.dataSaved).toMatch(/^\d+(\.\d)?(KB|MB)$/);
    expect(stats.protectionEvents[0]).toMatchObject({ eventType: "manual_backup" });
    expect(stats.protectionEvents.map((e: { eventType: string }) => e.eventType)).toContain("clear_all_blocked");
    expect(stats.protectionEvents.length).toBeLessThanOrEqual(10);
  });

  it("the blocker's count: 401 signed out; the account's own, including blocks an app logged with its device token", async () => {
    const url = "/api/protection/blocked-attempts";
    expect((await server.app.inject({ method: "GET", url })).statusCode).toBe(401);
    expect((await call("GET", url, "cleo@example.com")).json()).toEqual({ blockedAttempts: 0 });

    const created = await call("POST", "/api/device-tokens", "cleo@example.com", { name: "Cleo's phone" });
    const phone = { authorization: `Bearer ${created.json().token as string}` };
    for (const method of ["Android Clear All", "Android Close all tabs"]) {
      const logged = await server.app.inject({ method: "POST", url: "/api/protection/log-blocked", payload: { method }, headers: phone });
      expect(logged.statusCode).toBe(204);
    }
    expect((await call("GET", url, "cleo@example.com")).json()).toEqual({ blockedAttempts: 2 });
    expect((await server.app.inject({ method: "GET", url, headers: phone })).json()).toEqual({ blockedAttempts: 2 });
    // Ben's three blocks above are his alone.
    expect((await call("GET", url, "ben@example.com")).json()).toEqual({ blockedAttempts: 3 });
  });

  it("starts a new account's stats at zero", async () => {
    expect((await call("GET", "/api/user/stats", "new@example.com")).json()).toEqual({
      protectedTabs: 0,
      dataSaved: "0MB",
      daysActive: 0,
      planStatus: "Free plan",
      blockedAttempts: 0,
      protectionEvents: [],
    });
  });

  it.each([
    [{ eventType: "hack", description: "x" }, "body.eventType"],
    [{ eventType: "manual_restore", description: "" }, "body.description"],
    [{ eventType: "manual_restore", description: "x".repeat(501) }, "body.description"],
  ])("refuses protection event %j with 400", async (payload, message) => {
    const response = await call("POST", "/api/user/protection-event", "ben@example.com", payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
  });
});
