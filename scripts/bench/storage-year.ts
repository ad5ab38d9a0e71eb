/**
 * The storage benchmark (decision 212): one Pro account's automatic backups every 5 minutes, 10 hours a day, of a
 * 200-tab session in which 3 tabs change each time (one opens another page, two scroll), uploaded through the real
 * route (`POST /api/browser-backups` by app.inject with a device token and the injected clock) into a scratch
 * PostgreSQL database. Measures rows and bytes on disk (tables, TOAST and indexes, pg_total_relation_size, less the
 * empty database's), the backups kept, the largest write, and reads of the oldest moment: its whole backup
 * (`GET /api/browser-backups/:id`) and a timeline read (the device's backup at a moment and what changed since the
 * one before, straight SQL over the tables).
 *
 * A full year is 43,800 uploads; `BENCH_DAYS` (default 10) days are simulated and the figures per account-year are
 * scaled by 365 / days (growth is linear while nothing is removed: Pro keeps every automatic backup today).
 *
 * Run: `npm run bench:storage` (or `node --import tsx scripts/bench/storage-year.ts`). Writes its section of
 * docs/benchmarks.md between the `storage:` markers and prints it; `BENCH_LABEL` names the layout measured (the
 * section keeps one row per label, so the same script run on the commit before tabs were stored once adds the
 * comparison row beside it).
 */
import { readFile, writeFile } from "node:fs/promises";
import { cpus, loadavg } from "node:os";
import { eq } from "drizzle-orm";
import pg from "pg";
import type { UploadBrowserBackupRequest } from "../../common/api/browser-backups";
import { users } from "../../server/accounts/table";
import { openPostgres } from "../../server/db/postgres";
import { browserBackup } from "../../server/test/backup-payloads";
import { bearer, pairDevice } from "../../server/test/pair-device";
import { signIn } from "../../server/test/sign-in";
import { buildTestApp, createTestMailer } from "../../server/test/test-app";
import { createBenchDatabase } from "./harness.mjs";

const DAYS = Number(process.env.BENCH_DAYS ?? 10);
const LABEL = process.env.BENCH_LABEL ?? "tabs stored once (decision 212)";
const TABS = 200;
const PER_DAY = 10 * 12;
const CHANGED_EACH_TIME = 3;
const START = Date.parse("2026-01-05T08:00:00Z");

/** The bytes on disk of every table of the schema (heap, TOAST, indexes), and their rows. */
async function footprint(client: pg.Client): Promise<{ bytes: number; rows: Record<string, number> }> {
  const { rows } = await client.query<{ name: string; bytes: string; live: string }>(`
    select c.relname as name, pg_total_relation_size(c.oid) as bytes, coalesce(s.n_live_tup, 0) as live
    from pg_class c join pg_namespace n on n.oid = c.relnamespace left join pg_stat_user_tables s on s.relid = c.oid
    where n.nspname = 'public' and c.relkind = 'r'`);
  const counted: Record<string, number> = {};
  for (const name of ["saved_sessions", "session_tabs", "backup_tab_lists", "tab_contents", "backup_windows", "backup_tab_groups", "protection_events"]) {
    if (!rows.some((row) => row.name === name)) continue;
    counted[name] = Number((await client.query<{ n: string }>(`select count(*) as n from ${name}`)).rows[0]!.n);
  }
  return { bytes: rows.reduce((sum, row) => sum + Number(row.bytes), 0), rows: counted };
}

/** The running session: 200 tabs; before upload `n` one tab opens another page and two others scroll, and stay so. */
const session = browserBackup(TABS, { trigger: "auto_backup" });
function sessionAt(n: number): UploadBrowserBackupRequest {
  const tabs = session.windows[0]!.tabs;
  for (let k = 0; k < CHANGED_EACH_TIME; k++) {
    const tab = tabs[(n * 7 + k * 61) % TABS]!;
    if (k === 0) Object.assign(tab, { url: `https://news.example/story/${n}`, title: `Story ${n}` });
    else tab.scrollPosition = { x: 0, y: (n * 37 + k) % 20_000 };
  }
  return { ...session, snapshotId: crypto.randomUUID() };
}

const mb = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;

async function main() {
  const scratch = await createBenchDatabase();
  if (!scratch) throw new Error("PostgreSQL is not reachable (BENCH_DATABASE_URL)");
  let now = START;
  const database = await openPostgres(scratch.url);
  const { mailer, mailDir, remove } = createTestMailer();
  const app = await buildTestApp({ database: database.db, mailer, clock: () => new Date(now) });
  const client = new pg.Client({ connectionString: scratch.url });
  await client.connect();
  try {
    const email = "storage-bench@example.com";
    const { cookie } = await signIn(app, mailDir, email);
    await database.db.update(users).set({ planType: "pro" }).where(eq(users.email, email));
    const { accessToken } = await pairDevice(app, cookie);
    await client.query("vacuum analyze");
    const empty = await footprint(client);
    let refused = 0;
    let slowest = 0;
    let largestSent = 0;
    const ids: { id: string; at: number }[] = [];
    const started = performance.now();
    for (let day = 0; day < DAYS; day++) {
      now = START + day * 86_400_000;
      for (let slot = 0; slot < PER_DAY; slot++) {
        const n = day * PER_DAY + slot;
        const payload = JSON.stringify(sessionAt(n));
        largestSent = Math.max(largestSent, payload.length);
        const t = performance.now();
        const response = await app.inject({ method: "POST", url: "/api/browser-backups", payload, headers: { ...bearer(accessToken).headers, "content-type": "application/json" } });
        slowest = Math.max(slowest, performance.now() - t);
        if (response.statusCode !== 201) refused += 1;
        else ids.push({ id: response.json<{ backupId: string }>().backupId, at: now });
        now += 5 * 60_000;
      }
    }
    const uploadMs = performance.now() - started;
    await client.query("vacuum analyze");
    const after = await footprint(client);
    const bytes = after.bytes - empty.bytes;
    const oldest = ids[0]!;
    let t = performance.now();
    const restore = await app.inject({ method: "GET", url: `/api/browser-backups/${oldest.id}`, ...bearer(accessToken) });
    const restoreMs = performance.now() - t;
    if (restore.statusCode !== 200) throw new Error(`restore answered ${restore.statusCode}`);
    const restoredTabs = restore.json<{ windows: { tabs: unknown[] }[] }>().windows.reduce((sum, window) => sum + window.tabs.length, 0);
    // A timeline read: the device's backup at a moment (the oldest day's noon) and what changed since the one before.
    t = performance.now();
    const moment = new Date(oldest.at + 4 * 3_600_000).toISOString();
    const { rows: atMoment } = await client.query<{ id: string }>(
      `select id from saved_sessions where device_name = 'Chrome on Linux' and created_at <= $1 order by created_at desc limit 2`,
      [moment],
    );
    const open = await client.query(`select url, title from session_tabs where session_id = $1 order by position`, [atMoment[0]!.id]);
    const changed = await client.query(
      `(select url from session_tabs where session_id = $1 except select url from session_tabs where session_id = $2)
       union all (select url from session_tabs where session_id = $2 except select url from session_tabs where session_id = $1)`,
      [atMoment[0]!.id, atMoment[1]!.id],
    );
    const timelineMs = performance.now() - t;
    const scale = 365 / DAYS;
    const rowsPerYear = Object.entries(after.rows)
      .map(([name, count]) => `${name} ${Math.round((count - (empty.rows[name] ?? 0)) * scale).toLocaleString("en-US")}`)
      .join(", ");
    const row =
      `| ${LABEL} | ${ids.length.toLocaleString("en-US")} of ${(DAYS * PER_DAY).toLocaleString("en-US")} (${refused} refused) | ${mb(bytes)} | **${mb(bytes * scale)}** | ${rowsPerYear} | ` +
      `${(largestSent / 1000).toFixed(1)} KB sent, slowest upload ${Math.round(slowest)} ms (mean ${Math.round(uploadMs / (DAYS * PER_DAY))} ms) | ` +
      `${Math.round(restoreMs)} ms (${restoredTabs} tabs) | ${Math.round(timelineMs)} ms (${open.rowCount} open, ${changed.rowCount} changed) |`;
    await writeSection(row);
  } finally {
    await client.end();
    await app.close();
    await database.close();
    await remove();
    await scratch.drop();
  }
}

async function writeSection(row: string) {
  const path = new URL("../../docs/benchmarks.md", import.meta.url);
  const current = await readFile(path, "utf8");
  const existing = /<!-- storage:start -->([\s\S]*)<!-- storage:end -->/.exec(current)?.[1] ?? "";
  const kept = existing.split("\n").filter((line) => line.startsWith("| ") && !line.startsWith("| layout") && !line.startsWith("| ---") && !line.startsWith(`| ${LABEL} |`));
  const section = [
    "<!-- storage:start -->",
    "## Storage per account-year (issue 30)",
    "",
    `Written by \`npm run bench:storage\` on ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${cpus().length} cores, PostgreSQL at 127.0.0.1,`,
    `load average ${loadavg().map((n) => n.toFixed(1)).join(" ")} when the last row finished. One Pro account, a device uploading an automatic backup`,
    `every 5 minutes, 10 hours a day, of a ${TABS}-tab session in which ${CHANGED_EACH_TIME} tabs change each time, through \`POST /api/browser-backups\` with the`,
    `injected clock; ${DAYS} days simulated (${(DAYS * PER_DAY).toLocaleString("en-US")} uploads) and scaled by 365 / ${DAYS} to a year. Bytes are every table's`,
    "`pg_total_relation_size` (heap, TOAST, indexes) after `vacuum analyze`, less the empty database's. Restore: the oldest backup read whole;",
    "timeline: the device's backup at a moment of the oldest day and what changed since the one before. Target: under 20 MB a year, none refused, a timeline read under 100 ms.",
    "",
    "| layout | backups kept | on disk (measured) | on disk per account-year | rows per account-year | largest write | restore of the oldest | timeline read |",
    "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ...kept,
    row,
    "<!-- storage:end -->",
  ].join("\n");
  const next = existing ? current.replace(/<!-- storage:start -->[\s\S]*<!-- storage:end -->/, section) : `${current.trimEnd()}\n\n${section}\n`;
  await writeFile(path, next);
  console.log(section);
}

await main();
