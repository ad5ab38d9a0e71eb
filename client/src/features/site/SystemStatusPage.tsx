import { sectionCardLook } from "@/components/ui/section-card";
import { getSystemStatus, RECORDED_UPTIME_DAYS, type RecordedUptime, type ServiceCheck, type ServiceStatus } from "@common/api/status";
import { useQuery } from "@tanstack/react-query";
import { Activity, AlertTriangle, CheckCircle2, Loader2, XCircle } from "lucide-react";
import { endpointQuery } from "@/lib/api-client";
import { cn } from "@/lib/class-names";
import { formatDate, formatDateTime } from "@/lib/dates";

const REFRESH_MS = 30_000;
const statusText: Record<ServiceStatus, string> = { operational: "Operational", degraded: "Degraded", outage: "Outage" };
const statusStyle: Record<ServiceStatus, string> = {
  operational: "bg-emerald-50 text-emerald-800 border-emerald-200",
  degraded: "bg-amber-50 text-amber-900 border-amber-200",
  outage: "bg-red-50 text-red-800 border-red-200",
};
const StatusIcon = ({ status }: { status: ServiceStatus }) =>
  status === "operational" ? <CheckCircle2 className="size-5 text-emerald-600" aria-hidden="true" /> : status === "degraded" ? <AlertTriangle className="size-5 text-amber-600" aria-hidden="true" /> : <XCircle className="size-5 text-red-600" aria-hidden="true" />;

function duration(seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  return days > 0 ? `${days} d ${hours} h` : hours > 0 ? `${hours} h ${minutes} min` : `${minutes} min`;
}

/** The last 90 days as the recorded incidents tell them, and what that record leaves out. */
function RecordedUptimeSection({ uptime }: { uptime: RecordedUptime | null }) {
  return (
    <section className={cn(sectionCardLook, "mt-8")} aria-labelledby="recorded-uptime">
      <h2 id="recorded-uptime" className="text-lg font-semibold text-slate-900">Last {RECORDED_UPTIME_DAYS} days</h2>
      {uptime ? (
        <>
          <p className="mt-2 text-3xl font-bold tracking-tight text-slate-900">{uptime.percent.toFixed(2)}% without an outage</p>
          <p className="mt-1 text-sm text-slate-600">
            Recorded since {formatDate(uptime.from)}: {uptime.outageSeconds === 0 ? "no outage" : `${duration(uptime.outageSeconds)} of outage`},{" "}
            {uptime.degradedSeconds === 0 ? "no degraded service" : `${duration(uptime.degradedSeconds)} of degraded service`}.
          </p>
        </>
      ) : (
        <p className="mt-2 text-sm text-slate-600">The record of incidents cannot be read just now.</p>
      )}
      <p className="mt-3 text-xs leading-5 text-slate-500">
        Computed from the incidents below: an incident is recorded when a check of the database, mail or downloads fails
        while TabVault runs. Time when no TabVault server was running is not in this record.
      </p>
    </section>
  );
}

/** The headline, from the rows below it: the worst status, naming the services that have it. */
function headline(status: ServiceStatus, services: ServiceCheck[]): string {
  if (status === "operational") return "All systems operational";
  const names = services.filter((service) => service.status === status).map((service) => service.name).join(", ");
  return status === "degraded" ? `Some systems are degraded: ${names}` : `Some systems are down: ${names}`;
}

/** `/system-status`: live checks of every service from GET /api/status, refreshed every 30 s. */
export default function SystemStatusPage() {
  const { data, isError } = useQuery({ ...endpointQuery(getSystemStatus), refetchInterval: REFRESH_MS });
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6 lg:px-8">
      <h1 className="flex items-center gap-3 text-3xl font-bold tracking-tight text-slate-900">
        <Activity className="size-7 text-brand-600" aria-hidden="true" />
        System Status
      </h1>
      {isError ? (
        <p role="alert" className="mt-6 rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">TabVault is not answering. We are on it.</p>
      ) : !data ? (
        <p className="mt-6 flex items-center gap-2 text-slate-500"><Loader2 className="size-4 animate-spin" aria-hidden="true" />Checking every service…</p>
      ) : (
        <>
          <p className={cn("mt-6 flex items-center gap-3 rounded-xl border p-4 font-semibold", statusStyle[data.status])}>
            <StatusIcon status={data.status} />
            {headline(data.status, data.services)}
          </p>
          <p className="mt-2 text-sm text-slate-500">
            Checked {formatDateTime(data.checkedAt)} · this server up for {duration(data.uptimeSeconds)}, since{" "}
            {formatDateTime(data.startedAt)}
          </p>
          <ul className="mt-6 divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white shadow-sm" aria-label="Services">
            {data.services.map((service) => (
              <li key={service.name} className="flex items-center justify-between gap-4 px-5 py-4">
                <span>
                  <span className="block font-medium text-slate-900">{service.name}</span>
                  <span className="block text-sm text-slate-500">{service.detail}</span>
                </span>
                <span className={cn("inline-flex shrink-0 items-center gap-1.5 rounded-full border px-2.5 py-1 text-xs font-semibold", statusStyle[service.status])}>
                  {statusText[service.status]}
                </span>
              </li>
            ))}
          </ul>
          <RecordedUptimeSection uptime={data.recordedUptime} />
          <section className="mt-10" aria-labelledby="incidents">
            <h2 id="incidents" className="text-xl font-semibold text-slate-900">Incidents, last 30 days</h2>
            {data.incidents.length === 0 ? (
              <p className="mt-3 text-slate-500">No incidents.</p>
            ) : (
              <ul className="mt-3 space-y-2">
                {data.incidents.map((incident) => (
                  <li key={incident.id} className="rounded-xl border border-slate-200 bg-white p-4 text-sm shadow-sm">
                    <p className="font-medium text-slate-900">
                      {incident.service}: {incident.message}
                    </p>
                    <p className="text-slate-500">
                      {statusText[incident.status]} from {formatDateTime(incident.startedAt)}
                      {incident.resolvedAt ? `, resolved ${formatDateTime(incident.resolvedAt)}` : ", ongoing"}
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </div>
  );
}
