import { isRecord, LibraryBuilder, LibraryFileError, type LibraryFile, wholeNumber, windowPlacement } from "../library-file";

/**
 * Session Buddy's JSON exports, in their two shapes:
 * - version 3 (and Tab Session Manager's reading of it): `{sessions: [{type: "current" | "previous" |
 *   "saved", name, created, generated, windows: [{id, state, focused, left, top, width, height, tabs:
 *   [{id, index, url, title, favIconUrl, pinned, active}]}]}]}`;
 * - version 4: `{collections: [{title, created, folders: [{title, state, focused, left, top, width,
 *   height, incognito, links: [{url, title, favIconUrl, pinned, active}]}]}]}`, a folder being a window
 *   with Chromium's window fields. Its title becomes the window's name; its active tab, state, bounds and
 *   incognito mark are kept (decision 217).
 */
export function isSessionBuddyJson(value: unknown): boolean {
  return isRecord(value) && (Array.isArray(value.sessions) || Array.isArray(value.collections));
}

export function readSessionBuddy(value: unknown): LibraryFile {
  if (!isRecord(value) || !isSessionBuddyJson(value)) {
    throw new LibraryFileError("This is not a Session Buddy export: it should hold a \"sessions\" or a \"collections\" list.");
  }
  const builder = new LibraryBuilder("session-buddy");
  if (Array.isArray(value.sessions)) {
    const sessions = value.sessions.filter(isRecord);
    for (const session of sessions) {
      for (const raw of Array.isArray(session.windows) ? session.windows : []) {
        if (!isRecord(raw)) continue;
        const window = builder.window({ ...windowPlacement(raw), incognito: raw.incognito === true });
        const tabs = (Array.isArray(raw.tabs) ? raw.tabs : [])
          .filter(isRecord)
          .map((tab, order) => ({ tab, order }))
          .sort((a, b) => (wholeNumber(a.tab.index, 0, 1e9) ?? a.order) - (wholeNumber(b.tab.index, 0, 1e9) ?? b.order) || a.order - b.order);
        for (const { tab } of tabs) {
          builder.tab(window, { url: tab.url, title: tab.title, faviconUrl: tab.favIconUrl, pinned: tab.pinned, active: tab.active });
        }
      }
    }
    return builder.finish("session", sessions.length);
  }
  const collections = (value.collections as unknown[]).filter(isRecord);
  for (const collection of collections) {
    for (const folder of Array.isArray(collection.folders) ? collection.folders : []) {
      if (!isRecord(folder)) continue;
      const window = builder.window({ ...windowPlacement(folder), name: folder.title, incognito: folder.incognito === true });
      for (const link of Array.isArray(folder.links) ? folder.links : []) {
        if (!isRecord(link)) continue;
        builder.tab(window, { url: link.url, title: link.title, faviconUrl: link.favIconUrl, pinned: link.pinned, active: link.active });
      }
    }
  }
  return builder.finish("collection", collections.length);
}
