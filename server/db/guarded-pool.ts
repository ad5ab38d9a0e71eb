import type pg from "pg";
import { isDatabaseUnavailable } from "./unavailable";

const lease = Symbol("lease");
const queryGuarded = Symbol("queryGuarded");
type LentClient = pg.PoolClient & { [lease]?: (error: Error) => void; [queryGuarded]?: true };

/**
 * pg's Pool takes its 'error' listener off a client while the client is lent out, and Drizzle's
 * transactions neither release a client whose BEGIN failed nor tell the pool when a client broke.
 * So PostgreSQL going away mid-transaction either crashed the process (an 'error' event with no
 * listener) or leaked the pool's connections until every request waited for a slot that never
 * came. Clients lent by `pool.connect()` are guarded here: one whose connection fails while lent
 * goes back to the pool as broken at once (the pool closes it, and later queries on it fail fast
 * instead of waiting behind a query that will never answer), and giving it back twice is harmless.
 * `pool.query()` keeps its own path: it already listens for errors and releases with them.
 */
export function guardLentClients(pool: pg.Pool): void {
  const lend = pool.connect.bind(pool) as (callback?: unknown) => Promise<pg.PoolClient> | undefined;
  pool.connect = ((callback?: unknown) => {
    if (callback) return lend(callback);
    return lend()!.then(guard);
  }) as typeof pool.connect;
}

function guard(client: LentClient): pg.PoolClient {
  if (!client[queryGuarded]) {
    client[queryGuarded] = true;
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((...args: unknown[]) => {
      const result = query(...args);
      if (!(result instanceof Promise)) return result;
      return result.catch((error: unknown) => {
        if (error instanceof Error && isDatabaseUnavailable(error)) client[lease]?.(error);
        throw error;
      });
    }) as typeof client.query;
  }
  const release = client.release;
  let returned = false;
  const giveBack = (error?: Error | boolean) => {
    if (returned) return;
    returned = true;
    client[lease] = undefined;
    client.removeListener("error", giveBack);
    release(error);
  };
  client.on("error", giveBack);
  client[lease] = giveBack;
  client.release = giveBack;
  return client;
}
