import { and, count, desc, eq, isNotNull, sql } from "drizzle-orm";
import { rowsOf } from "../db/rows";
import type { Announcement } from "@common/api/announcements";
import { ANNOUNCEMENT_LIMITS } from "@common/api/announcements";
import type { Database } from "../db/database";
import { announcementDeliveries, announcements } from "./table";

/**
 * Writes the announcement and one delivery per account with a verified address, in one transaction: the emails
 * are sent by `deliverAnnouncements`, so the admin's request never waits on thousands of them.
 */
export async function announce(db: Database, { subject, body, by, now }: { subject: string; body: string; by: string; now: Date }): Promise<Announcement> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(announcements).values({ subject, body, createdByEmail: by, createdAt: now, recipients: 0 }).returning();
    if (!row) throw new Error("announcement insert returned nothing");
    // Every account whose address was proved, as of this moment; accounts made later get the next one.
    const queued = rowsOf<{ user_id: string }>(
      await tx.execute(sql`insert into announcement_deliveries (announcement_id, user_id)
        select ${row.id}::uuid, id from users where email_verified_at is not null
        returning user_id`),
    );
    await tx.update(announcements).set({ recipients: queued.length }).where(eq(announcements.id, row.id));
    return toAnnouncement({ ...row, recipients: queued.length }, 0);
  });
}

export async function recentAnnouncements(db: Database): Promise<Announcement[]> {
  const rows = await db.select().from(announcements).orderBy(desc(announcements.createdAt)).limit(ANNOUNCEMENT_LIMITS.listed);
  if (rows.length === 0) return [];
  const sent = await db
    .select({ id: announcementDeliveries.announcementId, n: count() })
    .from(announcementDeliveries)
    .where(isNotNull(announcementDeliveries.sentAt))
    .groupBy(announcementDeliveries.announcementId);
  const sentOf = new Map(sent.map((row) => [row.id, row.n]));
  return rows.map((row) => toAnnouncement(row, sentOf.get(row.id) ?? 0));
}

function toAnnouncement(row: typeof announcements.$inferSelect, delivered: number): Announcement {
  return {
    id: row.id,
    subject: row.subject,
    body: row.body,
    createdBy: row.createdByEmail,
    createdAt: row.createdAt.toISOString(),
    recipients: row.recipients,
    delivered,
  };
}

export interface ClaimedDelivery {
  announcementId: string;
  userId: string;
  email: string;
  subject: string;
  body: string;
}

/** A claim older than this is taken to have died with its instance, and the email is tried again. */
export const CLAIM_MS = 5 * 60_000;
/** After this many tries an email is left unsent (the address bounces, or the content is refused). */
export const MAX_ATTEMPTS = 5;

/**
 * Claims up to `limit` unsent emails: `for update skip locked` lets every instance drain the same outbox at once
 * without two of them taking one row.
 */
export async function claimDeliveries(db: Database, limit: number, now: Date): Promise<ClaimedDelivery[]> {
  const stale = new Date(now.getTime() - CLAIM_MS).toISOString();
  // One statement claims and reads: the rows it locks are skipped by any other instance claiming at the same time.
  const result = await db.execute(sql`
    with due as (
      select announcement_id, user_id from announcement_deliveries
      where sent_at is null and attempts < ${MAX_ATTEMPTS} and (claimed_at is null or claimed_at < ${stale}::timestamptz)
      order by announcement_id, user_id
      limit ${limit}
      for update skip locked
    ), claimed as (
      update announcement_deliveries d set claimed_at = ${now.toISOString()}::timestamptz, attempts = d.attempts + 1
      from due where d.announcement_id = due.announcement_id and d.user_id = due.user_id
      returning d.announcement_id, d.user_id
    )
    select claimed.announcement_id as "announcementId", claimed.user_id as "userId", u.email, a.subject, a.body
    from claimed join users u on u.id = claimed.user_id join announcements a on a.id = claimed.announcement_id`);
  return rowsOf<ClaimedDelivery>(result);
}

export async function markDelivered(db: Database, delivery: Pick<ClaimedDelivery, "announcementId" | "userId">, now: Date): Promise<void> {
  await db
    .update(announcementDeliveries)
    .set({ sentAt: now })
    .where(and(eq(announcementDeliveries.announcementId, delivery.announcementId), eq(announcementDeliveries.userId, delivery.userId)));
}

/** A deleted admin's address out of the announcements they wrote (decision 216): the announcement stays, by `label`. */
export async function anonymiseAnnouncementAuthor(db: Pick<Database, "update">, email: string, label: string): Promise<void> {
  await db.update(announcements).set({ createdByEmail: label }).where(eq(announcements.createdByEmail, email));
}
