import type { AdminPayment } from "@common/api/payments";
import { PRODUCT_SLUG } from "@common/product";
import Papa from "papaparse";

export const csvColumns = ["id", "createdAt", "planType", "amount", "status", "stripePaymentIntentId", "userName", "userEmail"] as const;

const options = { escapeFormulae: true, newline: "\r\n" } as const;

/** The header line, without a line break. */
export const paymentsCsvHeader = Papa.unparse([[...csvColumns]], options);

/**
 * Payments as CSV lines (no header, no final line break) with proper quoting, and cells that start
 * with = + - @ neutralised so a spreadsheet never runs them as formulas (Papa Parse's escapeFormulae).
 */
export function paymentsCsvLines(payments: readonly AdminPayment[]): string {
  return Papa.unparse(
    payments.map((payment) => [
      payment.id,
      payment.createdAt,
      payment.planType,
      payment.amount.toFixed(2),
      payment.status,
      payment.stripePaymentIntentId ?? "",
      payment.user.name ?? "",
      payment.user.email,
    ]),
    options,
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
