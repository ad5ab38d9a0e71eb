import { z } from "zod";
import { paymentStatuses } from "./payments";
import { paidPlanTypes } from "../plan-catalogue";
import { text } from "./text";

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

/** spec 1 §3 "Payment record (admin)". */
export const adminPaymentSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  planType: z.enum(paidPlanTypes),
  /** Dollars. */
  amount: z.number(),
  status: z.enum(paymentStatuses),
  stripePaymentIntentId: z.string().nullable(),
  user: z.object({ name: z.string().nullable(), email: z.string() }),
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;

export const ADMIN_PAGE_MAX = 500;

export const adminPaymentsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(ADMIN_PAGE_MAX).default(50),
  /** The `nextCursor` of the previous page. */
  cursor: text().max(200).optional(),
});

export const adminPaymentPageSchema = z.object({
  payments: z.array(adminPaymentSchema),
  nextCursor: z.string().nullable(),
});
export type AdminPaymentPage = z.infer<typeof adminPaymentPageSchema>;

/** Revenue and sign-ups per UTC day for the admin's charts, oldest first. */
export const adminDailySchema = z.object({
  days: z.array(z.object({ date: z.string(), revenue: z.number(), signups: z.number().int() })),
});
export type AdminDaily = z.infer<typeof adminDailySchema>;
