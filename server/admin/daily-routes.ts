import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { getAdminDaily } from "@common/api/admin";
import { requireAdmin } from "../accounts/authentication";
import type { Database } from "../db/database";
import { rowsOf } from "../db/rows";
import { endpointRoute } from "../http/endpoint-route";

const chartDays = 30;

/** Revenue and sign-ups per UTC day for the last 30 days, summed by the database. */
export const adminDailyRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.route({
    ...endpointRoute(getAdminDaily),
    onRequest: requireAdmin,
    handler: async () => {
      const today = app.clock().toISOString().slice(0, 10);
      const result = await db.execute(sql`
        with days as (
          select generate_series(${today}::date - ${chartDays - 1}::int, ${today}::date, interval '1 day')::date as day
        ),
        revenue as (
          select (created_at at time zone 'UTC')::date as day, sum(amount_cents) as cents
          from payments
          where status = 'succeeded' and created_at >= (${today}::date - ${chartDays - 1}::int)::timestamp at time zone 'UTC'
          group by 1
        ),
        signups as (
          select (created_at at time zone 'UTC')::date as day, count(*) as count
          from users
          where created_at >= (${today}::date - ${chartDays - 1}::int)::timestamp at time zone 'UTC'
          group by 1
        )
        select to_char(days.day, 'YYYY-MM-DD') as day, coalesce(revenue.cents, 0) as revenue_cents, coalesce(signups.count, 0) as signups
        from days
        left join revenue on revenue.day = days.day
        left join signups on signups.day = days.day
        order by days.day`);
      return {
        days: rowsOf<{ day: string; revenue_cents: string | number; signups: string | number }>(result).map((row) => ({ date: row.day, revenue: Number(row.revenue_cents) / 100, signups: Number(row.signups) })),
      };
    },
  });
};
