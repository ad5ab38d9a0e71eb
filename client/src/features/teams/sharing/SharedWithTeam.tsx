import { isWebAddress } from "@common/web-address";
import { sectionCardLook } from "@/components/ui/section-card";
import { cn } from "@/lib/class-names";
import { getUserStats } from "@common/api/backups";
import { getTeamSharedBackup, listTeamSharedBackups, type SharedBackup } from "@common/api/team-sharing";
import { planHasFeature } from "@common/plan-catalogue";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ChevronDown, ChevronUp, Globe, Loader2, Pin, RotateCcw, Users } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useAuth } from "@/features/accounts/useAuth";
import { requestSharedRestore } from "@/features/extension-bridge/bridge";
import { useRestoreInThisBrowser } from "@/features/extension-bridge/useRestoreInThisBrowser";
import { endpointKey, endpointQuery } from "@/lib/api-client";
import { formatDateTime } from "@/lib/dates";
import { errorMessage } from "@/lib/queryClient";
import { toast } from "@/lib/use-toast";
import { restoreShared } from "./team-sharing-api";

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/**
 * "Shared with your team" in the Session Manager: the backups the team's members shared, to look
 * through and restore in this browser — through the installed, connected extension (windows, pins and groups as
 * saved), or one tab after another without it. Shown only to people in a team.
 */
export function SharedWithTeam() {
  const { user } = useAuth();
  const included = user?.team != null && planHasFeature(user.planType, "teamManagement");
  const shared = useQuery({ ...endpointQuery(listTeamSharedBackups), enabled: included });
  if (!included) return null;
  return (
    <section aria-labelledby="team-shared-heading" className={cn(sectionCardLook, "mt-8")}>
      <h2 id="team-shared-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Users className="size-5 text-brand-600" aria-hidden="true" />
        Shared with your team
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Backups the members of {user.team?.name} shared. Form entries and anything end-to-end encrypted never leave the person who saved them.
      </p>
      {shared.isError ? (
        <p className="mt-3 text-sm text-rose-700">{errorMessage(shared.error, "The shared backups could not be loaded.")}</p>
      ) : !shared.data ? (
        <p className="mt-3 flex items-center gap-2 text-sm text-slate-500">
          <Loader2 className="size-4 animate-spin" aria-hidden="true" /> Loading…
        </p>
      ) : shared.data.length === 0 ? (
        <p className="mt-3 text-sm text-slate-500">Nothing is shared yet. Select one of your backups below and choose "Share with your team".</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100 rounded-xl border border-slate-200" aria-label="Shared with your team">
          {shared.data.map((share) => (
            <SharedRow key={share.id} share={share} />
          ))}
        </ul>
      )}
    </section>
  );
}

function SharedRow({ share }: { share: SharedBackup }) {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const { viaExtension, restore } = useRestoreInThisBrowser({
    record: () => restoreShared(share.id),
    handOff: () => requestSharedRestore(share.id),
    tabsToOpen: (_variables, recorded) => recorded?.session.tabs ?? [],
    needsConnection: true,
    ifNoAnswer: "open-here",
    startedText: "The extension is reopening the shared windows.",
    failure: { title: "Restoration Failed", fallback: "The shared backup could not be restored." },
    onDone: () => void queryClient.invalidateQueries({ queryKey: endpointKey(getUserStats) }),
    onOpenedHere: ({ opened, refusal }) => {
      toast({ title: "Session Restored", description: `${plural(opened, "tab")} of "${share.sessionName}" restored. Allow pop-ups if some tabs did not open.${refusal}` });
    },
  });
  const who = share.mine ? "you" : (share.sharedBy.name ?? share.sharedBy.email);
  return (
    <li className="p-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <p className="truncate font-medium text-slate-900">{share.sessionName}</p>
          <p className="text-xs text-slate-500">
            {plural(share.tabCount, "tab")} · shared by {who} · {formatDateTime(share.sharedAt)}
          </p>
        </div>
        <div className="flex gap-2">
          <Button size="sm" variant="ghost" aria-expanded={open} onClick={() => setOpen(!open)} aria-label={`${open ? "Hide" : "Show"} the tabs of ${share.sessionName}`}>
            {open ? <ChevronUp aria-hidden="true" /> : <ChevronDown aria-hidden="true" />}
            Tabs
          </Button>
          <Button size="sm" onClick={() => restore.mutate()} disabled={restore.isPending} aria-label={`Restore ${share.sessionName}`}>
            {restore.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <RotateCcw aria-hidden="true" />}
            {viaExtension ? "Restore in this browser" : "Restore"}
          </Button>
        </div>
      </div>
      {open ? <SharedTabs id={share.id} /> : null}
    </li>
  );
}

function SharedTabs({ id }: { id: string }) {
  const backup = useQuery(endpointQuery(getTeamSharedBackup, { params: { id } }));
  if (backup.isError) return <p className="mt-2 text-sm text-rose-700">{errorMessage(backup.error, "The tabs could not be loaded.")}</p>;
  if (!backup.data) return <p className="mt-2 text-sm text-slate-500">Loading…</p>;
  const tabs = backup.data.windows.flatMap((window) => window.tabs);
  return (
    <ul className="mt-2 max-h-64 space-y-1 overflow-y-auto text-sm" aria-label="Shared tabs">
      {tabs.map((tab, index) => (
        <li key={`${index}-${tab.url}`} className="flex items-center gap-2">
          {tab.pinned ? <Pin className="size-3 shrink-0 text-slate-400" aria-label="Pinned" /> : <Globe className="size-3 shrink-0 text-slate-400" aria-hidden="true" />}
          {isWebAddress(tab.url) ? (
            <a className="truncate text-brand-700 underline-offset-4 hover:underline" href={tab.url} target="_blank" rel="noopener noreferrer">
              {tab.title || tab.url}
            </a>
          ) : (
            // Only web pages are links (decision 220): any other address from the server is shown as text.
            <span className="truncate text-slate-600">{tab.title || tab.url}</span>
          )}
        </li>
      ))}
    </ul>
  );
}
