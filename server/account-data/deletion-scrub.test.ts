import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Database } from "../db/database";
import { rowsOf } from "../db/rows";
import { browserSession, tab } from "../test/backup-payloads";
import { latestMailTo } from "../test/mail-outbox";
import { pairDevice } from "../test/pair-device";
import { signIn, withSession } from "../test/sign-in";
import { arrangeTeam, invitationTokenFromMail } from "../test/team";
import { testAdminEmail, useTestApp } from "../test/test-app";

const goodCard = { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2030, cvc: "123" };

/** Every column of every table in the database that can hold text: text, varchar, json, jsonb and arrays of them. */
async function textColumns(db: Database): Promise<{ table: string; column: string }[]> {
  const rows = rowsOf<{ table_name: string; column_name: string }>(
    await db.execute(sql`select table_name, column_name from information_schema.columns
      where table_schema = 'public' and (data_type in ('text', 'character varying', 'character', 'json', 'jsonb') or data_type = 'ARRAY')
      order by table_name, column_name`),
  );
  return rows.map((row) => ({ table: row.table_name, column: row.column_name }));
}

/** "table.column" for each column where `needle` appears in any row, in any case. */
async function columnsHolding(db: Database, needle: string): Promise<string[]> {
  const found: string[] = [];
  for (const { table, column } of await textColumns(db)) {
    const [row] = rowsOf<{ n: number | string }>(
      await db.execute(sql`select count(*) as n from ${sql.identifier(table)} where strpos(lower(${sql.identifier(column)}::text), ${needle}) > 0`),
    );
    if (Number(row?.n ?? 0) > 0) found.push(`${table}.${column}`);
  }
  return found;
}

describe("account deletion scrubs the address from every table (decision 216)", () => {
  let now = Date.parse("2026-11-25T10:00:00Z");
  const server = useTestApp({ clock: () => new Date(now) });
  const inject = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, cookie?: string, payload?: object) =>
    server.app.inject({ method, url, ...(cookie ? withSession(cookie) : {}), ...(payload ? { payload } : {}) });

  it("an admin account that acted in another person's team, was invited elsewhere, paid, wrote in, announced and backed up: after deletion no text column of any table holds its address; the audit logs name one anonymous id", async () => {
    const db = server.database.db;
    const leaving = testAdminEmail;
    const team = await arrangeTeam(server.app, server.mailDir, db, {
      name: "Lab",
      owner: "lab-owner@example.com",
      admins: [leaving],
      members: ["lab-member@example.com"],
    });
    const [me] = team.admins as [(typeof team)["owner"]];
    const [member] = team.members as [(typeof team)["owner"]];

    // In the owner's team: invites, sets the policy, disconnects a member's device; the owner disconnects theirs.
    expect((await inject("POST", "/api/team/invitations", me.cookie, { email: "lab-new@example.com" })).statusCode).toBe(201);
    const policy = { protectionMode: "block", automaticBackupMinutes: null, neverCapturedSites: ["bank.example"], formCapture: null };
    expect((await inject("PUT", "/api/team/policy", me.cookie, policy)).statusCode).toBe(200);
    await pairDevice(server.app, member.cookie, { clientName: "Member laptop", platform: "chromium" });
    const memberDevices = (await inject("GET", `/api/team/members/${member.userId}/devices`, me.cookie)).json<{ id: string }[]>();
    expect((await inject("DELETE", `/api/team/members/${member.userId}/devices/${memberDevices[0]!.id}`, me.cookie)).statusCode).toBe(204);
    await pairDevice(server.app, me.cookie, { clientName: "Admin laptop", platform: "firefox" });
    const myDevices = (await inject("GET", `/api/team/members/${me.userId}/devices`, team.owner.cookie)).json<{ id: string }[]>();
    expect((await inject("DELETE", `/api/team/members/${me.userId}/devices/${myDevices[0]!.id}`, team.owner.cookie)).statusCode).toBe(204);

    // Invited to a second team, still pending.
    const elsewhere = await arrangeTeam(server.app, server.mailDir, db, { name: "Elsewhere", owner: "else-owner@example.com" });
    expect((await inject("POST", "/api/team/invitations", elsewhere.owner.cookie, { email: leaving })).statusCode).toBe(201);
    await invitationTokenFromMail(server.mailDir, leaving);

    // Own data that names the address (cascades with the account), a payment, a contact message, an announcement.
    const inbox = tab(1, { title: `Inbox – ${leaving} – Mail`, url: `https://mail.example/?u=${encodeURIComponent(leaving)}` });
    const saved = await inject("POST", "/api/saved-sessions", me.cookie, { sessionName: `Mail of ${leaving}`, browserSession: browserSession(1, { tabs: [inbox] }) });
    expect(saved.statusCode).toBe(201);
    expect((await inject("POST", "/api/team/shared-sessions", me.cookie, { sessionId: saved.json<{ sessionId: string }>().sessionId })).statusCode).toBe(201);
    const setup = (await inject("POST", "/api/create-payment-intent", me.cookie, { amount: 8, planType: "basic", email: leaving })).json<{ clientSecret: string }>();
    expect((await inject("POST", "/api/sandbox/confirm", undefined, { clientSecret: setup.clientSecret, card: goodCard })).statusCode).toBe(200);
    expect((await inject("POST", "/api/contact", undefined, { name: "Admin", email: leaving.toUpperCase(), subject: "Hello", message: `Write to ${leaving}` })).statusCode).toBe(201);
    expect((await inject("POST", "/api/admin/announcements", me.cookie, { subject: "Maintenance", body: "Tonight." })).statusCode).toBe(201);

    // The scan can fail: before deletion it finds the address in every place the account reached.
    const before = await columnsHolding(db, leaving);
    expect(before).toEqual(
      expect.arrayContaining([
        "users.email",
        "team_audit_log.actor_email",
        "team_audit_log.detail",
        "team_policies.updated_by_email",
        "team_invitations.email",
        "announcements.created_by_email",
        "contact_messages.email",
        "payments.email",
        "system_logs.message",
        "session_tabs.title",
        "saved_sessions.session_name",
      ]),
    );

    const requested = await inject("POST", "/api/account/deletion-request", me.cookie);
    expect(requested.statusCode).toBe(202);
    const link = (await latestMailTo(server.mailDir, leaving))!.links.find((candidate) => candidate.includes("/account/delete#token="))!;
    const token = new URLSearchParams(new URL(link).hash.slice(1)).get("token")!;
    now += 60_000;
    expect((await inject("POST", "/api/account/delete", undefined, { token })).statusCode).toBe(204);

    expect(await columnsHolding(db, leaving)).toEqual([]);

    // The owner's audit log still tells what happened, each of the deleted person's acts under one anonymous id.
    const log = (await inject("GET", "/api/team/audit-log", team.owner.cookie)).json<{ actorEmail: string | null; action: string; detail: string }[]>();
    const anonymous = log.find((entry) => entry.action === "Changed the team policy")?.actorEmail;
    expect(anonymous).toMatch(/^\(deleted account [0-9a-f]{8}\)$/);
    expect(log.filter((entry) => entry.actorEmail === anonymous).map((entry) => entry.action)).toEqual(
      expect.arrayContaining(["Invited", "Changed the team policy", "Disconnected a browser of", "Joined"]),
    );
    expect(log.some((entry) => entry.detail === `Admin laptop of ${anonymous}`)).toBe(true);
    expect((await inject("GET", "/api/team/policy", team.owner.cookie)).json()).toMatchObject({ updatedBy: anonymous });
    // The other team's pending invitation went with the account, and its seat with it.
    const elsewhereTeam = (await inject("GET", "/api/team", elsewhere.owner.cookie)).json<{ team: { invitations: unknown[]; seatsUsed: number } }>().team;
    expect(elsewhereTeam).toMatchObject({ invitations: [], seatsUsed: 1 });
    // The other team's log names the invitation by the same id: one deletion, one id.
    const elsewhereLog = (await inject("GET", "/api/team/audit-log", elsewhere.owner.cookie)).json<{ action: string; detail: string }[]>();
    expect(elsewhereLog).toContainEqual(expect.objectContaining({ action: "Invited", detail: `${anonymous} as member` }));

    // Signing up again with the address starts afresh, with none of the old team's traces pointing at it.
    const again = await signIn(server.app, server.mailDir, leaving);
    expect((await inject("GET", "/api/team", again.cookie)).json()).toEqual({ team: null });
  }, 120_000);
});
