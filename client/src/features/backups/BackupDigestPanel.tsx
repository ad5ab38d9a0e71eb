import { getBackupDigest } from "@common/api/analytics";
import { catalogueFeatureNeedsPlanMessage, catalogueFeatures, planHasFeature } from "@common/plan-catalogue";
import { UNVISITED_DAYS } from "@common/backup-digest";
import { useQuery } from "@tanstack/react-query";
import { ListTree, Lock } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { useAuth } from "@/features/accounts/useAuth";
import { endpointQuery } from "@/lib/api-client";
import { encryptedTabs } from "@/features/encryption/tab-sealing";
import { errorMessage } from "@/lib/queryClient";

/**
 * The Session Manager's summary of one backup (Basic and up, issue 16 point 2): its sites, the words its titles
 * share, pages open twice and tabs left unvisited, from `GET /api/saved-sessions/:id/summary`. Below Basic, one
 * line that says what it would show and which plan has it.
 */
export function BackupDigestPanel({ sessionId }: { sessionId: string }) {
  const planType = useAuth().user?.planType ?? "free";
  const included = planHasFeature(planType, "backupSummaries");
  const digest = useQuery({ ...endpointQuery(getBackupDigest, { params: { id: sessionId } }), enabled: included });
  return (
    <section aria-labelledby="digest-heading" className="mt-6 rounded-xl border border-slate-200 p-4">
      <h3 id="digest-heading" className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <ListTree className="size-4 text-brand-600" aria-hidden="true" />
        Summary
      </h3>
      {!included ? (
        <p className="mt-2 flex items-start gap-2 text-sm text-slate-600">
          <Lock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            {catalogueFeatures.backupSummaries.name}. {catalogueFeatureNeedsPlanMessage("backupSummaries", planType)}{" "}
            <Link className="font-medium text-brand-700 underline underline-offset-4" href="/#pricing">
              See plans
            </Link>
          </span>
        </p>
      ) : digest.isError ? (
        <p className="mt-2 text-sm text-rose-700">{errorMessage(digest.error, "The summary could not be loaded.")}</p>
      ) : !digest.data ? (
        <p className="mt-2 text-sm text-slate-500">Summarising…</p>
      ) : (
        <>
          {digest.data.encryptedTabs > 0 ? (
            <p className="mt-2 flex items-start gap-2 text-sm text-slate-600">
              <Lock className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden="true" />
              <span>
                {encryptedTabs(digest.data.encryptedTabs)} {digest.data.encryptedTabs === 1 ? "is" : "are"} not summarised: their titles and addresses are
                encrypted, and TabVault cannot read them.
              </span>
            </p>
          ) : null}
          <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-2">
            <Entry term="Sites">
              {digest.data.sites.map((site) => `${site.site} (${site.tabs})`).join(", ") || "None"}
              {digest.data.otherSiteTabs > 0 ? `, and ${digest.data.otherSiteTabs} more tabs` : ""}
            </Entry>
            <Entry term="Topics from titles">{digest.data.topics.map((topic) => `${topic.word} (${topic.tabs})`).join(", ") || "No word shared by two titles"}</Entry>
            <Entry term="Open more than once">
              {digest.data.duplicates.length === 0 ? "No duplicates" : digest.data.duplicates.map((page) => `${page.title || page.url} (${page.copies}×)`).join(", ")}
            </Entry>
            <Entry term={`Not visited for ${UNVISITED_DAYS}+ days`}>
              {digest.data.unvisited.length === 0 ? "None" : digest.data.unvisited.map((tab) => `${tab.title || tab.url} (${tab.days} days)`).join(", ")}
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
