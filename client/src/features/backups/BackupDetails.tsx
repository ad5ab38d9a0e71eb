import type { BackupOverview } from "@common/api/backup-pages";
import { browserName, cameThroughSync, triggerLabels } from "@common/api/backups";
import { AppWindow, Loader2, Pin, RotateCcw, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { formatDateTime } from "@/lib/dates";
import { ExportMenu } from "@/features/library/ExportMenu";
import { BackupDigestPanel } from "./BackupDigestPanel";
import { BackupTabList } from "./BackupTabList";
import { BackupWindows } from "./BackupWindows";
import { SuggestedGroupsPanel } from "./SuggestedGroupsPanel";
import { TapToRestore } from "./TapToRestore";


/** The selected backup: device, created, type, and its tabs (a page at a time) with what was typed and where it was read. */
export function BackupDetails({
  backup,
  restoring,
  inThisBrowser,
  deleting,
  onRestore,
  onRestoreWithGroups,
  onDelete,
  organise,
  timeline,
}: {
  backup: BackupOverview;
  /** The library's rename, tags, note and pin (client/src/features/library/OrganisePanel.tsx). */
  organise?: ReactNode;
  /** This device's timeline, or the button that opens it (BackupTimeline.tsx, decision 222). */
  timeline?: ReactNode;
  restoring: boolean;
  /** The TabVault extension is installed: it restores the windows as saved, in this browser. */
  inThisBrowser: boolean;
  deleting: boolean;
  onRestore: () => void;
  /** Restore in this browser with the suggested tab groups (tab organization, Pro and up). */
  onRestoreWithGroups: () => void;
  onDelete: () => void;
}) {
  return (
    <div>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
            <span className="truncate">{backup.sessionName}</span>
            {backup.pinned ? <Badge variant="secondary"><Pin className="size-3" aria-hidden="true" />Pinned</Badge> : null}
          </h2>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-slate-500">Device</dt>
            <dd className="text-slate-800">
              {backup.deviceName ?? (backup.browserType ? browserName(backup.browserType) : "This browser")}
              {cameThroughSync(backup) ? " — through the browser's tab sync" : ""}
            </dd>
            <dt className="text-slate-500">Created</dt>
            <dd className="text-slate-800">{formatDateTime(backup.createdAt)}</dd>
            <dt className="text-slate-500">Type</dt>
            <dd className="text-slate-800">{triggerLabels[backup.triggerEvent] ?? backup.triggerEvent}</dd>
            <BackupWindows windows={backup.windows} />
            {backup.note ? (
              <>
                <dt className="text-slate-500">Note</dt>
                <dd className="whitespace-pre-line text-slate-800">{backup.note}</dd>
              </>
            ) : null}
          </dl>
        </div>
        <div className="flex flex-wrap gap-2">
          <ExportMenu backupId={backup.id} sealedTabCount={backup.sealedTabCount} />
          <Button onClick={onRestore} disabled={!backup.restorable || restoring}>
            {restoring ? <Loader2 className="animate-spin" aria-hidden="true" /> : <RotateCcw aria-hidden="true" />}
            {restoring ? "Restoring..." : inThisBrowser ? "Restore in this browser" : "Restore Session"}
          </Button>
          <Button variant="outline" size="icon" onClick={onDelete} disabled={deleting} aria-label="Delete session">
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      </div>

      {/* Without the extension (a phone): one new tab per tap is what the browser allows (decision 219). */}
      {!inThisBrowser && backup.restorable && backup.tabCount > 0 ? <TapToRestore key={backup.id} backupId={backup.id} /> : null}

      {timeline}

      {organise}

      {backup.tabCount > 0 ? <BackupDigestPanel sessionId={backup.id} /> : null}
      {backup.tabCount > 0 && backup.restorable ? (
        <SuggestedGroupsPanel sessionId={backup.id} inThisBrowser={inThisBrowser} restoring={restoring} onRestoreWithGroups={onRestoreWithGroups} />
      ) : null}

      {backup.tabCount > 0 ? <BackupTabList key={backup.id} backupId={backup.id} tabCount={backup.tabCount} /> : null}

      {backup.openApps.length > 0 ? (
        <>
          <h3 className="mt-6 text-sm font-semibold text-slate-900">Applications ({backup.openApps.length})</h3>
          <ul className="mt-2 divide-y divide-slate-100 rounded-xl border border-slate-200">
            {backup.openApps.map((app, index) => (
              <li key={`${app.processName}-${index}`} className="flex items-start gap-3 p-3 text-sm">
                <AppWindow className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden="true" />
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">
                    {app.windowTitle || app.processName} {app.isUnsaved ? <Badge variant="warning">Unsaved</Badge> : null}
                  </p>
                  <p className="truncate text-xs text-slate-500">{app.documentPath ?? app.processName}</p>
                </div>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
