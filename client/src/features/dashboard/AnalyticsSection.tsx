import { PlanGateNotice } from "@/features/payments/PlanGateNotice";
import { sectionCardLook } from "@/components/ui/section-card";
import type { AuthUser } from "@common/api/accounts";
import { type AnalyticsPeriod, analyticsPeriods, getHistoryReport, getHistoryReportCsv } from "@common/api/analytics";
import { endpointUrl } from "@common/api/endpoint";
import { planHasFeature } from "@common/plan-catalogue";
import { BarChart3, FileDown } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Button } from "@/components/ui/button";

// recharts is loaded only for plans that have analytics, in a chunk of its own (the landing page never loads it).
const AnalyticsCharts = lazy(() => import("./AnalyticsCharts"));

/**
 * The dashboard's analytics (Pro and up) and reports (Premium): charts of the account's own
 * protection per day, and its history as CSV or JSON. Below the plan, what it would get and the upgrade.
 */
export function AnalyticsSection({ user }: { user: AuthUser }) {
  const [period, setPeriod] = useState<AnalyticsPeriod>(30);
  const hasAnalytics = planHasFeature(user.planType, "analytics");
  const hasReports = planHasFeature(user.planType, "reports");
  return (
    <section className={sectionCardLook} aria-labelledby="analytics-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="analytics-heading" className="flex items-center gap-2 font-semibold text-slate-900">
          <BarChart3 className="size-4 text-brand-600" aria-hidden="true" />
          Analytics
        </h2>
        {hasAnalytics ? (
          <div className="flex gap-1" role="group" aria-label="Period">
            {analyticsPeriods.map((days) => (
              <Button key={days} size="sm" variant={period === days ? "default" : "secondary"} aria-pressed={period === days} onClick={() => setPeriod(days)}>
                {days} days
              </Button>
            ))}
          </div>
        ) : null}
      </div>
      {hasAnalytics ? (
        <Suspense fallback={<p className="mt-4 h-64 text-sm text-slate-500">Loading charts…</p>}>
          <AnalyticsCharts days={period} />
        </Suspense>
      ) : (
        <PlanGateNotice feature="analytics" planType={user.planType} look="panel" className="mt-3" />
      )}
      <div className="mt-6 border-t border-slate-100 pt-4">
        <h3 className="flex items-center gap-2 text-sm font-semibold text-slate-900">
          <FileDown className="size-4 text-brand-600" aria-hidden="true" />
          Reports
        </h3>
        {hasReports ? (
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <p className="mr-2 text-sm text-slate-600">Every protection event of the last 90 days and each day's figures.</p>
            <Button asChild size="sm" variant="secondary">
              <a href={endpointUrl(getHistoryReportCsv)} download>
                Download CSV
              </a>
            </Button>
            <Button asChild size="sm" variant="secondary">
              <a href={endpointUrl(getHistoryReport)} download>
                Download JSON
              </a>
            </Button>
          </div>
        ) : (
          <PlanGateNotice feature="reports" planType={user.planType} look="panel" className="mt-3" />
        )}
      </div>
    </section>
  );
}

