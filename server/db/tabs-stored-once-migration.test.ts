import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { migrate as migratePostgresFolder } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { findBrowserBackup } from "../backups/browser-backups";
import { storedBytes } from "../backups/quota";
import { createPostgresDatabase, testDatabaseUrl } from "../test/test-database";
import type { Database } from "./database";
import { findMigrationsFolder } from "./migrations-folder";
import { rowsOf } from "./rows";
import * as schema from "./schema";

/** The committed migrations up to and including `last` (the schema before tabs were stored once). */
function migrationsUpTo(last: string): string {
  const folder = mkdtempSync(join(tmpdir(), "tabvault-migrations-"));
  cpSync(findMigrationsFolder(), folder, { recursive: true });
  const journalPath = join(folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
  const end = journal.entries.findIndex((entry) => entry.tag === last);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, end + 1) }));
  return folder;
}

/** Two accounts' backups written the way they were before migration 0020: one row of session_tabs per tab. */
async function writeOldBackups(db: Database): Promise<{ userId: string; ids: string[] }> {
  const [user] = rowsOf<{ id: string }>(await db.execute(sql`insert into users (email) values ('old@example.com') returning id`));
  await db.execute(sql`insert into users (email) values ('other@example.com')`);
  const userId = user!.id;
  const ids: string[] = [];
  for (let backup = 0; backup < 3; backup++) {
    const [session] = rowsOf<{ id: string }>(
      await db.execute(sql`insert into saved_sessions (user_id, session_name, trigger_event, device_name, browser_type, tab_count, app_count, size_bytes, created_at)
        values (${userId}::uuid, ${`Automatic backup ${backup}`}, 'auto_backup', 'Chrome on Linux', 'chrome', 4, 0, 2000,
          ${new Date(Date.UTC(2026, 0, 1, 10, backup * 5)).toISOString()}::timestamptz) returning id`),
    );
    const id = session!.id;
    ids.push(id);
    await db.execute(sql`insert into backup_windows (session_id, position, window_id, state, focused, "left", top, width, height)
      values (${id}::uuid, 0, 11, 'normal', true, 0, 0, 1280, 800), (${id}::uuid, 1, 12, 'maximized', false, null, null, null, null)`);
    await db.execute(sql`insert into backup_tab_groups (session_id, group_id, window_id, title, color, collapsed) values (${id}::uuid, 5, 11, 'Work', 'blue', false)`);
    // Tabs 0–2 the same in every backup; tab 3 scrolled further each time; tab 2 sealed.
    await db.execute(sql`insert into session_tabs (session_id, position, url, title, favicon_url, sealed_location, is_active, last_accessed,
        form_data, scroll_x, scroll_y, window_position, pinned, group_id) values
      (${id}::uuid, 0, 'https://example.com/a', 'A', 'https://example.com/favicon.ico', null, true, '2026-01-01T09:00:00Z', '{"comment":"half a reply"}', 0, 10, 0, true, 5),
      (${id}::uuid, 1, 'https://example.com/b', 'B', null, null, false, null, '{}', 0, 0, 0, false, 5),
      (${id}::uuid, 2, '', '', null, 'sealed:abc', false, null, '{}', 0, 0, 1, false, null),
      (${id}::uuid, 3, 'https://example.com/d', 'D', null, null, false, '2026-01-01T09:30:00Z', '{}', 0, ${backup * 100}, 1, false, null)`);
  }
  const [other] = rowsOf<{ id: string }>(await db.execute(sql`select id from users where email = 'other@example.com'`));
  await db.execute(sql`insert into saved_sessions (user_id, session_name, trigger_event, tab_count, app_count, size_bytes)
    values (${other!.id}::uuid, 'Manual save', 'manual_save', 1, 0, 100)`);
  await db.execute(sql`insert into session_tabs (session_id, position, url, title, is_active, form_data, scroll_x, scroll_y)
    select id, 0, 'https://example.com/a', 'A', true, '{}', 0, 0 from saved_sessions where user_id = ${other!.id}::uuid`);
  return { userId, ids };
}

/** What migration 0020 must carry whole: every backup of the account read back, and the counts it stores. */
async function checkCarried(db: Database, userId: string, ids: string[]) {
  for (const [index, id] of ids.entries()) {
    const backup = await findBrowserBackup(db, userId, id);
    expect(backup?.windows.map((window) => window.tabs.map((tab) => [tab.url, tab.title, tab.sealedLocation, tab.active, tab.pinned, tab.groupId]))).toEqual([
      [
        ["https://example.com/a", "A", null, true, true, 5],
        ["https://example.com/b", "B", null, false, false, 5],
      ],
      [
        ["", "", "sealed:abc", false, false, null],
        ["https://example.com/d", "D", null, false, false, null],
      ],
    ]);
    const tabs = backup!.windows.flatMap((window) => window.tabs);
    expect(tabs[0]).toMatchObject({ formData: { comment: "half a reply" }, scrollPosition: { x: 0, y: 10 }, lastAccessed: Date.parse("2026-01-01T09:00:00Z") });
    expect(tabs[3]).toMatchObject({ scrollPosition: { x: 0, y: index * 100 }, lastAccessed: Date.parse("2026-01-01T09:30:00Z") });
    expect(backup!.groups).toEqual([{ groupId: 5, windowId: 11, title: "Work", color: "blue", collapsed: false }]);
  }
  const [counts] = rowsOf<{ contents: number; lists: number; others: number }>(
    await db.execute(sql`select (select count(*)::int from tab_contents where user_id = ${userId}::uuid) as contents,
      (select count(*)::int from backup_tab_lists where user_id = ${userId}::uuid) as lists,
      (select count(*)::int from tab_contents where user_id <> ${userId}::uuid) as others`),
  );
  // Three contents shared by every backup, and tab 3's three scroll positions: six, not twelve.
  expect(counts).toEqual({ contents: 6, lists: 3, others: 1 });
  // The quota now counts each content once and each backup's own places, windows and groups.
  expect(await storedBytes(db, userId)).toBeLessThan(3 * 2000);
  // Every tab of both accounts is read through the view session_tabs: 3 backups of 4 tabs, and 1.
  expect(rowsOf(await db.execute(sql`select 1 from session_tabs`))).toHaveLength(13);
}

describe("migration 0020 carries every backup stored before tabs were stored once (decision 212)", () => {
  const folders: string[] = [];
  afterAll(() => {
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  it.skipIf(testDatabaseUrl)("on PGlite: a database made with migrations up to 0019 reads back whole after 0020", async () => {
    const before = migrationsUpTo("0019_browser_ids_are_bigint");
    folders.push(before);
    const client = new PGlite({ extensions: { pg_trgm } });
    try {
      const pglite = drizzlePglite({ client, schema });
      const db = pglite as Database;
      await migratePglite(pglite, { migrationsFolder: before });
      const { userId, ids } = await writeOldBackups(db);
      await migratePglite(pglite, { migrationsFolder: findMigrationsFolder() });
      await checkCarried(db, userId, ids);
    } finally {
      await client.close();
    }
  }, 120_000);

  it.runIf(testDatabaseUrl)("on PostgreSQL: a database made with migrations up to 0019 reads back whole after 0020", async () => {
    const before = migrationsUpTo("0019_browser_ids_are_bigint");
    folders.push(before);
    const { url, drop } = await createPostgresDatabase();
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    try {
      const postgres = drizzlePostgres({ client: pool, schema });
      const db = postgres as Database;
      await migratePostgresFolder(postgres, { migrationsFolder: before });
      const { userId, ids } = await writeOldBackups(db);
      await migratePostgresFolder(postgres, { migrationsFolder: findMigrationsFolder() });
      await checkCarried(db, userId, ids);
    } finally {
      await pool.end();
      await drop();
    }
  }, 120_000);
});
