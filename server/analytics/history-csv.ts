import { PRODUCT_SLUG } from "@common/product";
import { csvLines } from "../http/csv";

export const historyCsvColumns = ["createdAt", "type", "description"] as const;

/** The report's events as CSV: a header, then one line per event, cells neutralised against formulas. */
export function historyCsv(events: readonly { createdAt: string; type: string; description: string }[]): string {
  return `${csvLines([[...historyCsvColumns], ...events.map((event) => [event.createdAt, event.type, event.description])])}\r\n`;
}

/** `{product}-history-{date}.csv`, the date in UTC. */
export function historyCsvFileName(now: Date): string {
  return `${PRODUCT_SLUG}-history-${now.toISOString().slice(0, 10)}.csv`;
}
