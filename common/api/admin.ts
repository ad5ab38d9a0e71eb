import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import { errorResponseSchema } from "./errors";

/** spec 1 §3 "Admin stats"; "today" and "month" are UTC. */
export const adminStatsSchema = z.object({
  totalUsers: z.number().int(),
  /** Percent change of new accounts this calendar month against last month. */
  monthlyGrowth: z.number(),
  /** Succeeded payments this month, in dollars. */
  monthlyRevenue: z.number(),
  appDownloads: z.number().int(),
  todayDownloads: z.number().int(),
  failedPayments: z.number().int(),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

/** Revenue and sign-ups per UTC day for the admin's charts, oldest first. */
export const adminDailySchema = z.object({
  days: z.array(z.object({ date: z.string(), revenue: z.number(), signups: z.number().int() })),
});
export type AdminDaily = z.infer<typeof adminDailySchema>;

/** GET /api/admin/stats: this month's figures across accounts, payments and downloads (admins only). */
export const getAdminStats = defineEndpoint({
  method: "GET",
  path: "/api/admin/stats",
  responses: { 200: adminStatsSchema, 401: errorResponseSchema, 403: errorResponseSchema },
});

/** GET /api/admin/daily: revenue and sign-ups for each of the last 30 UTC days (admins only). */
export const getAdminDaily = defineEndpoint({
  method: "GET",
  path: "/api/admin/daily",
  responses: { 200: adminDailySchema, 401: errorResponseSchema, 403: errorResponseSchema },
});
