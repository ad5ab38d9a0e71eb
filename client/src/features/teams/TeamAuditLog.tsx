import { getTeamAuditLog, TEAM_LIMITS } from "@common/api/teams";
import { useQuery } from "@tanstack/react-query";
import { ScrollText } from "lucide-react";
import { endpointQuery } from "@/lib/api-client";
import { formatDateTime } from "@/lib/dates";
import { errorMessage } from "@/lib/queryClient";
import { SectionCard } from "@/components/ui/section-card";

/** The owner's record of what owners and admins did, newest first. */
export function TeamAuditLog() {
  const log = useQuery(endpointQuery(getTeamAuditLog));
  return (
    <SectionCard id="team-audit-log" icon={ScrollText} title="Audit log" description={`Invitations, joins, role changes, removals, disconnected browsers and policy changes: the newest ${TEAM_LIMITS.auditEntries}.`}>
      {log.isPending ? <p className="mt-3 text-sm text-slate-500">Loading…</p> : null}
      {log.isError ? <p className="mt-3 text-sm text-red-700">{errorMessage(log.error, "The audit log could not be loaded.")}</p> : null}
      {log.data ? (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-slate-500">
              <tr>
                <th scope="col" className="py-2 pr-4 font-medium">When</th>
                <th scope="col" className="py-2 pr-4 font-medium">Who</th>
                <th scope="col" className="py-2 pr-4 font-medium">What</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {log.data.map((entry) => (
                <tr key={entry.id}>
                  <td className="py-2 pr-4 whitespace-nowrap text-slate-600">{formatDateTime(entry.at)}</td>
                  <td className="py-2 pr-4 text-slate-900 [overflow-wrap:anywhere]">{entry.actorEmail ?? "A deleted account"}</td>
                  <td className="py-2 pr-4 text-slate-900">
                    {entry.action} <span className="text-slate-600 [overflow-wrap:anywhere]">{entry.detail}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </SectionCard>
  );
}
