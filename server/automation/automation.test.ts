import { count, eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { describe, expect, it } from "vitest";
import { AUTOMATION_LIMITS } from "@common/api/automation";
import { users } from "../accounts/table";
import { savedSessions } from "../backups/table";
import { browserBackup } from "../test/backup-payloads";
import { bearer, pairDevice } from "../test/pair-device";
import { signIn, withSession } from "../test/sign-in";
import { useTestApp } from "../test/test-app";
import { automationRules } from "./table";

describe("workflow automation rules", () => {
  let now = Date.parse("2026-12-01T09:00:00Z");
  const clock = () => new Date(now);
  const server = useTestApp({ clock });

  async function account(email: string, plan: "free" | "basic" | "pro" | "premium" = "premium") {
    const { cookie } = await signIn(server.app, server.mailDir, email);
    await server.database.db.update(users).set({ planType: plan }).where(eq(users.email, email));
    const [user] = await server.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    return { cookie, userId: user!.id, auth: withSession(cookie) };
  }
  const setPlan = (userId: string, plan: "free" | "pro" | "premium") => server.database.db.update(users).set({ planType: plan }).where(eq(users.id, userId));
  const inject = (method: InjectOptions["method"], url: string, auth: object, payload?: unknown) =>
    server.app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as InjectOptions["payload"] }), ...auth });
  const list = (auth: object) => inject("GET", "/api/automation/rules", auth);
  const create = (auth: object, payload: unknown) => inject("POST", "/api/automation/rules", auth, payload);
  const rulesOf = async (userId: string) => (await server.database.db.select({ n: count() }).from(automationRules).where(eq(automationRules.userId, userId)))[0]!.n;

  it("creates, lists, changes and deletes an account's rules, and the extension reads them with its token", async () => {
    const ada = await account("ada@example.com");
    const closeRule = await create(ada.auth, { kind: "window_close", minTabs: 5, backupName: "  Closed research window ", tag: "Research" });
    expect(closeRule.statusCode).toBe(201);
    expect(closeRule.json()).toMatchObject({ kind: "window_close", enabled: true, minTabs: 5, time: null, backupName: "Closed research window", tag: "research" });
    now += 1_000;
    const daily = await create(ada.auth, { kind: "daily", time: "18:30", backupName: "End of day" });
    expect(daily.statusCode).toBe(201);
    expect(daily.json()).toMatchObject({ kind: "daily", time: "18:30", minTabs: null, tag: null });
    now += 1_000;
    const startup = await create(ada.auth, { kind: "startup" });
    expect(startup.statusCode).toBe(201);
    expect(startup.json()).toMatchObject({ kind: "startup", backupName: null, tag: null, enabled: true });

    const laptop = await pairDevice(server.app, ada.cookie);
    const read = await list(bearer(laptop.accessToken));
    expect(read.statusCode).toBe(200);
    expect(read.json().included).toBe(true);
    expect(read.json().message).toBeNull();
    expect(read.json().rules.map((rule: { kind: string }) => rule.kind)).toEqual(["window_close", "daily", "startup"]);

    now += 60_000;
    const paused = await inject("PATCH", `/api/automation/rules/${closeRule.json().id}`, ada.auth, { enabled: false, minTabs: 8, tag: null });
    expect(paused.statusCode).toBe(200);
    expect(paused.json()).toMatchObject({ enabled: false, minTabs: 8, tag: null, updatedAt: new Date(now).toISOString() });
    const moved = await inject("PATCH", `/api/automation/rules/${daily.json().id}`, ada.auth, { time: "07:05" });
    expect(moved.json().time).toBe("07:05");

    // The extension only reads: making, changing and deleting are the website's (its token's scope).
    expect((await create(bearer(laptop.accessToken), { kind: "startup" })).statusCode).toBe(403);
    expect((await inject("DELETE", `/api/automation/rules/${daily.json().id}`, bearer(laptop.accessToken))).statusCode).toBe(403);

    const deleted = await inject("DELETE", `/api/automation/rules/${daily.json().id}`, ada.auth);
    expect(deleted.statusCode).toBe(204);
    expect((await list(ada.auth)).json().rules).toHaveLength(2);
    expect((await inject("DELETE", `/api/automation/rules/${daily.json().id}`, ada.auth)).statusCode).toBe(404);
  });

  it("refuses below Premium with the plan's words, still lists and deletes what was made, and says nothing runs", async () => {
    const bo = await account("bo@example.com", "pro");
    const refused = await create(bo.auth, { kind: "startup" });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: "Workflow automation needs the Premium plan or higher; you are on Pro." });
    expect(await rulesOf(bo.userId)).toBe(0);

    await setPlan(bo.userId, "premium");
    const made = await create(bo.auth, { kind: "window_close", minTabs: 3, backupName: "Window" });
    await setPlan(bo.userId, "free");
    const listed = await list(bo.auth);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toMatchObject({ included: false, message: "Workflow automation needs the Premium plan or higher; you are on Free." });
    expect(listed.json().rules).toHaveLength(1);
    const change = await inject("PATCH", `/api/automation/rules/${made.json().id}`, bo.auth, { enabled: false });
    expect(change.statusCode).toBe(403);
    expect(change.json().message).toBe("Workflow automation needs the Premium plan or higher; you are on Free.");
    expect((await inject("DELETE", `/api/automation/rules/${made.json().id}`, bo.auth)).statusCode).toBe(204);
    expect(await rulesOf(bo.userId)).toBe(0);
  });

  it("keeps each account's rules to itself: another account neither reads, changes nor deletes them", async () => {
    const ada = await account("ada2@example.com");
    const eve = await account("eve@example.com");
    const rule = (await create(ada.auth, { kind: "daily", time: "09:00", backupName: "Morning" })).json();
    expect((await list(eve.auth)).json().rules).toEqual([]);
    const changed = await inject("PATCH", `/api/automation/rules/${rule.id}`, eve.auth, { enabled: false });
    expect(changed.statusCode).toBe(404);
    expect(changed.json()).toEqual({ message: "No such rule in your account." });
    expect((await inject("DELETE", `/api/automation/rules/${rule.id}`, eve.auth)).statusCode).toBe(404);
    expect((await list(ada.auth)).json().rules).toEqual([rule]);
    // Eve's own device cannot name a backup after Ada's rule: the rule is not found for Eve, the usual name stays.
    const eveLaptop = await pairDevice(server.app, eve.cookie);
    const upload = await inject("POST", "/api/browser-backups", bearer(eveLaptop.accessToken), browserBackup(2, { trigger: "auto_backup", automationRuleId: rule.id }));
    expect(upload.statusCode).toBe(201);
    const [stored] = await server.database.db.select({ name: savedSessions.sessionName, tags: savedSessions.tags }).from(savedSessions).where(eq(savedSessions.id, upload.json().backupId));
    expect(stored).toEqual({ name: "Automatic backup — Chrome on Linux", tags: [] });
  });

  it("answers signed out with 401, and malformed or oversized rules with 400 saying what is wrong, writing nothing", async () => {
    expect((await list({})).statusCode).toBe(401);
    expect((await create({}, { kind: "startup" })).statusCode).toBe(401);
    expect((await inject("DELETE", "/api/automation/rules/6f1c1e2a-4b7d-4c1e-9a57-2f0d3c8b9e10", {})).statusCode).toBe(401);
    const ada = await account("ada3@example.com");
    const cases: [unknown, string][] = [
      [{ kind: "window_close", minTabs: 1, backupName: "x" }, "A window rule watches windows of 2 to 500 tabs"],
      [{ kind: "window_close", minTabs: 2.5, backupName: "x" }, "A window rule watches windows of 2 to 500 tabs"],
      [{ kind: "window_close", minTabs: "5", backupName: "x" }, "A window rule watches windows of 2 to 500 tabs"],
      [{ kind: "daily", time: "24:00", backupName: "x" }, "A time is HH:MM, from 00:00 to 23:59"],
      [{ kind: "daily", time: "9:00", backupName: "x" }, "A time is HH:MM, from 00:00 to 23:59"],
      [{ kind: "daily", time: "09:00", backupName: "   " }, "Give the backup a name"],
      [{ kind: "daily", time: "09:00", backupName: "x".repeat(121) }, "A backup name has at most 120 characters"],
      [{ kind: "daily", time: "09:00", backupName: "two\nlines" }, "one line"],
      [{ kind: "daily", time: "09:00", backupName: "nul\u0000" }, "NUL"],
      [{ kind: "daily", time: "09:00", backupName: "x", tag: "#!" }, "A tag holds letters, digits, spaces, - and _"],
      [{ kind: "daily", time: "09:00", backupName: "x", tag: "t".repeat(33) }, "A tag has at most 32 characters"],
      [{ kind: "startup", backupName: "x" }, "backupName"],
      [{ kind: "weekly" }, "kind"],
      [[], "body"],
    ];
    for (const [payload, words] of cases) {
      const answer = await create(ada.auth, payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.json().message).toContain(words);
    }
    const huge = await create(ada.auth, { kind: "daily", time: "09:00", backupName: "x".repeat(2_000_000) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toEqual(expect.any(String));
    expect(await rulesOf(ada.userId)).toBe(0);

    const startup = (await create(ada.auth, { kind: "startup" })).json();
    const wrongField = await inject("PATCH", `/api/automation/rules/${startup.id}`, ada.auth, { backupName: "x" });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().message).toBe('A rule of the kind "startup" has no backupName: it takes enabled.');
    expect((await inject("PATCH", `/api/automation/rules/${startup.id}`, ada.auth, {})).json().message).toContain("Say what to change");
    expect((await inject("PATCH", "/api/automation/rules/not-a-uuid", ada.auth, { enabled: true })).json().message).toContain("Not a rule id");
    const second = await create(ada.auth, { kind: "startup" });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe("You have a start-up rule already: one offer at each start is enough.");
    expect(await rulesOf(ada.userId)).toBe(1);
  });

  it(`keeps at most ${AUTOMATION_LIMITS.rulesPerAccount} rules per account, even when they are asked for at once`, async () => {
    const ada = await account("ada4@example.com");
    const answers = await Promise.all(
      Array.from({ length: AUTOMATION_LIMITS.rulesPerAccount + 3 }, (_, n) => create(ada.auth, { kind: "window_close", minTabs: 2 + n, backupName: `Rule ${n}` })),
    );
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(AUTOMATION_LIMITS.rulesPerAccount);
    const refused = answers.filter((answer) => answer.statusCode === 409);
    expect(refused).toHaveLength(3);
    expect(refused[0]!.json().message).toBe("You have 20 rules, the most an account keeps: delete one to add another.");
    expect(await rulesOf(ada.userId)).toBe(AUTOMATION_LIMITS.rulesPerAccount);
  });

  it("names and tags a backup the extension uploads for a rule; refuses a rule's backup below Premium", async () => {
    const ada = await account("ada5@example.com");
    const laptop = await pairDevice(server.app, ada.cookie);
    const rule = (await create(ada.auth, { kind: "window_close", minTabs: 3, backupName: "Closed window", tag: "auto-saved" })).json();
    const upload = await inject("POST", "/api/browser-backups", bearer(laptop.accessToken), browserBackup(4, { trigger: "auto_backup", automationRuleId: rule.id }));
    expect(upload.statusCode).toBe(201);
    const [stored] = await server.database.db.select({ name: savedSessions.sessionName, tags: savedSessions.tags, tabs: savedSessions.tabCount }).from(savedSessions).where(eq(savedSessions.id, upload.json().backupId));
    expect(stored).toEqual({ name: "Closed window", tags: ["auto-saved"], tabs: 4 });
    // The library lists it under that name and tag for the web app.
    const library = await inject("GET", "/api/saved-sessions", ada.auth);
    expect(library.json()).toEqual(expect.arrayContaining([expect.objectContaining({ sessionName: "Closed window", tags: ["auto-saved"] })]));

    await setPlan(ada.userId, "pro");
    const before = (await server.database.db.select({ n: count() }).from(savedSessions).where(eq(savedSessions.userId, ada.userId)))[0]!.n;
    const refused = await inject("POST", "/api/browser-backups", bearer(laptop.accessToken), browserBackup(4, { trigger: "auto_backup", automationRuleId: rule.id }));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("Workflow automation needs the Premium plan or higher; you are on Pro.");
    expect((await server.database.db.select({ n: count() }).from(savedSessions).where(eq(savedSessions.userId, ada.userId)))[0]!.n).toBe(before);
    const badId = await inject("POST", "/api/browser-backups", bearer(laptop.accessToken), browserBackup(2, { automationRuleId: "nope" as string }));
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toContain("automationRuleId must be a rule id");
  });
});
