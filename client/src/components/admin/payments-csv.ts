import type { AdminPayment } from "@common/api/admin";
import { PRODUCT_SLUG } from "@common/product";
import Papa from "papaparse";

export const csvColumns = ["id", "createdAt", "planType", "amount", "status", "stripePaymentIntentId", "userName", "userEmail"] as const;

/**
 * The payments as CSV with proper quoting, and cells that start with = + - @ neutralised so a
 * spreadsheet never runs them as formulas (Papa Parse's escapeFormulae).
 */
export function paymentsCsv(payments: AdminPayment[]): string {
  return Papa.unparse(
    {
      fields: [...csvColumns],
      data: payments.map((payment) => [
        payment.id,
        payment.createdAt,
        payment.planType,
        payment.amount.toFixed(2),
        payment.status,
        payment.stripePaymentIntentId ?? "",
        payment.user.name ?? "",
        payment.user.email,
      ]),
    },
    { escapeFormulae: true, newline: "\r\n" },
  );
}

/** spec 1 §9: `{product}-payments-{date}.csv`. */
export function paymentsCsvFileName(now = new Date()): string {
  return `${PRODUCT_SLUG}-payments-${now.toISOString().slice(0, 10)}.csv`;
}
