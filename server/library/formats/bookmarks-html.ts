import { Parser } from "htmlparser2";
import type { BrowserBackup } from "@common/api/browser-backups";
import { LIBRARY_LIMITS } from "@common/api/library";
import { isUsableFavicon, LibraryBuilder, LibraryFileError, type LibraryFile, type LibraryWindow, windowName } from "../library-file";
import { type BackupOutline, type FilePieces, outlineOf, type WindowOutline, wholeFile } from "./file-pieces";

/**
 * Netscape bookmark files, what every browser exports and imports: `<DL>` lists, a folder being
 * `<DT><H3>name</H3>` followed by its own `<DL>`, a bookmark `<DT><A HREF="…" ADD_DATE="…" ICON="…">title</A>`.
 * Read with htmlparser2 (a streaming parser: no tree is built, so deep nesting costs nothing but our
 * own folder stack, capped). Each folder that holds bookmarks becomes a window named after it (decision 217);
 * bookmarks outside any folder go to a window of their own, with no name.
 */
export function isBookmarksHtml(text: string): boolean {
  const head = text.slice(0, 2048).trimStart();
  return /^<!DOCTYPE\s+NETSCAPE-Bookmark-file-1/i.test(head) || (hasTag(text, "dl") && hasLinkWithHref(text));
}

const isSpace = (code: number) => code === 32 || code === 9 || code === 10 || code === 13 || code === 12;

/** `<name` followed by a space or `>`, anywhere: one indexOf pass over the lower-cased text. */
function hasTag(text: string, name: string): boolean {
  const lower = text.toLowerCase();
  for (let at = lower.indexOf(`<${name}`); at !== -1; at = lower.indexOf(`<${name}`, at + 1)) {
    const next = lower.charCodeAt(at + name.length + 1);
    if (next === 62 /* > */ || isSpace(next)) return true;
  }
  return false;
}

/**
 * An `<a …>` tag with an `href=` attribute. Linear (decision 204): each `<a ` is looked at only up to the
 * next `<a ` or `>`, so a file of a million unclosed `<a ` costs one pass, where the regular expression
 * `<a\s[^>]*href\s*=` rescanned the rest of the file from each of them.
 */
export function hasLinkWithHref(text: string): boolean {
  const lower = text.toLowerCase();
  // Each search only moves forward, so the whole check reads the text a few times at most.
  const following = (what: string, from: number, known: number) => (known !== -1 && known < from ? lower.indexOf(what, from) : known);
  let close = lower.indexOf(">");
  let href = lower.indexOf("href");
  let at = lower.indexOf("<a");
  while (at !== -1 && href !== -1) {
    const next = lower.indexOf("<a", at + 2);
    if (isSpace(lower.charCodeAt(at + 2))) {
      close = following(">", at, close);
      const end = Math.min(close === -1 ? lower.length : close, next === -1 ? lower.length : next);
      href = following("href", at, href);
      while (href !== -1 && href < end) {
        let after = href + 4;
        while (after < end && isSpace(lower.charCodeAt(after))) after++;
        if (after < end && lower.charCodeAt(after) === 61 /* = */) return true;
        href = lower.indexOf("href", href + 4);
      }
    }
    at = next;
  }
  return false;
}

export function readBookmarksHtml(text: string): LibraryFile {
  if (!isBookmarksHtml(text)) throw new LibraryFileError("This is not a bookmarks file: it has no <DL> list of <A HREF> bookmarks.");
  const builder = new LibraryBuilder("bookmarks-html");
  /** The open folders, innermost last, each with its name and the window its bookmarks go to (made on its first bookmark). */
  const folders: { name: string | null; window: LibraryWindow | null }[] = [];
  const loose: { window: LibraryWindow | null } = { window: null };
  /** Each folder window's path of folder names, outermost first. */
  const paths = new Map<LibraryWindow, string[]>();
  let link: { href: string; icon: string; text: string } | null = null;
  /** The name of the folder whose `<DL>` comes next: the text of the `<H3>` before it. */
  let heading: string | null = null;
  let nextFolderName: string | null = null;
  let ending = false;
  let cutShort = false;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === "dl") {
          if (folders.length >= LIBRARY_LIMITS.nesting) {
            throw new LibraryFileError(`This bookmarks file nests folders deeper than ${LIBRARY_LIMITS.nesting} levels; nothing was imported.`);
          }
          folders.push({ name: nextFolderName, window: null });
          nextFolderName = null;
        } else if (name === "h3") {
          heading = "";
        } else if (name === "a") {
          // Browsers write a favicon as a data URI (ICON) and its address (ICON_URI); a data URI over
          // 2,048 characters is not kept, and the address stands in for it.
          const icon = [attributes.icon, attributes.icon_uri].find(isUsableFavicon) ?? "";
          link = { href: attributes.href ?? "", icon, text: "" };
        }
      },
      ontext(data) {
        if (link) link.text += data;
        else if (heading !== null) heading += data;
      },
      onclosetag(name, isImplied) {
        if (name === "dl") {
          if (ending && isImplied) cutShort = true;
          folders.pop();
        } else if (name === "h3" && heading !== null) {
          nextFolderName = heading;
          heading = null;
        } else if (name === "a" && link) {
          const folder = folders.at(-1) ?? loose;
          if (!folder.window) {
            folder.window = builder.window();
            paths.set(
              folder.window,
              folders.flatMap((open) => (open.name === null ? [] : [open.name])),
            );
          }
          // The title as written, every space kept (decision 204).
          builder.tab(folder.window, { url: link.href, title: link.text, faviconUrl: link.icon });
          link = null;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(text);
  ending = true;
  parser.end();
  if (cutShort) throw new LibraryFileError("This bookmarks file ends before its folders close (it looks cut short); nothing was imported.");
  nameFolders(builder, paths);
  return builder.finish("folder");
}

/**
 * Each folder's window is named after the folder, its path when nested ("Work / Travel"; decision 217). One
 * folder holding all the others (TabVault's export names it after the backup) is left out of the names.
 */
function nameFolders(builder: LibraryBuilder, paths: Map<LibraryWindow, string[]>): void {
  const windows = [...paths.keys()].filter((window) => window.tabs.length > 0);
  const first = new Set(windows.map((window) => paths.get(window)![0]));
  const wrapped = first.size === 1 && windows.every((window) => paths.get(window)!.length >= 1) && builder.windows.every((window) => window.tabs.length === 0 || paths.has(window));
  for (const window of windows) {
    window.name = windowName(paths.get(window)!.slice(wrapped ? 1 : 0).join(" / "));
  }
}

const escapeHtml = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * A bookmarks file any browser imports: a folder named after the backup, a subfolder per window when
 * there are several or when the window is named. A window's subfolder has the window's name (decision 217);
 * failing that, a window whose tabs are all in one named group (how decision 204's imports kept a folder's
 * name) is written as a folder of that name, else "Window n". Titles are written as they are, every space kept.
 */
export function writeBookmarksHtml(backup: BrowserBackup): string {
  return wholeFile(bookmarksHtmlPieces(outlineOf(backup)), backup);
}

/** The lines every bookmarks file starts with, as Chrome and Firefox write them, before its outermost `<DL>`. */
export const bookmarksFileHeader: readonly string[] = [
  "<!DOCTYPE NETSCAPE-Bookmark-file-1>",
  "<!-- This is an automatically generated file.",
  "     It will be read and overwritten.",
  "     DO NOT EDIT! -->",
  '<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">',
  "<TITLE>Bookmarks</TITLE>",
  "<H1>Bookmarks</H1>",
];

/**
 * The file as pieces (decision 223): a folder named after the backup holding a folder a window that has tabs
 * (its name, else its one group's title, else "Window N"); a lone window without a name of its own puts its links
 * straight in the backup's folder.
 */
export function bookmarksHtmlPieces(backup: BackupOutline): FilePieces {
  const added = Math.floor(Date.parse(backup.createdAt) / 1000);
  const filled = backup.windows.flatMap((window, position) => (window.tabCount > 0 ? [position] : []));
  const folderName = (window: WindowOutline): string | null => {
    if (window.name) return window.name;
    if (window.soleGroupId === null) return null;
    const group = backup.groups.find((candidate) => candidate.groupId === window.soleGroupId && candidate.windowId === window.windowId);
    return group && group.title !== "" ? group.title : null;
  };
  const flat = filled.length === 1 && folderName(backup.windows[filled[0]!]!) === null;
  const inFolder = (position: number) => !flat && backup.windows[position]!.tabCount > 0;
  return {
    start: () =>
      [
        ...bookmarksFileHeader,
        "<DL><p>",
        `    <DT><H3 ADD_DATE="${added}">${escapeHtml(backup.sessionName)}</H3>`,
        "    <DL><p>",
        "",
      ].join("\n"),
    windowStart: (position) => {
      if (!inFolder(position)) return "";
      const order = filled.indexOf(position);
      const name = folderName(backup.windows[position]!) ?? `Window ${order + 1}`;
      return `${order > 0 ? "\n" : ""}        <DT><H3 ADD_DATE="${added}">${escapeHtml(name)}</H3>\n        <DL><p>\n`;
    },
    tab: (tab, _window, index) => {
      const icon = tab.faviconUrl ? ` ${tab.faviconUrl.startsWith("data:") ? "ICON" : "ICON_URI"}="${escapeHtml(tab.faviconUrl)}"` : "";
      const indent = flat ? "        " : "            ";
      return `${index > 0 ? "\n" : ""}${indent}<DT><A HREF="${escapeHtml(tab.url)}" ADD_DATE="${added}"${icon}>${escapeHtml(tab.title)}</A>`;
    },
    windowEnd: (position) => (inFolder(position) ? "\n        </DL><p>" : ""),
    end: () => "\n    </DL><p>\n</DL><p>\n",
  };
}
