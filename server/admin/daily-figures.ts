import { sql } from "drizzle-orm";
import type { AdminDaily } from "@common/api/admin";
import type { Database } from "../db/database";
import { rowsOf } from "../db/rows";

/** Revenue and sign-ups for each of the `days` UTC days ending with `today` (YYYY-MM-DD), oldest first, in one query. */
export async function readDailyFigures(db: Database, today: string, days: number): Promise<AdminDaily["days"]> {
  const result = await db.execute(sql`
    with days as (
      select generate_series(${today}::date - ${days - 1}::int, ${today}::date, interval '1 day')::date as day
    ),
    revenue as (
      select (created_at at time zone 'UTC')::date as day, sum(amount_cents) as cents
      from payments
      where status = 'succeeded' and created_at >= (${today}::date - ${days - 1}::int)::timestamp at time zone 'UTC'
      group by 1
    ),
    signups as (
      select (created_at at time zone 'UTC')::date as day, count(*) as count
      from users
      where created_at >= (${today}::date - ${days - 1}::int)::timestamp at time zone 'UTC'
      group by 1
    )
    select to_char(days.day, 'YYYY-MM-DD') as day, coalesce(revenue.cents, 0) as revenue_cents, coalesce(signups.count, 0) as signups
    from days
    left join revenue on revenue.day = days.day
    left join signups on signups.day = days.day
    order by days.day`);
  return rowsOf<{ day: string; revenue_cents: string | number; signups: string | number }>(result).map((row) => ({
    date: row.day,
    revenue: Number(row.revenue_cents) / 100,
    signups: Number(row.signups),
  }));
}
