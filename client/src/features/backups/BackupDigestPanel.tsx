import { PlanGateNotice } from "@/features/payments/PlanGateNotice";
import { getBackupDigest } from "@common/api/analytics";
import { planHasFeature } from "@common/plan-catalogue";
import { getBackup } from "@common/api/backups";
import { digestBackup, UNVISITED_DAYS } from "@common/backup-digest";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { ListTree, Lock } from "lucide-react";
import type { ReactNode } from "react";
import { useAuth } from "@/features/accounts/useAuth";
import { endpointQuery } from "@/lib/api-client";
import { encryptedTabs, withOpenedLocations } from "@/features/encryption/tab-sealing";
import { useBackupKey, useShownLocations } from "@/features/encryption/useTabLocation";
import { errorMessage } from "@/lib/queryClient";

/**
 * The Session Manager's summary of one backup (Basic and up): its sites, the words its titles
 * share, pages open twice and tabs left unvisited, from `GET /api/saved-sessions/:id/summary`. Below Basic, one
 * line that says what it would show and which plan has it. The server cannot read encrypted tabs (decision 199): a
 * browser holding the key reads the whole backup and summarises it here, with them opened.
 */
export function BackupDigestPanel({ sessionId }: { sessionId: string }) {
  const planType = useAuth().user?.planType ?? "free";
  const included = planHasFeature(planType, "backupSummaries");
  const served = useQuery({ ...endpointQuery(getBackupDigest, { params: { id: sessionId } }), enabled: included });
  const { key } = useBackupKey();
  const sealed = served.data?.encryptedTabs ?? 0;
  const whole = useQuery({ ...endpointQuery(getBackup, { params: { id: sessionId } }), enabled: sealed > 0 && key !== null });
  const shown = useShownLocations(whole.data?.browserTabs);
  const opened = useMemo(
    () => (whole.data && shown ? digestBackup(withOpenedLocations(whole.data.browserTabs, shown), new Date(whole.data.createdAt)) : null),
    [whole.data, shown],
  );
  const data = opened ?? served.data;
  const openedHere = opened !== null && opened.encryptedTabs < sealed;
  return (
    <section aria-labelledby="digest-heading" className="mt-6 rounded-xl border border-slate-200 p-4">
      <h3 id="digest-heading" className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <ListTree className="size-4 text-brand-600" aria-hidden="true" />
        Summary
      </h3>
      {!included ? (
        <PlanGateNotice feature="backupSummaries" planType={planType} look="line" named seePlans className="mt-2" />
      ) : served.isError ? (
        <p className="mt-2 text-sm text-rose-700">{errorMessage(served.error, "The summary could not be loaded.")}</p>
      ) : !data ? (
        <p className="mt-2 text-sm text-slate-500">Summarising…</p>
      ) : (
        <>
          {openedHere ? (
            <p className="mt-2 flex items-start gap-2 text-sm text-slate-600">
              <Lock className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden="true" />
              <span>Summarised in this browser: its key opened the encrypted tabs, which TabVault cannot read.</span>
            </p>
          ) : null}
          {data.encryptedTabs > 0 ? (
            <p className="mt-2 flex items-start gap-2 text-sm text-slate-600">
              <Lock className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden="true" />
              <span>
                {encryptedTabs(data.encryptedTabs)} {data.encryptedTabs === 1 ? "is" : "are"} not summarised: their titles and addresses are
                encrypted, and TabVault cannot read them.
              </span>
            </p>
          ) : null}
          <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-2">
            <Entry term="Sites">
              {data.sites.map((site) => `${site.site} (${site.tabs})`).join(", ") || "None"}
              {data.otherSiteTabs > 0 ? `, and ${data.otherSiteTabs} more tabs` : ""}
            </Entry>
            <Entry term="Topics from titles">{data.topics.map((topic) => `${topic.word} (${topic.tabs})`).join(", ") || "No word shared by two titles"}</Entry>
            <Entry term="Open more than once">
              {data.duplicates.length === 0 ? "No duplicates" : data.duplicates.map((page) => `${page.title || page.url} (${page.copies}×)`).join(", ")}
            </Entry>
            <Entry term={`Not visited for ${UNVISITED_DAYS}+ days`}>
              {data.unvisited.length === 0 ? "None" : data.unvisited.map((tab) => `${tab.title || tab.url} (${tab.days} days)`).join(", ")}
            </Entry>
          </dl>
        </>
      )}
    </section>
  );
}

function Entry({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="font-medium text-slate-700">{term}</dt>
      <dd className="mt-0.5 break-words text-slate-600">{children}</dd>
    </div>
  );
}
