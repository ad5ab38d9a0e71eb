import { BACKUP_TIMELINE, type BackupMoment, listBackupMoments } from "@common/api/backup-timeline";
import { browserName, triggerLabels } from "@common/api/backups";
import { useInfiniteQuery } from "@tanstack/react-query";
import { History, Loader2, RotateCcw, X } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { call, endpointKey } from "@/lib/api-client";
import { cn } from "@/lib/class-names";
import { formatClockTime, formatDate } from "@/lib/dates";
import { errorMessage } from "@/lib/queryClient";
import { MomentChanges } from "./MomentChanges";

/** Which moments the timeline lists: the device of backup `from`, read a few hundred at a time, newest first. */
function useMoments(from: string) {
  return useInfiniteQuery({
    queryKey: [...endpointKey(listBackupMoments), from],
    queryFn: ({ pageParam, signal }) =>
      call(listBackupMoments, { params: { id: from }, query: { limit: BACKUP_TIMELINE.defaultLimit, ...(pageParam ? { before: pageParam } : {}) } }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.more ? last.moments.at(-1)?.createdAt : undefined),
  });
}

/** The moments of one list grouped under their day, in order. */
function byDay(moments: readonly BackupMoment[]): { day: string; moments: BackupMoment[] }[] {
  const days: { day: string; moments: BackupMoment[] }[] = [];
  for (const moment of moments) {
    const day = formatDate(moment.createdAt);
    const last = days.at(-1);
    if (last?.day === day) last.moments.push(moment);
    else days.push({ day, moments: [moment] });
  }
  return days;
}

/** In a backup's details: opens the timeline of the device that made it. */
export function OpenTimelineButton({ onOpen }: { onOpen: () => void }) {
  return (
    <Button variant="outline" className="mt-4 w-full sm:w-auto" onClick={onOpen}>
      <History aria-hidden="true" />
      Timeline of this device
    </Button>
  );
}

/**
 * A device's timeline in the Session Manager (decision 222): every moment kept of the device that made the backup
 * it was opened from, by day. Picking one selects that backup in the Session Manager (its details, tabs and restore
 * are the usual ones, shown below), and the timeline says what changed since the moment before it, or since another.
 */
export function BackupTimeline({
  from,
  picked,
  restoring,
  onClose,
  onPick,
  onRestoreMoment,
}: {
  /** The backup the timeline was opened from: its device's moments are listed. */
  from: string;
  /** The backup selected in the Session Manager: the picked moment. */
  picked: { id: string; restorable: boolean };
  restoring: boolean;
  onClose: () => void;
  onPick: (id: string) => void;
  onRestoreMoment: (id: string) => void;
}) {
  const timeline = useMoments(from);
  const first = timeline.data?.pages[0];
  const moments = timeline.data?.pages.flatMap((page) => page.moments) ?? [];
  const at = moments.findIndex((moment) => moment.id === picked.id);
  const device = first ? (first.deviceName ?? (first.browserType ? browserName(first.browserType) : "This browser")) : "this device";

  return (
    <section aria-labelledby="timeline-heading" className="mb-6 rounded-xl border border-slate-200 p-3 sm:p-4">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id="timeline-heading" className="flex items-center gap-2 text-base font-semibold text-slate-900">
            <History className="size-4 shrink-0 text-brand-600" aria-hidden="true" />
            <span className="min-w-0 break-words">Timeline of {device}</span>
          </h3>
          <p className="mt-1 text-sm text-slate-600">
            {timeline.isSuccess
              ? `${moments.length}${timeline.hasNextPage ? "+" : ""} ${moments.length === 1 ? "moment" : "moments"} kept. Pick one to see what was open then and what changed.`
              : "Every backup this device made that is kept."}
          </p>
        </div>
        <Button variant="ghost" size="icon" onClick={onClose} aria-label="Close the timeline">
          <X aria-hidden="true" />
        </Button>
      </div>

      {timeline.isPending ? (
        <p className="flex items-center gap-2 py-4 text-sm text-slate-500">
          <Loader2 className="size-4 animate-spin" aria-hidden="true" /> Loading the timeline…
        </p>
      ) : timeline.isError ? (
        <p className="py-4 text-sm text-red-700" role="alert">
          The timeline could not be read: {errorMessage(timeline.error, "try again")}
        </p>
      ) : (
        <>
          <ol aria-label="Moments" className="mt-3 max-h-72 overflow-y-auto rounded-lg border border-slate-100">
            {byDay(moments).map(({ day, moments: ofDay }) => (
              <li key={day}>
                <p className="sticky top-0 bg-slate-50 px-3 py-1 text-xs font-semibold text-slate-600">{day}</p>
                <ul>
                  {ofDay.map((moment) => (
                    <li key={moment.id}>
                      <MomentButton moment={moment} picked={moment.id === picked.id} onPick={() => onPick(moment.id)} />
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
          {timeline.hasNextPage ? (
            <Button variant="ghost" size="sm" className="mt-2" onClick={() => void timeline.fetchNextPage()} disabled={timeline.isFetchingNextPage}>
              {timeline.isFetchingNextPage ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
              Show older moments
            </Button>
          ) : null}
          {at === -1 ? null : (
            <div className="mt-4">
              <Button onClick={() => onRestoreMoment(picked.id)} disabled={!picked.restorable || restoring} className="w-full sm:w-auto">
                {restoring ? <Loader2 className="animate-spin" aria-hidden="true" /> : <RotateCcw aria-hidden="true" />}
                Restore this moment
              </Button>
              <MomentChanges key={picked.id} until={moments[at]!} earlier={moments.slice(at + 1)} later={moments.slice(0, at)} />
            </div>
          )}
        </>
      )}
    </section>
  );
}

/** One moment in the list: its time to the second (moments of one hour are minutes apart), its tabs and its kind. */
function MomentButton({ moment, picked, onPick }: { moment: BackupMoment; picked: boolean; onPick: () => void }) {
  const kind = moment.triggerEvent === "auto_backup" ? null : (triggerLabels[moment.triggerEvent] ?? moment.triggerEvent);
  return (
    <button
      type="button"
      aria-pressed={picked}
      onClick={onPick}
      className={cn(
        "flex min-h-11 w-full items-center gap-3 px-3 py-2 text-left text-sm focus-visible:outline-2 focus-visible:outline-brand-500",
        picked ? "bg-brand-50 font-semibold text-brand-900" : "text-slate-800 hover:bg-slate-50",
      )}
    >
      <span className={cn("size-2.5 shrink-0 rounded-full", picked ? "bg-brand-600" : "border border-slate-400")} aria-hidden="true" />
      <span className="tabular-nums">{formatClockTime(moment.createdAt)}</span>
      <span className="text-slate-600">
        {moment.tabCount} {moment.tabCount === 1 ? "tab" : "tabs"}
      </span>
      {kind ? <Badge variant={moment.triggerEvent === "manual_save" ? "secondary" : "warning"}>{kind}</Badge> : null}
      {moment.pinned ? <Badge variant="outline">Pinned</Badge> : null}
    </button>
  );
}
