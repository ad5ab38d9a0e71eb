import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { users } from "../accounts/table";
import type { Database } from "../db/database";
import { rowsOf } from "../db/rows";
import { backupTabLists } from "./table";
import { accountSealsFormEntries, formDataAsStored } from "../encryption/stored-form-data";

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

/** A tab's content: what backups holding the same tab share, stored once per account (decision 212). */
export interface TabContent {
  url: string;
  title: string;
  favicon_url: string | null;
  sealed_location: string | null;
  form_data: Record<string, string>;
  scroll_x: number;
  scroll_y: number;
}

/**
 * A content's key and size: SHA-256 of its fields as JSON in a fixed order (form entries by name), and that
 * JSON's length, which is what the content adds to the account's storage.
 */
export function keyOf(content: TabContent): { hash: string; sizeBytes: number } {
  const formEntries = Object.entries(content.form_data).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const json = JSON.stringify([content.url, content.title, content.favicon_url, content.sealed_location, formEntries, content.scroll_x, content.scroll_y]);
  return { hash: createHash("sha256").update(json).digest("hex"), sizeBytes: Buffer.byteLength(json) };
}

/** One array of a list: each place's value of a field, or null when every place has the field's default. */
function placeArray<Value>(places: readonly TabRecord[], valueOf: (tab: TabRecord) => Value, isDefault: (value: Value) => boolean): Value[] | null {
  const values = places.map(valueOf);
  return values.every(isDefault) ? null : values;
}

/**
 * Writes the tabs of one or more new backups of one account (decision 212): each tab's content is stored once
 * for the account, keyed by the SHA-256 of its fields as stored (form entries as the account stores them,
 * `formDataAsStored`), and each backup gets one row of backup_tab_lists naming its contents in order. The
 * contents the account already holds are looked up by their keys, only new ones are sent and inserted, so a
 * backup of tabs the account already holds adds that one row and no content.
 *
 * The caller holds the account row's lock in its transaction ({@link lockAccountTabs}; storeBackup takes it):
 * the contents the account holds are read, then named, so no other transaction of the account may add or
 * remove contents meanwhile (the collection trigger takes the same lock before it removes any).
 */
export async function writeBackupTabs(tx: Pick<Database, "execute" | "select" | "insert">, userId: string, tabs: readonly TabRecord[]): Promise<void> {
  if (tabs.length === 0) return;
  const seals = await accountSealsFormEntries(tx, userId);
  const keyed = tabs.map((tab) => {
    const content: TabContent = {
      url: tab.url,
      title: tab.title,
      favicon_url: tab.favicon_url,
      sealed_location: tab.sealed_location,
      form_data: formDataAsStored(tab.form_data, seals),
      scroll_x: tab.scroll_x,
      scroll_y: tab.scroll_y,
    };
    return { tab, content, ...keyOf(content) };
  });
  const hashes = [...new Set(keyed.map(({ hash }) => hash))];
  const idOf = new Map<string, number>();
  const known = rowsOf<{ id: number | string; hash: string }>(
    await tx.execute(sql`
      select id, encode(content_hash, 'hex') as hash from tab_contents
      where user_id = ${userId}::uuid and content_hash = any(array(select decode(h, 'hex') from unnest(${sql.param(hashes)}::text[]) as h))`),
  );
  for (const row of known) idOf.set(row.hash, Number(row.id));
  const fresh = new Map<string, (typeof keyed)[number]>();
  for (const entry of keyed) if (!idOf.has(entry.hash) && !fresh.has(entry.hash)) fresh.set(entry.hash, entry);
  if (fresh.size > 0) {
    const records = [...fresh.values()].map(({ content, hash, sizeBytes }) => ({ ...content, hash, size_bytes: sizeBytes }));
    const inserted = rowsOf<{ id: number | string; hash: string }>(
      await tx.execute(sql`
        insert into tab_contents (user_id, content_hash, url, title, favicon_url, sealed_location, form_data, scroll_x, scroll_y, size_bytes)
        select ${userId}::uuid, decode(c.hash, 'hex'), c.url, c.title, c.favicon_url, c.sealed_location, c.form_data, c.scroll_x, c.scroll_y, c.size_bytes
        from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as c(hash text, url text, title text, favicon_url text,
          sealed_location text, form_data jsonb, scroll_x integer, scroll_y integer, size_bytes integer)
        returning id, encode(content_hash, 'hex') as hash`),
    );
    for (const row of inserted) idOf.set(row.hash, Number(row.id));
  }
  const byBackup = new Map<string, (typeof keyed)[number][]>();
  for (const entry of keyed) {
    const places = byBackup.get(entry.tab.session_id) ?? [];
    if (places.length === 0) byBackup.set(entry.tab.session_id, places);
    places.push(entry);
  }
  const lists = [...byBackup].map(([sessionId, entries]) => {
    const ordered = entries.sort((a, b) => a.tab.position - b.tab.position);
    const places = ordered.map(({ tab }) => tab);
    return {
      session_id: sessionId,
      content_ids: ordered.map(({ hash }) => {
        const id = idOf.get(hash);
        if (id === undefined) throw new Error("a tab's content was neither found nor stored");
        return id;
      }),
      window_positions: placeArray(places, (tab) => tab.window_position ?? null, (value) => value === null),
      active: places.map((tab) => tab.is_active),
      pinned: placeArray(places, (tab) => tab.pinned === true, (value) => !value),
      group_ids: placeArray(places, (tab) => tab.group_id ?? null, (value) => value === null),
      last_accessed: placeArray(places, (tab) => tab.last_accessed, (value) => value === null),
    };
  });
  // The lists travel as one JSON parameter, their arrays read back in order with their nulls.
  const array = (field: string, type: string) =>
    sql.raw(`case when jsonb_typeof(l.${field}) = 'array' then array(select (e #>> '{}')::${type}
      from jsonb_array_elements(l.${field}) with ordinality as a(e, n) order by n) end`);
  await tx.execute(sql`
    insert into ${backupTabLists} (session_id, user_id, content_ids, window_positions, active, pinned, group_ids, last_accessed)
    select l.session_id, ${userId}::uuid, ${array("content_ids", "bigint")}, ${array("window_positions", "integer")}, ${array("active", "boolean")},
      ${array("pinned", "boolean")}, ${array("group_ids", "bigint")}, ${array("last_accessed", "timestamptz")}
    from jsonb_to_recordset(${JSON.stringify(lists)}::jsonb) as l(session_id uuid, content_ids jsonb, window_positions jsonb, active jsonb,
      pinned jsonb, group_ids jsonb, last_accessed jsonb)`);
}

/**
 * Locks the account row for the rest of the transaction, before any of its backups is written or deleted: the
 * writers of tabs and the collection of unreferenced contents take it first, always in this order, so they
 * neither deadlock nor see each other half done (decision 212). storeBackup takes the same lock.
 */
export async function lockAccountTabs(tx: Pick<Database, "select">, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
}
