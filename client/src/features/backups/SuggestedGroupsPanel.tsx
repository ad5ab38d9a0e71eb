import { getBackup } from "@common/api/backups";
import { useQuery } from "@tanstack/react-query";
import { planHasFeature } from "@common/plan-catalogue";
import { suggestTabGroups, type SuggestedGroupColor } from "@common/suggested-groups";
import { Layers, Loader2 } from "lucide-react";
import { useMemo, useState } from "react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { useAuth } from "@/features/accounts/useAuth";
import { encryptedTabs } from "@/features/encryption/tab-sealing";
import { useShownLocations } from "@/features/encryption/useTabLocation";
import { endpointQuery } from "@/lib/api-client";
import { errorMessage } from "@/lib/queryClient";

/** The browser's tab-group colours as the strip draws them. */
const swatch: Record<SuggestedGroupColor, string> = {
  grey: "bg-slate-400",
  blue: "bg-blue-500",
  red: "bg-red-500",
  yellow: "bg-yellow-400",
  green: "bg-green-500",
  pink: "bg-pink-500",
  purple: "bg-purple-500",
  cyan: "bg-cyan-500",
  orange: "bg-orange-500",
};

const SHOWN_TITLES = 4;

/**
 * Tab organization in the Session Manager (Pro and up, decision 172): the groups `suggestTabGroups` makes of this
 * backup's tabs — the same function the extension applies when the person restores with them. Nothing below Pro.
 */
export function SuggestedGroupsPanel({
  sessionId,
  inThisBrowser,
  restoring,
  onRestoreWithGroups,
}: {
  sessionId: string;
  inThisBrowser: boolean;
  restoring: boolean;
  onRestoreWithGroups: () => void;
}) {
  const planType = useAuth().user?.planType ?? "free";
  const offered = planHasFeature(planType, "tabOrganization");
  // Every tab is needed to group them; the Session Manager reads big backups a page at a time (decision 165),
  // so the whole backup is read only when the person asks for the groups.
  const [askedFor, setAskedFor] = useState<string | null>(null);
  const asked = askedFor === sessionId;
  const backup = useQuery({ ...endpointQuery(getBackup, { params: { id: sessionId } }), enabled: offered && asked });
  // Encrypted tabs are grouped by what this browser's key opens (decision 199); those it cannot open are left out.
  const shown = useShownLocations(backup.data?.browserTabs);
  const tabs = useMemo(() => (shown ?? []).filter((tab) => tab.state === "plain" || tab.state === "opened"), [shown]);
  const leftOut = (shown?.length ?? 0) - tabs.length;
  const groups = useMemo(() => suggestTabGroups(tabs), [tabs]);
  if (!offered) return null;
  // The summary may have read the whole backup already (encrypted tabs): the groups still wait to be asked for.
  if (!asked || !backup.data || !shown) {
    return (
      <section aria-labelledby="suggested-groups-heading" className="mt-6 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 p-4">
        <div>
          <h3 id="suggested-groups-heading" className="flex items-center gap-2 text-sm font-semibold text-slate-900">
            <Layers className="size-4 text-brand-600" aria-hidden="true" />
            Suggested groups
          </h3>
          <p className="mt-1 text-xs text-slate-500">Tabs on the same site, then tabs whose titles share a word.</p>
          {backup.isError ? <p className="mt-1 text-xs text-red-700">{errorMessage(backup.error, "The tabs could not be read.")}</p> : null}
        </div>
        <Button size="sm" variant="secondary" onClick={() => setAskedFor(sessionId)} disabled={asked && backup.isFetching}>
          {asked && backup.isFetching ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Layers aria-hidden="true" />}
          Suggest groups
        </Button>
      </section>
    );
  }
  return (
    <section aria-labelledby="suggested-groups-heading" className="mt-6 rounded-xl border border-slate-200 p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id="suggested-groups-heading" className="flex items-center gap-2 text-sm font-semibold text-slate-900">
            <Layers className="size-4 text-brand-600" aria-hidden="true" />
            Suggested groups
          </h3>
          <p className="mt-1 text-xs text-slate-500">Tabs on the same site, then tabs whose titles share a word.</p>
        </div>
        {groups.length > 0 && inThisBrowser ? (
          <Button size="sm" variant="secondary" onClick={onRestoreWithGroups} disabled={restoring}>
            {restoring ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Layers aria-hidden="true" />}
            Restore with these groups
          </Button>
        ) : null}
      </div>
      {leftOut > 0 ? (
        <p className="mt-2 text-xs text-slate-600">
          {encryptedTabs(leftOut)} left out: unlock this browser on the{" "}
          <Link className="font-medium text-brand-700 underline underline-offset-4" href="/account#encryption">
            Account page
          </Link>{" "}
          to group them by their titles and addresses.
        </p>
      ) : null}
      {groups.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No two tabs share a site or a word in their titles.</p>
      ) : (
        <>
          <ul className="mt-3 grid gap-2 sm:grid-cols-2" aria-label="Suggested groups">
            {groups.map((group) => (
              <li key={`${group.kind}:${group.name}`} className="min-w-0 rounded-lg bg-slate-50 p-2 text-sm">
                <p className="flex items-center gap-2 font-medium text-slate-900">
                  <span className={`size-2.5 shrink-0 rounded-full ${swatch[group.color]}`} aria-hidden="true" />
                  <span className="truncate">{group.name}</span>
                  <span className="shrink-0 text-xs font-normal text-slate-500">
                    {group.kind === "site" ? "site" : "topic"} · {group.tabs.length} tabs
                  </span>
                </p>
                <p className="mt-0.5 truncate text-xs text-slate-600">
                  {group.tabs
                    .slice(0, SHOWN_TITLES)
                    .map((position) => tabs[position]?.title || tabs[position]?.url)
                    .join(" · ")}
                  {group.tabs.length > SHOWN_TITLES ? ` and ${group.tabs.length - SHOWN_TITLES} more` : ""}
                </p>
              </li>
            ))}
          </ul>
          {!inThisBrowser ? (
            <p className="mt-3 text-xs text-slate-600">
              The TabVault extension opens them as tab groups.{" "}
              <Link className="font-medium text-brand-700 underline underline-offset-4" href="/download">
                Get the extension
              </Link>
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
