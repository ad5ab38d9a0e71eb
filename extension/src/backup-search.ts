import type { BackupSummary } from "./backup-list";

/**
 * Matches a backup by its name, its trigger or its date as the popup shows it ("12 Mar", "2025-03-12"), and by
 * "encrypted" when it holds sealed tabs (decision 199): their titles and addresses are never in the list to search.
 * Its tags and note count too; sealed ones (decision 237) are searched as the background opened them with the key.
 */
export function matchesSearch(backup: BackupSummary, query: string, locale?: string): boolean {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const date = new Date(backup.createdAt);
  const haystack = [
    backup.sessionName,
    ...backup.tags,
    backup.note ?? "",
    backup.triggerEvent.replaceAll("_", " "),
    backup.deviceName ?? "",
    backup.createdAt.slice(0, 10),
    backup.sealedTabCount > 0 ? "encrypted" : "",
    Number.isNaN(date.getTime()) ? "" : date.toLocaleString(locale, { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" }),
  ]
    .join(" ")
    .toLowerCase();
  return words.every((word) => haystack.includes(word));
}
