import { isWebAddress } from "@common/web-address";
import { sectionCardLook } from "@/components/ui/section-card";
import { cn } from "@/lib/class-names";
import { getOpenTabs, listOpenTabs, type OpenTabs, type OpenTabsDevice } from "@common/api/open-tabs";
import { browserName } from "@common/api/backups";
import { planHasFeature } from "@common/plan-catalogue";
import { useQuery } from "@tanstack/react-query";
import { ChevronDown, ChevronUp, Loader2, MonitorSmartphone, Pin, RotateCcw } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { PlanGateNotice } from "@/features/payments/PlanGateNotice";
import { useAuth } from "@/features/accounts/useAuth";
import { requestOpenTabsRestore } from "@/features/extension-bridge/bridge";
import { unopenedNote, useRestoreInThisBrowser } from "@/features/extension-bridge/useRestoreInThisBrowser";
import { EncryptedMark, EncryptedTabHint, isReadable, shownTitle, TabIcon } from "@/features/encryption/EncryptedTab";
import { useShownLocation } from "@/features/encryption/useTabLocation";
import { useInstalledExtension } from "@/features/extension-bridge/useInstalledExtension";
import { call, endpointQuery } from "@/lib/api-client";
import { formatTimeAgo } from "@/lib/dates";
import { errorMessage } from "@/lib/queryClient";
import { toast } from "@/lib/use-toast";

/** The extension pushes within seconds of a change; reading twice a minute keeps the list under a minute old. */
const REFRESH_MS = 30_000;

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/**
 * "Open on other devices" in the Session Manager: every other connected browser's tabs as they
 * are open now, to look through and to reopen here: through the installed extension (windows, pins and groups as
 * they are there), or one tab after another without it. Below Pro, one line that says which plan has it.
 */
export function OpenOnOtherDevices() {
  const planType = useAuth().user?.planType ?? "free";
  const included = planHasFeature(planType, "cloudSync");
  const extension = useInstalledExtension();
  const devices = useQuery({ ...endpointQuery(listOpenTabs), enabled: included, refetchInterval: REFRESH_MS });
  // This browser's own row is not "another device".
  const others = (devices.data ?? []).filter((device) => device.deviceId !== extension?.deviceId);
  return (
    <section aria-labelledby="open-tabs-heading" className={cn(sectionCardLook, "mt-8")}>
      <h2 id="open-tabs-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <MonitorSmartphone className="size-5 text-brand-600" aria-hidden="true" />
        Open on other devices
      </h2>
      <p className="mt-1 text-sm text-slate-600">The tabs open right now in your other connected browsers, updated within a minute. They are not backups.</p>
      {!included ? (
        <PlanGateNotice feature="cloudSync" planType={planType} look="line" seePlans className="mt-3" />
      ) : devices.isError ? (
        <p className="mt-3 text-sm text-rose-700">{errorMessage(devices.error, "Your devices' tabs could not be loaded.")}</p>
      ) : !devices.data ? (
        <p className="mt-3 flex items-center gap-2 text-sm text-slate-500">
          <Loader2 className="size-4 animate-spin" aria-hidden="true" /> Loading…
        </p>
      ) : others.length === 0 ? (
        <p className="mt-3 text-sm text-slate-500">
          No other browser has sent its tabs yet. Connect the TabVault extension in another browser: its open tabs appear here within a minute.
        </p>
      ) : (
        <ul className="mt-4 space-y-3" aria-label="Other devices">
          {others.map((device) => (
            <DeviceRow key={device.deviceId} device={device} />
          ))}
        </ul>
      )}
    </section>
  );
}

function DeviceRow({ device }: { device: OpenTabsDevice }) {
  const [expanded, setExpanded] = useState(false);
  const tabs = useQuery({ ...endpointQuery(getOpenTabs, { params: { deviceId: device.deviceId } }), enabled: expanded });
  const { restore } = useRestoreInThisBrowser({
    handOff: () => requestOpenTabsRestore(device.deviceId),
    // Without the extension (or when it could not), the tabs open one after another.
    tabsToOpen: async () => {
      const open = await call(getOpenTabs, { params: { deviceId: device.deviceId } });
      return open.windows.flatMap((window) => window.tabs).map((tab, index) => ({ id: String(index), url: tab.url, title: tab.title, faviconUrl: tab.faviconUrl, isActive: tab.active, lastAccessed: null, formData: {}, scrollPosition: tab.scrollPosition, sealedLocation: tab.sealedLocation }));
    },
    ifNoAnswer: "open-here",
    startedText: `The extension is reopening the tabs of ${device.deviceName}.`,
    failure: { title: "Restoring failed", fallback: "The tabs could not be opened." },
    onOpenedHere: ({ opened, unopened, refusal }) => {
      toast({ title: "Tabs opened", description: `${plural(opened, "tab")} of ${device.deviceName} opened. Allow pop-ups if some did not open.${refusal}${unopenedNote(unopened)}` });
    },
  });
  const headingId = `device-${device.deviceId}`;
  return (
    <li className="rounded-xl border border-slate-200 p-4" aria-labelledby={headingId}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <h3 id={headingId} className="truncate font-medium text-slate-900">
            {device.deviceName}
          </h3>
          <p className="text-sm text-slate-600">
            {plural(device.tabCount, "tab")} in {plural(device.windowCount, "window")} · {browserName(device.browserType)} · updated{" "}
            <time dateTime={device.capturedAt}>{formatTimeAgo(device.capturedAt)}</time>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="secondary" aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
            {expanded ? <ChevronUp aria-hidden="true" /> : <ChevronDown aria-hidden="true" />}
            {expanded ? "Hide tabs" : "Show tabs"}
            <span className="sr-only"> of {device.deviceName}</span>
          </Button>
          <Button size="sm" disabled={restore.isPending || device.tabCount === 0} onClick={() => restore.mutate()}>
            {restore.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <RotateCcw aria-hidden="true" />}
            Restore here
            <span className="sr-only">: the tabs of {device.deviceName}</span>
          </Button>
        </div>
      </div>
      {expanded ? (
        tabs.data ? (
          <OpenTabsList open={tabs.data} />
        ) : tabs.isError ? (
          <p className="mt-3 text-sm text-rose-700">{errorMessage(tabs.error, "These tabs could not be loaded.")}</p>
        ) : (
          <p className="mt-3 flex items-center gap-2 text-sm text-slate-500">
            <Loader2 className="size-4 animate-spin" aria-hidden="true" /> Loading…
          </p>
        )
      ) : null}
    </li>
  );
}

function OpenTabsList({ open }: { open: OpenTabs }) {
  const groups = new Map(open.groups.map((group) => [`${group.windowId}:${group.groupId}`, group]));
  return (
    <div className="mt-3 space-y-3">
      {open.windows.map((window, windowIndex) => (
        <div key={window.windowId}>
          {open.windows.length > 1 ? <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">Window {windowIndex + 1}</p> : null}
          <ul className="mt-1 divide-y divide-slate-100 rounded-lg border border-slate-100" aria-label={`Tabs of window ${windowIndex + 1}`}>
            {window.tabs.map((tab, index) => {
              const group = tab.groupId === null ? undefined : groups.get(`${window.windowId}:${tab.groupId}`);
              return (
                <OpenTabRow key={`${index}-${tab.url}-${tab.sealedLocation ?? ""}`} tab={tab} group={group} />
              );
            })}
          </ul>
        </div>
      ))}
    </div>
  );
}

type OpenTab = OpenTabs["windows"][number]["tabs"][number];

/** One open tab: its title and address, opened with this browser's key when encrypted (decision 199). */
function OpenTabRow({ tab, group }: { tab: OpenTab; group: OpenTabs["groups"][number] | undefined }) {
  const location = useShownLocation(tab);
  const readable = isReadable(location);
  return (
    <li className="flex min-w-0 items-start gap-2 px-3 py-2 text-sm">
      <TabIcon location={location} className="mt-0.5" />
      <div className="min-w-0 flex-1">
        {readable && isWebAddress(location.url) ? (
          <a href={location.url} target="_blank" rel="noopener noreferrer" className="flex items-center gap-1.5 font-medium text-slate-800 hover:text-brand-700 hover:underline">
            <span className="truncate">{shownTitle(location)}</span>
            {location.state === "opened" ? <EncryptedMark /> : null}
          </a>
        ) : (
          <p className="truncate font-medium text-slate-600">{shownTitle(location)}</p>
        )}
        <p className="truncate text-xs text-slate-500">{readable ? location.url : <EncryptedTabHint location={location} />}</p>
      </div>
      {tab.pinned ? <Pin className="mt-0.5 size-3.5 shrink-0 text-slate-400" aria-label="Pinned" /> : null}
      {group ? <span className="shrink-0 rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-600">{group.title || "Group"}</span> : null}
    </li>
  );
}
