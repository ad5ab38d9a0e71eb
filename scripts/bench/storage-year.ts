/**
 * The storage benchmark (decisions 208, 212): one Pro account's automatic backups every 5 minutes, 10 hours a day,
 * for a year, of a 200-tab browser in which 3 tabs change each time (one opens another page, two scroll), uploaded
 * through the real route (`POST /api/browser-backups` by app.inject with a device token and the injected clock) into
 * a scratch PostgreSQL database (`BENCH_DATABASE_URL`, by default postgres@127.0.0.1:5432; harness.mjs creates and
 * drops it). Thinning runs at store time, as in the product. Measures rows and bytes on disk (tables, TOAST and
 * indexes, pg_total_relation_size, less the empty database's) at the year's end, the backups kept, the largest
 * write, a restore of a moment 300 days back and a timeline read of it (the device's backup at that moment and what
 * changed since the one before, their tabs read in one call as a timeline route would read them), and last the
 * account's deletion (`deleteAccountNow`, what the account page's deletion runs: one transaction in the database, no
 * row passing through the app server, so its memory does not grow with the account).
 *
 * A year is 43,800 uploads, hours of work on a loaded 2-core machine. The browser is advanced through every one of
 * them, but only these are uploaded: every upload of the last `BENCH_DENSE_DAYS` days (default 2, past the 24 hours
 * thinning keeps whole), and before them the uploads thinning keeps at the year's end (`backupsToThin`, the pure
 * function rotation applies). Thinning only ever removes an upload it would remove at the year's end (hours nest in
 * days and days in weeks), so the backups kept and their contents are those of the full year; what the skipped
 * uploads would have left behind that thinning does not remove — one protection event each — is inserted for them
 * at their times, copied from a recorded one, when housekeeping's retention (decision 135) would still keep it. After
 * every simulated day housekeeping runs and then `vacuum`, standing in for the hourly job and autovacuum.
 *
 * Run: `npm run bench:storage` (or `node --import tsx scripts/bench/storage-year.ts`). Writes its section of
 * docs/benchmarks.md between the `storage:` markers and prints it; `BENCH_LABEL` names the layout measured (the
 * section keeps one row per label, so the same script run on a commit of the previous layout adds the comparison
 * row beside it).
 */
import { readFile, writeFile } from "node:fs/promises";
import { cpus, loadavg } from "node:os";
import { eq } from "drizzle-orm";
import pg from "pg";
import type { UploadBrowserBackupRequest } from "../../common/api/browser-backups";
import { EVENT_RETENTION_DAYS } from "../../common/product";
import { deleteAccountNow } from "../../server/account-data/deletion";
import { users } from "../../server/accounts/table";
import { backupsToThin } from "../../server/backups/thinning";
import type { Database } from "../../server/db/database";
import { openPostgres } from "../../server/db/postgres";
import { runHousekeeping } from "../../server/housekeeping/housekeeping";
import { browserBackup } from "../../server/test/backup-payloads";
import { bearer, pairDevice } from "../../server/test/pair-device";
import { signIn, withSession } from "../../server/test/sign-in";
import { buildTestApp, createTestMailer } from "../../server/test/test-app";
import { createBenchDatabase } from "./harness.mjs";

const DAYS = Number(process.env.BENCH_DAYS ?? 365);
const DENSE_DAYS = Number(process.env.BENCH_DENSE_DAYS ?? 2);
const LABEL = process.env.BENCH_LABEL ?? "tabs stored once, thinned (decisions 208, 212)";
const TABS = 200;
const PER_DAY = 10 * 12;
const CHANGED_EACH_TIME = 3;
const START = Date.parse("2026-01-05T08:00:00Z");
const DAY = 86_400_000;
const timeOf = (n: number) => START + Math.floor(n / PER_DAY) * DAY + (n % PER_DAY) * 5 * 60_000;

/** The bytes on disk of every table of the schema (heap, TOAST, indexes), and the rows and bytes of each. */
async function footprint(client: pg.Client): Promise<{ bytes: number; rows: Map<string, number>; tables: Map<string, number> }> {
  const { rows } = await client.query<{ name: string; bytes: string }>(`
    select c.relname as name, pg_total_relation_size(c.oid) as bytes
    from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind = 'r'`);
  const counted = new Map<string, number>();
  for (const { name } of rows) counted.set(name, Number((await client.query<{ n: string }>(`select count(*) as n from "${name}"`)).rows[0]!.n));
  return { bytes: rows.reduce((sum, row) => sum + Number(row.bytes), 0), rows: counted, tables: new Map(rows.map((row) => [row.name, Number(row.bytes)])) };
}

/** The browser as it runs: 200 tabs; before upload `n` one tab opens another page and two others scroll, and stay so. */
const liveBrowser = browserBackup(TABS, { trigger: "auto_backup" });
function advanceTo(n: number): void {
  const tabs = liveBrowser.windows[0]!.tabs;
  for (let k = 0; k < CHANGED_EACH_TIME; k++) {
    const tab = tabs[(n * 7 + k * 61) % TABS]!;
    if (k === 0) Object.assign(tab, { url: `https://news.example/story/${n}`, title: `Story ${n}` });
    else tab.scrollPosition = { x: 0, y: (n * 37 + k) % 20_000 };
  }
}
const payloadNow = (): UploadBrowserBackupRequest => ({ ...liveBrowser, snapshotId: crypto.randomUUID() });

/** Which uploads of the year are sent: all of the last days, and before them those thinning keeps at the end. */
function uploadsSent(total: number): Set<number> {
  const end = new Date(timeOf(total - 1));
  const all = Array.from({ length: total }, (_, n) => ({ id: String(n).padStart(6, "0"), createdAt: new Date(timeOf(n)), thinnable: true }));
  const thinned = new Set(backupsToThin(all, end));
  const denseFrom = total - DENSE_DAYS * PER_DAY;
  return new Set(all.map((_, n) => n).filter((n) => n >= denseFrom || !thinned.has(String(n).padStart(6, "0"))));
}

const mb = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;

type Inject = Awaited<ReturnType<typeof buildTestApp>>["inject"];

/** Every tab address of one backup, read through the route a restore reads. */
async function tabsOf(inject: Inject, token: string, id: string): Promise<string[]> {
  const response = await inject({ method: "GET", url: `/api/browser-backups/${id}`, ...bearer(token) });
  if (response.statusCode !== 200) throw new Error(`GET of a backup answered ${response.statusCode}`);
  return response.json<{ windows: { tabs: { url: string }[] }[] }>().windows.flatMap((window) => window.tabs.map((tab) => tab.url));
}

/**
 * The server's read of a timeline (no route yet): the tab addresses of two backups of the device, in one read of
 * their tabs — `readBackupTabs` where tabs are stored once, the table `session_tabs` in the layout before.
 */
async function timelineRead(client: pg.Client, db: Database, ids: string[]): Promise<string[][]> {
  const layout = await client.query("select 1 from pg_class where relname = 'backup_tab_lists'");
  const reads = layout.rowCount ? await import("../../server/backups/tab-list-reads") : undefined;
  const tabs = reads
    ? (await reads.readBackupTabs(db, ids)).map((tab) => ({ session_id: tab.sessionId, url: tab.url }))
    : (await client.query<{ session_id: string; url: string }>("select session_id, url from session_tabs where session_id = any($1::uuid[]) order by position", [ids])).rows;
  return ids.map((id) => tabs.filter((tab) => tab.session_id === id).map((tab) => tab.url));
}

/**
 * The timeline's two routes as the Session Manager calls them, signed in again at the year's end (the injected clock
 * has moved past the first sign-in): undefined under the table before, which has no timeline.
 */
async function timelineRoutesRead(app: Awaited<ReturnType<typeof buildTestApp>>, mailDir: string, email: string, until: string, since: string): Promise<string | undefined> {
  if (!app.hasRoute({ method: "GET", url: "/api/saved-sessions/:id/moments" })) return undefined;
  const { cookie } = await signIn(app, mailDir, email);
  const started = performance.now();
  const moments = await app.inject({ method: "GET", url: `/api/saved-sessions/${until}/moments`, ...withSession(cookie) });
  const listedMs = performance.now() - started;
  const changes = await app.inject({ method: "GET", url: `/api/saved-sessions/${until}/changes?since=${since}`, ...withSession(cookie) });
  const comparedMs = performance.now() - started - listedMs;
  if (moments.statusCode !== 200 || changes.statusCode !== 200) throw new Error(`timeline routes answered ${moments.statusCode} and ${changes.statusCode}`);
  const listed = moments.json<{ moments: unknown[]; more: boolean }>();
  const changed = changes.json<{ opened: unknown[]; closed: unknown[] }>();
  return `; through the routes: ${Math.round(listedMs)} ms for ${listed.moments.length}${listed.more ? "+" : ""} moments, ${Math.round(comparedMs)} ms for what changed (${changed.opened.length} opened, ${changed.closed.length} closed)`;
}

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
    const total = DAYS * PER_DAY;
    const sent = uploadsSent(total);
    const skipped: number[] = [];
    let refused = 0;
    let slowest = 0;
    let largestSent = 0;
    const started = performance.now();
    for (let n = 0; n < total; n++) {
      advanceTo(n);
      now = timeOf(n);
      if (!sent.has(n)) {
        skipped.push(n);
        continue;
      }
      const payload = JSON.stringify(payloadNow());
      largestSent = Math.max(largestSent, payload.length);
      const t = performance.now();
      const response = await app.inject({ method: "POST", url: "/api/browser-backups", payload, headers: { ...bearer(accessToken).headers, "content-type": "application/json" } });
      slowest = Math.max(slowest, performance.now() - t);
      if (response.statusCode !== 201) refused += 1;
      if (n % PER_DAY === PER_DAY - 1) {
        // What runs hourly in the product: the retention of events (decision 135), then what autovacuum does.
        await runHousekeeping(database.db, new Date(now));
        await client.query("vacuum");
      }
    }
    const uploadMs = performance.now() - started;
    // What each skipped upload leaves that thinning never removes: its protection event, at its time, for those
    // housekeeping would not have removed by the year's end (decision 135).
    const retainedFrom = now - EVENT_RETENTION_DAYS * DAY;
    await client.query(
      `insert into protection_events (user_id, event_type, description, created_at)
       select e.user_id, e.event_type, e.description, to_timestamp(t / 1000.0)
       from (select * from protection_events order by id desc limit 1) e, unnest($1::bigint[]) as t`,
      [skipped.map(timeOf).filter((time) => time >= retainedFrom)],
    );
    await runHousekeeping(database.db, new Date(now));
    await client.query("vacuum analyze");
    const after = await footprint(client);
    const bytes = after.bytes - empty.bytes;
    const kept = after.rows.get("saved_sessions") ?? 0;

    // Noon of the day 300 days before the year's last (the first day in a shorter run): the device's backup then, and the one before it.
    const moment = new Date(START + Math.max(0, DAYS - 1 - 300) * DAY + 4 * 3_600_000);
    const restoreStarted = performance.now();
    const { rows: atMoment } = await client.query<{ id: string; created_at: Date }>(
      `select id, created_at from saved_sessions where device_name = 'Chrome on Linux' and created_at <= $1 order by created_at desc limit 2`,
      [moment.toISOString()],
    );
    const restored = await tabsOf(app.inject.bind(app), accessToken, atMoment[0]!.id);
    const restoreMs = performance.now() - restoreStarted;
    const timelineStarted = performance.now();
    const [open = [], before = []] = await timelineRead(client, database.db, [atMoment[0]!.id, atMoment[1]!.id]);
    const opened = open.filter((url) => !before.includes(url));
    const closed = before.filter((url) => !open.includes(url));
    const timelineMs = performance.now() - timelineStarted;
    // The Session Manager's timeline through its routes (decision 222): the device's moments, then what changed.
    const routes = (await timelineRoutesRead(app, mailDir, email, atMoment[0]!.id, atMoment[1]!.id)) ?? "";

    // The year's account deleted as its owner deletes it; nothing of its backups may be left (decision 137).
    const [owner] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const deletionStarted = performance.now();
    const deleted = await deleteAccountNow(database.db, { userId: owner!.id, email }, { now: new Date(now), provider: null, log: app.log });
    const deletionMs = performance.now() - deletionStarted;
    const { rows: left } = await client.query<{ rows: string }>(
      `select (select count(*) from saved_sessions) + (select count(*) from tab_contents) + (select count(*) from backup_tab_lists) as rows`,
    );
    if (!deleted || Number(left[0]?.rows) !== 0) throw new Error(`the deletion left ${left[0]?.rows} backup rows`);

    const grown = [...after.rows]
      .map(([name, count]) => [name, count - (empty.rows.get(name) ?? 0)] as const)
      .filter(([, count]) => count > 0)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([name, count]) => `${name} ${count.toLocaleString("en-US")} (${mb((after.tables.get(name) ?? 0) - (empty.tables.get(name) ?? 0))})`)
      .join(", ");
    const row =
      `| ${LABEL} | ${kept.toLocaleString("en-US")} kept of ${total.toLocaleString("en-US")} (${sent.size.toLocaleString("en-US")} uploaded, ${refused} refused) | **${mb(bytes)}** | ${grown} | ` +
      `${(largestSent / 1000).toFixed(1)} KB sent, slowest upload ${Math.round(slowest)} ms (mean ${Math.round(uploadMs / sent.size)} ms) | ` +
      `${Math.round(restoreMs)} ms (${restored.length} tabs, ${atMoment[0]!.created_at.toISOString().slice(0, 16)}) | ${Math.round(timelineMs)} ms (${open.length} open, ${opened.length} opened, ${closed.length} closed)${routes} | ${Math.round(deletionMs)} ms |`;
    await writeSection(row, sent.size);
  } finally {
    await client.end();
    await app.close();
    await database.close();
    await remove();
    await scratch.drop();
  }
}

async function writeSection(row: string, uploaded: number) {
  const path = new URL("../../docs/benchmarks.md", import.meta.url);
  const current = await readFile(path, "utf8");
  const existing = /<!-- storage:start -->([\s\S]*)<!-- storage:end -->/.exec(current)?.[1] ?? "";
  const kept = existing.split("\n").filter((line) => line.startsWith("| ") && !line.startsWith("| layout") && !line.startsWith("| ---") && !line.startsWith(`| ${LABEL} |`));
  const section = [
    "<!-- storage:start -->",
    "## Storage per account-year (issue 30)",
    "",
    `Written by \`npm run bench:storage\` on ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${cpus().length} cores, PostgreSQL at 127.0.0.1,`,
    `load average ${loadavg().map((n) => n.toFixed(1)).join(" ")} when the last row finished. One Pro account, a device taking an automatic backup`,
    `every 5 minutes, 10 hours a day, for ${DAYS} days (${(DAYS * PER_DAY).toLocaleString("en-US")} backups) of a ${TABS}-tab browser in which ${CHANGED_EACH_TIME} tabs change each time, through`,
    `\`POST /api/browser-backups\` with the injected clock, thinning at store time (decision 208). ${uploaded.toLocaleString("en-US")} of them are uploaded: every one of the last ${DENSE_DAYS} days,`,
    "and before them those thinning keeps at the year's end; each skipped one's protection event is inserted at its time (the script's comment says",
    "why the year's end is then the same), and housekeeping's retention of events (90 days, decision 135) runs daily and at the end. Bytes: every table's `pg_total_relation_size` (heap, TOAST, indexes) after `vacuum analyze`, less the empty",
    "database's. Restore: the device's backup at noon 300 days before the year's last day, read whole through the route; timeline: it and the backup",
    "before it, their tabs read as the server reads them (`readBackupTabs`; the table before), and what changed between them. Account deleted: the year's account deleted at the end as its owner deletes it (`deleteAccountNow`, one transaction in the database). Targets: under 20 MB a year, none refused, a timeline read under 100 ms.",
    "",
    "| layout | backups | on disk at the year's end | rows (and bytes) at the year's end | largest write | restore 300 days back | timeline read | account deleted |",
    "| --- | --- | --- | --- | --- | --- | --- | --- |",
    // A row written before the deletion was measured gets an empty cell for it.
    ...kept.map((line) => (line.split(" | ").length < 8 ? `${line} — |` : line)),
    row,
    "<!-- storage:end -->",
  ].join("\n");
  const next = existing ? current.replace(/<!-- storage:start -->[\s\S]*<!-- storage:end -->/, section) : `${current.trimEnd()}\n\n${section}\n`;
  await writeFile(path, next);
  console.log(section);
}

await main();
