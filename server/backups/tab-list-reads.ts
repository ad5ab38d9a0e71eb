import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../db/database";
import { rowsOf } from "../db/rows";
import type { BackupTabRow } from "./table";

const placeArray = <Item extends z.ZodTypeAny>(item: Item) => z.array(item.nullable()).nullable();

/** A row of backup_tab_lists, its arrays as JSON (both drivers read JSON alike, not every array type). */
const listRow = z.object({
  session_id: z.string(),
  content_ids: z.array(z.coerce.number()),
  window_positions: placeArray(z.number()),
  active: z.array(z.boolean().nullable()),
  pinned: placeArray(z.boolean()),
  group_ids: placeArray(z.coerce.number()),
  last_accessed: placeArray(z.string()),
});

const contentRow = z.object({
  id: z.coerce.number(),
  url: z.string(),
  title: z.string(),
  favicon_url: z.string().nullable(),
  sealed_location: z.string().nullable(),
  form_data: z.record(z.string(), z.unknown()),
  scroll_x: z.number(),
  scroll_y: z.number(),
});

/** A backup's list of tabs as stored (decision 212): the contents it names in order and the fields of each place. */
export type BackupTabList = z.infer<typeof listRow>;
/** A stored tab content (decision 212). */
export type TabContent = z.infer<typeof contentRow>;

/** The lists of the given backups by their key, in no particular order; a backup without tabs has none. */
export async function readTabLists(db: Pick<Database, "execute">, backupIds: readonly string[]): Promise<BackupTabList[]> {
  if (backupIds.length === 0) return [];
  return rowsOf<unknown>(
    await db.execute(sql`
      select session_id, to_jsonb(content_ids) as content_ids, to_jsonb(window_positions) as window_positions,
        to_jsonb(active) as active, to_jsonb(pinned) as pinned, to_jsonb(group_ids) as group_ids, to_jsonb(last_accessed) as last_accessed
      from backup_tab_lists where session_id = any(${sql.param([...backupIds])}::uuid[])`),
  ).map((row) => listRow.parse(row));
}

/** The contents of the given ids, each read once by its key. */
export async function readTabContents(db: Pick<Database, "execute">, contentIds: readonly number[]): Promise<Map<number, TabContent>> {
  const ids = [...new Set(contentIds)];
  if (ids.length === 0) return new Map();
  return new Map(
    rowsOf<unknown>(
      await db.execute(sql`
        select id, url, title, favicon_url, sealed_location, form_data, scroll_x, scroll_y
        from tab_contents where id = any(${sql.param(ids)}::bigint[])`),
    ).map((row) => {
      const content = contentRow.parse(row);
      return [content.id, content] as const;
    }),
  );
}

/** The tab at `position` of `list`, with its content, as the view `session_tabs` has it. */
export function tabAt(list: BackupTabList, position: number, content: TabContent): BackupTabRow {
  const formData: Record<string, string> = {};
  for (const [name, value] of Object.entries(content.form_data)) formData[name] = String(value);
  const lastAccessed = list.last_accessed?.[position] ?? null;
  return {
    sessionId: list.session_id,
    position,
    url: content.url,
    title: content.title,
    faviconUrl: content.favicon_url,
    sealedLocation: content.sealed_location,
    isActive: list.active[position] === true,
    lastAccessed: lastAccessed === null ? null : new Date(lastAccessed),
    formData,
    scrollX: content.scroll_x,
    scrollY: content.scroll_y,
    windowPosition: list.window_positions?.[position] ?? null,
    pinned: list.pinned?.[position] === true,
    groupId: list.group_ids?.[position] ?? null,
  };
}

/**
 * The tabs of the given backups, in their order, as the view `session_tabs` has them (decision 212), in two reads:
 * the backups' lists by their key, then each content they name once by its key. Reading the view instead joins
 * every place to its content one lookup at a time, which the planner may also turn into a scan of the account's
 * contents; a backup's details, its restore and the export read here.
 */
export async function readBackupTabs(db: Pick<Database, "execute">, backupIds: readonly string[]): Promise<BackupTabRow[]> {
  const lists = await readTabLists(db, backupIds);
  const contents = await readTabContents(
    db,
    lists.flatMap((list) => list.content_ids),
  );
  const order = new Map(backupIds.map((id, index) => [id, index]));
  lists.sort((a, b) => (order.get(a.session_id) ?? 0) - (order.get(b.session_id) ?? 0));
  return lists.flatMap((list) =>
    list.content_ids.map((contentId, position) => {
      const content = contents.get(contentId);
      if (!content) throw new Error("a backup's list names a content that is not stored");
      return tabAt(list, position, content);
    }),
  );
}
