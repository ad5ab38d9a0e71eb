import { Writable } from "node:stream";
import { count, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { plans } from "@common/plans";
import { users } from "../accounts/table";
import { rowsOf } from "../db/rows";
import { protectionEvents } from "../protection/table";
import { browserBackup, browserSession, tab } from "../test/backup-payloads";
import { bearer, pairDevice } from "../test/pair-device";
import { signIn, withSession } from "../test/sign-in";
import { useTestApp } from "../test/test-app";
import { storedBytes } from "./quota";
import { RESTORES_PER_MINUTE } from "./restore-limit";
import { savedSessions } from "./table";

/** Server log lines, to check that an emergency kept over the quota is not silent. */
const logLines: string[] = [];
const stream = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(String(chunk));
    done();
  },
});

describe("backup storage quota per plan (decision 135)", () => {
  let now = Date.parse("2026-11-23T10:00:00Z");
  const clock = () => new Date(now);
  const server = useTestApp({ clock, logger: { stream } }, { logLevel: "warn" });

  async function account(email: string, planType: "free" | "basic" | "pro" | "premium") {
    const { cookie } = await signIn(server.app, server.mailDir, email);
    await server.database.db.update(users).set({ planType }).where(eq(users.email, email));
    const [user] = await server.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    return { cookie, userId: user!.id, email };
  }
  const manual = (cookie: string, trigger: "manual_save" | "auto_backup" = "manual_save", offset = 0) =>
    server.app.inject({
      method: "POST",
      url: "/api/saved-sessions",
      payload: { trigger, browserSession: browserSession(0, { tabs: [tab(offset), tab(offset + 1)] }) },
      ...withSession(cookie),
    });
  const emergency = (cookie: string, email: string) =>
    server.app.inject({
      method: "POST",
      url: "/api/protection/android-clear-all",
      payload: { userEmail: email, browserSession: browserSession(3) },
      ...withSession(cookie),
    });
  /** Makes one stored backup weigh `bytes`, as a large one would. */
  const weigh = (backupId: string, bytes: number) =>
    server.database.db.update(savedSessions).set({ sizeBytes: bytes }).where(eq(savedSessions.id, backupId));
  const backupsOf = (userId: string) =>
    server.database.db.select().from(savedSessions).where(eq(savedSessions.userId, userId)).orderBy(savedSessions.createdAt);
  const eventsOf = async (userId: string) =>
    (await server.database.db.select({ n: count() }).from(protectionEvents).where(eq(protectionEvents.userId, userId)))[0]!.n;

  it("the catalogue names each plan's storage: Free 50 MB, Basic 500 MB, Pro 2 GB, Premium 10 GB", () => {
    expect([plans.free, plans.basic, plans.pro, plans.premium].map((plan) => plan.limits.storageBytes)).toEqual([
      50_000_000, 500_000_000, 2_000_000_000, 10_000_000_000,
    ]);
  });

  it("Pro: a manual save that does not fit answers 413 saying what is full and what to do, and stores nothing", async () => {
    const a = await account("quota-pro@example.com", "pro");
    const first = await manual(a.cookie);
    expect(first.statusCode).toBe(201);
    await weigh(first.json().sessionId, plans.pro.limits.storageBytes - 10);
    const events = await eventsOf(a.userId);
    const refused = await manual(a.cookie, "manual_save", 10);
    expect(refused.statusCode).toBe(413);
    expect(refused.json().message).toMatch(
      /^Backup storage full: your backups use 2 GB of the 2 GB Pro stores, and this backup needs \d+ KB more\. Delete backups you no longer need in the Session Manager, or upgrade to Premium for 10 GB\.$/,
    );
    expect(await backupsOf(a.userId)).toHaveLength(1);
    expect(await eventsOf(a.userId)).toBe(events);
  });

  it("Basic: an automatic backup that does not fit is refused too; Free's rotation counts before the quota", async () => {
    const b = await account("quota-basic@example.com", "basic");
    const first = await manual(b.cookie);
    await weigh(first.json().sessionId, plans.basic.limits.storageBytes);
    const auto = await manual(b.cookie, "auto_backup", 20);
    expect(auto.statusCode).toBe(413);
    expect(auto.json().message).toContain("upgrade to Pro for 2 GB");
    expect(await backupsOf(b.userId)).toHaveLength(1);

    // Free keeps one backup: the new one replaces a full one, so it fits once the old one rotates out.
    const f = await account("quota-free@example.com", "free");
    const old = await manual(f.cookie);
    await weigh(old.json().sessionId, plans.free.limits.storageBytes);
    const next = await manual(f.cookie, "manual_save", 0);
    expect(next.statusCode).toBe(201);
    expect((await backupsOf(f.userId)).map((row) => row.id)).toEqual([next.json().sessionId]);
  });

  it("an emergency backup is never refused: the oldest automatic backups go first to make room", async () => {
    const a = await account("quota-emergency@example.com", "pro");
    const kept = await manual(a.cookie);
    now += 1000;
    const oldAuto = await manual(a.cookie, "auto_backup", 2);
    now += 1000;
    const newAuto = await manual(a.cookie, "auto_backup", 4);
    now += 1000;
    const quota = plans.pro.limits.storageBytes;
    await weigh(kept.json().sessionId, quota / 2);
    await weigh(oldAuto.json().sessionId, quota / 4);
    await weigh(newAuto.json().sessionId, quota / 4 - 100);
    const response = await emergency(a.cookie, a.email);
    expect(response.statusCode).toBe(201);
    expect(response.json().limit).toEqual({
      tabsLeftOut: 0,
      backupsRotatedOut: 1,
      message: "1 older automatic backup was removed to make room (Pro stores 2 GB).",
    });
    const left = (await backupsOf(a.userId)).map((row) => row.id);
    expect(left).toEqual([kept.json().sessionId, newAuto.json().sessionId, response.json().sessionId]);
  });

  it("an emergency backup that cannot fit even then is kept, and the response and the log say so", async () => {
    const a = await account("quota-over@example.com", "pro");
    const save = await manual(a.cookie);
    await weigh(save.json().sessionId, plans.pro.limits.storageBytes);
    now += 1000;
    logLines.length = 0;
    const response = await emergency(a.cookie, a.email);
    expect(response.statusCode).toBe(201);
    expect(response.json().tabsSaved).toBe(3);
    expect(response.json().limit.message).toMatch(
      /^Your backups now use 2 GB, more than the 2 GB Pro stores: new manual saves are refused, and automatic backups stored only in place of older ones, until there is room\. Delete backups you no longer need in the Session Manager, or upgrade to Premium for 10 GB\.$/,
    );
    expect(await backupsOf(a.userId)).toHaveLength(2);
    expect(logLines.join("")).toContain("emergency backup kept over the storage quota");
  });

  it("the extension's uploads follow the same rules: 413 for a save, room made for an emergency", async () => {
    const a = await account("quota-extension@example.com", "pro");
    const { accessToken } = await pairDevice(server.app, a.cookie);
    const upload = (payload: object) => server.app.inject({ method: "POST", url: "/api/browser-backups", payload, ...bearer(accessToken) });
    const auto = await upload(browserBackup(3, { trigger: "auto_backup" }));
    expect(auto.statusCode).toBe(201);
    await weigh(auto.json().backupId, plans.pro.limits.storageBytes);
    now += 1000;
    const save = await upload(browserBackup(3, { trigger: "manual_save" }));
    expect(save.statusCode).toBe(413);
    expect(save.json().message).toMatch(/^Backup storage full/);
    const rescue = await upload(browserBackup(3, { trigger: "clear_all_detected" }));
    expect(rescue.statusCode).toBe(201);
    expect(rescue.json().message).toContain("1 older automatic backup was removed to make room (Pro stores 2 GB)");
    expect((await backupsOf(a.userId)).map((row) => row.id)).toEqual([rescue.json().backupId]);
  });

  it("the stored bytes are what is really stored: each backup's own places, and each tab's content once (decision 212)", async () => {
    const a = await account("quota-measure@example.com", "pro");
    const first = await manual(a.cookie);
    const afterFirst = await storedBytes(server.database.db, a.userId);
    now += 1000;
    const second = await manual(a.cookie);
    const afterSecond = await storedBytes(server.database.db, a.userId);
    const [row] = rowsOf<{ contents: number; size: number; first: number }>(
      await server.database.db.execute(sql`
        select (select coalesce(sum(size_bytes), 0)::int from tab_contents where user_id = ${a.userId}::uuid) as contents,
          (select size_bytes from saved_sessions where id = ${second.json().sessionId}::uuid) as size,
          (select size_bytes from saved_sessions where id = ${first.json().sessionId}::uuid) as first`),
    );
    // The two tabs' contents (address, title, form data, scroll as JSON) are counted once.
    expect(row!.contents).toBeGreaterThan(100);
    expect(afterFirst).toBe(row!.first + row!.contents);
    // The same two tabs again add only the second backup's places: a reference, the active flag and a time each.
    expect(row!.size).toBe(2 * (8 + 1 + 8));
    expect(afterSecond - afterFirst).toBe(row!.size);
  });
});

describe("restores are rate-limited per account (decision 135)", () => {
  const server = useTestApp();

  it(`answers 429 with a message after ${RESTORES_PER_MINUTE} restores in a minute, on every restore route`, async () => {
    const { cookie } = await signIn(server.app, server.mailDir, "restorer@example.com");
    await server.database.db.update(users).set({ planType: "pro" }).where(eq(users.email, "restorer@example.com"));
    const saved = await server.app.inject({
      method: "POST",
      url: "/api/saved-sessions",
      payload: { browserSession: browserSession(2) },
      ...withSession(cookie),
    });
    const id = saved.json().sessionId as string;
    for (let n = 0; n < RESTORES_PER_MINUTE; n += 1) {
      const ok = await server.app.inject({ method: "POST", url: `/api/restore-session/${id}`, ...withSession(cookie) });
      expect(ok.statusCode).toBe(200);
    }
    const limited = await server.app.inject({ method: "POST", url: `/api/restore-session/${id}`, ...withSession(cookie) });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: expect.stringMatching(/^Too many restores from this account\. Try again in (\d+ seconds?|1 minute)\.$/) });
    expect(limited.headers["retry-after"]).toBeDefined();
    // The latest-backup restore and the extension's read share the count.
    const latest = await server.app.inject({
      method: "POST",
      url: "/api/protection/restore-session",
      payload: { userEmail: "restorer@example.com" },
      ...withSession(cookie),
    });
    expect(latest.statusCode).toBe(429);
    const read = await server.app.inject({ method: "GET", url: `/api/browser-backups/${id}`, ...withSession(cookie) });
    expect(read.statusCode).toBe(429);
    // Another account is not held up.
    const other = await signIn(server.app, server.mailDir, "other-restorer@example.com");
    const theirs = await server.app.inject({ method: "POST", url: `/api/restore-session/${id}`, ...withSession(other.cookie) });
    expect(theirs.statusCode).toBe(404);
  });
});
