import { asc, eq } from "drizzle-orm";
import type { Database } from "../db/database";
import { payments, type PaymentRow } from "./table";

export type NewPayment = typeof payments.$inferInsert;

/** Writes a payment the person is about to make (status "processing") and returns its row. */
export async function startPayment(db: Database, values: NewPayment): Promise<PaymentRow> {
  const [payment] = await db.insert(payments).values(values).returning();
  if (!payment) throw new Error("payment insert returned no row");
  return payment;
}

/** Names the provider's payment, which its outcomes are matched by. */
export async function linkProviderPayment(db: Database, paymentId: string, providerPaymentId: string): Promise<void> {
  await db.update(payments).set({ providerPaymentId }).where(eq(payments.id, paymentId));
}

/** A payment the provider refused to set up; the message is kept for the admins, cut to the column's use. */
export async function markSetupFailed(db: Database, paymentId: string, message: string): Promise<void> {
  await db.update(payments).set({ status: "failed", failureMessage: message.slice(0, 500) }).where(eq(payments.id, paymentId));
}

export async function findPayment(db: Database, paymentId: string): Promise<PaymentRow | undefined> {
  const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId)).limit(1);
  return payment;
}

/**
 * Before its account is deleted: the account's payments forget who paid (the address here, the user
 * id by the foreign key's `set null`), and keep amount, plan, status, provider ids and dates (decision 136).
 */
export async function anonymisePaymentsOf(db: Pick<Database, "update">, userId: string): Promise<void> {
  await db.update(payments).set({ email: null }).where(eq(payments.userId, userId));
}

/** The account's own payments, oldest first, for its export. */
export async function paymentsOfUser(db: Database, userId: string): Promise<PaymentRow[]> {
  return db.select().from(payments).where(eq(payments.userId, userId)).orderBy(asc(payments.createdAt));
}
