import type { TeamInsightMember } from "@common/api/team-insights";
import { PRODUCT_SLUG } from "@common/product";
import { csvLines } from "../../http/csv";

export const teamInsightsCsvColumns = ["week", "email", "name", "role", "tabsProtected", "emergencyBackups", "restores"] as const;

/** The figures as CSV: a header, then one line per member and week, cells neutralised against formulas. */
export function teamInsightsCsv(members: readonly TeamInsightMember[]): string {
  const rows = members.flatMap((member) =>
    member.weeks.map((week) => [week.week, member.email, member.name ?? "", member.role, String(week.tabsProtected), String(week.emergencyBackups), String(week.restores)]),
  );
  return `${csvLines([[...teamInsightsCsvColumns], ...rows])}\r\n`;
}

/** `{product}-team-insights-{date}.csv`, the date in UTC. */
export function teamInsightsCsvFileName(now: Date): string {
  return `${PRODUCT_SLUG}-team-insights-${now.toISOString().slice(0, 10)}.csv`;
}
