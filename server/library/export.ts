import type { BrowserBackup } from "@common/api/browser-backups";
import type { ExportFormat } from "@common/api/library";
import { isSealedLabel, readableLabel } from "@common/api/sealed-labels";
import type { BackupExportSource } from "./export-source";
import { bookmarksHtmlPieces } from "./formats/bookmarks-html";
import { type BackupOutline, type FilePieces, outlineOf, streamedFile, wholeFile } from "./formats/file-pieces";
import { tabSessionManagerPieces } from "./formats/tab-session-manager";
import { tabVaultPieces } from "./formats/tabvault";
import { oneTabPieces } from "./formats/text-lists";

/** What a file is called and what it holds, known before its first byte (decision 223). */
interface ExportedFileHeader {
  contentType: string;
  fileName: string;
}

/** One backup held whole as a file: its body, content type and a file name made from the backup's name. */
export function exportBackup(backup: BrowserBackup, format: ExportFormat, now: Date): ExportedFileHeader & { body: string } {
  const { pieces, ...header } = fileOf(outlineOf(backup), format, now);
  return { ...header, body: wholeFile(pieces, backup) };
}

/**
 * One backup as a file written a page of tabs at a time (decision 223): the same bytes as `exportBackup`, but only
 * a page of tabs is text at any moment. The body throws midway, before the file's end, if a page cannot be read.
 */
export function exportBackupStream(source: BackupExportSource, format: ExportFormat, now: Date): ExportedFileHeader & { body: AsyncGenerator<string> } {
  const { pieces, ...header } = fileOf(source.outline, format, now);
  return { ...header, body: streamedFile(pieces, source.outline, (window) => source.pagesOf(window)) };
}

/**
 * The outline as a file another program reads: sealed labels (decision 237) said to be encrypted, or left out, never
 * written as ciphertext where a person reads a name. TabVault JSON carries them sealed, as it carries sealed tabs.
 */
function readableOutline(backup: BackupOutline): BackupOutline {
  return {
    ...backup,
    sessionName: readableLabel(backup.sessionName, "Encrypted backup"),
    groups: backup.groups.map((group) => (isSealedLabel(group.title) ? { ...group, title: "" } : group)),
    windows: backup.windows.map((window) => (window.name && isSealedLabel(window.name) ? { ...window, name: null } : window)),
  };
}

function fileOf(sealed: BackupOutline, format: ExportFormat, now: Date): ExportedFileHeader & { pieces: FilePieces } {
  const backup = format === "tabvault" ? sealed : readableOutline(sealed);
  const base = fileBase(readableLabel(sealed.sessionName, "Encrypted backup"));
  switch (format) {
    case "tabvault":
      return { pieces: tabVaultPieces(backup, now), contentType: "application/json; charset=utf-8", fileName: `${base}.tabvault.json` };
    case "tab-session-manager":
      return { pieces: tabSessionManagerPieces(backup, now), contentType: "application/json; charset=utf-8", fileName: `${base}.tab-session-manager.json` };
    case "onetab":
      return { pieces: oneTabPieces(backup), contentType: "text/plain; charset=utf-8", fileName: `${base}.onetab.txt` };
    case "bookmarks-html":
      return { pieces: bookmarksHtmlPieces(backup), contentType: "text/html; charset=utf-8", fileName: `${base}.bookmarks.html` };
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
