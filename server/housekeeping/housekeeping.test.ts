import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { EVENT_RETENTION_DAYS, RATE_LIMIT_COUNTER_HOURS, RATE_LIMIT_LONGEST_WINDOW_MINUTES } from "@common/product";
import { users } from "../accounts/table";
import { appEvents } from "../events/table";
import { protectionEvents } from "../protection/table";
import { rateLimitCounters } from "../rate-limits/table";
import { signIn } from "../test/sign-in";
import { useTestApp } from "../test/test-app";
import { runHousekeeping } from "./housekeeping";

const DAY = 86_400_000;

describe("housekeeping: retention of protection and app events (decision 135) and rate-limit counters", () => {
  const now = new Date("2026-11-23T10:00:00Z");
  const server = useTestApp({ clock: () => now });

  it(`deletes events older than ${EVENT_RETENTION_DAYS} days by the injected clock, keeps the rest, and is safe to run twice at once`, async () => {
    await signIn(server.app, server.mailDir, "retention@example.com");
    const [user] = await server.database.db.select({ id: users.id }).from(users).where(eq(users.email, "retention@example.com"));
    const old = new Date(now.getTime() - EVENT_RETENTION_DAYS * DAY - 60_000);
    const recent = new Date(now.getTime() - EVENT_RETENTION_DAYS * DAY + 60_000);
    const db = server.database.db;
    await db.insert(protectionEvents).values([
      { userId: user!.id, eventType: "manual_save", description: "old", createdAt: old },
      { userId: user!.id, eventType: "manual_save", description: "recent", createdAt: recent },
    ]);
    await db.insert(appEvents).values([
      { name: "pwa_launch", createdAt: old },
      { name: "pwa_launch", createdAt: recent },
    ]);
    // Two instances at the same hour: one deletes, the other finds nothing left, neither fails.
    const [first, second] = await Promise.all([runHousekeeping(db, now), runHousekeeping(db, now)]);
    expect(first.protectionEvents + second.protectionEvents).toBe(1);
    expect(first.appEvents + second.appEvents).toBe(1);
    const descriptions = (await db.select().from(protectionEvents).where(eq(protectionEvents.userId, user!.id))).map((row) => row.description);
    expect(descriptions).toEqual(["recent"]);
    expect((await db.select({ n: count() }).from(appEvents))[0]!.n).toBe(1);
    expect(await runHousekeeping(db, now)).toEqual({ protectionEvents: 0, appEvents: 0, rateLimitCounters: 0 });
  });

  it(`deletes rate-limit counters whose window has ended, so none outlives ${RATE_LIMIT_COUNTER_HOURS} hours (privacy policy)`, async () => {
    const db = server.database.db;
    // First hit at the last moment the longest window allows before this run; a run an hour ago missed it.
    const firstHit = new Date(now.getTime() - RATE_LIMIT_COUNTER_HOURS * 3_600_000 + 1000);
    await db.insert(rateLimitCounters).values([
      { key: "contact-ip:203.0.113.9", count: 3, resetAt: new Date(firstHit.getTime() + RATE_LIMIT_LONGEST_WINDOW_MINUTES * 60_000) },
      { key: "sign-in-email:still@example.com", count: 1, resetAt: new Date(now.getTime() + 60_000) },
    ]);
    expect((await runHousekeeping(db, now)).rateLimitCounters).toBe(1);
    const kept = (await db.select({ key: rateLimitCounters.key }).from(rateLimitCounters)).map((row) => row.key);
    expect(kept).toContain("sign-in-email:still@example.com");
    expect(kept).not.toContain("contact-ip:203.0.113.9");
  });
});
