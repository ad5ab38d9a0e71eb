import type { Database } from "./database";

/**
 * A query prepared once per database (PostgreSQL keeps its plan per connection; drizzle builds the SQL
 * once instead of on every call). For the few queries every signed-in request runs.
 */
export function preparedPerDatabase<T>(prepare: (db: Database) => T): (db: Database) => T {
  const cache = new WeakMap<Database, T>();
  return (db) => {
    let prepared = cache.get(db);
    if (prepared === undefined) {
      prepared = prepare(db);
      cache.set(db, prepared);
    }
    return prepared;
  };
}
