/**
 * Issue 18's search benchmark: the library's search (`searchTabs`, the query behind
 * `GET /api/library/search`) over 1,000,000 stored tabs on PostgreSQL, target p99 < 100 ms.
 *
 * A scratch database is created (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres),
 * migrated, loaded with generate_series in SQL — 100 accounts × 100 backups × 100 tabs, over 180 days,
 * titles and URLs made of 8,000 made-up words and 500 sites — and dropped at the end. The trigram
 * indexes are dropped for the load and built again after it, as their migration builds them. Each kind of
 * search then runs many times as random accounts, through the app's own query on the app's pool.
 *
 * Run: `node --import tsx scripts/bench/library-search.ts`. Writes its section of docs/benchmarks.md
 * (between the `library-search:` markers) and prints it.
 */
import { cpus, loadavg } from "node:os";
import pg from "pg";
import { openPostgres } from "../../server/db/postgres";
import { migratePostgres } from "../../server/db/postgres";
import { searchTabs } from "../../server/library/search";
import { createBenchDatabase, writeReportSection } from "./harness.mjs";

const ACCOUNTS = 100;
const BACKUPS_PER_ACCOUNT = 100;
const TABS_PER_BACKUP = 100;
const TOTAL_TABS = ACCOUNTS * BACKUPS_PER_ACCOUNT * TABS_PER_BACKUP;
const RUNS = 400;
const NOW = new Date("2026-11-24T12:00:00Z");

/** Twenty syllables; a word is three of them (8,000 words), a site two of them and ".example". */
const syllables = ["ka", "lo", "mi", "ne", "su", "ta", "ri", "po", "de", "gu", "ba", "fe", "zo", "hi", "ju", "wa", "ce", "vo", "ny", "xi"];
const word = (n: number) => `${syllables[n % 20]}${syllables[Math.floor(n / 20) % 20]}${syllables[Math.floor(n / 400) % 20]}`;
const site = (n: number) => `${syllables[n % 20]}${syllables[Math.floor(n / 20) % 20]}${n}.example`;

/** SQL for the same words, so the load and the searches agree. */
const sqlSyllables = `array[${syllables.map((syllable) => `'${syllable}'`).join(",")}]`;
const sqlWord = (n: string) => `(${sqlSyllables})[(${n}) % 20 + 1] || (${sqlSyllables})[((${n}) / 20) % 20 + 1] || (${sqlSyllables})[((${n}) / 400) % 20 + 1]`;
const sqlSite = (n: string) => `(${sqlSyllables})[(${n}) % 20 + 1] || (${sqlSyllables})[((${n}) / 20) % 20 + 1] || (${n})::text || '.example'`;

async function load(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = performance.now();
  try {
    await client.query("drop index tab_contents_title_trgm_idx; drop index tab_contents_url_trgm_idx");
    await client.query(`insert into users (email) select 'bench-' || n || '@example.com' from generate_series(1, ${ACCOUNTS}) n`);
    await client.query(`
      insert into saved_sessions (user_id, session_name, trigger_event, tab_count, app_count, size_bytes, created_at)
      select u.id, 'Backup ' || b, 'manual_save', ${TABS_PER_BACKUP}, 0, ${TABS_PER_BACKUP * 300},
        timestamptz '${NOW.toISOString()}' - (b * 43 + u.n) * interval '1 hour'
      from (select id, row_number() over (order by email) as n from users) u, generate_series(1, ${BACKUPS_PER_ACCOUNT}) b`);
    // i numbers every tab; a, c and e pick the words of its path and title, d its site. Each tab is a content of
    // its own (decision 212), keyed here by its backup and place; each backup one list naming them in order.
    await client.query(`
      insert into tab_contents (user_id, content_hash, url, title, form_data, scroll_x, scroll_y, size_bytes)
      select s.user_id, sha256(convert_to(s.id::text || ':' || t.p, 'UTF8')),
        'https://' || ${sqlSite("d")} || '/' || ${sqlWord("a")} || '/' || ${sqlWord("c")} || '-' || (i % 1000),
        initcap(${sqlWord("a")}) || ' ' || ${sqlWord("e")} || ' ' || ${sqlWord("c")} || ' - ' || ${sqlSite("d")},
        '{}'::jsonb, 0, 0, 200
      from (select id, user_id, row_number() over (order by id) as sn from saved_sessions) s,
        lateral (select p, (s.sn * ${TABS_PER_BACKUP} + p) as i from generate_series(0, ${TABS_PER_BACKUP - 1}) p) t,
        lateral (select (i * 7919) % 8000 as a, (i * 104729) % 8000 as c, (i * 15485863) % 8000 as e, (i * 31) % 500 as d) w`);
    await client.query(`
      insert into backup_tab_lists (session_id, user_id, content_ids, active)
      select s.id, s.user_id, array_agg(c.id order by p), array_agg(p = 0 order by p)
      from saved_sessions s cross join generate_series(0, ${TABS_PER_BACKUP - 1}) p
      join tab_contents c on c.user_id = s.user_id and c.content_hash = sha256(convert_to(s.id::text || ':' || p, 'UTF8'))
      group by s.id, s.user_id`);
    await client.query(`create index tab_contents_title_trgm_idx on tab_contents using gin (title gin_trgm_ops)`);
    await client.query(`create index tab_contents_url_trgm_idx on tab_contents using gin (url gin_trgm_ops)`);
    await client.query("analyze");
    const { rows } = await client.query<{ n: string }>("select sum(cardinality(content_ids)) as n from backup_tab_lists");
    if (Number(rows[0]!.n) !== TOTAL_TABS) throw new Error(`loaded ${rows[0]!.n} tabs, not ${TOTAL_TABS}`);
    return (performance.now() - started) / 1000;
  } finally {
    await client.end();
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function main() {
  const scratch = await createBenchDatabase();
  if (!scratch) throw new Error("PostgreSQL is not reachable (BENCH_DATABASE_URL)");
  try {
    await migratePostgres(scratch.url);
    const loadSeconds = await load(scratch.url);
    const database = await openPostgres(scratch.url);
    try {
      const accounts = (await database.pool.query<{ id: string }>("select id from users order by email")).rows.map((row) => row.id);
      let seed = 1;
      const random = (n: number) => {
        seed = (seed * 48271) % 2147483647;
        return seed % n;
      };
      const kinds: { name: string; query: () => string; page?: number }[] = [
        { name: "one word of a title or path (e.g. “kalomi”)", query: () => word(random(8000)) },
        { name: "a site (e.g. “lomi21.example”)", query: () => site(random(500)) },
        { name: "two random words (rarely both in one tab)", query: () => `${word(random(8000))} ${word(random(8000))}` },
        { name: "part of a word, 4 letters", query: () => word(random(8000)).slice(1, 5) },
        { name: "part of a word, 4 letters, page 2", query: () => word(random(8000)).slice(1, 5), page: 2 },
        { name: "a word in every tab (“https”)", query: () => "https" },
      ];
      const rows: string[] = [];
      for (const kind of kinds) {
        const times: number[] = [];
        let hits = 0;
        for (let run = 0; run < RUNS + 20; run++) {
          const account = accounts[random(accounts.length)]!;
          const started = performance.now();
          const result = await searchTabs(database.db, account, kind.query(), kind.page ?? 1, NOW);
          const elapsed = performance.now() - started;
          if (run >= 20) {
            times.push(elapsed);
            hits += result.hits.length;
          }
        }
        times.sort((a, b) => a - b);
        rows.push(`| ${kind.name} | ${percentile(times, 50).toFixed(1)} ms | ${percentile(times, 99).toFixed(1)} ms | ${(hits / RUNS).toFixed(1)} |`);
        console.log(rows.at(-1));
      }
      const version = (await database.pool.query<{ v: string }>("select current_setting('server_version') as v")).rows[0]!.v;
      const section = [
        "## Library search over 1,000,000 tabs (issue 18)",
        "",
        `\`node --import tsx scripts/bench/library-search.ts\`, ${new Date().toISOString().slice(0, 10)}: PostgreSQL ${version} on 127.0.0.1, ${cpus().length} cores (load ${loadavg()[0]!.toFixed(1)} at the end, shared with other work). ` +
          `${TOTAL_TABS.toLocaleString("en-US")} tabs in ${(ACCOUNTS * BACKUPS_PER_ACCOUNT).toLocaleString("en-US")} backups of ${ACCOUNTS} accounts (${(BACKUPS_PER_ACCOUNT * TABS_PER_BACKUP).toLocaleString("en-US")} tabs each), loaded with generate_series and indexed in ${loadSeconds.toFixed(0)} s. ` +
          `Each row: ${RUNS} searches (after 20 to warm up) as random accounts through \`searchTabs\`, the query of \`GET /api/library/search\` on the app's pool; target p99 < 100 ms.`,
        "",
        "| search | p50 | p99 | results per page |",
        "| --- | --- | --- | --- |",
        ...rows,
      ].join("\n");
      await writeReportSection("library-search", section);
      console.log(section);
    } finally {
      await database.close();
    }
  } finally {
    await scratch.drop();
  }
}

await main();
