import type { BrowserBackup } from "@common/api/browser-backups";
import { isRecord, LibraryBuilder, LibraryFileError, type LibraryFile, wholeNumber, windowPlacement } from "../library-file";
import { type BackupOutline, type FilePieces, nestedJson, outlineOf, wholeFile } from "./file-pieces";

/**
 * Tab Session Manager's export (sienori/Tab-Session-Manager, src/background/export.js): a JSON array
 * of sessions. A session has `windows` ({windowId: {tabId: tab}}, each tab as the browser's tabs API
 * describes it), `windowsInfo` ({windowId: window}), `tabsNumber`, `name`, `date`, `tag`,
 * `sessionStartTime` and, from 1.9.3, an `id`; `tabGroups` (Chromium's groups) when it kept them.
 * Older exports have `tag` as a space-separated string, `date` as a date string and no `windowsNumber`
 * or `lastEditedTime`: read the same. A tab that TSM had put to sleep points at its own page
 * (`…/replaced/index.html?…&url=…`): the original URL is read back from it.
 */

/** The keys its own importer requires of every session (ImportSessionsComponent.js, `isTSM`). */
const requiredKeys = ["windows", "tabsNumber", "name", "date", "tag", "sessionStartTime"] as const;

export function isTabSessionManagerJson(value: unknown): boolean {
  const sessions = Array.isArray(value) ? value : [value];
  return sessions.length > 0 && sessions.every((session) => isRecord(session) && requiredKeys.every((key) => key in session));
}

export function readTabSessionManager(value: unknown): LibraryFile {
  if (!isTabSessionManagerJson(value)) {
    throw new LibraryFileError(
      "This is not a Tab Session Manager export: it should be a list of sessions, each with windows, tabsNumber, name, date, tag and sessionStartTime.",
    );
  }
  const sessions = (Array.isArray(value) ? value : [value]) as Record<string, unknown>[];
  const builder = new LibraryBuilder("tab-session-manager");
  for (const session of sessions) {
    const windows = session.windows;
    if (!isRecord(windows)) throw new LibraryFileError(`The session “${String(session.name)}” has no windows object.`);
    const info = isRecord(session.windowsInfo) ? session.windowsInfo : {};
    const tabGroups = Array.isArray(session.tabGroups) ? session.tabGroups.filter(isRecord) : [];
    for (const [windowKey, tabsById] of Object.entries(windows)) {
      if (!isRecord(tabsById)) continue;
      const about = isRecord(info[windowKey]) ? info[windowKey] : {};
      // TSM keeps a private window's tabs.Window with `incognito: true` (decision 217).
      const window = builder.window({ ...windowPlacement(about), incognito: about.incognito === true });
      const groupIds = new Map<number, number>();
      for (const group of tabGroups) {
        if (String(group.windowId) === windowKey && typeof group.id === "number") groupIds.set(group.id, builder.group(group));
      }
      const tabs = Object.values(tabsById)
        .filter(isRecord)
        .map((tab, order) => ({ tab, order }))
        .sort((a, b) => (wholeNumber(a.tab.index, 0, 1e9) ?? a.order) - (wholeNumber(b.tab.index, 0, 1e9) ?? b.order) || a.order - b.order);
      for (const { tab } of tabs) {
        builder.tab(window, {
          url: originalUrl(tab.url),
          title: tab.title,
          faviconUrl: tab.favIconUrl,
          pinned: tab.pinned,
          active: tab.active,
          groupId: typeof tab.groupId === "number" ? (groupIds.get(tab.groupId) ?? null) : null,
          lastAccessed: typeof tab.lastAccessed === "number" ? Math.trunc(tab.lastAccessed) : null,
        });
      }
    }
  }
  return builder.finish("session", sessions.length);
}

/** The page a sleeping tab stands for: TSM's `replaced/index.html?…&url=<encoded>`. */
function originalUrl(url: unknown): unknown {
  if (typeof url !== "string" || !/^(moz|chrome)-extension:\/\/[^/]+\/replaced\/(index|replaced)\.html\?/.test(url)) return url;
  const query = url.slice(url.indexOf("?") + 1);
  for (const pair of query.split("&")) {
    const [name, encoded] = pair.split("=");
    if (name === "url" && encoded !== undefined) {
      try {
        return decodeURIComponent(encoded);
      } catch {
        return url;
      }
    }
  }
  return url;
}

/** One TSM session (the shape its importer reads today) holding every window of the backup. */
export function writeTabSessionManager(backup: BrowserBackup, exportedAt: Date): string {
  return wholeFile(tabSessionManagerPieces(outlineOf(backup), exportedAt), backup);
}

/**
 * The file as pieces (decision 223), laid out as `JSON.stringify([session], null, 2)` lays it out: the windows and
 * their tabs first (tabs numbered across the backup from 1), then the rest of the session, whose counts come from
 * the outline.
 */
export function tabSessionManagerPieces(backup: BackupOutline, exportedAt: Date): FilePieces {
  const date = Date.parse(backup.createdAt);
  const firstTabId: number[] = [];
  let tabsNumber = 0;
  for (const window of backup.windows) {
    firstTabId.push(tabsNumber + 1);
    tabsNumber += window.tabCount;
  }
  const windowsInfo: Record<string, unknown> = {};
  backup.windows.forEach((window, position) => {
    const windowId = position + 1;
    windowsInfo[String(windowId)] = {
      id: windowId,
      state: window.state,
      focused: window.focused,
      left: window.left ?? undefined,
      top: window.top ?? undefined,
      width: window.width ?? undefined,
      height: window.height ?? undefined,
      incognito: window.incognito === true,
      type: "normal",
    };
  });
  const positionOf = new Map(backup.windows.map((window, index) => [window.windowId, index + 1]));
  const rest: Record<string, unknown> = {
    windowsNumber: backup.windows.length,
    windowsInfo,
    tabsNumber,
    name: backup.sessionName,
    date,
    lastEditedTime: exportedAt.getTime(),
    tag: [],
    sessionStartTime: date,
    id: backup.id,
  };
  if (backup.groups.length > 0) {
    rest.tabGroups = backup.groups.map((group) => ({
      id: group.groupId,
      windowId: positionOf.get(group.windowId) ?? 1,
      title: group.title,
      color: group.color,
      collapsed: group.collapsed,
    }));
  }
  const hasTabs = (position: number) => backup.windows[position]!.tabCount > 0;
  return {
    start: () => `[\n  {\n    "windows": {${backup.windows.length === 0 ? "}" : ""}`,
    windowStart: (position) => `${position > 0 ? "," : ""}\n      "${position + 1}": {${hasTabs(position) ? "" : "}"}`,
    tab: (tab, position, index) => {
      const id = firstTabId[position]! + index;
      const fields = {
        id,
        index,
        windowId: position + 1,
        url: tab.url,
        title: tab.title,
        favIconUrl: tab.faviconUrl ?? undefined,
        pinned: tab.pinned,
        active: tab.active,
        highlighted: tab.active,
        discarded: true,
        incognito: backup.windows[position]!.incognito === true,
        groupId: tab.groupId ?? -1,
      };
      return `${index > 0 ? "," : ""}\n        "${id}": ${nestedJson(fields, 4)}`;
    },
    windowEnd: (position) => (hasTabs(position) ? "\n      }" : ""),
    // The rest of the session follows the windows in the same object: its JSON less the opening brace.
    end: () => `${backup.windows.length > 0 ? "\n    }" : ""},${nestedJson(rest, 1).slice(1)}\n]\n`,
  };
}
