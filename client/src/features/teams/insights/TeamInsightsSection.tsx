import { getTeamInsightsCsv, type TeamInsightPeriod, teamInsightPeriods } from "@common/api/team-insights";
import type { Team } from "@common/api/teams";
import { endpointUrl } from "@common/api/endpoint";
import { planHasFeature } from "@common/plan-catalogue";
import { BarChart3, FileDown } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Button } from "@/components/ui/button";
import { PlanGateNotice } from "@/features/payments/PlanGateNotice";
import { SectionCard } from "@/components/ui/section-card";

// recharts in a chunk of its own, as the dashboard's analytics: loaded only by a Premium team's page.
const TeamInsightsCharts = lazy(() => import("./TeamInsightsCharts"));

/**
 * The Team page's Insights (decision 191): per week and per member, tabs protected, emergency
 * backups and restores, as charts and a CSV. Owners and admins see everyone; a member sees their own figures only
 * (the server answers only those).
 */
export function TeamInsightsSection({ team }: { team: Team }) {
  const [weeks, setWeeks] = useState<TeamInsightPeriod>(8);
  const included = planHasFeature(team.planType, "teamInsights");
  const everyone = team.myRole !== "member";
  return (
    <SectionCard
      id="team-insights"
      icon={BarChart3}
      title="Insights"
      description={everyone ? "Each member's tabs protected, emergency backups and restores per week, since they joined." : "Your own tabs protected, emergency backups and restores per week. Only owners and admins see every member's."}
    >
      {!included ? (
        <PlanGateNotice feature="teamInsights" planType={team.planType} look="line" className="mt-3" />
      ) : (
        <>
          <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
            <div className="flex gap-1" role="group" aria-label="Weeks">
              {teamInsightPeriods.map((period) => (
                <Button key={period} size="sm" variant={weeks === period ? "default" : "secondary"} aria-pressed={weeks === period} onClick={() => setWeeks(period)}>
                  {period} weeks
                </Button>
              ))}
            </div>
            <Button asChild size="sm" variant="secondary">
              <a href={endpointUrl(getTeamInsightsCsv, { query: { weeks } })} download>
                <FileDown aria-hidden="true" />
                Download CSV
              </a>
            </Button>
          </div>
          <Suspense fallback={<p className="mt-4 h-64 text-sm text-slate-500">Loading charts…</p>}>
            <TeamInsightsCharts weeks={weeks} />
          </Suspense>
        </>
      )}
    </SectionCard>
  );
}
