import { eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { describe, expect, it } from "vitest";
import { users } from "../accounts/table";
import { browserBackup } from "../test/backup-payloads";
import { bearer, pairDevice } from "../test/pair-device";
import { signIn, withSession } from "../test/sign-in";
import { useTestApp } from "../test/test-app";
import { savedSessions } from "./table";

/** Another device's tabs that a browser read through its own tab sync (decision 219). */
describe("a synced device's backup", () => {
  const server = useTestApp({ clock: () => new Date("2026-11-28T03:00:00Z") });

  async function account(email: string, plan: "free" | "pro" = "pro") {
    const { cookie } = await signIn(server.app, server.mailDir, email);
    await server.database.db.update(users).set({ planType: plan }).where(eq(users.email, email));
    const { accessToken } = await pairDevice(server.app, cookie);
    const [user] = await server.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    return { cookie, token: accessToken, userId: user!.id };
  }
  const upload = (payload: unknown, auth: object) =>
    server.app.inject({ method: "POST", url: "/api/browser-backups", payload: payload as InjectOptions["payload"], ...auth });

  it("is stored under the device's name, its source and reader said, and listed so in the Session Manager", async () => {
    const a = await account("synced@example.com", "free");
    const snapshot = { ...browserBackup(20, { trigger: "clear_all_detected", reason: "Pixel 9's 20 tabs were closed" }, 1), syncedDevice: { deviceName: "Pixel 9" } };
    const response = await upload(snapshot, bearer(a.token));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ tabCount: 20, message: "Emergency backup of 20 tabs from Pixel 9 saved." });
    const listed = (await server.app.inject({ method: "GET", url: "/api/saved-sessions", ...withSession(a.cookie) })).json();
    expect(listed[0]).toMatchObject({
      sessionName: "Emergency backup — Pixel 9 (through sync, read by Chrome on Linux)",
      deviceName: "Pixel 9",
      browserType: "sync",
      triggerEvent: "clear_all_detected",
      tabCount: 20,
    });
    const backup = (await server.app.inject({ method: "GET", url: `/api/browser-backups/${response.json().backupId}`, ...bearer(a.token) })).json();
    expect(backup.windows[0].tabs).toHaveLength(20);
  });

  it("an automatic one follows the plan like this browser's own", async () => {
    const free = await account("synced-free@example.com", "free");
    const snapshot = { ...browserBackup(3, { trigger: "auto_backup" }, 1), syncedDevice: { deviceName: "Pixel 9" } };
    expect((await upload(snapshot, bearer(free.token))).statusCode).toBe(403);
    const pro = await account("synced-pro@example.com");
    expect((await upload({ ...snapshot, snapshotId: crypto.randomUUID() }, bearer(pro.token))).statusCode).toBe(201);
  });

  it("refuses a malformed or hostile device with 400 {message} and writes nothing", async () => {
    const a = await account("synced-hostile@example.com");
    for (const syncedDevice of [{ deviceName: "" }, { deviceName: "x".repeat(201) }, { deviceName: "Pixel\u0000 9" }, { deviceName: "Pixel 9", extra: true }, "Pixel 9", { deviceName: 9 }]) {
      const response = await upload({ ...browserBackup(2, { trigger: "manual_save" }, 1), syncedDevice }, bearer(a.token));
      expect(response.statusCode, JSON.stringify(syncedDevice)).toBe(400);
      expect(response.json()).toEqual({ message: expect.stringContaining("syncedDevice") });
    }
    expect(await server.database.db.select().from(savedSessions).where(eq(savedSessions.userId, a.userId))).toEqual([]);
  });

  it("signed out is 401, and another account never sees it", async () => {
    const a = await account("synced-owner@example.com");
    const b = await account("synced-other@example.com");
    const snapshot = { ...browserBackup(2, { trigger: "manual_save" }, 1), syncedDevice: { deviceName: "Pixel 9" } };
    expect((await upload(snapshot, {})).statusCode).toBe(401);
    const stored = await upload(snapshot, bearer(a.token));
    const read = await server.app.inject({ method: "GET", url: `/api/browser-backups/${stored.json().backupId}`, ...bearer(b.token) });
    expect(read.statusCode).toBe(404);
  });
});
