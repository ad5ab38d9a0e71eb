import { asc, eq, sql } from "drizzle-orm";
import { findOwnBackupRow } from "../backups/backup-reads";
import { backupHeadOf, backupWindowsOf, browserTabOf, windowIndexOf } from "../backups/browser-backups";
import { backupTabGroups, backupWindows } from "../backups/browser-tables";
import { readTabContents, readTabLists, tabAt } from "../backups/tab-list-reads";
import type { Database } from "../db/database";
import { rowsOf } from "../db/rows";
import { type BackupOutline, type ExportedTab, soleGroupId } from "./formats/file-pieces";

/**
 * Tabs a library export reads at once (decision 223): their contents (address, title, favicon, form data) are the
 * most of a backup, and a backup may hold 5,000 tabs.
 */
export const LIBRARY_EXPORT_TAB_PAGE_SIZE = 250;

/** One backup as a library export reads it: its outline now, its tabs a page at a time as the file is written. */
export interface BackupExportSource {
  outline: BackupOutline;
  /** Tabs sealed in the browser (decision 199): only TabVault JSON carries them. */
  sealedTabs: number;
  pagesOf(window: number): AsyncIterable<ExportedTab[]>;
}

/**
 * The backup's outline — its row, windows, groups and list of tabs (content ids and the fields of each place,
 * decision 212), all small — read before the first byte goes out, so a backup not found or not exportable still
 * answers with a status. Each window's tabs are then read `pageSize` contents at a time, in the order the whole
 * read gives them (decision 223).
 */
export async function backupExportSource(
  db: Database,
  userId: string,
  id: string,
  pageSize = LIBRARY_EXPORT_TAB_PAGE_SIZE,
): Promise<BackupExportSource | undefined> {
  const backup = await findOwnBackupRow(db, userId, id);
  if (!backup) return undefined;
  const [lists, windows, groups, sealedTabs] = await Promise.all([
    readTabLists(db, [id]),
    db.select().from(backupWindows).where(eq(backupWindows.sessionId, id)).orderBy(asc(backupWindows.position)),
    db.select().from(backupTabGroups).where(eq(backupTabGroups.sessionId, id)).orderBy(asc(backupTabGroups.groupId)),
    sealedTabsOf(db, id),
  ]);
  const list = lists[0];
  const shaped = backupWindowsOf(windows);
  const placesOf: number[][] = shaped.map(() => []);
  list?.content_ids.forEach((_content, position) => placesOf[windowIndexOf(shaped, list.window_positions?.[position] ?? null)]!.push(position));
  const outline: BackupOutline = {
    ...backupHeadOf(backup, groups),
    windows: shaped.map(({ tabs: _none, ...window }, index) => ({
      ...window,
      tabCount: placesOf[index]!.length,
      soleGroupId: soleGroupId(placesOf[index]!.map((position) => list?.group_ids?.[position] ?? null)),
    })),
  };
  async function* pagesOf(window: number): AsyncGenerator<ExportedTab[]> {
    const places = placesOf[window] ?? [];
    if (!list) return;
    for (let start = 0; start < places.length; start += pageSize) {
      const page = places.slice(start, start + pageSize);
      const contents = await readTabContents(
        db,
        page.map((position) => list.content_ids[position]!),
      );
      yield page.map((position) => {
        const content = contents.get(list.content_ids[position]!);
        if (!content) throw new Error("a backup's list names a content that is not stored");
        return browserTabOf(tabAt(list, position, content));
      });
    }
  }
  return { outline, sealedTabs, pagesOf };
}

/** Places in the backup's list whose content is sealed, counted in the database (no content is read for it). */
async function sealedTabsOf(db: Database, id: string): Promise<number> {
  const [row] = rowsOf<{ sealed: number | string }>(
    await db.execute(sql`
      select count(*)::int as sealed
      from backup_tab_lists list, unnest(list.content_ids) as place(content_id)
      join tab_contents content on content.id = place.content_id
      where list.session_id = ${id}::uuid and content.sealed_location is not null`),
  );
  return Number(row?.sealed ?? 0);
}
