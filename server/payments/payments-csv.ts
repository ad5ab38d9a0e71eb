import type { AdminPayment } from "@common/api/payments";
import { PRODUCT_SLUG } from "@common/product";
import { csvLines } from "../http/csv";

export const csvColumns = ["id", "createdAt", "planType", "amount", "status", "stripePaymentIntentId", "userName", "userEmail"] as const;

/** The header line, without a line break. */
export const paymentsCsvHeader = csvLines([[...csvColumns]]);

/**
 * Payments as CSV lines (no header, no final line break) with proper quoting, and cells that start
 * with = + - @, a tab or a line break neutralised so a spreadsheet never runs them as formulas.
 */
export function paymentsCsvLines(payments: readonly AdminPayment[]): string {
  return csvLines(
    payments.map((payment) => [
      payment.id,
      payment.createdAt,
      payment.planType,
      payment.amount.toFixed(2),
      payment.status,
      payment.stripePaymentIntentId ?? "",
      payment.user.name ?? "",
      payment.user.email ?? "",
    ]),
  );
}

/** A whole file: the header, then the payments. */
export function paymentsCsv(payments: readonly AdminPayment[]): string {
  return payments.length === 0 ? paymentsCsvHeader : `${paymentsCsvHeader}\r\n${paymentsCsvLines(payments)}`;
}

/** `{product}-payments-{date}.csv`, the date in UTC. */
export function paymentsCsvFileName(now: Date): string {
  return `${PRODUCT_SLUG}-payments-${now.toISOString().slice(0, 10)}.csv`;
}
