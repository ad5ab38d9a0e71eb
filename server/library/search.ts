import { sql, type SQL } from "drizzle-orm";
import { ORGANISE_LIMITS, type SearchResult } from "@common/api/library-organise";
import type { Database } from "../db/database";
import { rowsOf } from "../db/rows";

/** Words searched, at most this many: each must be in the tab's title or URL. */
const maxWords = 8;

/** The newest matches ranked; 50 pages of 20 fit in them. */
const candidates = ORGANISE_LIMITS.pages * ORGANISE_LIMITS.pageSize;

/** The words of a search, each once, longest first (the longest narrows the trigram index most). */
export function searchWords(query: string): string[] {
  const words = [...new Set(query.toLowerCase().split(/\s+/).filter((word) => word.length > 0))];
  return words.sort((a, b) => b.length - a.length).slice(0, maxWords);
}

/** `%word%` for ILIKE, with the pattern's own characters taken literally. */
function containing(word: string): string {
  return `%${word.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

interface HitRow {
  backupId: string;
  sessionName: string;
  backupCreatedAt: string;
  pinned: boolean;
  position: number;
  url: string;
  title: string;
  faviconUrl: string | null;
  score: number | string;
}

/**
 * The account's tabs whose title or URL holds every word of the search (decision 152). The trigram
 * indexes on tab_contents.title and .url find the contents (ILIKE '%word%'), each once however many backups
 * hold it (decision 212); the backups' lists place them; they are ranked by
 * pg_trgm's word similarity of the search to the title or URL (three quarters) and by how recent their
 * backup is (a quarter, halving over a week), then newest first; the 1,000 newest matches are ranked. Only the
 * account's own backups are read.
 */
export async function searchTabs(db: Database, userId: string, query: string, page: number, now: Date): Promise<SearchResult> {
  const words = searchWords(query);
  const phrase = words.join(" ");
  const matches: SQL[] = words.map((word) => sql`(t.title ilike ${containing(word)} or t.url ilike ${containing(word)})`);
  const size = ORGANISE_LIMITS.pageSize;
  const score = sql`greatest(word_similarity(${phrase}, m.title), word_similarity(${phrase}, m.url))`;
  const ageDays = sql`greatest(0, extract(epoch from (${now.toISOString()}::timestamptz - m.created_at)) / 86400)`;
  // The account's contents are searched once each, then found in its backups' lists, newest backup first.
  // The newest `candidates` matches are ranked: a word in nearly every tab does not score them all.
  const [result, encryptedTabsNotSearched] = await Promise.all([
    db.execute(sql`
    with found as materialized (
      select t.id, t.url, t.title, t.favicon_url
      from tab_contents t
      where t.user_id = ${userId} and ${sql.join(matches, sql` and `)}
    ), matches as materialized (
      select s.id, s.session_name, s.created_at, s.pinned_at, l.session_id, (p.ord - 1)::integer as position, f.url, f.title, f.favicon_url
      from saved_sessions s
      join backup_tab_lists l on l.session_id = s.id
      cross join lateral unnest(l.content_ids) with ordinality as p(content_id, ord)
      join found f on f.id = p.content_id
      where s.user_id = ${userId}
      order by s.created_at desc, l.session_id, position
      limit ${candidates}
    )
    select m.id as "backupId", m.session_name as "sessionName",
      to_char(m.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "backupCreatedAt",
      m.pinned_at is not null as "pinned", m.position, m.url, m.title, m.favicon_url as "faviconUrl",
      ${score} as score
    from matches m
    order by ${score} * 0.75 + 0.25 / (1 + ${ageDays} / 7) desc, m.created_at desc, m.session_id, m.position
    limit ${size + 1} offset ${(page - 1) * size}`),
    countSealedTabs(db, userId),
  ]);
  const rows = rowsOf<HitRow>(result);
  return {
    query,
    page,
    hasMore: rows.length > size,
    encryptedTabsNotSearched,
    hits: rows.slice(0, size).map((row) => ({ ...row, score: Math.round(Number(row.score) * 1000) / 1000 })),
  };
}

/**
 * The account's tabs whose title and address are sealed (decision 199): search cannot read them, and says so.
 * Each backup keeps its count, so this reads the account's backup rows, never its tabs.
 */
async function countSealedTabs(db: Database, userId: string): Promise<number> {
  const [row] = rowsOf<{ count: number | string }>(
    await db.execute(sql`select coalesce(sum(sealed_tab_count), 0) as count from saved_sessions where user_id = ${userId}`),
  );
  return Number(row?.count ?? 0);
}
