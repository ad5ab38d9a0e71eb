import { sectionCardLook } from "@/components/ui/section-card";
import type { UserStats } from "@common/api/backups";
import { CalendarDays, HardDrive, ShieldCheck, Sparkles } from "lucide-react";

/** spec 1 §2: the dashboard's four stat tiles, from GET /api/user/stats. */
export function StatTiles({ stats }: { stats: UserStats | undefined }) {
  const tiles = [
    { icon: ShieldCheck, label: "Protected tabs", value: stats?.protectedTabs },
    { icon: HardDrive, label: "Data saved", value: stats?.dataSaved },
    { icon: CalendarDays, label: "Days active", value: stats?.daysActive },
    { icon: Sparkles, label: "Plan", value: stats?.planStatus },
  ];
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label="Your protection in numbers">
      {tiles.map(({ icon: Icon, label, value }) => (
        <li key={label} className={sectionCardLook}>
          <p className="flex items-center gap-2 text-sm text-slate-500">
            <Icon className="size-4 text-brand-600" aria-hidden="true" />
            {label}
          </p>
          <p className="mt-2 text-2xl font-bold text-slate-900">{value ?? "—"}</p>
        </li>
      ))}
    </ul>
  );
}
