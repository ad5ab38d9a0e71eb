import { count, eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { describe, expect, it } from "vitest";
import { users } from "../accounts/table";
import { browserBackup, browserSession, tab } from "../test/backup-payloads";
import { signIn, withSession } from "../test/sign-in";
import { useTestApp } from "../test/test-app";
import { protectedTabDays, savedSessions } from "./table";

/**
 * storeBackup, the one pipeline every kind of backup goes through (decision 205), once per kind of entry, on
 * Free (5 tabs a day, 1 backup kept) where the rules of each kind show: whether the day's allowance applies
 * and counts, whether a backup left empty is refused, and rotation to the plan's count.
 */
describe("storeBackup: every kind of backup under its rules", () => {
  const clock = () => new Date("2026-11-27T10:00:00Z");
  const server = useTestApp({ clock });
  const db = () => server.database.db;

  async function freeAccount(email: string) {
    const { cookie } = await signIn(server.app, server.mailDir, email);
    await db().update(users).set({ planType: "free" }).where(eq(users.email, email));
    const [user] = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
    return { email, userId: user!.id, auth: withSession(cookie) };
  }
  const post = (url: string, payload: unknown, auth: object) =>
    server.app.inject({ method: "POST", url, payload: payload as InjectOptions["payload"], ...auth });
  const tabs = (n: number, offset = 0) => Array.from({ length: n }, (_, i) => tab(i + offset));
  const countedToday = async (userId: string) =>
    (await db().select({ n: count() }).from(protectedTabDays).where(eq(protectedTabDays.userId, userId)))[0]!.n;
  const backupsOf = (userId: string) => db().select({ id: savedSessions.id, tabCount: savedSessions.tabCount }).from(savedSessions).where(eq(savedSessions.userId, userId));
  /** Spends the day's allowance with a web save of 5 tabs. */
  const spendTheDay = (auth: object) => post("/api/saved-sessions", { browserSession: browserSession(0, { tabs: tabs(5, 500) }) }, auth);

  it("a web save: what is left of the day's allowance, counted; refused once nothing is left (webSave)", async () => {
    const a = await freeAccount("web-save@example.com");
    const saved = await post("/api/saved-sessions", { browserSession: browserSession(0, { tabs: tabs(8) }) }, a.auth);
    expect(saved.statusCode).toBe(201);
    expect(saved.json()).toMatchObject({ tabsSaved: 5, limit: { tabsLeftOut: 3, backupsRotatedOut: 0 } });
    expect(await countedToday(a.userId)).toBe(5);
    const refused = await post("/api/saved-sessions", { browserSession: browserSession(0, { tabs: tabs(3, 100) }) }, a.auth);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/3 tabs were left out \(Free protects 5 tabs a day\)/);
    expect(await backupsOf(a.userId)).toHaveLength(1);
  });

  it("an extension upload: what is left of the day's allowance, counted; refused once nothing is left (extensionUpload)", async () => {
    const a = await freeAccount("extension-upload@example.com");
    const saved = await post("/api/browser-backups", browserBackup(8), a.auth);
    expect(saved.statusCode).toBe(201);
    expect(saved.json()).toMatchObject({ tabCount: 5, duplicate: false });
    expect(saved.json().message).toMatch(/^Manual save of 5 tabs from Chrome on Linux saved\. 3 tabs were left out/);
    expect(await countedToday(a.userId)).toBe(5);
    const refused = await post("/api/browser-backups", browserBackup(3, { windows: [{ ...browserBackup(3).windows[0]!, tabs: [] }] }), a.auth);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: "Nothing to back up: the browser has no tabs" });
  });

  it("an extension emergency: stored whole with today's allowance spent, its tabs not counted, older backups rotated (extensionEmergency)", async () => {
    const a = await freeAccount("extension-emergency@example.com");
    expect((await spendTheDay(a.auth)).statusCode).toBe(201);
    const emergency = await post("/api/browser-backups", browserBackup(8, { trigger: "clear_all_detected" }), a.auth);
    expect(emergency.statusCode).toBe(201);
    expect(emergency.json()).toMatchObject({ tabCount: 8, windowCount: 1 });
    expect(emergency.json().message).toMatch(/1 older backup was removed \(Free keeps 1\)/);
    expect(await countedToday(a.userId)).toBe(5);
    expect(await backupsOf(a.userId)).toEqual([{ id: emergency.json().backupId, tabCount: 8 }]);
  });

  it("an import: the extension's upload rules, and the import itself refuses a partial fit whole (import)", async () => {
    const a = await freeAccount("import@example.com");
    const urls = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => `https://${prefix}.example/${i}`).join("\n");
    const fits = await post("/api/library/imports", { fileName: "urls.txt", content: urls(3, "first") }, a.auth);
    expect(fits.statusCode).toBe(201);
    expect(fits.json()).toMatchObject({ tabCount: 3, duplicate: false });
    expect(await countedToday(a.userId)).toBe(3);
    const tooMany = await post("/api/library/imports", { fileName: "urls.txt", content: urls(4, "second") }, a.auth);
    expect(tooMany.statusCode).toBe(403);
    expect(tooMany.json().message).toMatch(/\(2 more fit today\), so nothing was imported/);
    expect(await countedToday(a.userId)).toBe(3);
    expect(await backupsOf(a.userId)).toHaveLength(1);
  });

  it("android-clear-all: up to a full day's allowance with today's spent, counted; older backups rotated (appEmergency)", async () => {
    const a = await freeAccount("android@example.com");
    expect((await spendTheDay(a.auth)).statusCode).toBe(201);
    const emergency = await post("/api/protection/android-clear-all", { userEmail: a.email, browserSession: browserSession(0, { tabs: tabs(8) }) }, a.auth);
    expect(emergency.statusCode).toBe(201);
    expect(emergency.json()).toMatchObject({ tabsSaved: 5, limit: { tabsLeftOut: 3, backupsRotatedOut: 1 } });
    expect(await countedToday(a.userId)).toBe(10);
    expect(await backupsOf(a.userId)).toEqual([{ id: emergency.json().sessionId, tabCount: 5 }]);
  });

  it("windows-x-button: applications alone, never refused, with today's allowance spent; older backups rotated (appEmergency)", async () => {
    const a = await freeAccount("windows@example.com");
    expect((await spendTheDay(a.auth)).statusCode).toBe(201);
    const applications = [
      { processName: "winword.exe", windowTitle: "Report.docx", isUnsaved: true },
      { processName: "excel.exe", windowTitle: "Budget.xlsx" },
    ];
    const emergency = await post("/api/protection/windows-x-button", { userEmail: a.email, applications, deviceName: "Office PC" }, a.auth);
    expect(emergency.statusCode).toBe(201);
    expect(emergency.json()).toMatchObject({ tabsSaved: 0, appsSaved: 2, message: "Emergency backup of 2 applications saved.", limit: { tabsLeftOut: 0, backupsRotatedOut: 1 } });
    expect(await countedToday(a.userId)).toBe(5);
    expect(await backupsOf(a.userId)).toEqual([{ id: emergency.json().sessionId, tabCount: 0 }]);
  });
});
