import type { BrowserBackup } from "@common/api/browser-backups";
import { LibraryBuilder, LibraryFileError, type LibraryFile } from "../library-file";
import { type BackupOutline, type FilePieces, outlineOf, wholeFile } from "./file-pieces";

/**
 * The two plain-text formats:
 * - OneTab's "Export URLs": one tab a line as `URL | Title`, a blank line between groups;
 * - a URL list: one URL a line (what "Copy all URLs" extensions and people write), blank lines ignored.
 */

/** A line that is a URL and nothing else: a scheme, then no spaces. */
const urlLine = /^[a-z][a-z0-9+.-]*:\S*$/i;
/** A OneTab line: a URL, " | ", the title (possibly empty, any character: `s` lets `.` take U+2028 too). */
const oneTabLine = /^([a-z][a-z0-9+.-]*:\S*) \|(?: (.*))?$/is;

/**
 * The file's lines, each without the spaces before its URL. A title keeps every space it has, trailing
 * ones and no-break spaces too (decision 204); a line of only spaces is blank.
 */
function lines(text: string): string[] {
  return text.split(/\r\n|\r|\n/).map((line) => {
    const start = line.trimStart();
    return start.trimEnd() === "" ? "" : start;
  });
}

/** A URL-only line may end in spaces; they are not part of the URL. */
const urlOnly = (line: string) => line.trimEnd();

/** True when some line is `URL | Title` and every other non-blank line is a URL. */
export function isOneTabText(text: string): boolean {
  let pipes = 0;
  for (const line of lines(text)) {
    if (line === "") continue;
    if (oneTabLine.test(line)) pipes++;
    else if (!urlLine.test(urlOnly(line))) return false;
  }
  return pipes > 0;
}

/** True when every non-blank line is a URL (and there is one). */
export function isUrlList(text: string): boolean {
  const filled = lines(text).filter((line) => line !== "");
  return filled.length > 0 && filled.every((line) => urlLine.test(urlOnly(line)));
}

export function readOneTab(text: string): LibraryFile {
  if (!isOneTabText(text)) {
    throw new LibraryFileError("This is not a OneTab export: each line should be “URL | Title”, with a blank line between groups.");
  }
  const builder = new LibraryBuilder("onetab");
  let window = null;
  for (const [index, line] of lines(text).entries()) {
    if (line === "") {
      window = null;
      continue;
    }
    window ??= builder.window();
    const match = oneTabLine.exec(line);
    if (!match && !urlLine.test(urlOnly(line))) throw new LibraryFileError(`Line ${index + 1} of this OneTab export is not “URL | Title”.`);
    builder.tab(window, { url: match ? match[1] : urlOnly(line), title: match?.[2] ?? "" });
  }
  return builder.finish("group");
}

export function readUrlList(text: string): LibraryFile {
  if (!isUrlList(text)) throw new LibraryFileError("This is not a URL list: every line should be one URL and nothing else.");
  const builder = new LibraryBuilder("url-list");
  const window = builder.window();
  for (const line of lines(text)) if (line !== "") builder.tab(window, { url: urlOnly(line) });
  return builder.finish("window");
}

/**
 * OneTab's "Import URLs" reads this back: a group per window. A title keeps its spaces (no-break, hair,
 * double, leading and trailing); only a line break, which the format cannot carry, becomes a space.
 */
export function writeOneTab(backup: BrowserBackup): string {
  return wholeFile(oneTabPieces(outlineOf(backup)), backup);
}

/** The file as pieces (decision 223): a line a tab, a blank line between windows that have tabs, a last line break. */
export function oneTabPieces(backup: BackupOutline): FilePieces {
  const firstFilled = backup.windows.findIndex((window) => window.tabCount > 0);
  return {
    start: () => "",
    windowStart: (position) => (position > firstFilled && backup.windows[position]!.tabCount > 0 ? "\n\n" : ""),
    tab: (tab, _window, index) => `${index > 0 ? "\n" : ""}${tab.url.replace(/\s/g, encodeURIComponent)} | ${tab.title.replace(/\r\n|[\r\n]/g, " ")}`,
    windowEnd: () => "",
    end: () => "\n",
  };
}
