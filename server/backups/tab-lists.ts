import { eq, type SQL, sql } from "drizzle-orm";
import { users } from "../accounts/table";
import type { Database } from "../db/database";
import { formDataAsStored } from "../encryption/stored-form-data";

/**
 * One tab of a backup as the view `session_tabs` reads it back (snake_case, as PostgreSQL's `to_jsonb` of
 * that view's row): what every writer of a backup's tabs hands {@link writeBackupTabs}. `position` orders the
 * tabs of a backup; gaps close up, since a backup's tabs are a list (decision 212).
 */
export interface TabRecord {
  session_id: string;
  position: number;
  url: string;
  title: string;
  favicon_url: string | null;
  sealed_location: string | null;
  is_active: boolean;
  pinned?: boolean | null;
  window_position?: number | null;
  group_id?: number | null;
  last_accessed: string | null;
  form_data: Record<string, string>;
  scroll_x: number;
  scroll_y: number;
}

const textOrNull = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));
const numberOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

/** A tab row as PostgreSQL's `to_jsonb` of a `session_tabs` row gave it (the library's snapshots, decision 157). */
export function tabRecordOf(row: Record<string, unknown>): TabRecord {
  const formData: Record<string, string> = {};
  if (typeof row.form_data === "object" && row.form_data !== null) {
    for (const [name, value] of Object.entries(row.form_data)) formData[name] = String(value);
  }
  return {
    session_id: String(row.session_id),
    position: Number(row.position),
    url: String(row.url),
    title: String(row.title),
    favicon_url: textOrNull(row.favicon_url),
    sealed_location: textOrNull(row.sealed_location),
    is_active: row.is_active === true,
    pinned: row.pinned === true,
    window_position: numberOrNull(row.window_position),
    group_id: numberOrNull(row.group_id),
    last_accessed: textOrNull(row.last_accessed),
    form_data: formData,
    scroll_x: Number(row.scroll_x),
    scroll_y: Number(row.scroll_y),
  };
}

/**
 * The bytes a backup stores for its tabs' places (decision 212), as the arrays of backup_tab_lists hold them: a
 * content reference (8) and whether it was the active tab (1) for every tab, and a window position (4), a pin (1),
 * a group id (8) and a last-used time (8) when any tab of the backup has one. Their contents are counted apart,
 * once per account (tab_contents.size_bytes).
 */
export function tabPlaceBytes(tabs: readonly Pick<TabRecord, "pinned" | "window_position" | "group_id" | "last_accessed">[]): number {
  const any = (has: (tab: (typeof tabs)[number]) => boolean, bytes: number) => (tabs.some(has) ? bytes : 0);
  const perTab =
    9 +
    any((tab) => tab.window_position !== null && tab.window_position !== undefined, 4) +
    any((tab) => tab.pinned === true, 1) +
    any((tab) => tab.group_id !== null && tab.group_id !== undefined, 8) +
    any((tab) => tab.last_accessed !== null, 8);
  return tabs.length * perTab;
}

/**
 * A tab's content as JSON: its hash is the content's key, its length what the content stores. The same
 * expression is in migration 0020, which keyed the contents already stored.
 */
function contentJson(tab: SQL): SQL {
  return sql`jsonb_build_object('url', ${tab}.url, 'title', ${tab}.title, 'favicon_url', ${tab}.favicon_url,
    'sealed_location', ${tab}.sealed_location, 'form_data', ${tab}.form_data, 'scroll_x', ${tab}.scroll_x, 'scroll_y', ${tab}.scroll_y)`;
}

/** An array of one field of each tab in order, or null when every tab has the field's default. */
function placeArray(field: string, isDefault: string): SQL {
  const column = sql.raw(`k.${field}`);
  return sql`case when bool_and(${sql.raw(isDefault)}) then null else array_agg(${column} order by k.position) end`;
}

/**
 * Writes the tabs of one or more new backups of one account, in one statement (decision 212): each tab's content
 * is stored once for the account, keyed by the SHA-256 of its fields as stored (form entries as the account stores
 * them, `formDataAsStored`), and each backup gets one row of backup_tab_lists naming its contents in order. A backup
 * of tabs the account already holds adds that one row and no content.
 *
 * The caller holds the account row's lock in its transaction (store-backup.ts, the library's organise actions):
 * the statement reads the contents the account has, so no other transaction of the account may add or remove
 * contents meanwhile (the collection trigger takes the same lock before it removes any).
 */
export async function writeBackupTabs(tx: Pick<Database, "execute">, userId: string, tabs: readonly TabRecord[]): Promise<void> {
  if (tabs.length === 0) return;
  await tx.execute(sql`
    with raw as (
      select t.session_id, t.position, t.url, t.title, t.favicon_url, t.sealed_location, coalesce(t.is_active, false) as is_active,
        coalesce(t.pinned, false) as pinned, t.window_position, t.group_id, t.last_accessed,
        ${formDataAsStored(userId, sql`t.form_data`)} as form_data, t.scroll_x, t.scroll_y
      from jsonb_to_recordset(${JSON.stringify(tabs)}::jsonb) as t(session_id uuid, position integer, url text, title text,
        favicon_url text, sealed_location text, is_active boolean, pinned boolean, window_position integer, group_id bigint,
        last_accessed timestamptz, form_data jsonb, scroll_x integer, scroll_y integer)
    ), keyed as (
      select raw.*, ${contentJson(sql`raw`)}::text as content from raw
    ), hashed as (
      select keyed.*, sha256(convert_to(keyed.content, 'UTF8')) as content_hash from keyed
    ), new_contents as (
      insert into tab_contents (user_id, content_hash, url, title, favicon_url, sealed_location, form_data, scroll_x, scroll_y, size_bytes)
      select distinct on (h.content_hash) ${userId}::uuid, h.content_hash, h.url, h.title, h.favicon_url, h.sealed_location, h.form_data,
        h.scroll_x, h.scroll_y, octet_length(h.content)
      from hashed h
      where not exists (select 1 from tab_contents c where c.user_id = ${userId}::uuid and c.content_hash = h.content_hash)
      order by h.content_hash
      returning id, content_hash
    ), k as (
      select h.*, coalesce(n.id, c.id) as content_id
      from hashed h
      left join new_contents n on n.content_hash = h.content_hash
      left join tab_contents c on c.user_id = ${userId}::uuid and c.content_hash = h.content_hash
    )
    insert into backup_tab_lists (session_id, user_id, content_ids, window_positions, active, pinned, group_ids, last_accessed)
    select k.session_id, ${userId}::uuid, array_agg(k.content_id order by k.position),
      ${placeArray("window_position", "k.window_position is null")},
      array_agg(k.is_active order by k.position),
      ${placeArray("pinned", "not k.pinned")},
      ${placeArray("group_id", "k.group_id is null")},
      ${placeArray("last_accessed", "k.last_accessed is null")}
    from k
    group by k.session_id`);
}

/**
 * Locks the account row for the rest of the transaction, before any of its backups is written or deleted: the
 * writers of tabs and the collection of unreferenced contents take it first, always in this order, so they
 * neither deadlock nor see each other half done (decision 212). storeBackup takes the same lock.
 */
export async function lockAccountTabs(tx: Pick<Database, "select">, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
}
