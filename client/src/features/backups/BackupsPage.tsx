import { sectionCardLook } from "@/components/ui/section-card";
import { toastFailure } from "@/lib/failure-toast";
import { listBackups, type RestoreResponse } from "@common/api/backups";
import { getBackupOverview } from "@common/api/backup-pages";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CopyMinus, Loader2, Merge, Save, Search, Tag } from "lucide-react";
import { useEffect, useState } from "react";
import { BackupList } from "./BackupList";
import { BackupDetails } from "./BackupDetails";
import { BackupTimeline, OpenTimelineButton } from "./BackupTimeline";
import { deleteSavedBackup, matchesFilter, restoreSavedBackup, BACKUP_TAB_PAGES_KEY, BACKUP_DETAILS_KEY, BACKUP_LIST_KEY, saveCurrentBackup, saveFailureMessage, tabPageQuery, type BackupFilter, USER_STATS_KEY } from "./backup-api";
import { requestRestore } from "@/features/extension-bridge/bridge";
import { unopenedNote, useRestoreInThisBrowser } from "@/features/extension-bridge/useRestoreInThisBrowser";
import { useAuth } from "@/features/accounts/useAuth";
import { prepareTabsOnce } from "@/features/encryption/form-sealer";
import { matchesLabels } from "@/features/encryption/label-sealing";
import { useOpenedBackupLabels, useOpenedLabels } from "@/features/encryption/useBackupLabels";
import { searchLibrary } from "@common/api/library-organise";
import { ImportButton, importHelp } from "@/features/library/ImportButton";
import { LibrarySearch } from "@/features/library/LibrarySearch";
import { dedupe, merge } from "@/features/library/organise-api";
import { OrganisePanel } from "@/features/library/OrganisePanel";
import { useOrganise } from "@/features/library/useOrganise";
import { OpenOnOtherDevices } from "@/features/open-tabs/OpenOnOtherDevices";
import { SharedWithTeam } from "@/features/teams/sharing/SharedWithTeam";
import { ShareWithTeam } from "@/features/teams/sharing/ShareWithTeam";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { toast } from "@/lib/use-toast";
import { endpointKey, endpointQuery } from "@/lib/api-client";
import { formatDateTime } from "@/lib/dates";

const filters: { value: BackupFilter; label: string; empty: string }[] = [
  { value: "all", label: "Saved Sessions", empty: "No saved sessions yet" },
  { value: "emergency", label: "Emergency Backups", empty: "No emergency backups found" },
  { value: "manual", label: "Manual Saves", empty: "No manual saves found" },
];

/** `/sessions`: the Session Manager. Signed-out visitors get the landing page (routes.tsx). */
export default function BackupsPage() {
  const queryClient = useQueryClient();
  const email = useAuth().user?.email ?? "";
  const [filter, setFilter] = useState<BackupFilter>("all");
  const [selectedId, setSelectedIdOnly] = useState<string | null>(null);
  // The backup whose device's timeline is open; picking one of its moments selects it and keeps the timeline open.
  const [timelineFrom, setTimelineFrom] = useState<string | null>(null);
  const setSelectedId = (id: string | null) => {
    setSelectedIdOnly(id);
    setTimelineFrom(null);
  };
  const [tagFilter, setTagFilter] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const [labelQuery, setLabelQuery] = useState("");
  const backups = useQuery(endpointQuery(listBackups));
  // Names, tags and notes sealed in a browser are opened here, and only here (decision 237).
  const shown = useOpenedLabels(backups.data);
  const allTags = [...new Set((shown ?? []).flatMap((backup) => backup.tags))].sort();
  // The overview only (labels, applications): the tabs come a page at a time as the list shows them (decision 165).
  const selected = useQuery({ ...endpointQuery(getBackupOverview, { params: { id: selectedId ?? "" } }), enabled: selectedId !== null });
  const selectedShown = useOpenedBackupLabels(selected.data);
  // The first page of tabs is asked for beside the overview, not after it: the first screen waits for one round trip.
  useEffect(() => {
    if (selectedId !== null) void queryClient.prefetchQuery(tabPageQuery(selectedId, 0));
  }, [queryClient, selectedId]);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: BACKUP_LIST_KEY });
    void queryClient.invalidateQueries({ queryKey: BACKUP_DETAILS_KEY });
    void queryClient.invalidateQueries({ queryKey: BACKUP_TAB_PAGES_KEY });
    void queryClient.invalidateQueries({ queryKey: USER_STATS_KEY });
  };

  const organise = useOrganise((backupId) => {
    refresh();
    void queryClient.invalidateQueries({ queryKey: endpointKey(searchLibrary) });
    setChosen([]);
    if (backupId) setSelectedId(backupId);
  });
  const choose = (id: string, on: boolean) => setChosen((ids) => (on ? [...ids, id] : ids.filter((other) => other !== id)));
  // Merging keeps the list's order (newest first), whatever order the boxes were ticked in.
  const chosenInOrder = (backups.data ?? []).map((backup) => backup.id).filter((id) => chosen.includes(id));

  // The server records the restore and hands back the tabs either way; the extension, when installed, reopens the
  // windows as they were (pins, groups, or the suggested groups), and the tabs open one by one only without it.
  const { extension, restore } = useRestoreInThisBrowser<{ id: string; suggestedGroups?: boolean }, RestoreResponse>({
    record: ({ id }) => restoreSavedBackup(id),
    handOff: ({ id, suggestedGroups = false }) => requestRestore(id, { suggestedGroups }),
    tabsToOpen: (_variables, recorded) => recorded?.session.tabs ?? [],
    ifNoAnswer: "say-so",
    startedText: "The extension is reopening the saved windows.",
    failure: { title: "Restoration Failed", fallback: "The session could not be restored." },
    onDone: refresh,
    onOpenedHere: ({ recorded, opened, unopened, refusal }) => {
      const apps = recorded?.session.openApps.length ?? 0;
      const restored = `${opened} ${opened === 1 ? "tab" : "tabs"} and ${apps} ${apps === 1 ? "app" : "apps"} restored. Allow pop-ups if some tabs did not open.${unopenedNote(unopened)}`;
      toast({ title: "Session Restored", description: `${restored}${refusal}` });
    },
  });
  const remove = useMutation({
    mutationFn: deleteSavedBackup,
    onSuccess: () => {
      toast({ title: "Session Deleted", description: "Session and all associated data have been removed" });
      setSelectedId(null);
      refresh();
    },
    onError: (error) => {
      toastFailure(error, "The session could not be deleted.", "Deletion Failed");
    },
  });
  const save = useMutation({
    mutationFn: () => saveCurrentBackup(`Manual save ${formatDateTime(new Date())}`, (tabs) => prepareTabsOnce(email, queryClient, tabs)),
    onSuccess: (result) => {
      toast({ title: "Session Saved", description: result.limit ? result.limit.message : result.message });
      refresh();
    },
    onError: (error) => {
      toastFailure(error, "The session could not be saved.", "Save Failed", saveFailureMessage);
    },
  });

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">Session Manager</h1>
          <p className="mt-2 text-slate-600">Backups of your tabs, with what you typed and how far you had read.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <ImportButton
            onImported={(id) => {
              refresh();
              setSelectedId(id);
            }}
          />
          <Button onClick={() => save.mutate()} disabled={save.isPending}>
            {save.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Save aria-hidden="true" />}
            Save current session
          </Button>
        </div>
      </div>
      <p className="mt-3 max-w-3xl text-sm text-slate-500">{importHelp}</p>

      <LibrarySearch onShowBackup={(id) => {
        setFilter("all");
        setTagFilter(null);
        setSelectedId(id);
      }} />

      <div className="mt-6 flex max-w-md items-center gap-2">
        <Search className="size-4 text-slate-500" aria-hidden="true" />
        <label htmlFor="backup-label-search" className="sr-only">
          Find a backup by its name, tags or note
        </label>
        {/* A search's words are not typing a backup keeps (autocomplete=off, common/form-capture.ts): leaving the page
            after a search must not make an emergency backup, which on Free would replace the one backup kept. */}
        <Input id="backup-label-search" type="search" autoComplete="off" value={labelQuery} onChange={(event) => setLabelQuery(event.target.value)} placeholder="Find by name, tag or note" className="h-9" />
      </div>
      {shown?.some((backup) => backup.labelsLocked) ? (
        <p className="mt-2 text-sm text-slate-600">Some names, tags and notes are encrypted and this browser is locked: they show as Locked. Unlock on the Account page to read and find them.</p>
      ) : null}

      {allTags.length > 0 ? (
        <div className="mt-6 flex flex-wrap items-center gap-2" role="group" aria-label="Filter by tag">
          <span className="inline-flex items-center gap-1 text-sm text-slate-600">
            <Tag className="size-4" aria-hidden="true" /> Filter by tag:
          </span>
          <Button size="sm" variant={tagFilter === null ? "default" : "outline"} aria-pressed={tagFilter === null} onClick={() => setTagFilter(null)}>
            All
          </Button>
          {allTags.map((tag) => (
            <Button key={tag} size="sm" variant={tagFilter === tag ? "default" : "outline"} aria-pressed={tagFilter === tag} onClick={() => setTagFilter(tagFilter === tag ? null : tag)}>
              {tag}
            </Button>
          ))}
        </div>
      ) : null}

      {chosen.length > 0 ? (
        <div className="mt-4 flex flex-wrap items-center gap-2 rounded-xl border border-brand-200 bg-brand-50 p-3" role="region" aria-label="Selected backups">
          <span className="text-sm font-medium text-slate-800">{chosen.length} selected</span>
          <Button size="sm" disabled={chosen.length < 2 || organise.isPending} onClick={() => organise.mutate(() => merge(chosenInOrder))}>
            <Merge aria-hidden="true" />
            Merge into one
          </Button>
          <Button size="sm" variant="secondary" disabled={organise.isPending} onClick={() => organise.mutate(() => dedupe(chosenInOrder))}>
            <CopyMinus aria-hidden="true" />
            Remove duplicates across them
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setChosen([])}>
            Clear selection
          </Button>
        </div>
      ) : null}

      <OpenOnOtherDevices />
      <SharedWithTeam />

      <Tabs value={filter} onValueChange={(value) => setFilter(value as BackupFilter)} className="mt-8">
        <TabsList aria-label="Which sessions">
          {filters.map((item) => (
            <TabsTrigger key={item.value} value={item.value}>
              {item.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {filters.map((item) => {
          const list = (shown ?? []).filter((backup) => matchesFilter(backup, item.value) && (tagFilter === null || backup.tags.includes(tagFilter)) && matchesLabels(backup, labelQuery));
          return (
            <TabsContent key={item.value} value={item.value}>
              <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
                <div className="rounded-2xl border border-slate-200 bg-white shadow-sm">
                  {backups.isLoading || (backups.data !== undefined && shown === undefined) ? (
                    <p className="flex items-center gap-2 p-6 text-slate-500">
                      <Loader2 className="size-4 animate-spin" aria-hidden="true" /> Loading sessions…
                    </p>
                  ) : list.length === 0 ? (
                    <p className="p-6 text-center text-slate-500">{item.empty}</p>
                  ) : (
                    <BackupList label={item.label} backups={list} selectedId={selectedId} chosen={chosen} onSelect={setSelectedId} onChoose={choose} />
                  )}
                </div>
                <div className={sectionCardLook}>
                  {/* Open, the timeline stays above the picked moment's details while each one is read (decision 222). */}
                  {timelineFrom !== null && selectedId !== null ? (
                    <BackupTimeline
                      from={timelineFrom}
                      picked={{ id: selectedId, restorable: selected.data?.restorable ?? false }}
                      restoring={restore.isPending}
                      onClose={() => setTimelineFrom(null)}
                      onPick={setSelectedIdOnly}
                      onRestoreMoment={(id) => restore.mutate({ id })}
                    />
                  ) : null}
                  {selectedId === null ? (
                    <p className="py-10 text-center text-slate-500">Select a session to view details</p>
                  ) : selected.data && selectedShown ? (
                    <BackupDetails
                      backup={selectedShown}
                      restoring={restore.isPending}
                      inThisBrowser={extension !== null}
                      deleting={remove.isPending}
                      onRestore={() => restore.mutate({ id: selected.data.id })}
                      onRestoreWithGroups={() => restore.mutate({ id: selected.data.id, suggestedGroups: true })}
                      onDelete={() => remove.mutate(selected.data.id)}
                      timeline={timelineFrom === null ? <OpenTimelineButton onOpen={() => setTimelineFrom(selected.data.id)} /> : null}
                      organise={<><OrganisePanel key={`${selectedShown.id}\n${selectedShown.sessionName}\n${selectedShown.note ?? ""}`} backup={selectedShown} busy={organise.isPending} run={(action) => organise.mutate(action)} /><ShareWithTeam backup={selectedShown} /></>}
                    />
                  ) : (
                    <p className="flex items-center justify-center gap-2 py-10 text-slate-500">
                      <Loader2 className="size-4 animate-spin" aria-hidden="true" /> Loading…
                    </p>
                  )}
                </div>
              </div>
            </TabsContent>
          );
        })}
      </Tabs>
    </div>
  );
}
