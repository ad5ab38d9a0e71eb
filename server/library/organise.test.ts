import { eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { describe, expect, it } from "vitest";
import { ORGANISE_LIMITS } from "@common/api/library-organise";
import { planComparison, plans, planTypes } from "@common/plans";
import { users } from "../accounts/table";
import { savedSessions } from "../backups/table";
import { browserBackup, browserSession, browserTab } from "../test/backup-payloads";
import { bearer, pairDevice } from "../test/pair-device";
import { signIn, withSession } from "../test/sign-in";
import { useTestApp } from "../test/test-app";
import { searchWords } from "./search";

describe("the library: search and organise over HTTP", () => {
  let now = Date.parse("2026-11-24T10:00:00Z");
  const clock = () => new Date(now);
  const server = useTestApp({ clock });

  async function account(email: string, plan: "free" | "basic" | "pro" = "pro") {
    const { cookie } = await signIn(server.app, server.mailDir, email);
    await server.database.db.update(users).set({ planType: plan }).where(eq(users.email, email));
    const [user] = await server.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    return { cookie, userId: user!.id, auth: withSession(cookie) };
  }
  const call = (method: InjectOptions["method"], url: string, auth: object = {}, payload?: unknown) =>
    server.app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as InjectOptions["payload"] }), ...auth });

  /** Uploads a backup of these tabs (URL, title) in one window, an hour after the previous one. */
  async function upload(auth: object, tabs: [string, string][], trigger: "manual_save" | "clear_all_detected" = "manual_save") {
    now += 3_600_000;
    const payload = browserBackup(0, {
      trigger,
      capturedAt: now,
      groups: [],
      windows: [
        {
          windowId: 100,
          state: "normal",
          focused: true,
          left: 0,
          top: 0,
          width: 1280,
          height: 800,
          tabs: tabs.map(([url, title], index) => browserTab(index, { url, title, index, pinned: false, groupId: null })),
        },
      ],
    });
    const response = await call("POST", "/api/browser-backups", auth, payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ backupId: string }>().backupId;
  }
  const list = async (auth: object) =>
    (await call("GET", "/api/saved-sessions", auth)).json<{ id: string; sessionName: string; tags: string[]; note: string | null; pinned: boolean; tabCount: number }[]>();
  const tabsOf = async (id: string, auth: object) =>
    (await call("GET", `/api/browser-backups/${id}`, auth)).json<{ windows: { tabs: { url: string }[] }[] }>().windows.flatMap((window) => window.tabs.map((tab) => tab.url));
  const search = (q: string, auth: object, page = 1) => call("GET", `/api/library/search?q=${encodeURIComponent(q)}&page=${page}`, auth);

  it("finds tabs by a word of their URL or title across every backup, best match and newest first, highlighted by the words", async () => {
    const a = await account("searcher@example.com");
    const older = await upload(a.auth, [
      ["https://kubernetes.io/docs/concepts/", "Concepts | Kubernetes"],
      ["https://news.example/today", "Today's news"],
    ]);
    const newer = await upload(a.auth, [
      ["https://blog.example/kubernetes-operators", "Writing operators"],
      ["https://recipes.example/bread", "Sourdough bread"],
    ]);
    const found = await search("kubernetes", a.auth);
    expect(found.statusCode).toBe(200);
    const result = found.json();
    expect(result).toMatchObject({ query: "kubernetes", page: 1, hasMore: false });
    expect(result.hits.map((hit: { url: string }) => hit.url).sort()).toEqual(["https://blog.example/kubernetes-operators", "https://kubernetes.io/docs/concepts/"]);
    expect(result.hits[0]).toMatchObject({ backupId: expect.any(String), sessionName: expect.any(String), position: expect.any(Number), pinned: false });
    expect(result.hits.every((hit: { score: number }) => hit.score > 0 && hit.score <= 1)).toBe(true);
    // A word of the title finds it too; every word must be there; case does not matter.
    expect((await search("SOURDOUGH", a.auth)).json().hits).toMatchObject([{ backupId: newer, position: 1, title: "Sourdough bread" }]);
    expect((await search("kubernetes concepts", a.auth)).json().hits).toMatchObject([{ backupId: older, position: 0 }]);
    expect((await search("kubernetes bread", a.auth)).json().hits).toEqual([]);
    // LIKE's own characters are taken literally.
    expect((await search("100%_x", a.auth)).json().hits).toEqual([]);
    // Equal matches: the newer backup first.
    const equal = await upload(a.auth, [["https://news.example/today", "Today's news"]]);
    expect((await search("news.example", a.auth)).json().hits.map((hit: { backupId: string }) => hit.backupId)).toEqual([equal, older]);
  });

  it("pages the results, 20 at a time", async () => {
    const a = await account("pager@example.com");
    await upload(a.auth, Array.from({ length: 45 }, (_, n) => [`https://paged.example/item-${n}`, `Item ${n}`] as [string, string]));
    const first = (await search("paged", a.auth)).json();
    const third = (await search("paged", a.auth, 3)).json();
    expect(first.hits).toHaveLength(ORGANISE_LIMITS.pageSize);
    expect(first.hasMore).toBe(true);
    expect(third.hits).toHaveLength(5);
    expect(third.hasMore).toBe(false);
    const all = new Set([...first.hits, ...(await search("paged", a.auth, 2)).json().hits, ...third.hits].map((hit: { url: string }) => hit.url));
    expect(all.size).toBe(45);
  });

  it("searches only the account's own backups; signed out 401, a device token 403, bad or oversized searches 400", async () => {
    const a = await account("own-search@example.com");
    const b = await account("other-search@example.com");
    await upload(a.auth, [["https://secret-project.example/plan", "Secret plan"]]);
    expect((await search("secret-project", b.auth)).json().hits).toEqual([]);
    expect((await search("secret-project", {})).statusCode).toBe(401);
    const { accessToken } = await pairDevice(server.app, a.cookie);
    expect((await search("secret-project", bearer(accessToken))).statusCode).toBe(403);
    for (const url of ["/api/library/search", "/api/library/search?q=ab", "/api/library/search?q=a%20b%20c", `/api/library/search?q=${"x".repeat(201)}`, "/api/library/search?q=secret&page=0", "/api/library/search?q=secret&page=51", "/api/library/search?q=secret&page=two"]) {
      const response = await call("GET", url, a.auth);
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toEqual({ message: expect.any(String) });
    }
    expect((await call("GET", "/api/library/search?q=ab", a.auth)).json().message).toMatch(/at least 3 characters/);
  });

  it("the catalogue caps pinned backups per plan, and the comparison reads the caps", () => {
    expect(planTypes.map((type) => plans[type].limits.pinnedBackups)).toEqual([1, 5, 50, null]);
    const row = planComparison.flatMap((group) => group.rows).find((candidate) => candidate.feature === "Pinned backups, never rotated out");
    expect(row?.values).toEqual({ free: "1", basic: "5", pro: "50", premium: "Unlimited" });
  });

  it("splits a search into distinct words, longest first", () => {
    expect(searchWords("  Go  golang GO docs ")).toEqual(["golang", "docs", "go"]);
  });

  it("renames, tags, notes and pins a backup, and one undo puts the last change back", async () => {
    const a = await account("organiser@example.com");
    const id = await upload(a.auth, [["https://a.example/", "A"]]);
    const renamed = await call("PATCH", `/api/library/backups/${id}`, a.auth, { sessionName: "  Research  " });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toEqual({ message: expect.stringMatching(/^Renamed “.+” to “Research”$/), backupId: id, undo: expect.any(String) });
    const tagged = await call("PATCH", `/api/library/backups/${id}`, a.auth, { addTags: ["Work", "reading"], note: "for Monday" });
    expect(tagged.json().message).toBe("Note saved. Tagged “work”, “reading”");
    expect((await list(a.auth))[0]).toMatchObject({ sessionName: "Research", tags: ["work", "reading"], note: "for Monday", pinned: false });
    const untagged = await call("PATCH", `/api/library/backups/${id}`, a.auth, { removeTags: ["work"], pinned: true });
    expect(untagged.json().message).toBe("Removed the tag “work”. Pinned: rotation never removes it");
    expect((await list(a.auth))[0]).toMatchObject({ tags: ["reading"], pinned: true });
    expect((await call("PATCH", `/api/library/backups/${id}`, a.auth, { sessionName: "Research" })).json()).toEqual({ message: "Nothing changed", backupId: id, undo: null });

    const undone = await call("POST", "/api/library/undo", a.auth);
    expect(undone.statusCode).toBe(200);
    expect(undone.json().message).toBe("Undone: Removed the tag “work”. Pinned: rotation never removes it");
    expect((await list(a.auth))[0]).toMatchObject({ sessionName: "Research", tags: ["work", "reading"], note: "for Monday", pinned: false });
    // Once: the change before it is not undone.
    expect((await call("POST", "/api/library/undo", a.auth)).statusCode).toBe(404);
    expect(await tabsOf(id, a.auth)).toEqual(["https://a.example/"]);
  });

  it("refuses bad organise requests with 400, another account's backup with 404, signed out with 401, a device token with 403", async () => {
    const a = await account("organise-guard@example.com");
    const b = await account("organise-intruder@example.com");
    const id = await upload(a.auth, [["https://a.example/", "A"]]);
    const bad: unknown[] = [
      {},
      { sessionName: "" },
      { sessionName: "two\nlines" },
      { sessionName: "x".repeat(201) },
      { note: "x".repeat(ORGANISE_LIMITS.noteLength + 1) },
      { addTags: ["<script>"] },
      { addTags: ["x".repeat(33)] },
      { addTags: Array.from({ length: 21 }, (_, n) => `t${n}`) },
      { pinned: "yes" },
      { rename: "x" },
    ];
    for (const body of bad) {
      const response = await call("PATCH", `/api/library/backups/${id}`, a.auth, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(response.json()).toEqual({ message: expect.any(String) });
    }
    expect((await call("PATCH", "/api/library/backups/not-a-uuid", a.auth, { pinned: true })).statusCode).toBe(400);
    const asB = await call("PATCH", `/api/library/backups/${id}`, b.auth, { sessionName: "Mine now" });
    expect(asB.statusCode).toBe(404);
    expect(asB.json()).toEqual({ message: "Backup not found" });
    expect((await call("PATCH", `/api/library/backups/${id}`, {}, { pinned: true })).statusCode).toBe(401);
    const { accessToken } = await pairDevice(server.app, a.cookie);
    expect((await call("PATCH", `/api/library/backups/${id}`, bearer(accessToken), { pinned: true })).statusCode).toBe(403);
    // B's undo has nothing of A's to undo.
    expect((await call("POST", "/api/library/undo", b.auth)).statusCode).toBe(404);
    expect((await list(a.auth))[0]).toMatchObject({ pinned: false, sessionName: expect.not.stringMatching("Mine now") });
  });

  it("on Free pins one backup, which rotation never removes; a second pin is refused with the plans' caps", async () => {
    const free = await account("pinner@example.com", "free");
    const pinned = await upload(free.auth, [["https://keep.example/", "Keep"]], "clear_all_detected");
    expect((await call("PATCH", `/api/library/backups/${pinned}`, free.auth, { pinned: true })).statusCode).toBe(200);
    const second = await upload(free.auth, [["https://second.example/", "Second"]], "clear_all_detected");
    const third = await upload(free.auth, [["https://third.example/", "Third"]], "clear_all_detected");
    // Free keeps 1 backup: the third replaced the second, and the pinned one stayed.
    expect((await list(free.auth)).map((backup) => backup.id).sort()).toEqual([pinned, third].sort());
    expect(second).not.toBe(third);
    const refused = await call("PATCH", `/api/library/backups/${third}`, free.auth, { pinned: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("Free keeps 1 pinned backup: unpin one first, or move to Basic for 5 pinned backups.");
  });

  it("the web app's saves rotate around a pinned backup too", async () => {
    const free = await account("web-pinner@example.com", "free");
    const save = async () => {
      now += 3_600_000;
      const response = await call("POST", "/api/saved-sessions", free.auth, { browserSession: browserSession(1, { timestamp: now }) });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ sessionId: string }>().sessionId;
    };
    const pinned = await save();
    expect((await call("PATCH", `/api/library/backups/${pinned}`, free.auth, { pinned: true })).statusCode).toBe(200);
    await save();
    const newest = await save();
    expect((await list(free.auth)).map((backup) => backup.id).sort()).toEqual([pinned, newest].sort());
  });

  it("merges backups into one in the order chosen, the originals gone; undo brings them back whole", async () => {
    const a = await account("merger@example.com");
    const first = await upload(a.auth, [["https://one.example/1", "One 1"], ["https://one.example/2", "One 2"]]);
    const second = await upload(a.auth, [["https://two.example/1", "Two 1"]]);
    await call("PATCH", `/api/library/backups/${first}`, a.auth, { addTags: ["work"] });
    const merged = await call("POST", "/api/library/merges", a.auth, { backupIds: [second, first], sessionName: "Both" });
    expect(merged.statusCode, merged.body).toBe(201);
    expect(merged.json()).toEqual({ message: "Merged 2 backups into “Both” (3 tabs)", backupId: expect.any(String), undo: expect.any(String) });
    const mergedId = merged.json().backupId as string;
    expect(await list(a.auth)).toMatchObject([{ id: mergedId, sessionName: "Both", tabCount: 3, tags: ["work"] }]);
    expect(await tabsOf(mergedId, a.auth)).toEqual(["https://two.example/1", "https://one.example/1", "https://one.example/2"]);
    // The merged backup restores and exports like any other.
    expect((await call("POST", `/api/restore-session/${mergedId}`, a.auth)).statusCode).toBe(200);
    expect((await call("GET", `/api/library/backups/${mergedId}/export?format=tabvault`, a.auth)).statusCode).toBe(200);

    expect((await call("POST", "/api/library/undo", a.auth)).json().message).toBe("Undone: Merged 2 backups into “Both” (3 tabs)");
    const back = await list(a.auth);
    expect(back.map((backup) => backup.id).sort()).toEqual([first, second].sort());
    expect(back.find((backup) => backup.id === first)).toMatchObject({ tags: ["work"], tabCount: 2 });
    expect(await tabsOf(first, a.auth)).toEqual(["https://one.example/1", "https://one.example/2"]);
    expect(await tabsOf(second, a.auth)).toEqual(["https://two.example/1"]);
  });

  it("refuses a merge of one backup, of too many, of someone else's; an undo after the result was deleted is refused", async () => {
    const a = await account("merge-guard@example.com");
    const b = await account("merge-intruder@example.com");
    const mine = await upload(a.auth, [["https://mine.example/", "Mine"]]);
    const also = await upload(a.auth, [["https://also.example/", "Also"]]);
    const theirs = await upload(b.auth, [["https://theirs.example/", "Theirs"]]);
    const ids = Array.from({ length: ORGANISE_LIMITS.backupsPerAction + 1 }, (_, n) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`);
    for (const body of [{ backupIds: [mine] }, { backupIds: [mine, mine] }, { backupIds: ids }, { backupIds: [mine, "nope"] }, { backupIds: [mine, also], extra: 1 }]) {
      const response = await call("POST", "/api/library/merges", a.auth, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(response.json()).toEqual({ message: expect.any(String) });
    }
    expect((await call("POST", "/api/library/merges", a.auth, { backupIds: [mine, theirs] })).statusCode).toBe(404);
    expect((await call("POST", "/api/library/merges", {}, { backupIds: [mine, also] })).statusCode).toBe(401);
    expect((await list(b.auth)).map((backup) => backup.id)).toEqual([theirs]);
    const merged = (await call("POST", "/api/library/merges", a.auth, { backupIds: [mine, also] })).json().backupId as string;
    expect((await call("DELETE", `/api/saved-sessions/${merged}`, a.auth)).statusCode).toBe(204);
    const undo = await call("POST", "/api/library/undo", a.auth);
    expect(undo.statusCode).toBe(409);
    expect(undo.json().message).toMatch(/has been deleted since, so it cannot be undone/);
    expect(await list(a.auth)).toEqual([]);
  });

  it("removes duplicate tabs within a backup and across the chosen ones, keeping the newest copy; undo restores them", async () => {
    const a = await account("deduper@example.com");
    const old = await upload(a.auth, [["https://dup.example/x", "X"], ["https://only-old.example/", "Old"], ["https://dup.example/x", "X again"]]);
    const onlyDuplicates = await upload(a.auth, [["https://only-old.example/", "Old"]]);
    const newest = await upload(a.auth, [["https://dup.example/x", "X"], ["https://new.example/", "New"], ["https://new.example/", "New twice"]]);
    // Within one backup.
    const within = await call("POST", "/api/library/dedupe", a.auth, { backupIds: [newest] });
    expect(within.json()).toMatchObject({ message: "Removed 1 duplicate tab", backupId: newest });
    expect(await tabsOf(newest, a.auth)).toEqual(["https://dup.example/x", "https://new.example/"]);
    // Across: the newest copy stays; a backup left with nothing goes.
    const across = await call("POST", "/api/library/dedupe", a.auth, { backupIds: [old, onlyDuplicates, newest] });
    expect(across.statusCode).toBe(200);
    expect(across.json().message).toBe("Removed 3 duplicate tabs and 1 backup that held only duplicates");
    expect(await tabsOf(onlyDuplicates, a.auth)).toEqual(["https://only-old.example/"]);
    expect((await list(a.auth)).map((backup) => [backup.id, backup.tabCount])).toEqual([
      [newest, 2],
      [onlyDuplicates, 1],
    ]);
    expect((await call("POST", "/api/library/dedupe", a.auth, { backupIds: [onlyDuplicates, newest] })).json()).toEqual({ message: "No duplicate tabs found", backupId: null, undo: null });
    // Undo puts back the last clean-up (across), not the first.
    expect((await call("POST", "/api/library/undo", a.auth)).statusCode).toBe(200);
    expect(await tabsOf(old, a.auth)).toEqual(["https://dup.example/x", "https://only-old.example/", "https://dup.example/x"]);
    expect(await tabsOf(newest, a.auth)).toEqual(["https://dup.example/x", "https://new.example/"]);
    const rows = await server.database.db.select({ id: savedSessions.id, tabCount: savedSessions.tabCount }).from(savedSessions).where(eq(savedSessions.userId, a.userId));
    expect(rows.find((row) => row.id === old)?.tabCount).toBe(3);
    expect((await call("POST", "/api/library/dedupe", a.auth, { backupIds: [] })).statusCode).toBe(400);
    expect((await call("POST", "/api/library/dedupe", {}, { backupIds: [old] })).statusCode).toBe(401);
  });
});
