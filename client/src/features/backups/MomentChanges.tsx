import { type BackupMoment, compareBackups } from "@common/api/backup-timeline";
import type { SavedTab } from "@common/api/backups";
import { useQuery } from "@tanstack/react-query";
import { ExternalLink, Loader2, Minus, Plus } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { EncryptedMark, EncryptedTabHint, isReadable, shownTitle, TabIcon } from "@/features/encryption/EncryptedTab";
import { useShownLocation, useShownLocations } from "@/features/encryption/useTabLocation";
import { unopenedNote, useRestoreInThisBrowser } from "@/features/extension-bridge/useRestoreInThisBrowser";
import { endpointQuery } from "@/lib/api-client";
import { formatClockTime, formatDate } from "@/lib/dates";
import { errorMessage } from "@/lib/queryClient";
import { toast } from "@/lib/use-toast";
import { completeChanges } from "./moment-changes";

/** A moment to the second: moments of one device are minutes apart, those of one upload burst seconds. */
const when = (moment: BackupMoment) => `${formatDate(moment.createdAt)}, ${formatClockTime(moment.createdAt)}`;
const tabs = (count: number) => `${count} ${count === 1 ? "tab" : "tabs"}`;

/**
 * What changed between the picked moment and another (the one before it unless another is chosen): the tabs
 * opened and closed, each restorable on its own (decision 222). Sealed tabs the server could not pair are
 * compared here with this browser's key (decision 199).
 */
export function MomentChanges({ until, earlier, later }: { until: BackupMoment; earlier: BackupMoment[]; later: BackupMoment[] }) {
  const [otherId, setOtherId] = useState<string | null>(earlier[0]?.id ?? null);
  const selectId = useId();
  const other = [...earlier, ...later].find((moment) => moment.id === otherId) ?? null;
  // Always from the older moment to the newer one: "opened" means opened since.
  const [from, to] = other === null ? [null, until] : Date.parse(other.createdAt) <= Date.parse(until.createdAt) ? [other, until] : [until, other];

  return (
    <div className="mt-4">
      <label htmlFor={selectId} className="text-sm font-medium text-slate-800">
        Compare with
      </label>
      <select
        id={selectId}
        className="mt-1 h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900"
        value={otherId ?? ""}
        onChange={(event) => setOtherId(event.target.value === "" ? null : event.target.value)}
      >
        <option value="">Nothing</option>
        {[...later, ...earlier].map((moment) => (
          <option key={moment.id} value={moment.id}>
            {when(moment)} — {tabs(moment.tabCount)}
            {moment.id === earlier[0]?.id ? " (the moment before)" : ""}
          </option>
        ))}
      </select>
      {from === null ? (
        <p className="mt-3 text-sm text-slate-600">{earlier.length === 0 ? "The oldest moment kept of this device: nothing before it to compare with." : "Pick a moment to compare with."}</p>
      ) : (
        <Changes since={from} until={to} />
      )}
    </div>
  );
}

function Changes({ since, until }: { since: BackupMoment; until: BackupMoment }) {
  const answer = useQuery(endpointQuery(compareBackups, { params: { id: until.id }, query: { since: since.id } }));
  const sinceShown = useShownLocations(answer.data?.sealedToCompare.since);
  const untilShown = useShownLocations(answer.data?.sealedToCompare.until);
  const restore = useRestoreInThisBrowser<SavedTab>({
    tabsToOpen: (tab) => [tab],
    ifNoAnswer: "open-here",
    startedText: "The extension is reopening the tab.",
    failure: { title: "Restore Failed", fallback: "The tab could not be reopened." },
    onOpenedHere: ({ opened, unopened, refusal }) =>
      toast({ title: opened > 0 ? "Tab Restored" : "Tab Not Restored", description: `${opened > 0 ? "Opened in a new tab. Allow pop-ups if it did not open." : ""}${unopenedNote(unopened)}${refusal}`.trim() }),
  });

  if (answer.isPending) {
    return (
      <p className="mt-3 flex items-center gap-2 text-sm text-slate-500">
        <Loader2 className="size-4 animate-spin" aria-hidden="true" /> Comparing…
      </p>
    );
  }
  if (answer.isError) {
    return (
      <p className="mt-3 text-sm text-red-700" role="alert">
        The moments could not be compared: {errorMessage(answer.error, "try again")}
      </p>
    );
  }
  if (sinceShown === undefined || untilShown === undefined) {
    return (
      <p className="mt-3 flex items-center gap-2 text-sm text-slate-500">
        <Loader2 className="size-4 animate-spin" aria-hidden="true" /> Opening encrypted tabs with this browser's key…
      </p>
    );
  }
  const changes = completeChanges(answer.data, sinceShown, untilShown);
  return (
    <section aria-label="What changed" className="mt-3">
      <h4 className="text-sm font-semibold text-slate-900">
        {formatDate(since.createdAt) === formatDate(until.createdAt)
          ? `What changed on ${formatDate(until.createdAt)} from ${formatClockTime(since.createdAt)} to ${formatClockTime(until.createdAt)}`
          : `What changed from ${when(since)} to ${when(until)}`}
      </h4>
      <p className="mt-1 text-sm text-slate-600" role="status">
        {tabs(changes.opened.length)} opened, {tabs(changes.closed.length)} closed, {tabs(changes.stillOpen)} open at both.
        {changes.uncompared > 0 ? ` ${tabs(changes.uncompared)} encrypted with a key this browser does not hold could not be compared.` : ""}
      </p>
      <ChangedTabs label="Closed" tabs={changes.closed} restoring={restore.restore.isPending} onRestore={(tab) => restore.restore.mutate(tab)} />
      <ChangedTabs label="Opened" tabs={changes.opened} restoring={restore.restore.isPending} onRestore={(tab) => restore.restore.mutate(tab)} />
    </section>
  );
}

function ChangedTabs({ label, tabs: list, restoring, onRestore }: { label: "Opened" | "Closed"; tabs: SavedTab[]; restoring: boolean; onRestore: (tab: SavedTab) => void }) {
  if (list.length === 0) return null;
  const Icon = label === "Opened" ? Plus : Minus;
  return (
    <>
      <h5 className="mt-3 flex items-center gap-1.5 text-xs font-semibold tracking-wide text-slate-600 uppercase">
        <Icon className={label === "Opened" ? "size-3.5 text-emerald-600" : "size-3.5 text-red-600"} aria-hidden="true" />
        {label} ({list.length})
      </h5>
      <ul aria-label={label} className="mt-1 divide-y divide-slate-100 rounded-lg border border-slate-200">
        {list.map((tab) => (
          <ChangedTab key={tab.id} tab={tab} restoring={restoring} onRestore={() => onRestore(tab)} />
        ))}
      </ul>
    </>
  );
}

/** One tab opened or closed: its title and address (opened with this browser's key when sealed) and its own restore. */
function ChangedTab({ tab, restoring, onRestore }: { tab: SavedTab; restoring: boolean; onRestore: () => void }) {
  const location = useShownLocation(tab);
  const readable = isReadable(location);
  const title = shownTitle(location);
  return (
    <li className="flex items-center gap-3 px-3 py-2">
      <TabIcon location={location} />
      <div className="min-w-0 flex-1">
        <p className="flex items-center gap-2 text-sm font-medium text-slate-900">
          <span className="truncate">{title}</span>
          {location?.state === "opened" ? <EncryptedMark /> : null}
        </p>
        <p className="truncate text-xs text-slate-500">{readable ? location.url : <EncryptedTabHint location={location} />}</p>
      </div>
      <Button variant="outline" size="sm" className="min-h-10 shrink-0" onClick={onRestore} disabled={!readable || restoring} aria-label={`Restore ${title}`}>
        <ExternalLink aria-hidden="true" />
        Restore
      </Button>
    </li>
  );
}
