import { eq, sql, sum } from "drizzle-orm";
import type { Platform } from "@common/api/downloads";
import type { Database } from "../db/database";
import { downloadCounts } from "./table";

export async function countDownload(db: Database, platform: Platform, now: Date): Promise<void> {
  const day = now.toISOString().slice(0, 10);
  await db
    .insert(downloadCounts)
    .values({ platform, day, count: 1 })
    .onConflictDoUpdate({ target: [downloadCounts.platform, downloadCounts.day], set: { count: sql`${downloadCounts.count} + 1` } });
}

/** All completed downloads, and today's (UTC), summed by the database. */
export async function downloadTotals(db: Database, now: Date): Promise<{ total: number; today: number }> {
  const day = now.toISOString().slice(0, 10);
  const [all] = await db.select({ total: sum(downloadCounts.count).mapWith(Number) }).from(downloadCounts);
  const [today] = await db.select({ total: sum(downloadCounts.count).mapWith(Number) }).from(downloadCounts).where(eq(downloadCounts.day, day));
  return { total: all?.total ?? 0, today: today?.total ?? 0 };
}
