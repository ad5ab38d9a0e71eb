import Papa from "papaparse";

// Formulas are neutralised by `csvCell` below: Papa Parse's escapeFormulae tests /^[=+\-@\t\r].*$/ without
// the s flag, so a cell that starts with "=" and holds a line break (a name may) slipped through.
const options = { escapeFormulae: false, newline: "\r\n" } as const;

/** What a spreadsheet may take for the start of a formula (OWASP's list, and a line feed). */
const formulaStart = /^[=+\-@\t\r\n]/;

/** A cell as written: one a spreadsheet would run as a formula gets a leading apostrophe, so it shows as text. */
export function csvCell(value: string): string {
  return formulaStart.test(value) ? `'${value}` : value;
}

/**
 * Rows as CSV lines (no final line break) with proper quoting, every cell through {@link csvCell}, so a
 * spreadsheet never runs one as a formula. Used by every CSV the server writes (payments, history reports).
 */
export function csvLines(rows: readonly (readonly string[])[]): string {
  return Papa.unparse(
    rows.map((row) => row.map(csvCell)),
    options,
  );
}
