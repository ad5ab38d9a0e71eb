import type { BrowserBackup } from "@common/api/browser-backups";
import type { ExportFormat } from "@common/api/library";
import { writeBookmarksHtml } from "./formats/bookmarks-html";
import { writeTabSessionManager } from "./formats/tab-session-manager";
import { writeTabVault } from "./formats/tabvault";
import { writeOneTab } from "./formats/text-lists";

/** One backup as a file: its body, content type and a file name made from the backup's name. */
export function exportBackup(backup: BrowserBackup, format: ExportFormat, now: Date): { body: string; contentType: string; fileName: string } {
  const base = fileBase(backup.sessionName);
  switch (format) {
    case "tabvault":
      return { body: writeTabVault(backup, now), contentType: "application/json; charset=utf-8", fileName: `${base}.tabvault.json` };
    case "tab-session-manager":
      return { body: writeTabSessionManager(backup, now), contentType: "application/json; charset=utf-8", fileName: `${base}.tab-session-manager.json` };
    case "onetab":
      return { body: writeOneTab(backup), contentType: "text/plain; charset=utf-8", fileName: `${base}.onetab.txt` };
    case "bookmarks-html":
      return { body: writeBookmarksHtml(backup), contentType: "text/html; charset=utf-8", fileName: `${base}.bookmarks.html` };
  }
}

/** A name safe in a Content-Disposition header and on every file system: letters, digits, dashes. */
function fileBase(name: string): string {
  const base = name
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .toLowerCase();
  return base === "" ? "tabvault-backup" : base;
}
