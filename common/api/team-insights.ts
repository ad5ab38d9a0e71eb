import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import { errorResponseSchema } from "./errors";

/**
 * Team insights (decision 191): per UTC week (Monday to Sunday) and per member, the tabs in the
 * backups they took, their emergency backups and their restores. Owners and admins get every member; a member gets
 * their own figures only. Only what happened while the person belonged to the team is counted, and only what is
 * still kept (protection events are kept 90 days, so at most 12 weeks).
 */
export const teamInsightPeriods = [4, 8, 12] as const;
export type TeamInsightPeriod = (typeof teamInsightPeriods)[number];

export const teamInsightWeekSchema = z.object({
  /** The week's Monday, YYYY-MM-DD (UTC). */
  week: z.string(),
  tabsProtected: z.number().int(),
  emergencyBackups: z.number().int(),
  restores: z.number().int(),
});
export type TeamInsightWeek = z.infer<typeof teamInsightWeekSchema>;

export const teamInsightMemberSchema = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  role: z.enum(["owner", "admin", "member"]),
  /** Every week of the period, oldest first, zeros where nothing happened. */
  weeks: z.array(teamInsightWeekSchema),
});
export type TeamInsightMember = z.infer<typeof teamInsightMemberSchema>;

export const teamInsightsSchema = z.object({
  /** team: every member's figures (owners and admins); self: the caller's own only (members). */
  scope: z.enum(["team", "self"]),
  weeks: z.array(z.string()),
  members: z.array(teamInsightMemberSchema),
});
export type TeamInsights = z.infer<typeof teamInsightsSchema>;

export const teamInsightsQuerySchema = z.strictObject({
  weeks: z.coerce
    .number({ message: "weeks is 4, 8 or 12" })
    .refine((weeks): weeks is TeamInsightPeriod => (teamInsightPeriods as readonly number[]).includes(weeks), { message: "weeks is 4, 8 or 12" })
    .default(8),
});

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 429: errorResponseSchema };

/** GET /api/team/insights?weeks=4|8|12: the figures as the caller may see them (Premium team; 404 outside a team). */
export const getTeamInsights = defineEndpoint({
  method: "GET",
  path: "/api/team/insights",
  query: teamInsightsQuerySchema,
  responses: { 200: teamInsightsSchema, ...errors },
});

/** GET /api/team/insights.csv?weeks=…: the same figures, one line per member and week. */
export const getTeamInsightsCsv = defineEndpoint({
  method: "GET",
  path: "/api/team/insights.csv",
  query: teamInsightsQuerySchema,
  responses: { 200: z.string(), ...errors },
  answers: "csv",
});
