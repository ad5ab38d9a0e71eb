import { z } from "zod";
import { planTypes } from "../plan-catalogue";
import { defineEndpoint } from "./endpoint";
import { backupIdParamsSchema } from "./backups";
import { errorResponseSchema } from "./errors";

/** The periods the analytics charts offer, in days. */
export const analyticsPeriods = [30, 90] as const;
export type AnalyticsPeriod = (typeof analyticsPeriods)[number];

/** One UTC day of an account's protection: what its events and backups say happened. */
export const analyticsDaySchema = z.object({
  /** YYYY-MM-DD, UTC. */
  date: z.string(),
  /** Backups taken that day: emergency, automatic and manual (protection events). */
  backups: z.number().int(),
  /** Restores that day (protection events). */
  restores: z.number().int(),
  /** Tabs in the backups taken that day that are still kept. */
  tabsSaved: z.number().int(),
  /** Close-all attempts the blockers recorded that day (protection events). */
  blockedAttempts: z.number().int(),
});
export type AnalyticsDay = z.infer<typeof analyticsDaySchema>;

export const analyticsSchema = z.object({ days: z.array(analyticsDaySchema) });

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

/** GET /api/user/analytics?days=30|90: the account's figures per day, oldest first (Pro and up; 403 below). */
export const getAnalytics = defineEndpoint({
  method: "GET",
  path: "/api/user/analytics",
  query: z.object({
    days: z.coerce
      .number()
      .refine((days): days is AnalyticsPeriod => (analyticsPeriods as readonly number[]).includes(days), { message: "days is 30 or 90" })
      .default(30),
  }),
  responses: { 200: analyticsSchema, ...errors },
});

export const HISTORY_REPORT_VERSION = 1 as const;

/** One protection event as the report lists it. */
export const historyEventSchema = z.object({ createdAt: z.string(), type: z.string(), description: z.string() });

/** The JSON report: every event still kept (90 days) and the figures of each of those days. */
export const historyReportSchema = z.object({
  format: z.literal("tabvault-history-report"),
  version: z.literal(HISTORY_REPORT_VERSION),
  generatedAt: z.string(),
  email: z.string(),
  plan: z.enum(planTypes),
  days: z.array(analyticsDaySchema),
  events: z.array(historyEventSchema),
});

/** GET /api/user/history-report: the account's history as a JSON file (Premium; 403 below). */
export const getHistoryReport = defineEndpoint({
  method: "GET",
  path: "/api/user/history-report",
  responses: { 200: historyReportSchema, 429: errorResponseSchema, ...errors },
});

const csvBody = z.string();

/** GET /api/user/history-report.csv: the same events as CSV, one line each (Premium; 403 below). */
export const getHistoryReportCsv = defineEndpoint({
  method: "GET",
  path: "/api/user/history-report.csv",
  responses: { 200: csvBody, 429: errorResponseSchema, ...errors },
  answers: "csv",
});

export const backupDigestSchema = z.object({
  tabCount: z.number().int(),
  /** Tabs whose title and address are sealed (decision 199), summarised by none of the lists. */
  encryptedTabs: z.number().int().default(0),
  sites: z.array(z.object({ site: z.string(), tabs: z.number().int() })),
  otherSiteTabs: z.number().int(),
  topics: z.array(z.object({ word: z.string(), tabs: z.number().int() })),
  duplicates: z.array(z.object({ url: z.string(), title: z.string(), copies: z.number().int() })),
  unvisited: z.array(z.object({ url: z.string(), title: z.string(), lastAccessed: z.string(), days: z.number().int() })),
});

/** GET /api/saved-sessions/:id/summary: one backup's digest (common/backup-digest.ts), Basic and up; 404 for anyone else's. */
export const getBackupDigest = defineEndpoint({
  method: "GET",
  path: "/api/saved-sessions/:id/summary",
  params: backupIdParamsSchema,
  responses: { 200: backupDigestSchema, 404: errorResponseSchema, ...errors },
});
