import { z } from "zod";
import { BROWSER_BACKUP_LIMITS } from "./browser-backups";
import { defineEndpoint } from "./endpoint";
import { errorResponseSchema } from "./errors";
import { oneLineText, text } from "./text";

/**
 * Moving sessions in and out of TabVault (point 3): a file from another session manager
 * becomes one backup (a manual save), and any backup goes out as a file another tool reads.
 * Formats are described in docs/library-formats.md.
 */

/** What an import can read. `auto` recognises the file by its content (and, for jsonlz4, its magic number). */
export const importFormats = [
  "tabvault",
  "tab-session-manager",
  "session-buddy",
  "onetab",
  "bookmarks-html",
  "url-list",
  "firefox-sessionstore",
] as const;
export type ImportFormat = (typeof importFormats)[number];

/** What an export can write. */
export const exportFormats = ["tabvault", "tab-session-manager", "onetab", "bookmarks-html"] as const;
export type ExportFormat = (typeof exportFormats)[number];

/** People's names for each format, used in backup names ("Imported from OneTab, 3 groups") and on the page. */
export const libraryFormatNames: Record<ImportFormat, string> = {
  tabvault: "TabVault",
  "tab-session-manager": "Tab Session Manager",
  "session-buddy": "Session Buddy",
  onetab: "OneTab",
  "bookmarks-html": "bookmarks",
  "url-list": "a URL list",
  "firefox-sessionstore": "Firefox",
};

/** The menu's words for each export. */
export const exportFormatLabels: Record<ExportFormat, string> = {
  tabvault: "TabVault JSON",
  "tab-session-manager": "Tab Session Manager JSON",
  onetab: "OneTab text",
  "bookmarks-html": "Bookmarks HTML",
};

export const LIBRARY_LIMITS = {
  /** Bytes of the file itself. */
  fileBytes: 8 * 1024 * 1024,
  /** Characters of the file as sent: UTF-8 text, or base64 (4 characters per 3 bytes) for a binary file. */
  contentLength: Math.ceil((8 * 1024 * 1024) / 3) * 4,
  /**
   * Bytes a jsonlz4 file may declare and decompress to: a bomb stops here. Real session stores are a
   * few MB; a 24 MB one would hold tens of thousands of tabs with their history.
   */
  decompressedBytes: 24 * 1024 * 1024,
  /**
   * JSON values (objects, arrays, strings, numbers…) one file may hold, counted in a linear pre-scan
   * before JSON.parse builds them: a real 5 MB session store holds about 200,000.
   */
  jsonValues: 1_500_000,
  /** Tabs one import may hold: a backup's limit. */
  tabs: BROWSER_BACKUP_LIMITS.tabsPerBackup,
  /** Windows (groups, folders, sessions' windows) one import may hold. */
  windows: BROWSER_BACKUP_LIMITS.windowsPerBackup,
  /** How deep JSON or bookmark folders may nest: real files stay under 10. */
  nesting: 64,
  fileNameLength: 255,
} as const;

export const importRequestSchema = z.strictObject({
  /** The chosen file's name: it helps recognise the format (".jsonlz4") and nothing else. */
  fileName: oneLineText().max(LIBRARY_LIMITS.fileNameLength).default(""),
  /** `text` for every format but Firefox's sessionstore.jsonlz4, which is sent as base64. */
  encoding: z.enum(["text", "base64"]).default("text"),
  /** `auto` (the default) recognises the format; naming it refuses a file that is not in it. */
  format: z.enum(["auto", ...importFormats]).default("auto"),
  content: text()
    .min(1, "The file is empty")
    .max(LIBRARY_LIMITS.contentLength, `A file to import has at most ${LIBRARY_LIMITS.fileBytes / 1024 / 1024} MB`),
});

export const importReceiptSchema = z.object({
  backupId: z.string(),
  sessionName: z.string(),
  format: z.enum(importFormats),
  tabCount: z.number().int(),
  windowCount: z.number().int(),
  /** Entries that were not web pages (about:, file:, the browser's own pages) and were left out. */
  skipped: z.number().int(),
  /** True when this very file had been imported already: nothing new was stored. */
  duplicate: z.boolean(),
  message: z.string(),
});
export type ImportReceipt = z.infer<typeof importReceiptSchema>;

/** POST (signed in): one file becomes one backup, whole or not at all. */
export const importLibraryFile = defineEndpoint({
  method: "POST",
  path: "/api/library/imports",
  body: importRequestSchema,
  responses: {
    200: importReceiptSchema,
    201: importReceiptSchema,
    400: errorResponseSchema,
    401: errorResponseSchema,
    403: errorResponseSchema,
    409: errorResponseSchema,
    413: errorResponseSchema,
    429: errorResponseSchema,
    503: errorResponseSchema,
  },
});

/** GET (a download link, signed in): one backup as a file in the chosen format. */
export const exportLibraryBackup = defineEndpoint({
  method: "GET",
  path: "/api/library/backups/:id/export",
  params: z.object({ id: z.uuid({ message: "Not a backup id" }) }),
  query: z.object({ format: z.enum(exportFormats, { message: `format is one of ${exportFormats.join(", ")}` }) }),
  responses: { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema },
  answers: "file",
});
