import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../accounts/table";
import { browserSession, tab } from "../test/backup-payloads";
import { signIn, withSession } from "../test/sign-in";
import { useTestApp } from "../test/test-app";
import { savedSessions } from "./table";

/** A clock the test moves forward, to reach the next UTC day. */
function fakeClock() {
  let now = new Date("2026-11-23T10:00:00Z").getTime();
  return { clock: () => new Date(now), advance: (ms: number) => void (now += ms) };
}

describe("plans enforced on the server", () => {
  const time = fakeClock();
  const server = useTestApp({ clock: time.clock });
  const accounts = new Map<string, Promise<{ cookie: string }>>();
  async function account(email: string, planType: "free" | "basic" | "pro" | "premium") {
    if (!accounts.has(email)) accounts.set(email, signIn(server.app, server.mailDir, email));
    const { cookie } = await accounts.get(email)!;
    await server.database.db.update(users).set({ planType }).where(eq(users.email, email));
    return cookie;
  }
  const post = (url: string, cookie: string, payload: object) =>
    server.app.inject({ method: "POST", url, payload, ...withSession(cookie) });
  const emergency = (email: string, cookie: string, tabs: number, offset = 0) =>
    post("/api/protection/android-clear-all", cookie, {
      userEmail: email,
      browserSession: browserSession(0, { tabs: Array.from({ length: tabs }, (_, n) => tab(n + offset)) }),
    });
  const manual = (cookie: string, tabs: number, offset = 0) =>
    post("/api/saved-sessions", cookie, { browserSession: browserSession(0, { tabs: Array.from({ length: tabs }, (_, n) => tab(n + offset)) }) });
  const backupsOf = async (email: string) => {
    const [user] = await server.database.db.select().from(users).where(eq(users.email, email));
    return server.database.db.select().from(savedSessions).where(eq(savedSessions.userId, user!.id));
  };

  it("Free: 5 tabs a day, the active one first; the rest left out with a message naming the upgrade", async () => {
    const cookie = await account("free@example.com", "free");
    const tabs = Array.from({ length: 8 }, (_, n) => tab(n, { isActive: n === 7 }));
    const response = await post("/api/protection/android-clear-all", cookie, {
      userEmail: "free@example.com",
      browserSession: browserSession(0, { tabs }),
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.tabsSaved).toBe(5);
    expect(body.limit).toEqual({
      tabsLeftOut: 3,
      backupsRotatedOut: 0,
      message: "3 tabs were left out (Free protects 5 tabs a day). Upgrade to Basic to protect more.",
    });
    const detail = (await server.app.inject({ method: "GET", url: `/api/saved-sessions/${body.sessionId}`, ...withSession(cookie) })).json();
    expect(detail.browserTabs.map((saved: { url: string }) => saved.url)).toContain("https://example.com/article/7");
  });

  it("Free: a tab backed up again the same day does not count twice", async () => {
    const cookie = await account("free@example.com", "free");
    // An hour later (a smaller emergency within the hour would not replace the first, decision 207), the same
    // tabs (0–4 were kept above except one; 7 was kept) come back.
    time.advance(61 * 60_000);
    const again = await emergency("free@example.com", cookie, 4);
    expect(again.json().tabsSaved).toBe(4);
  });

  it("Free: keeps 1 backup; the older one rotates out and the response says so", async () => {
    const cookie = await account("free@example.com", "free");
    const backups = await backupsOf("free@example.com");
    expect(backups).toHaveLength(1);
    time.advance(61 * 60_000);
    const third = (await emergency("free@example.com", cookie, 2)).json();
    expect(third.limit.backupsRotatedOut).toBe(1);
    expect(third.limit.message).toMatch(/1 older backup was removed \(Free keeps 1\)/);
    expect((await backupsOf("free@example.com")).map((row) => row.id)).toEqual([third.sessionId]);
  });

  it("Free: a manual save with today's tabs used up is refused with 403; an emergency backup never is", async () => {
    const cookie = await account("free@example.com", "free");
    const refused = await manual(cookie, 3, 100);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/left out .*Upgrade to Basic/);

    const rescue = await emergency("free@example.com", cookie, 7, 200);
    expect(rescue.statusCode).toBe(201);
    expect(rescue.json().tabsSaved).toBe(5);
  });

  it("Free: the allowance comes back the next UTC day", async () => {
    const cookie = await account("free@example.com", "free");
    time.advance(24 * 60 * 60_000);
    const response = await manual(cookie, 3, 300);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ tabsSaved: 3, limit: { backupsRotatedOut: 1, tabsLeftOut: 0 } });
  });

  it("Basic: 20 tabs a day and 10 backups", async () => {
    const cookie = await account("basic@example.com", "basic");
    const first = (await emergency("basic@example.com", cookie, 25)).json();
    expect(first.tabsSaved).toBe(20);
    expect(first.limit.message).toMatch(/Basic protects 20 tabs a day\)\. Upgrade to Pro/);
    for (let index = 0; index < 10; index += 1) await emergency("basic@example.com", cookie, 2);
    expect(await backupsOf("basic@example.com")).toHaveLength(10);
  });

  it.each(["pro", "premium"] as const)("%s: unlimited tabs and backups", async (plan) => {
    const email = `${plan}@example.com`;
    const cookie = await account(email, plan);
    const big = (await emergency(email, cookie, 300)).json();
    expect(big).toMatchObject({ tabsSaved: 300, limit: null });
    for (let index = 0; index < 12; index += 1) await emergency(email, cookie, 1, index);
    expect(await backupsOf(email)).toHaveLength(13);
  });

  const automatic = (cookie: string, tabs: number, offset = 0) =>
    post("/api/saved-sessions", cookie, {
      trigger: "auto_backup",
      browserSession: browserSession(0, { tabs: Array.from({ length: tabs }, (_, n) => tab(n + offset)) }),
    });
  /** The account's backups as "trigger:tabs-offset", oldest first. */
  const kept = async (email: string) =>
    (await backupsOf(email))
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
      .map((row) => `${row.triggerEvent}@${row.createdAt.toISOString().slice(11, 19)}`);

  it.each(["clear_all_detected", "windows_x_button", "emergency"])(
    "a save from the web app cannot call itself %s: 400, nothing stored",
    async (trigger) => {
      const cookie = await account("impostor@example.com", "free");
      const response = await post("/api/saved-sessions", cookie, { trigger, browserSession: browserSession(1) });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain("body.trigger");
      expect(await backupsOf("impostor@example.com")).toEqual([]);
    },
  );

  it("Free: no automatic backups (403 naming Basic); the one emergency backup stays", async () => {
    const cookie = await account("auto-free@example.com", "free");
    const rescue = (await emergency("auto-free@example.com", cookie, 2)).json();
    const response = await automatic(cookie, 2);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe("Automatic Backup needs the Basic plan or higher; you are on Free.");
    expect((await backupsOf("auto-free@example.com")).map((row) => row.id)).toEqual([rescue.sessionId]);
  });

  it("Basic: automatic backups rotate out first, oldest first, and the account never holds more than 10", async () => {
    const email = "auto-basic@example.com";
    const cookie = await account(email, "basic");
    const step = async (request: Promise<{ statusCode: number; json: () => { limit: { backupsRotatedOut: number } | null } }>) => {
      time.advance(1000);
      const response = await request;
      expect(response.statusCode).toBe(201);
      expect((await backupsOf(email)).length).toBeLessThanOrEqual(10);
      return response.json();
    };
    // 3 emergency backups and 2 manual saves, then automatic backups every "30 s".
    for (let n = 0; n < 3; n += 1) await step(emergency(email, cookie, 2));
    for (let n = 0; n < 2; n += 1) await step(manual(cookie, 2));
    const nonAutomatic = (await kept(email)).slice();
    for (let n = 0; n < 5; n += 1) expect((await step(automatic(cookie, 2))).limit).toBeNull();
    const autos = (await kept(email)).slice(5);
    // Full: each new automatic backup replaces the oldest automatic one, never someone's own or a rescue.
    for (let n = 0; n < 3; n += 1) {
      const result = await step(automatic(cookie, 2));
      expect(result.limit?.backupsRotatedOut).toBe(1);
    }
    let now = await kept(email);
    expect(now).toHaveLength(10);
    expect(now.slice(0, 5)).toEqual(nonAutomatic);
    expect(now.slice(5, 7)).toEqual(autos.slice(3));
    expect(now.slice(5).every((entry) => entry.startsWith("auto_backup@"))).toBe(true);

    // A new emergency backup also pushes out the oldest automatic one.
    await step(emergency(email, cookie, 2));
    now = await kept(email);
    expect(now.filter((entry) => entry.startsWith("auto_backup@"))).toHaveLength(4);
    expect(now.slice(0, 5)).toEqual(nonAutomatic);

    // With no automatic backup left, the oldest of the rest goes; the new one always stays.
    for (let n = 0; n < 4; n += 1) await step(manual(cookie, 2));
    now = await kept(email);
    expect(now.some((entry) => entry.startsWith("auto_backup@"))).toBe(false);
    expect(now.slice(0, 5)).toEqual(nonAutomatic);
    await step(automatic(cookie, 2));
    now = await kept(email);
    expect(now).toHaveLength(10);
    expect(now[0]).toBe(nonAutomatic[1]);
    expect(now.at(-1)).toMatch(/^auto_backup@/);
    // …and the next automatic backup replaces that one, not another of the person's backups.
    await step(automatic(cookie, 2));
    const after = await kept(email);
    expect(after.slice(0, 9)).toEqual(now.slice(0, 9));
    expect(after.filter((entry) => entry.startsWith("auto_backup@"))).toHaveLength(1);
  });

  it("Basic: an automatic backup spends the day's tabs like a manual save; it does not get an emergency's allowance", async () => {
    const email = "auto-allowance@example.com";
    const cookie = await account(email, "basic");
    expect((await emergency(email, cookie, 20)).json().tabsSaved).toBe(20);
    const refused = await automatic(cookie, 2, 100);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/Basic protects 20 tabs a day/);
    const again = await automatic(cookie, 3);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ tabsSaved: 3 });
    expect((await emergency(email, cookie, 2, 100)).json().tabsSaved).toBe(2);
  });

  it.each(["pro", "premium"] as const)("%s: automatic backups are kept without limit, named and recorded as automatic", async (plan) => {
    const email = `auto-${plan}@example.com`;
    const cookie = await account(email, plan);
    for (let n = 0; n < 12; n += 1) {
      time.advance(1000);
      const response = await automatic(cookie, 1, n);
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ tabsSaved: 1, limit: null, message: "Automatic backup of 1 tab saved." });
    }
    const rows = await backupsOf(email);
    expect(rows).toHaveLength(12);
    expect(new Set(rows.map((row) => `${row.triggerEvent} / ${row.sessionName}`))).toEqual(new Set(["auto_backup / Automatic backup (Chrome)"]));
    const stats = (await server.app.inject({ method: "GET", url: "/api/user/stats", ...withSession(cookie) })).json();
    expect(stats.protectionEvents[0]).toMatchObject({ eventType: "automatic_backup", description: "Automatic backup of 1 tab" });
  });

  it("a backup interrupted mid-write leaves nothing half-written", async () => {
    const cookie = await account("crash@example.com", "pro");
    // The database fails the fourth tab's insert, after the backup's row and three tabs went in.
    await server.database.db.execute(sql`
      create or replace function fail_poisoned_tab() returns trigger language plpgsql as $$
      begin
        if new.url like '%/poisoned' then raise exception 'disk full'; end if;
        return new;
      end $$`);
    await server.database.db.execute(
      sql`create trigger fail_poisoned_tab before insert on tab_contents for each row execute function fail_poisoned_tab()`,
    );
    try {
      const tabs = [tab(0), tab(1), tab(2), tab(3, { url: "https://example.com/poisoned" })];
      const response = await post("/api/protection/android-clear-all", cookie, {
        userEmail: "crash@example.com",
        browserSession: browserSession(0, { tabs }),
      });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ message: "Internal server error" });
      expect(await backupsOf("crash@example.com")).toEqual([]);
    } finally {
      await server.database.db.execute(sql`drop trigger fail_poisoned_tab on tab_contents`);
    }
  });
});
