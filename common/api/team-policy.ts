import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import { errorResponseSchema } from "./errors";
import { automaticBackupIntervals, formCapturePolicies, neverCapturedSitesSchema, protectionModes, teamPolicySchema } from "./protection";

/**
 * A team's policy (decisions 185–187): protection mode, the extension's automatic backup interval,
 * sites never captured and form capture, set by the team's owner and admins in the web app and applied to every
 * member's settings (`GET /api/protection/settings` answers them with the policy). A member reads it there, not here.
 */

const intervalMessage = `automaticBackupMinutes must be one of ${automaticBackupIntervals.join(", ")} or null`;

export const teamPolicyUpdateSchema = z.strictObject({
  protectionMode: z.enum(protectionModes, { message: "protectionMode must be 'block', 'backup' or null" }).nullable(),
  automaticBackupMinutes: z
    .number({ message: intervalMessage })
    .refine((minutes) => (automaticBackupIntervals as readonly number[]).includes(minutes), intervalMessage)
    .nullable(),
  neverCapturedSites: neverCapturedSitesSchema,
  formCapture: z.enum(formCapturePolicies, { message: "formCapture must be 'on', 'off' or null" }).nullable(),
});

export const teamPolicyAnswerSchema = z.object({
  policy: teamPolicySchema,
  /** When and by whom it was last changed; null while the team has never set one. */
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type TeamPolicyAnswer = z.infer<typeof teamPolicyAnswerSchema>;

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

/** GET: the team's policy, for its owner and admins (sign-in session). */
export const getTeamPolicy = defineEndpoint({
  method: "GET",
  path: "/api/team/policy",
  responses: { 200: teamPolicyAnswerSchema, ...errors },
});

/** PUT: owners and admins replace the team's policy; what changed goes to the audit log. */
export const updateTeamPolicy = defineEndpoint({
  method: "PUT",
  path: "/api/team/policy",
  body: teamPolicyUpdateSchema,
  responses: { 200: teamPolicyAnswerSchema, ...errors, 429: errorResponseSchema },
});
