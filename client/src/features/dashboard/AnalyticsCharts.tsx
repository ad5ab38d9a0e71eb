import { type AnalyticsDay, type AnalyticsPeriod, getAnalytics } from "@common/api/analytics";
import { useQuery } from "@tanstack/react-query";
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { endpointQuery } from "@/lib/api-client";
import { formatCalendarDate, formatCalendarDay } from "@/lib/dates";
import { errorMessage } from "@/lib/queryClient";

type Figure = Exclude<keyof AnalyticsDay, "date">;

const charts: { figure: Figure; title: string; color: string }[] = [
  { figure: "backups", title: "Backups", color: "#2563eb" },
  { figure: "restores", title: "Restores", color: "#059669" },
  { figure: "tabsSaved", title: "Tabs saved", color: "#7c3aed" },
  { figure: "blockedAttempts", title: "Blocked attempts", color: "#e11d48" },
];


/**
 * Four bar charts (recharts) of the account's days from `GET /api/user/analytics`: backups, restores, tabs saved
 * and blocked attempts. Each says its total in words, for screen readers and for anyone who does not read charts.
 */
export default function AnalyticsCharts({ days }: { days: AnalyticsPeriod }) {
  const analytics = useQuery(endpointQuery(getAnalytics, { query: { days } }));
  if (analytics.isError) return <p className="mt-4 text-sm text-rose-700">{errorMessage(analytics.error, "The charts could not be loaded.")}</p>;
  const data = analytics.data?.days;
  return (
    <div className="mt-4 grid gap-6 sm:grid-cols-2">
      {charts.map(({ figure, title, color }) => {
        const total = data?.reduce((sum, day) => sum + day[figure], 0);
        return (
          <figure key={figure} className="min-w-0">
            <figcaption className="flex items-baseline justify-between gap-2 text-sm">
              <span className="font-medium text-slate-800">{title}</span>
              <span className="text-slate-600">{total === undefined ? "…" : `${total} in ${days} days`}</span>
            </figcaption>
            <div className="mt-2 h-40" aria-hidden="true">
              {data ? (
                <ResponsiveContainer width="100%" height="100%">
                  <BarChart data={data} margin={{ top: 4, right: 4, bottom: 0, left: -24 }}>
                    <CartesianGrid vertical={false} stroke="#e2e8f0" />
                    <XAxis dataKey="date" tickFormatter={formatCalendarDay} tick={{ fontSize: 11 }} minTickGap={24} />
                    <YAxis allowDecimals={false} tick={{ fontSize: 11 }} />
                    <Tooltip labelFormatter={(label) => formatCalendarDate(String(label))} />
                    <Bar dataKey={figure} name={title} fill={color} radius={[2, 2, 0, 0]} isAnimationActive={false} />
                  </BarChart>
                </ResponsiveContainer>
              ) : null}
            </div>
          </figure>
        );
      })}
    </div>
  );
}
