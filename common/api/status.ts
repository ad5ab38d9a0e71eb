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

/** `GET /api/status`: live checks (cached a few seconds), this instance's uptime, recent incidents. */
export const systemStatusSchema = z.object({
  status: z.enum(serviceStatuses),
  services: z.array(serviceCheckSchema),
  uptimeSeconds: z.number().int(),
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
