import { SectionCard } from "@/components/ui/section-card";
import type { ProtectionEvent } from "@common/api/protection";
import { History } from "lucide-react";
import { formatDateTime } from "@/lib/dates";


/** The latest protection events: backups, restores, blocks. */
export function RecentEvents({ events }: { events: ProtectionEvent[] | undefined }) {
  return (
    <SectionCard id="recent-events" icon={History} title="Recent protection events">
      {events && events.length > 0 ? (
        <ul className="mt-3 divide-y divide-slate-100">
          {events.map((event) => (
            <li key={event.id} className="flex items-center justify-between gap-3 py-2 text-sm">
              <span className="text-slate-800">{event.description}</span>
              <time className="shrink-0 text-xs text-slate-500" dateTime={event.createdAt}>
                {formatDateTime(event.createdAt)}
              </time>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-sm text-slate-500">Nothing yet. Backups, restores and blocked Clear All attempts show up here.</p>
      )}
    </SectionCard>
  );
}
