import type { z } from "zod";
import { type ImportFormat, LIBRARY_LIMITS, type importRequestSchema } from "@common/api/library";
import { isBookmarksHtml, readBookmarksHtml } from "./formats/bookmarks-html";
import { isFirefoxSessionstore, readFirefoxSessionstore } from "./formats/firefox-sessionstore";
import { isSessionBuddyJson, readSessionBuddy } from "./formats/session-buddy";
import { isTabSessionManagerJson, readTabSessionManager } from "./formats/tab-session-manager";
import { isTabVaultJson, readTabVault } from "./formats/tabvault";
import { isOneTabText, isUrlList, readOneTab, readUrlList } from "./formats/text-lists";
import { parseJsonFile } from "./json-file";
import { isRecord, LibraryFileError, type LibraryFile } from "./library-file";
import { decodeMozLz4, isMozLz4 } from "./mozlz4";

export type ImportRequestBody = z.output<typeof importRequestSchema>;

/**
 * Firefox's bookmark backups (`bookmarks-<date>.jsonlz4` in the profile's bookmarkbackups folder, or its
 * "Backup…" JSON) are one tree of places: `{guid: "root________", type: "text/x-moz-place-container",
 * root: "placesRoot", children}`. They are bookmarks, not a session, and are refused with how to bring
 * them in.
 */
export function isFirefoxBookmarksBackup(value: unknown): boolean {
  return isRecord(value) && (value.root === "placesRoot" || value.guid === "root________" || (value.type === "text/x-moz-place-container" && Array.isArray(value.children)));
}

export const firefoxBookmarksMessage =
  "This is a Firefox bookmarks backup, not a session: TabVault imports bookmarks from an HTML file. In Firefox open Bookmarks › Manage bookmarks, then Import and Backup › Export Bookmarks to HTML…, and import that file. Nothing was imported.";

const jsonReaders: { format: ImportFormat; matches: (value: unknown) => boolean; read: (value: unknown) => LibraryFile }[] = [
  { format: "tabvault", matches: isTabVaultJson, read: readTabVault },
  { format: "firefox-sessionstore", matches: isFirefoxSessionstore, read: readFirefoxSessionstore },
  { format: "session-buddy", matches: isSessionBuddyJson, read: readSessionBuddy },
  { format: "tab-session-manager", matches: isTabSessionManagerJson, read: readTabSessionManager },
];

/**
 * Reads an uploaded file in the format it names, or recognises it (`auto`): base64 is Firefox's
 * jsonlz4; JSON is told apart by its shape; HTML by its bookmark list; text by its lines. Throws
 * {@link LibraryFileError} with the person's message for anything it cannot read whole.
 */
export function readLibraryFile(body: ImportRequestBody): LibraryFile {
  if (body.encoding === "base64") return readBinary(body);
  const text = body.content.charCodeAt(0) === 0xfeff ? body.content.slice(1) : body.content;
  if (Buffer.byteLength(text) > LIBRARY_LIMITS.fileBytes) {
    throw new LibraryFileError(`A file to import has at most ${LIBRARY_LIMITS.fileBytes / 1024 / 1024} MB.`, 413);
  }
  const wanted = body.format;
  const json = startsLikeJson(text);
  if (wanted === "firefox-sessionstore" && !json) {
    throw new LibraryFileError("A Firefox sessionstore.jsonlz4 file is sent as base64: choose the file itself, not its text.");
  }
  if (wanted === "onetab") return readOneTab(text);
  if (wanted === "url-list") return readUrlList(text);
  if (wanted === "bookmarks-html") return readBookmarksHtml(text);
  if (json) {
    const value = parseJsonFile(text, "JSON file");
    if (isFirefoxBookmarksBackup(value)) throw new LibraryFileError(firefoxBookmarksMessage);
    if (wanted !== "auto") return jsonReaders.find((reader) => reader.format === wanted)!.read(value);
    const reader = jsonReaders.find((candidate) => candidate.matches(value));
    if (!reader) {
      throw new LibraryFileError(
        "This JSON file is not an export TabVault reads (TabVault, Tab Session Manager, Session Buddy or a Firefox session); nothing was imported.",
      );
    }
    return reader.read(value);
  }
  if (wanted !== "auto") throw new LibraryFileError(`This file is not JSON, so it cannot be a ${wanted} export.`);
  if (isBookmarksHtml(text)) return readBookmarksHtml(text);
  if (isOneTabText(text)) return readOneTab(text);
  if (isUrlList(text)) return readUrlList(text);
  throw new LibraryFileError(
    "TabVault does not recognise this file. It reads Tab Session Manager and Session Buddy JSON, OneTab's exported URLs, bookmarks HTML, a list of URLs (one a line), Firefox's sessionstore.jsonlz4 and its own JSON.",
  );
}

/** The first character after any leading whitespace opens a JSON object or array. */
function startsLikeJson(text: string): boolean {
  const first = text.trimStart().charCodeAt(0);
  return first === 123 /* { */ || first === 91 /* [ */;
}

function readBinary(body: ImportRequestBody): LibraryFile {
  if (body.format !== "auto" && body.format !== "firefox-sessionstore") {
    throw new LibraryFileError("Only Firefox's sessionstore.jsonlz4 is sent as base64; send the other formats as text.");
  }
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(body.content)) throw new LibraryFileError("The file is not valid base64.");
  const bytes = Buffer.from(body.content, "base64");
  if (bytes.length > LIBRARY_LIMITS.fileBytes) {
    throw new LibraryFileError(`A file to import has at most ${LIBRARY_LIMITS.fileBytes / 1024 / 1024} MB.`, 413);
  }
  if (!isMozLz4(bytes)) throw new LibraryFileError("This is not a Firefox .jsonlz4 file (it does not start with mozLz40).");
  const json = decodeMozLz4(bytes, LIBRARY_LIMITS.decompressedBytes);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(json);
  } catch {
    throw new LibraryFileError("This .jsonlz4 file does not hold UTF-8 text; nothing was imported.");
  }
  const value = parseJsonFile(text, ".jsonlz4 file");
  if (isFirefoxBookmarksBackup(value)) throw new LibraryFileError(firefoxBookmarksMessage);
  return readFirefoxSessionstore(value);
}
