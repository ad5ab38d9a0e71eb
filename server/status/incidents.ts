import { and, desc, eq, gt, gte, isNull, lt, or } from "drizzle-orm";
import type { Incident, RecordedUptime, ServiceCheck } from "@common/api/status";
import type { Database } from "../db/database";
import { statusIncidents } from "./table";

/** A database outage seen while the database was away, so not stored then. */
export interface DatabaseOutage {
  status: Exclude<ServiceCheck["status"], "operational">;
  message: string;
  startedAt: Date;
}

/** Writes an outage of the database, resolved at `now`, unless an incident of it is stored already. */
export async function recordResolvedDatabaseOutage(db: Database, outage: DatabaseOutage, now: Date): Promise<void> {
  // Another instance that saw the same outage may have written it already.
  const [known] = await db
    .select({ id: statusIncidents.id })
    .from(statusIncidents)
    .where(and(eq(statusIncidents.service, "Database"), gte(statusIncidents.startedAt, new Date(outage.startedAt.getTime() - 60_000))))
    .limit(1);
  if (!known) {
    await db
      .insert(statusIncidents)
      .values({ service: "Database", status: outage.status, message: outage.message, startedAt: outage.startedAt, resolvedAt: now });
  }
}

/** Opens an incident for a check that stopped being operational, resolves the open one of a check that recovered. */
export async function recordCheckIncident(db: Database, check: ServiceCheck, now: Date): Promise<void> {
  const [open] = await db
    .select()
    .from(statusIncidents)
    .where(and(eq(statusIncidents.service, check.name), isNull(statusIncidents.resolvedAt)))
    .limit(1);
  if (check.status === "operational" && open) {
    await db.update(statusIncidents).set({ resolvedAt: now }).where(eq(statusIncidents.id, open.id));
  } else if (check.status !== "operational" && !open) {
    await db.insert(statusIncidents).values({ service: check.name, status: check.status, message: check.detail, startedAt: now });
  }
}

/** Incidents begun since `since`, and any still open, newest first. */
export async function recentIncidents(db: Database, since: Date, limit: number): Promise<Incident[]> {
  const rows = await db
    .select()
    .from(statusIncidents)
    .where(or(gte(statusIncidents.startedAt, since), isNull(statusIncidents.resolvedAt)))
    .orderBy(desc(statusIncidents.startedAt))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    service: row.service,
    status: row.status,
    message: row.message,
    startedAt: row.startedAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
  }));
}

interface Span {
  start: number;
  end: number;
}

/** The time covered by `spans` within [from, to), overlapping spans counted once. */
export function coveredMilliseconds(spans: Span[], from: number, to: number): number {
  const clipped = spans
    .map((span) => ({ start: Math.max(span.start, from), end: Math.min(span.end, to) }))
    .filter((span) => span.end > span.start)
    .sort((a, b) => a.start - b.start);
  let total = 0;
  let current: Span | undefined;
  for (const span of clipped) {
    if (current && span.start <= current.end) {
      current.end = Math.max(current.end, span.end);
      continue;
    }
    if (current) total += current.end - current.start;
    current = { ...span };
  }
  if (current) total += current.end - current.start;
  return total;
}

/**
 * Service over [from, now) from the recorded incidents: time in an outage of any service, and time degraded
 * outside an outage; an open incident counts up to `now`.
 */
export async function recordedUptime(db: Database, from: Date, now: Date): Promise<RecordedUptime> {
  const rows = await db
    .select({ status: statusIncidents.status, startedAt: statusIncidents.startedAt, resolvedAt: statusIncidents.resolvedAt })
    .from(statusIncidents)
    .where(and(lt(statusIncidents.startedAt, now), or(isNull(statusIncidents.resolvedAt), gt(statusIncidents.resolvedAt, from))));
  const spans = (status: "outage" | "degraded" | "any") =>
    rows
      .filter((row) => status === "any" || row.status === status)
      .map((row) => ({ start: row.startedAt.getTime(), end: (row.resolvedAt ?? now).getTime() }));
  const window = now.getTime() - from.getTime();
  const outage = coveredMilliseconds(spans("outage"), from.getTime(), now.getTime());
  const degraded = coveredMilliseconds(spans("any"), from.getTime(), now.getTime()) - outage;
  return {
    from: from.toISOString(),
    outageSeconds: Math.round(outage / 1000),
    degradedSeconds: Math.round(degraded / 1000),
    percent: window <= 0 ? 100 : Math.floor(((window - outage) / window) * 10_000) / 100,
  };
}
