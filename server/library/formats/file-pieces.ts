import type { BrowserBackup } from "@common/api/browser-backups";

type BackupWindow = BrowserBackup["windows"][number];
/** A tab as an export writes it. */
export type ExportedTab = BackupWindow["tabs"][number];

/**
 * A window without its tabs (decision 223): what a file needs to know of it before its first tab is read — how many
 * tabs it has, and the group they all share (null when they do not, or have none).
 */
export type WindowOutline = Omit<BackupWindow, "tabs"> & { tabCount: number; soleGroupId: number | null };

/** A backup without its tabs: read whole before the first byte of a file goes out (decision 223). */
export type BackupOutline = Omit<BrowserBackup, "windows"> & { windows: WindowOutline[] };

/**
 * One format's file as pieces (decision 223): what comes before the tabs, around each window's tabs, each tab, and
 * after them. Each piece depends only on the outline and the one tab, so a file can be written a page of tabs at a
 * time and comes out byte for byte as the whole-file writers wrote it.
 */
export interface FilePieces {
  start(): string;
  windowStart(window: number): string;
  tab(tab: ExportedTab, window: number, index: number): string;
  windowEnd(window: number): string;
  end(): string;
}

export function outlineOf(backup: BrowserBackup): BackupOutline {
  return {
    ...backup,
    windows: backup.windows.map(({ tabs, ...window }) => ({ ...window, tabCount: tabs.length, soleGroupId: soleGroupId(tabs.map((tab) => tab.groupId)) })),
  };
}

/** The group every tab is in, or null. */
export function soleGroupId(groupIds: readonly (number | null)[]): number | null {
  const first = groupIds[0] ?? null;
  return first !== null && groupIds.every((groupId) => groupId === first) ? first : null;
}

/** A backup held whole, as one string: the library's tests and the import's round trips write it so. */
export function wholeFile(pieces: FilePieces, backup: BrowserBackup): string {
  const parts = [pieces.start()];
  backup.windows.forEach((window, position) => {
    parts.push(pieces.windowStart(position));
    window.tabs.forEach((tab, index) => parts.push(pieces.tab(tab, position, index)));
    parts.push(pieces.windowEnd(position));
  });
  parts.push(pieces.end());
  return parts.join("");
}

/**
 * The file a page of tabs at a time (decision 223): one page is text at any moment. The end is written only once
 * every window gave exactly the tabs its outline counted; a read that fails or comes up short throws before it, so
 * a file cut midway is never closed as if whole.
 */
export async function* streamedFile(
  pieces: FilePieces,
  outline: BackupOutline,
  pagesOf: (window: number) => AsyncIterable<ExportedTab[]>,
): AsyncGenerator<string> {
  yield pieces.start();
  for (const [position, window] of outline.windows.entries()) {
    yield pieces.windowStart(position);
    let index = 0;
    for await (const page of pagesOf(position)) {
      yield page.map((tab) => pieces.tab(tab, position, index++)).join("");
    }
    if (index !== window.tabCount) throw new Error(`window ${position + 1} of the backup gave ${index} tabs of ${window.tabCount}`);
    yield pieces.windowEnd(position);
  }
  yield pieces.end();
}

/** JSON.stringify's two-space layout of a value nested `depth` levels deep in a larger document. */
export function nestedJson(value: unknown, depth: number): string {
  return JSON.stringify(value, null, 2).replace(/\n/g, `\n${"  ".repeat(depth)}`);
}

/** An object's JSON at `depth`, left open after its last field so more can follow. */
export function openJsonObject(value: Record<string, unknown>, depth: number): string {
  const text = nestedJson(value, depth);
  return text.slice(0, text.lastIndexOf("\n"));
}
