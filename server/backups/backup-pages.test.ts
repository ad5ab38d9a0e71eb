import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { backupOverviewSchema, backupTabPageSchema, BACKUP_TAB_PAGES } from "@common/api/backup-pages";
import { browserBackup, browserSession, tab } from "../test/backup-payloads";
import { signIn, withSession } from "../test/sign-in";
import { useTestApp } from "../test/test-app";
import { users } from "../accounts/table";

describe("a big backup a page at a time: overview and pages of tabs", () => {
  const server = useTestApp();
  const accounts = new Map<string, Promise<{ cookie: string }>>();
  const as = (email: string) => {
    if (!accounts.has(email)) accounts.set(email, signIn(server.app, server.mailDir, email));
    return accounts.get(email)!;
  };
  const get = async (url: string, email?: string) =>
    server.app.inject({ method: "GET", url, ...(email ? withSession((await as(email)).cookie) : {}) });
  /** An emergency backup: stored whole on every plan. */
  async function emergency(email: string, tabs = 3) {
    const payload = browserSession(tabs);
    payload.tabs[1] = tab(1, { formData: { comment: "half-written reply" }, scrollPosition: { x: 0, y: 640 } });
    const response = await server.app.inject({
      method: "POST",
      url: "/api/protection/android-clear-all",
      payload: { userEmail: email, browserSession: payload } as object,
      ...withSession((await as(email)).cookie),
    });
    expect(response.statusCode).toBe(201);
    return response.json<{ sessionId: string }>().sessionId;
  }

  it("pages a 1,200-tab backup in its saved order: every tab once, with its index, the same as the whole read", async () => {
    const email = "pager@example.com";
    // On Pro: on Free an emergency keeps 1,000 tabs past the day's allowance (decision 209).
    await as(email);
    await server.database.db.update(users).set({ planType: "pro" }).where(eq(users.email, email));
    const upload = await server.app.inject({
      method: "POST",
      url: "/api/browser-backups",
      payload: { ...browserBackup(1_200, {}, 3), trigger: "clear_all_detected" } as object,
      ...withSession((await as(email)).cookie),
    });
    expect(upload.statusCode).toBe(201);
    const id = upload.json<{ backupId: string }>().backupId;
    const whole = (await get(`/api/saved-sessions/${id}`, email)).json<{ browserTabs: { id: string; url: string }[] }>().browserTabs;
    expect(whole).toHaveLength(1_200);

    const paged: { id: string; url: string; index: number }[] = [];
    for (let offset = 0; offset < 1_200; offset += BACKUP_TAB_PAGES.maxLimit) {
      const response = await get(`/api/saved-sessions/${id}/tabs?offset=${offset}&limit=${BACKUP_TAB_PAGES.maxLimit}`, email);
      expect(response.statusCode).toBe(200);
      const page = backupTabPageSchema.parse(response.json());
      expect(page).toMatchObject({ total: 1_200, offset });
      paged.push(...page.tabs);
    }
    // The last page holds what is left.
    expect(paged.length).toBe(1_200);
    expect(paged.map((saved) => saved.index)).toEqual(whole.map((_, index) => index));
    expect(paged.map(({ id: tabId, url }) => ({ id: tabId, url }))).toEqual(whole.map(({ id: tabId, url }) => ({ id: tabId, url })));

    // With no limit named, a page holds the default; past the end, none, still with the total.
    expect((await get(`/api/saved-sessions/${id}/tabs`, email)).json<{ tabs: unknown[] }>().tabs).toHaveLength(BACKUP_TAB_PAGES.defaultLimit);
    expect((await get(`/api/saved-sessions/${id}/tabs?offset=1200`, email)).json()).toEqual({ total: 1_200, offset: 1_200, tabs: [] });
  });

  it("merges two 5,000-tab backups into one of 10,000 and reads its last page; a merge past 10,000 is refused", async () => {
    const email = "hoarder@example.com";
    const { cookie } = await as(email);
    // Free keeps one backup; Premium keeps all three.
    await server.database.db.update(users).set({ planType: "premium" }).where(eq(users.email, email));
    const upload = async (first: number) => {
      const backup = browserBackup(5_000, { trigger: "clear_all_detected" }, 10);
      for (const window of backup.windows) for (const saved of window.tabs) saved.title = `Tab ${first + Number(saved.url.split("/").pop())}`;
      const response = await server.app.inject({ method: "POST", url: "/api/browser-backups", payload: backup as object, ...withSession(cookie) });
      expect(response.statusCode).toBe(201);
      return response.json<{ backupId: string }>().backupId;
    };
    const ids = [await upload(0), await upload(5_000)];
    const merged = await server.app.inject({ method: "POST", url: "/api/library/merges", payload: { backupIds: ids, sessionName: "Everything" }, ...withSession(cookie) });
    expect(merged.statusCode, merged.body).toBe(201);
    const id = merged.json<{ backupId: string }>().backupId;
    const last = (await get(`/api/saved-sessions/${id}/tabs?offset=9990&limit=500`, email)).json<{ total: number; tabs: { title: string; index: number }[] }>();
    expect(last.total).toBe(10_000);
    expect(last.tabs.map((saved) => saved.index)).toEqual(Array.from({ length: 10 }, (_, n) => 9_990 + n));
    expect(last.tabs.at(-1)?.title).toBe("Tab 9999");

    const third = await upload(10_000);
    const refused = await server.app.inject({ method: "POST", url: "/api/library/merges", payload: { backupIds: [id, third] }, ...withSession(cookie) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: "These backups hold 15,000 tabs; a merged backup holds at most 10,000." });
  }, 60_000);

  it("returns form data and scroll on a page, and indexes stay contiguous where a clean-up left gaps in positions", async () => {
    const email = "gaps@example.com";
    const id = await emergency(email, 5);
    const first = (await get(`/api/saved-sessions/${id}/tabs?limit=2`, email)).json<{ tabs: { formData: object; scrollPosition: object; title: string }[] }>();
    expect(first.tabs[1]).toMatchObject({ title: "Article 1", formData: { comment: "half-written reply" }, scrollPosition: { x: 0, y: 640 }, index: 1 });

    // A clean-up that removed the third tab: its place goes from every array of the backup's list (decision 212).
    const without3rd = (column: string) => sql.raw(`${column} = ${column}[1:2] || ${column}[4:]`);
    await server.database.db.execute(
      sql`update backup_tab_lists set ${sql.join(["content_ids", "active", "window_positions", "pinned", "group_ids", "last_accessed"].map(without3rd), sql`, `)}
        where session_id = ${id}`,
    );
    const page = (await get(`/api/saved-sessions/${id}/tabs?offset=1&limit=10`, email)).json<{ total: number; tabs: { title: string; index: number }[] }>();
    expect(page.total).toBe(4);
    expect(page.tabs.map(({ title, index }) => [index, title])).toEqual([
      [1, "Article 1"],
      [2, "Article 3"],
      [3, "Article 4"],
    ]);
  });

  it("gives the overview: the summary and applications, no tabs; an empty backup has no pages of tabs", async () => {
    const email = "apps@example.com";
    const { cookie } = await as(email);
    const windows = await server.app.inject({
      method: "POST",
      url: "/api/protection/windows-x-button",
      payload: { userEmail: email, applications: [{ processName: "winword.exe", windowTitle: "Report.docx", isUnsaved: true }] },
      ...withSession(cookie),
    });
    const id = windows.json<{ sessionId: string }>().sessionId;
    const overview = await get(`/api/saved-sessions/${id}/overview`, email);
    expect(overview.statusCode).toBe(200);
    expect(backupOverviewSchema.strict().safeParse(overview.json()).success).toBe(true);
    const list = (await get("/api/saved-sessions", email)).json<{ id: string }[]>();
    expect(overview.json()).toEqual({
      ...list.find((row) => row.id === id),
      openApps: [expect.objectContaining({ processName: "winword.exe", windowTitle: "Report.docx", isUnsaved: true })],
      // A backup from the Windows app keeps no browser windows (decision 217 lists a backup's windows here).
      windows: [],
    });
    expect((await get(`/api/saved-sessions/${id}/tabs`, email)).json()).toEqual({ total: 0, offset: 0, tabs: [] });
  });

  it("answers only the owner: signed out 401, another account's backup and an unknown id 404", async () => {
    const id = await emergency("keeper@example.com");
    for (const path of [`/api/saved-sessions/${id}/overview`, `/api/saved-sessions/${id}/tabs?limit=5`]) {
      expect((await get(path)).statusCode).toBe(401);
      const other = await get(path, "snoop@example.com");
      expect(other.statusCode).toBe(404);
      expect(other.json()).toEqual({ message: "Session not found" });
    }
    const unknown = await get("/api/saved-sessions/6f1c1e2a-4b7d-4c1e-9a57-2f0d3c8b9e10/tabs", "keeper@example.com");
    expect(unknown.statusCode).toBe(404);
  });

  it("refuses a malformed or oversized offset or limit with 400 and says which", async () => {
    const id = await emergency("strict@example.com");
    const cases: [string, RegExp][] = [
      ["limit=0", /limit is at least 1/],
      [`limit=${BACKUP_TAB_PAGES.maxLimit + 1}`, /limit is at most 500/],
      ["limit=99999999999999999999", /limit is at most 500/],
      ["limit=many", /limit is a number/],
      ["limit=2.5", /limit is a whole number/],
      ["offset=-1", /offset is 0 or more/],
      ["offset=1.5", /offset is a whole number/],
      [`offset=${BACKUP_TAB_PAGES.maxOffset + 1}`, /offset is at most 100000/],
      ["cursor=abc", /cursor/],
    ];
    for (const [query, message] of cases) {
      const response = await get(`/api/saved-sessions/${id}/tabs?${query}`, "strict@example.com");
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ message: string }>().message, query).toMatch(message);
    }
    const notAnId = await get("/api/saved-sessions/not-a-backup/tabs", "strict@example.com");
    expect(notAnId.statusCode).toBe(400);
    expect(notAnId.json()).toEqual({ message: expect.stringMatching(/Not a session id/) });
  });
});
