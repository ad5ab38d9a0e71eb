import { defineEndpoint } from "@common/api/endpoint";
import { errorResponseSchema } from "@common/api/errors";
// The one import of the sessions contract: it is moving to common/api/backups.ts, fix it here.
import { savedSessionListSchema, type SavedSessionSummary } from "@common/api/sessions";

export type BackupSummary = SavedSessionSummary;

/** The Session Manager's list of backups, newest first, as the popup lists them. */
export const listBackups = defineEndpoint({
  method: "GET",
  path: "/api/saved-sessions",
  responses: { 200: savedSessionListSchema, 401: errorResponseSchema, 403: errorResponseSchema },
});

/** Matches a backup by its name, its trigger or its date as the popup shows it ("12 Mar", "2025-03-12"). */
export function matchesSearch(backup: BackupSummary, query: string, locale?: string): boolean {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const date = new Date(backup.createdAt);
  const haystack = [
    backup.sessionName,
    backup.triggerEvent.replaceAll("_", " "),
    backup.deviceName ?? "",
    backup.createdAt.slice(0, 10),
    Number.isNaN(date.getTime()) ? "" : date.toLocaleString(locale, { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" }),
  ]
    .join(" ")
    .toLowerCase();
  return words.every((word) => haystack.includes(word));
}
