import type { AdminPayment } from "@common/api/payments";
import { PRODUCT_SLUG } from "@common/product";
import Papa from "papaparse";

export const csvColumns = ["id", "createdAt", "planType", "amount", "status", "stripePaymentIntentId", "userName", "userEmail"] as const;

// Formulas are neutralised by `cell` below: Papa Parse's escapeFormulae tests /^[=+\-@\t\r].*$/ without
// the s flag, so a cell that starts with "=" and holds a line break (a name may) slipped through.
const options = { escapeFormulae: false, newline: "\r\n" } as const;

/** What a spreadsheet may take for the start of a formula (OWASP's list, and a line feed). */
const formulaStart = /^[=+\-@\t\r\n]/;

/** A cell as written: one a spreadsheet would run as a formula gets a leading apostrophe, so it shows as text. */
function cell(value: string): string {
  return formulaStart.test(value) ? `'${value}` : value;
}

/** The header line, without a line break. */
export const paymentsCsvHeader = Papa.unparse([[...csvColumns]], options);

/**
 * Payments as CSV lines (no header, no final line break) with proper quoting, and cells that start
 * with = + - @, a tab or a line break neutralised so a spreadsheet never runs them as formulas.
 */
export function paymentsCsvLines(payments: readonly AdminPayment[]): string {
  return Papa.unparse(
    payments.map((payment) =>
      [
        payment.id,
        payment.createdAt,
        payment.planType,
        payment.amount.toFixed(2),
        payment.status,
        payment.stripePaymentIntentId ?? "",
        payment.user.name ?? "",
        payment.user.email ?? "",
      ].map(cell),
    ),
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
