import { getTeamInsights, type TeamInsightMember, type TeamInsightPeriod, type TeamInsightWeek } from "@common/api/team-insights";
import { useQuery } from "@tanstack/react-query";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { endpointQuery } from "@/lib/api-client";
import { formatCalendarDate, formatCalendarDay } from "@/lib/dates";
import { errorMessage } from "@/lib/queryClient";

type Figure = Exclude<keyof TeamInsightWeek, "week">;

const figures: { figure: Figure; title: string }[] = [
  { figure: "tabsProtected", title: "Tabs protected" },
  { figure: "emergencyBackups", title: "Emergency backups" },
  { figure: "restores", title: "Restores" },
];
const palette = ["#2563eb", "#059669", "#7c3aed", "#e11d48", "#d97706", "#0891b2", "#4f46e5", "#65a30d", "#db2777", "#475569"];

const label = (member: TeamInsightMember) => member.name ?? member.email;
const total = (member: TeamInsightMember, figure: Figure) => member.weeks.reduce((sum, week) => sum + week[figure], 0);

/**
 * Three bar charts (recharts) from `GET /api/team/insights`, one per figure, a bar per member in each week; and the
 * same figures as a table of totals per member, for screen readers and anyone who does not read charts.
 */
export default function TeamInsightsCharts({ weeks }: { weeks: TeamInsightPeriod }) {
  const insights = useQuery(endpointQuery(getTeamInsights, { query: { weeks } }));
  if (insights.isError) return <p className="mt-4 text-sm text-rose-700">{errorMessage(insights.error, "The insights could not be loaded.")}</p>;
  if (!insights.data) return <p className="mt-4 h-64 text-sm text-slate-500">Loading charts…</p>;
  const { members } = insights.data;
  return (
    <div className="mt-4">
      <div className="grid gap-6 lg:grid-cols-3">
        {figures.map(({ figure, title }) => {
          const rows = insights.data.weeks.map((week, index) => ({ week, ...Object.fromEntries(members.map((member) => [member.userId, member.weeks[index]?.[figure] ?? 0])) }));
          return (
            <figure key={figure} className="min-w-0">
              <figcaption className="flex items-baseline justify-between gap-2 text-sm">
                <span className="font-medium text-slate-800">{title}</span>
                <span className="text-slate-600">{members.reduce((sum, member) => sum + total(member, figure), 0)} in {weeks} weeks</span>
              </figcaption>
              <div className="mt-2 h-48" aria-hidden="true">
                <ResponsiveContainer width="100%" height="100%">
                  <BarChart data={rows} margin={{ top: 4, right: 4, bottom: 0, left: -24 }}>
                    <CartesianGrid vertical={false} stroke="#e2e8f0" />
                    <XAxis dataKey="week" tickFormatter={formatCalendarDay} tick={{ fontSize: 11 }} minTickGap={16} />
                    <YAxis allowDecimals={false} tick={{ fontSize: 11 }} />
                    <Tooltip labelFormatter={(week) => `Week of ${formatCalendarDate(String(week))}`} />
                    {members.length > 1 ? <Legend wrapperStyle={{ fontSize: 11 }} /> : null}
                    {members.map((member, index) => (
                      <Bar key={member.userId} dataKey={member.userId} name={label(member)} stackId="members" fill={palette[index % palette.length]} isAnimationActive={false} />
                    ))}
                  </BarChart>
                </ResponsiveContainer>
              </div>
            </figure>
          );
        })}
      </div>
      <table className="mt-6 w-full table-fixed text-left text-sm">
        <caption className="sr-only">Totals per member over {weeks} weeks</caption>
        <thead className="text-slate-500">
          <tr>
            <th scope="col" className="w-2/5 py-1 pr-2 font-medium">Member</th>
            {figures.map(({ figure, title }) => (
              <th key={figure} scope="col" className="py-1 pl-2 text-right align-bottom font-medium">{title}</th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {members.map((member) => (
            <tr key={member.userId}>
              <th scope="row" className="py-1 pr-2 font-normal text-slate-800 [overflow-wrap:anywhere]">{label(member)}</th>
              {figures.map(({ figure }) => (
                <td key={figure} className="py-1 pl-2 text-right tabular-nums text-slate-800">{total(member, figure)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
