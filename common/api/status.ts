import { z } from "zod";
import { defineEndpoint } from "./endpoint";

export const serviceStatuses = ["operational", "degraded", "outage"] as const;
export type ServiceStatus = (typeof serviceStatuses)[number];

export const statusServices = ["Web app", "API", "Database", "Mail", "Payments", "Downloads"] as const;

export const serviceCheckSchema = z.object({
  name: z.enum(statusServices),
  status: z.enum(serviceStatuses),
  detail: z.string(),
});
export type ServiceCheck = z.infer<typeof serviceCheckSchema>;

export const incidentSchema = z.object({
  id: z.number(),
  service: z.string(),
  status: z.enum(serviceStatuses),
  message: z.string(),
  startedAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type Incident = z.infer<typeof incidentSchema>;

/** How long the window of `recordedUptime` is. */
export const RECORDED_UPTIME_DAYS = 90;

/**
 * Service over the last 90 days, from the incidents the server recorded (overlapping incidents counted once).
 * Only what a check saw while a server ran is recorded: time with no server running is not in it.
 */
export const recordedUptimeSchema = z.object({
  /** Start of the window (ISO). */
  from: z.string(),
  outageSeconds: z.number().int().nonnegative(),
  degradedSeconds: z.number().int().nonnegative(),
  /** Share of the window without a recorded outage, 0–100, two decimals, rounded down. */
  percent: z.number().min(0).max(100),
});
export type RecordedUptime = z.infer<typeof recordedUptimeSchema>;

/** `GET /api/status`: live checks (cached a few seconds), this instance's uptime, recent incidents. */
export const systemStatusSchema = z.object({
  status: z.enum(serviceStatuses),
  services: z.array(serviceCheckSchema),
  /** When this server started (ISO, from the server's clock). */
  startedAt: z.string(),
  uptimeSeconds: z.number().int(),
  /** Null while the incidents cannot be read (the database is away). */
  recordedUptime: recordedUptimeSchema.nullable(),
  checkedAt: z.string(),
  incidents: z.array(incidentSchema),
});
export type SystemStatus = z.infer<typeof systemStatusSchema>;

/** GET /api/status: what /system-status shows. */
export const getSystemStatus = defineEndpoint({
  method: "GET",
  path: "/api/status",
  responses: { 200: systemStatusSchema },
});
