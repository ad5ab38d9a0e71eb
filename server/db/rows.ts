/**
 * The rows of a raw `db.execute(sql…)`. Both drivers (pg and PGlite) answer `{ rows }`, but the
 * shared `Database` type cannot know which, so the shape is checked here once.
 */
export function rowsOf<Row>(result: unknown): Row[] {
  if (result && typeof result === "object" && "rows" in result && Array.isArray(result.rows)) return result.rows as Row[];
  throw new Error("a raw query returned no rows array");
}
