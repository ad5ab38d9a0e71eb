import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { EVENT_RETENTION_DAYS } from "@common/product";
import { users } from "../accounts/table";
import { appEvents } from "../events/table";
import { protectionEvents } from "../protection/table";
import { signIn } from "../test/sign-in";
import { useTestApp } from "../test/test-app";
import { runHousekeeping } from "./housekeeping";

const DAY = 86_400_000;

describe("housekeeping: retention of protection and app events (decision 135)", () => {
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
    expect(await runHousekeeping(db, now)).toEqual({ protectionEvents: 0, appEvents: 0 });
  });
});
