import type { ProtectionEvent } from "@common/api/protection";
import { History } from "lucide-react";
import { formatDateTime } from "@/lib/dates";


/** The latest protection events (spec 1 §2): backups, restores, blocks. */
export function RecentEvents({ events }: { events: ProtectionEvent[] | undefined }) {
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" aria-labelledby="recent-events">
      <h2 id="recent-events" className="flex items-center gap-2 font-semibold text-slate-900">
        <History className="size-4 text-brand-600" aria-hidden="true" />
        Recent protection events
      </h2>
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
    </section>
  );
}
