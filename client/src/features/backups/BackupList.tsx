import type { BackupSummary } from "@common/api/backups";
import { cameThroughSync, triggerLabels } from "@common/api/backups";
import { AppWindow, Layers, Pin, RefreshCw } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/class-names";
import { formatDateTime } from "@/lib/dates";
import { VirtualList } from "./VirtualList";

/** Emergencies stand out; what the person or the timer saved does not. */
const triggerBadge: Record<string, "secondary" | "outline"> = { manual_save: "secondary", auto_backup: "outline" };

/** The Session Manager's list of backups (up to 500), drawn a screen at a time; each row selects a backup or ticks it. */
export function BackupList({
  label,
  backups,
  selectedId,
  chosen,
  onSelect,
  onChoose,
}: {
  label: string;
  backups: BackupSummary[];
  selectedId: string | null;
  chosen: string[];
  onSelect: (id: string) => void;
  onChoose: (id: string, on: boolean) => void;
}) {
  return (
    <VirtualList
      label={label}
      rowCount={backups.length}
      rowHeight={68}
      rowKey={(index) => backups[index]!.id}
      className="max-h-96"
      listClassName="divide-y divide-slate-100"
      rowClassName="flex items-stretch"
      renderRow={(index) => {
        const backup = backups[index]!;
        return (
          <>
            <label className="flex cursor-pointer items-center pl-4">
              <input
                type="checkbox"
                className="size-4 accent-brand-600"
                checked={chosen.includes(backup.id)}
                onChange={(event) => onChoose(backup.id, event.target.checked)}
                aria-label={`Select ${backup.sessionName}`}
              />
            </label>
            <button
              type="button"
              onClick={() => onSelect(backup.id)}
              aria-current={selectedId === backup.id ? "true" : undefined}
              className={cn(
                "flex min-w-0 flex-1 cursor-pointer flex-col gap-1 px-3 py-3 text-left transition hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-none",
                selectedId === backup.id && "bg-brand-50 hover:bg-brand-50",
              )}
            >
              <span className="flex items-center justify-between gap-2">
                <span className="flex min-w-0 items-center gap-1.5">
                  {backup.pinned ? <Pin className="size-3.5 shrink-0 text-brand-600" aria-label="Pinned" /> : null}
                  <span className="truncate font-medium text-slate-900">{backup.sessionName}</span>
                </span>
                <Badge variant={triggerBadge[backup.triggerEvent] ?? "warning"}>{triggerLabels[backup.triggerEvent] ?? backup.triggerEvent}</Badge>
              </span>
              <span className="flex flex-wrap items-center gap-x-3 text-xs text-slate-600">
                <span className="inline-flex items-center gap-1">
                  <Layers className="size-3.5" aria-hidden="true" />
                  {backup.tabCount} {backup.tabCount === 1 ? "tab" : "tabs"}
                </span>
                <span className="inline-flex items-center gap-1">
                  <AppWindow className="size-3.5" aria-hidden="true" />
                  {backup.appCount} {backup.appCount === 1 ? "app" : "apps"}
                </span>
                {cameThroughSync(backup) ? (
                  // Another device's tabs, read through the browser's sync (decision 219).
                  <span className="inline-flex items-center gap-1">
                    <RefreshCw className="size-3.5" aria-hidden="true" />
                    {backup.deviceName ?? "Another device"}, through sync
                  </span>
                ) : null}
                <time dateTime={backup.createdAt}>{formatDateTime(backup.createdAt)}</time>
                {backup.tags.map((tag) => (
                  <span key={tag} className="rounded-full bg-slate-100 px-2 text-slate-700">
                    {tag}
                  </span>
                ))}
              </span>
            </button>
          </>
        );
      }}
    />
  );
}
