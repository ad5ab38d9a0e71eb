import { count, eq, isNotNull, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { readOutbox } from "../test/mail-outbox";
import { signIn, withSession } from "../test/sign-in";
import { testAdminEmail, useTestApp } from "../test/test-app";
import { users } from "../accounts/table";
import { claimDeliveries, CLAIM_MS } from "./announcements";
import { deliverAnnouncements } from "./delivery";
import { announcementDeliveries, announcements } from "./table";

describe("announcements: the admin emails every account before prices, terms or paid features change", () => {
  let now = Date.parse("2026-11-24T10:00:00Z");
  const clock = () => new Date(now);
  const server = useTestApp({ clock });
  const post = (cookie: string | null, payload: unknown) =>
    server.app.inject({ method: "POST", url: "/api/admin/announcements", payload: payload as object, ...(cookie ? withSession(cookie) : {}) });

  it("queues one email per verified account, sends each exactly once, even with two instances draining at once", async () => {
    const { cookie: admin } = await signIn(server.app, server.mailDir, testAdminEmail);
    await signIn(server.app, server.mailDir, "reader1@example.com");
    await signIn(server.app, server.mailDir, "reader2@example.com");
    // Captured but never proved: no announcement goes to an address nobody confirmed.
    await server.app.inject({ method: "POST", url: "/api/capture-email", payload: { email: "unproved@example.com", source: "email_signup_modal" } });
    const verified = (await server.database.db.select({ n: count() }).from(users).where(isNotNull(users.emailVerifiedAt)))[0]!.n;

    const created = await post(admin, { subject: "  Premium's price changes on 1 January  ", body: "From 1 January Premium is $22 a month.\n\nNothing changes before then." });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ subject: "Premium's price changes on 1 January", createdBy: testAdminEmail, recipients: verified, delivered: 0 });

    const log = server.app.log;
    const [first, second] = await Promise.all([
      deliverAnnouncements(server.database.db, mailerOf(), clock(), log),
      deliverAnnouncements(server.database.db, mailerOf(), clock(), log),
    ]);
    expect(first + second).toBe(verified);
    expect(await deliverAnnouncements(server.database.db, mailerOf(), clock(), log)).toBe(0);
    const mails = (await readOutbox(server.mailDir)).filter((mail) => mail.subject === "TabVault: Premium's price changes on 1 January");
    for (const reader of ["reader1@example.com", "reader2@example.com"]) expect(mails.filter((mail) => mail.to.includes(reader))).toHaveLength(1);
    expect(mails).toHaveLength(verified);
    expect(mails.some((mail) => mail.to.includes("unproved@example.com"))).toBe(false);
    expect(mails[0]!.text).toContain("From 1 January Premium is $22 a month.");
    expect(mails[0]!.text).toContain("we email every account before prices, our terms or paid plans' features change");

    const listed = await server.app.inject({ method: "GET", url: "/api/admin/announcements", ...withSession(admin) });
    expect(listed.json()[0]).toMatchObject({ recipients: verified, delivered: verified });
  });

  it("a claim that died with its instance is sent again once it is stale; a sent email never again", async () => {
    const { cookie: admin } = await signIn(server.app, server.mailDir, testAdminEmail);
    now += 61 * 60_000;
    const created = await post(admin, { subject: "Terms update", body: "Section 4 changes." });
    const id = created.json().id as string;
    const claimed = await claimDeliveries(server.database.db, 1000, clock());
    expect(claimed.length).toBe(created.json().recipients);
    // Claimed and never sent (the instance crashed): not taken again until the claim is stale.
    expect(await claimDeliveries(server.database.db, 1000, clock())).toEqual([]);
    now += CLAIM_MS + 1000;
    expect(await deliverAnnouncements(server.database.db, mailerOf(), clock(), server.app.log)).toBe(claimed.length);
    const unsent = await server.database.db.select({ n: count() }).from(announcementDeliveries).where(isNull(announcementDeliveries.sentAt));
    expect(unsent[0]!.n).toBe(0);
    expect((await server.database.db.select().from(announcements).where(eq(announcements.id, id)))[0]?.subject).toBe("Terms update");
  });

  it("is the admin's alone; refuses bad input with a message and writes nothing", async () => {
    const { cookie: reader } = await signIn(server.app, server.mailDir, "reader1@example.com");
    const { cookie: admin } = await signIn(server.app, server.mailDir, testAdminEmail);
    const before = (await server.database.db.select({ n: count() }).from(announcements))[0]!.n;
    expect((await post(null, { subject: "x", body: "y" })).statusCode).toBe(401);
    expect((await post(reader, { subject: "x", body: "y" })).statusCode).toBe(403);
    expect((await server.app.inject({ method: "GET", url: "/api/admin/announcements", ...withSession(reader) })).statusCode).toBe(403);
    now += 61 * 60_000;
    for (const [payload, message] of [
      [{ subject: "", body: "y" }, /Enter a subject/],
      [{ subject: "a\nb", body: "y" }, /one line/],
      [{ subject: "x".repeat(121), body: "y" }, /at most 120/],
      [{ subject: "x", body: "   " }, /Enter the announcement/],
      [{ subject: "x", body: "y".repeat(5001) }, /at most 5000/],
      [{ subject: "x", body: "nul\u0000" }, /NUL/],
      [{ subject: "x", body: "y", to: "everyone" }, /Unrecognized|unrecognized/],
    ] as const) {
      const response = await post(admin, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(response.json().message).toMatch(message);
    }
    expect((await server.database.db.select({ n: count() }).from(announcements))[0]!.n).toBe(before);
  });

  const mailerOf = () => server.mailer;
});
