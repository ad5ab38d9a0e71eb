import { and, eq, inArray, lt, or, sql } from "drizzle-orm";
import type { AdminPayment } from "@common/api/payments";
import { users } from "../accounts/table";
import type { Database } from "../db/database";
import { payments } from "./table";

/** The cursor is the last row's (created_at, id), so a page is one index range scan at any depth. */
function encodeCursor(createdAt: Date, id: string): string {
  return Buffer.from(JSON.stringify([createdAt.toISOString(), id])).toString("base64url");
}

export function decodeCursor(cursor: string): { createdAt: Date; id: string } | null {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(cursor, "base64url").toString()) as [unknown, unknown];
    const date = new Date(String(createdAt));
    if (typeof id !== "string" || !/^[0-9a-f-]{36}$/.test(id) || Number.isNaN(date.getTime())) return null;
    return { createdAt: date, id };
  } catch {
    return null;
  }
}

/** One page of payments, newest first, after `after` (the previous page's last row). */
export async function readPaymentPage(
  db: Database,
  limit: number,
  after: { createdAt: Date; id: string } | null,
): Promise<{ payments: AdminPayment[]; nextCursor: string | null }> {
  // The page comes from the (created_at, id) index alone; names are looked up for its rows only.
  const rows = await db
    .select()
    .from(payments)
    .where(
      after
        ? or(lt(payments.createdAt, after.createdAt), and(eq(payments.createdAt, after.createdAt), lt(payments.id, after.id)))
        : undefined,
    )
    // NULLS LAST, as the index is built, so the planner walks the index instead of sorting.
    .orderBy(sql`${payments.createdAt} desc nulls last`, sql`${payments.id} desc nulls last`)
    .limit(limit + 1);
  const userIds = [...new Set(rows.flatMap((row) => (row.userId ? [row.userId] : [])))];
  const names = new Map(
    (userIds.length === 0
      ? []
      : await db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(inArray(users.id, userIds))
    ).map((user) => [user.id, [user.firstName, user.lastName].filter(Boolean).join(" ") || null]),
  );
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    payments: page.map((payment) => ({
      id: payment.id,
      createdAt: payment.createdAt.toISOString(),
      planType: payment.planType,
      amount: payment.amountCents / 100,
      status: payment.status,
      stripePaymentIntentId: payment.providerPaymentId,
      user: { name: payment.userId ? (names.get(payment.userId) ?? null) : null, email: payment.email },
    })),
    nextCursor: rows.length > limit && last ? encodeCursor(last.createdAt, last.id) : null,
  };
}
