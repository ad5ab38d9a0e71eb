import { gzipSync } from "node:zlib";
import { count, eq, sum } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { describe, expect, it } from "vitest";
import { EMERGENCY_BOUNDS, plans } from "@common/plans";
import { users } from "../accounts/table";
import { browserBackup } from "../test/backup-payloads";
import { bearer, pairDevice } from "../test/pair-device";
import { signIn, withSession } from "../test/sign-in";
import { useTestApp } from "../test/test-app";
import { protectedTabDays, savedSessions } from "./table";

const MINUTE = 60_000;

/**
 * Which backups the server keeps and which it refuses, through the real routes and the injected clock: a larger
 * emergency of the last hour is not pushed out on Free (decision 207), automatic backups are thinned by age on every
 * plan that has them (decision 208), and a backup claimed as an emergency has an emergency's rights only within the
 * bounds the server checks (decision 209).
 */
describe("what the server keeps", () => {
  let now = Date.parse("2026-12-02T10:00:00Z");
  const server = useTestApp({ clock: () => new Date(now) });
  const db = () => server.database.db;

  async function account(email: string, plan: "free" | "basic" | "pro") {
    const { cookie } = await signIn(server.app, server.mailDir, email);
    await db().update(users).set({ planType: plan }).where(eq(users.email, email));
    const { accessToken } = await pairDevice(server.app, cookie);
    const [user] = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
    return { cookie, token: accessToken, userId: user!.id };
  }
  const upload = (payload: unknown, token: string) =>
    server.app.inject({ method: "POST", url: "/api/browser-backups", payload: payload as InjectOptions["payload"], ...bearer(token) });
  const backupsOf = (userId: string) =>
    db()
      .select({ id: savedSessions.id, trigger: savedSessions.triggerEvent, tabCount: savedSessions.tabCount, createdAt: savedSessions.createdAt })
      .from(savedSessions)
      .where(eq(savedSessions.userId, userId));

  describe("Free: an accidental close is not pushed out by a smaller loss right after it (decision 207)", () => {
    it("closing 3 tabs 25 s after a 10-tab window leaves the 10-tab backup on the server, and the small one is said to stay in the browser", async () => {
      const a = await account("free-hold@example.com", "free");
      const window = await upload(browserBackup(14, { trigger: "clear_all_detected", reason: "A window with 10 tabs was closed" }, 2), a.token);
      expect(window.statusCode).toBe(201);
      now += 25_000;
      const three = await upload(browserBackup(4, { trigger: "clear_all_detected", reason: "3 tabs were closed at once" }), a.token);
      expect(three.statusCode).toBe(200);
      expect(three.json()).toEqual({
        backupId: window.json().backupId,
        tabCount: 14,
        windowCount: 2,
        duplicate: false,
        storedOnServer: false,
        message:
          "Emergency backup of 4 tabs from Chrome on Linux kept in this browser only: your emergency backup of 14 tabs from 25 seconds ago stays on the server: " +
          "Free keeps 1 backup, and a backup of fewer tabs never replaces an emergency backup within 60 minutes.",
      });
      expect((await backupsOf(a.userId)).map((row) => row.tabCount)).toEqual([14]);
      const restored = await server.app.inject({ method: "GET", url: `/api/browser-backups/${window.json().backupId}`, ...bearer(a.token) });
      expect(restored.statusCode).toBe(200);
      expect(restored.json().tabCount).toBe(14);

      // A manual save of fewer tabs is refused, saying what stays and what to do; nothing is written or counted.
      const save = await upload(browserBackup(2), a.token);
      expect(save.statusCode).toBe(403);
      expect(save.json().message).toBe(
        "Not saved: your emergency backup of 14 tabs from 25 seconds ago stays on the server: Free keeps 1 backup, and a backup of fewer tabs never " +
          "replaces an emergency backup within 60 minutes. Pin that backup in the Session Manager to keep both, or upgrade to Basic for 10 backups.",
      );
      expect((await db().select({ n: count() }).from(protectedTabDays).where(eq(protectedTabDays.userId, a.userId)))[0]!.n).toBe(0);

      // A larger loss replaces it at once; and after the hour, any backup does, as "Free keeps 1 backup" says.
      const larger = await upload(browserBackup(20, { trigger: "clear_all_detected" }), a.token);
      expect(larger.statusCode).toBe(201);
      expect((await backupsOf(a.userId)).map((row) => row.id)).toEqual([larger.json().backupId]);
      now += 61 * MINUTE;
      const later = await upload(browserBackup(3, { trigger: "clear_all_detected" }), a.token);
      expect(later.statusCode).toBe(201);
      expect((await backupsOf(a.userId)).map((row) => row.id)).toEqual([later.json().backupId]);
    });

    it("a pinned backup is outside the count: the smaller emergency is stored beside it", async () => {
      const a = await account("free-hold-pinned@example.com", "free");
      const window = await upload(browserBackup(10, { trigger: "clear_all_detected" }), a.token);
      const pin = await server.app.inject({ method: "PATCH", url: `/api/library/backups/${window.json().backupId}`, payload: { pinned: true }, ...withSession(a.cookie) });
      expect(pin.statusCode).toBe(200);
      now += 25_000;
      const three = await upload(browserBackup(3, { trigger: "clear_all_detected" }), a.token);
      expect(three.statusCode).toBe(201);
      expect((await backupsOf(a.userId)).map((row) => row.tabCount).sort((x, y) => x - y)).toEqual([3, 10]);
    });
  });

  describe("automatic backups thinned by age, clock-driven (decision 208)", () => {
    /** The account's automatic backups as "YYYY-MM-DD HH:MM", oldest first. */
    const automaticKept = async (userId: string) =>
      (await backupsOf(userId))
        .filter((row) => row.trigger === "auto_backup")
        .map((row) => row.createdAt.toISOString().slice(0, 16).replace("T", " "))
        .sort();
    const at = (iso: string) => {
      now = Date.parse(iso);
    };

    it("keeps every one of the last 24 hours, then the newest of each hour to 7 days, of each day to 30, of each week after; never an emergency, a save or a pinned one", async () => {
      const a = await account("thinning@example.com", "pro");
      const auto = async (iso: string) => {
        at(iso);
        const response = await upload(browserBackup(3, { trigger: "auto_backup" }), a.token);
        expect(response.statusCode).toBe(201);
        return response.json().backupId as string;
      };
      // Week of Monday 19 October: Tuesday and Thursday; Thursday is the newest of that week.
      await auto("2026-10-20T10:00:00Z");
      await auto("2026-10-22T10:00:00Z");
      // An emergency, a manual save and a pinned automatic backup in the same week: never thinned.
      at("2026-10-20T11:00:00Z");
      expect((await upload(browserBackup(3, { trigger: "clear_all_detected" }), a.token)).statusCode).toBe(201);
      expect((await upload(browserBackup(3, { trigger: "manual_save" }), a.token)).statusCode).toBe(201);
      const pinned = await auto("2026-10-20T12:00:00Z");
      expect((await server.app.inject({ method: "PATCH", url: `/api/library/backups/${pinned}`, payload: { pinned: true }, ...withSession(a.cookie) })).statusCode).toBe(200);
      // Wednesday 25 November: three in a day, in three hours (the newest, 20:00, alone stays once they are 7 days old).
      await auto("2026-11-25T08:00:00Z");
      await auto("2026-11-25T12:00:00Z");
      await auto("2026-11-25T20:00:00Z");
      // The October week is past 30 days: its newest (Thursday) stays, Tuesday's goes; the pinned one stays.
      expect(await automaticKept(a.userId)).toEqual(["2026-10-20 12:00", "2026-10-22 10:00", "2026-11-25 08:00", "2026-11-25 12:00", "2026-11-25 20:00"]);
      // Sunday 29 November: three in one hour, two in the next.
      await auto("2026-11-29T14:10:00Z");
      await auto("2026-11-29T14:40:00Z");
      await auto("2026-11-29T14:50:00Z");
      await auto("2026-11-29T15:05:00Z");
      await auto("2026-11-29T15:20:00Z");
      // Two days later all five are older than a day: the newest of each hour stays.
      await auto("2026-12-01T16:00:00Z");
      expect(await automaticKept(a.userId)).toEqual([
        "2026-10-20 12:00",
        "2026-10-22 10:00",
        "2026-11-25 08:00",
        "2026-11-25 12:00",
        "2026-11-25 20:00",
        "2026-11-29 14:50",
        "2026-11-29 15:20",
        "2026-12-01 16:00",
      ]);
      // The last day: one every 5 minutes for an hour, all kept.
      for (let minute = 0; minute < 60; minute += 5) await auto(`2026-12-02T09:${String(minute).padStart(2, "0")}:00Z`);
      const lastDay = (await automaticKept(a.userId)).filter((time) => time >= "2026-12-02 09:00");
      expect(lastDay).toHaveLength(12);
      // At 09:30 the next day, 09:00 to 09:30 are a day old and their hour's newest is 09:55; 25 November is past 7 days
      // and keeps the newest of its day.
      await auto("2026-12-03T09:30:00Z");
      expect(await automaticKept(a.userId)).toEqual([
        "2026-10-20 12:00",
        "2026-10-22 10:00",
        "2026-11-25 20:00",
        "2026-11-29 14:50",
        "2026-11-29 15:20",
        "2026-12-01 16:00",
        "2026-12-02 09:35",
        "2026-12-02 09:40",
        "2026-12-02 09:45",
        "2026-12-02 09:50",
        "2026-12-02 09:55",
        "2026-12-03 09:30",
      ]);
      // The emergency and the manual save of 20 October are still there.
      expect((await backupsOf(a.userId)).filter((row) => row.trigger !== "auto_backup").map((row) => row.trigger).sort()).toEqual(["clear_all_detected", "manual_save"]);
    });

    it("a full account: an automatic backup makes room by removing the oldest automatic backups instead of being refused; a manual save is still refused", async () => {
      const a = await account("thinning-full@example.com", "pro");
      at("2026-12-05T10:00:00Z");
      const first = await upload(browserBackup(3, { trigger: "auto_backup" }), a.token);
      now += 5 * MINUTE;
      const second = await upload(browserBackup(3, { trigger: "auto_backup" }), a.token);
      // The two fill the plan's storage between them.
      const half = plans.pro.limits.storageBytes / 2;
      await db().update(savedSessions).set({ sizeBytes: half }).where(eq(savedSessions.id, first.json().backupId));
      await db().update(savedSessions).set({ sizeBytes: half }).where(eq(savedSessions.id, second.json().backupId));
      now += 5 * MINUTE;
      const save = await upload(browserBackup(3, { trigger: "manual_save" }), a.token);
      expect(save.statusCode).toBe(413);
      const third = await upload(browserBackup(3, { trigger: "auto_backup" }), a.token);
      expect(third.statusCode).toBe(201);
      expect(third.json().message).toContain("1 older automatic backup was removed to make room (Pro stores 2 GB)");
      expect((await backupsOf(a.userId)).map((row) => row.id).sort()).toEqual([second.json().backupId, third.json().backupId].sort());
      // With nothing automatic left to remove, it is refused like a save.
      await db().update(savedSessions).set({ sizeBytes: plans.pro.limits.storageBytes }).where(eq(savedSessions.id, third.json().backupId));
      await db().update(savedSessions).set({ triggerEvent: "manual_save" }).where(eq(savedSessions.id, third.json().backupId));
      await db().delete(savedSessions).where(eq(savedSessions.id, second.json().backupId));
      now += 5 * MINUTE;
      const refused = await upload(browserBackup(3, { trigger: "auto_backup" }), a.token);
      expect(refused.statusCode).toBe(413);
      expect(refused.json().message).toMatch(/^Backup storage full/);
    });
  });

  describe("an emergency's rights only within the bounds the server checks (decision 209)", () => {
    const storedBytesOf = async (userId: string) =>
      Number((await db().select({ bytes: sum(savedSessions.sizeBytes) }).from(savedSessions).where(eq(savedSessions.userId, userId)))[0]!.bytes ?? 0);

    it("Free: an emergency keeps 1000 tabs past the day's allowance; the tabs past that take what is left of the day", async () => {
      now = Date.parse("2026-12-10T10:00:00Z");
      const a = await account("bounds-tabs@example.com", "free");
      const claim = await upload(browserBackup(3_000, { trigger: "clear_all_detected" }, 3), a.token);
      expect(claim.statusCode).toBe(201);
      expect(claim.json().tabCount).toBe(EMERGENCY_BOUNDS.tabs + 5);
      expect(claim.json().message).toContain("1995 tabs were left out (Free protects 5 tabs a day; an emergency backup keeps 1,000 tabs past that)");
      // The next one's tabs past the bound find the day spent.
      now += 61 * MINUTE;
      const again = await upload(browserBackup(3_000, { trigger: "clear_all_detected" }, 3), a.token);
      expect(again.json().tabCount).toBe(EMERGENCY_BOUNDS.tabs + 5);
      expect((await backupsOf(a.userId)).map((row) => row.tabCount)).toEqual([EMERGENCY_BOUNDS.tabs + 5]);
    });

    it("past 20 emergencies in a UTC day, a claim is stored as a save: the day's allowance, refused when nothing is left", async () => {
      now = Date.parse("2026-12-11T00:30:00Z");
      const a = await account("bounds-day@example.com", "free");
      const answers: number[] = [];
      for (let n = 0; n < EMERGENCY_BOUNDS.perDay; n += 1) {
        now += 61 * MINUTE;
        answers.push((await upload(browserBackup(8, { trigger: "clear_all_detected" }), a.token)).statusCode);
      }
      expect(answers).toEqual(Array.from({ length: EMERGENCY_BOUNDS.perDay }, () => 201));
      // The 21st of the day (still 11 December): the 8 tabs are a save's, and Free's 5 a day were never spent by emergencies.
      now += 61 * MINUTE;
      expect(new Date(now).toISOString().slice(0, 10)).toBe("2026-12-11");
      const past = await upload(browserBackup(8, { trigger: "clear_all_detected" }), a.token);
      expect(past.statusCode).toBe(201);
      expect(past.json().tabCount).toBe(5);
      expect(past.json().message).toContain(`More than ${EMERGENCY_BOUNDS.perDay} emergency backups today, so this one was stored as a save is; 3 tabs were left out (Free protects 5 tabs a day)`);
      // The 22nd, a tab not yet counted today: the day is spent, so it is refused with a clear 403, and the backup kept stays.
      now += 10 * MINUTE;
      const fresh = browserBackup(1, { trigger: "clear_all_detected" });
      fresh.windows[0]!.tabs[0]!.url = "https://example.org/new";
      const refused = await upload(fresh, a.token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toMatch(/^More than 20 emergency backups today, so this one was stored as a save is; 1 tab was left out \(Free protects 5 tabs a day\)/);
      expect((await backupsOf(a.userId)).map((row) => row.id)).toEqual([past.json().backupId]);
      // The next UTC day the rights come back.
      now = Date.parse("2026-12-12T09:00:00Z");
      const nextDay = await upload(browserBackup(8, { trigger: "clear_all_detected" }), a.token);
      expect(nextDay.statusCode).toBe(201);
      expect(nextDay.json().tabCount).toBe(8);
    });

    it("an emergency may take the account at most 10% past its storage; past that it is refused with 413 and nothing is written", async () => {
      now = Date.parse("2026-12-13T10:00:00Z");
      const a = await account("bounds-storage@example.com", "free");
      const quota = plans.free.limits.storageBytes;
      const first = await upload(browserBackup(3, { trigger: "manual_save" }), a.token);
      await server.app.inject({ method: "PATCH", url: `/api/library/backups/${first.json().backupId}`, payload: { pinned: true }, ...withSession(a.cookie) });
      // The pinned save holds the whole quota less 1 KB: a small emergency goes past it, within the 5 MB it may.
      await db().update(savedSessions).set({ sizeBytes: quota - 1_000 }).where(eq(savedSessions.id, first.json().backupId));
      const small = await upload(browserBackup(30, { trigger: "clear_all_detected" }), a.token);
      expect(small.statusCode).toBe(201);
      expect(small.json().message).toMatch(/more than the 50 MB Free stores/);
      // Another that would go past quota + 5 MB is refused, saying so; the first emergency stays.
      now += 61 * MINUTE;
      await db().update(savedSessions).set({ sizeBytes: quota + 4_999_000 }).where(eq(savedSessions.id, first.json().backupId));
      const big = await upload(browserBackup(40, { trigger: "clear_all_detected" }), a.token);
      expect(big.statusCode).toBe(413);
      expect(big.json().message).toMatch(/past the 5 MB over it an emergency backup may use\. Delete backups you no longer need/);
      expect((await backupsOf(a.userId)).map((row) => row.tabCount).sort((x, y) => x - y)).toEqual([3, 30]);
    });

    it("an abusive client with one device token cannot store more than Free allows, whatever it claims", async () => {
      now = Date.parse("2026-12-14T00:01:00Z");
      const a = await account("abuser@example.com", "free");
      // 3,000 tabs with large form entries, sent gzip (a few KB on the wire), claimed as an emergency 23 times in one day.
      const heavy = () => {
        const claim = browserBackup(3_000, { trigger: "clear_all_detected" }, 3);
        for (const window of claim.windows) for (const tab of window.tabs) tab.formData = { note: "x".repeat(200) };
        return gzipSync(JSON.stringify(claim));
      };
      const statuses: number[] = [];
      for (let n = 0; n < 23; n += 1) {
        now += 30 * MINUTE;
        const response = await server.app.inject({
          method: "POST",
          url: "/api/browser-backups",
          payload: heavy(),
          headers: { "content-type": "application/json", "content-encoding": "gzip", ...bearer(a.token).headers },
        });
        statuses.push(response.statusCode);
      }
      // The first 20 are emergencies within their bounds. Past them each is a save of the 5 tabs the day allows:
      // refused while the last emergency is less than an hour old (decision 207), stored in its place after that.
      expect(statuses, JSON.stringify(statuses)).toEqual([...Array.from({ length: EMERGENCY_BOUNDS.perDay }, () => 201), 403, 403, 201]);
      const kept = await backupsOf(a.userId);
      // One backup (Free keeps 1), at most the bound's tabs and the day's 5, and at most the storage plus its 10%.
      expect(kept).toHaveLength(1);
      expect(kept[0]!.tabCount).toBeLessThanOrEqual(EMERGENCY_BOUNDS.tabs + plans.free.limits.tabsPerDay!);
      expect(await storedBytesOf(a.userId)).toBeLessThanOrEqual(plans.free.limits.storageBytes * (1 + EMERGENCY_BOUNDS.overStorageShare));
      // Tabs counted against the day never pass the allowance.
      expect((await db().select({ n: count() }).from(protectedTabDays).where(eq(protectedTabDays.userId, a.userId)))[0]!.n).toBeLessThanOrEqual(5);
    }, 300_000);
  });
});
