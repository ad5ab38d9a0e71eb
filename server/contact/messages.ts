import { and, desc, eq, gt, lt, or, type SQL, sql } from "drizzle-orm";
import { type PlanSupport, planSupport, type PlanType, planTypes } from "@common/plan-catalogue";
import type { z } from "zod";
import type { contactMessageRequestSchema, contactMessagesPageSchema } from "@common/api/contact";
import type { Database } from "../db/database";
import { users } from "../accounts/table";
import { contactMessages } from "./table";

/** Stores a message from the form and returns its id. */
export async function storeContactMessage(db: Database, message: z.output<typeof contactMessageRequestSchema>): Promise<number> {
  const [row] = await db.insert(contactMessages).values(message).returning({ id: contactMessages.id });
  if (!row) throw new Error("contact message insert returned no row");
  return row.id;
}

/** Per plan, as SQL: `case plan when 'free' then … end` over `planSupport` in common/plan-catalogue.ts. */
function perPlan(plan: SQL, value: (support: PlanSupport) => number): SQL<number> {
  return sql<number>`(case ${plan} ${sql.join(planTypes.map((type) => sql`when ${type} then ${value(planSupport[type])}`), sql` `)} end)`;
}

/**
 * Up to `limit` messages by plan priority (Premium first), newest first within a plan, after `cursor` (the previous
 * page's last id, whose place is looked up again). The sender's plan is the plan of the account with the message's
 * address when the inbox is read, Free without one (decision 144).
 */
export async function readContactMessagePage(db: Database, limit: number, cursor: number | undefined): Promise<z.output<typeof contactMessagesPageSchema>> {
  const plan = sql`coalesce(${users.planType}, 'free')`;
  const priority = perPlan(plan, (support) => support.priority);
  const inbox = db
    .select({
      id: contactMessages.id,
      name: contactMessages.name,
      email: contactMessages.email,
      subject: contactMessages.subject,
      message: contactMessages.message,
      createdAt: contactMessages.createdAt,
      plan: sql<PlanType>`${plan}`.as("plan"),
      priority: priority.as("priority"),
      replyHours: perPlan(plan, (support) => support.replyHours).as("reply_hours"),
    })
    .from(contactMessages)
    .leftJoin(users, eq(users.email, sql`lower(${contactMessages.email})`))
    .as("inbox");
  const columns = {
    id: inbox.id,
    name: inbox.name,
    email: inbox.email,
    subject: inbox.subject,
    message: inbox.message,
    createdAt: inbox.createdAt,
    plan: inbox.plan,
    replyHours: inbox.replyHours,
  };
  const [place] = cursor === undefined ? [] : await db.select({ priority: inbox.priority }).from(inbox).where(eq(inbox.id, cursor));
  const after =
    cursor === undefined ? undefined : place ? or(gt(inbox.priority, place.priority), and(eq(inbox.priority, place.priority), lt(inbox.id, cursor))) : lt(inbox.id, cursor);
  // One row more than the page says whether another page follows.
  const rows = await db
    .select(columns)
    .from(inbox)
    .where(after)
    .orderBy(inbox.priority, desc(inbox.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return {
    messages: page.map(({ replyHours, ...row }) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      replyBy: new Date(row.createdAt.getTime() + Number(replyHours) * 3_600_000).toISOString(),
    })),
    nextCursor: rows.length > limit ? (page.at(-1)?.id ?? null) : null,
  };
}

/** Deletes the contact messages sent from an address (a deleted account's). */
export async function deleteContactMessagesFrom(db: Pick<Database, "delete">, email: string): Promise<void> {
  await db.delete(contactMessages).where(sql`lower(${contactMessages.email}) = ${email.toLowerCase()}`);
}
