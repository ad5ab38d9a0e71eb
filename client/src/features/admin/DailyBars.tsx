import { sectionCardLook } from "@/components/ui/section-card";
/** A small bar chart of one value per day, drawn as SVG: enough to see a trend at a glance. */
export function DailyBars({ title, days, value, format }: { title: string; days: { date: string }[]; value: (index: number) => number; format: (n: number) => string }) {
  const values = days.map((_, index) => value(index));
  const max = Math.max(1, ...values);
  const total = values.reduce((sum, n) => sum + n, 0);
  const width = 300;
  const height = 80;
  const barWidth = width / Math.max(1, days.length);
  return (
    <figure className={sectionCardLook}>
      <figcaption className="flex items-baseline justify-between">
        <span className="text-sm font-semibold text-slate-900">{title}</span>
        <span className="text-sm text-slate-500">{format(total)} in 30 days</span>
      </figcaption>
      <svg viewBox={`0 0 ${width} ${height}`} className="mt-3 h-24 w-full" role="img" aria-label={`${title}: ${format(total)} over the last 30 days`}>
        {values.map((n, index) => {
          const barHeight = (n / max) * (height - 4);
          return (
            <rect key={days[index]?.date} x={index * barWidth + 1} y={height - barHeight} width={Math.max(1, barWidth - 2)} height={barHeight} rx={1.5} className="fill-brand-500">
              <title>{`${days[index]?.date}: ${format(n)}`}</title>
            </rect>
          );
        })}
      </svg>
    </figure>
  );
}
