import { z } from "zod";
import { NEVER_CAPTURED_LIMITS, siteOf, uniqueSites } from "../never-captured-sites";
import { defineEndpoint } from "./endpoint";
import { errorResponseSchema } from "./errors";
import { clientTimestampSchema, BACKUP_LIMITS } from "./payload-limits";
import { text } from "./text";

export const protectionModes = ["block", "backup"] as const;
export type ProtectionMode = (typeof protectionModes)[number];

export const protectionSettingsSchema = z.object({
  enabled: z.boolean(),
  mode: z.enum(protectionModes),
  autoBackup: z.boolean(),
  cloudSync: z.boolean(),
  smartDetection: z.boolean(),
  aiPrediction: z.boolean(),
  teamSharing: z.boolean(),
  /** The person's own sites never captured (host names); a team's policy may add its own (`teamPolicy`). */
  neverCapturedSites: z.array(z.string()),
});
export type ProtectionSettings = z.infer<typeof protectionSettingsSchema>;

/** One site as typed: a host name or a whole address, kept as its host (`siteOf`). */
export const neverCapturedSiteSchema = text()
  .max(NEVER_CAPTURED_LIMITS.inputLength, `A site has at most ${NEVER_CAPTURED_LIMITS.inputLength} characters`)
  .transform((input, context) => {
    const site = siteOf(input);
    if (site === null) {
      context.addIssue({ code: "custom", message: `"${input.slice(0, 60)}" is not a site: enter a host name such as example.com` });
      return z.NEVER;
    }
    return site;
  });
export const neverCapturedSitesSchema = z
  .array(neverCapturedSiteSchema)
  .max(NEVER_CAPTURED_LIMITS.sites, `At most ${NEVER_CAPTURED_LIMITS.sites} sites`)
  .transform(uniqueSites);

export const protectionSettingsUpdateSchema = z.strictObject({
  enabled: z.boolean().optional(),
  mode: z.enum(protectionModes).optional(),
  autoBackup: z.boolean().optional(),
  cloudSync: z.boolean().optional(),
  smartDetection: z.boolean().optional(),
  aiPrediction: z.boolean().optional(),
  teamSharing: z.boolean().optional(),
  neverCapturedSites: neverCapturedSitesSchema.optional(),
});

/**
 * The settings a team policy decides for its members (decision 185): each locked one shows "Set by your team" and
 * cannot be changed by the member while they belong to the team.
 */
export const teamLockableSettings = ["enabled", "mode", "autoBackup"] as const;
export type TeamLockableSetting = (typeof teamLockableSettings)[number];

export const formCapturePolicies = ["on", "off"] as const;
/** The automatic backup intervals a team policy may set for its members' extensions, in minutes. */
export const automaticBackupIntervals = [1, 5, 15, 30, 60] as const;

/** A team's policy as it is read (null: the team leaves that item to each member). */
export const teamPolicySchema = z.object({
  protectionMode: z.enum(protectionModes).nullable(),
  automaticBackupMinutes: z.number().int().nullable(),
  neverCapturedSites: z.array(z.string()),
  formCapture: z.enum(formCapturePolicies).nullable(),
});
export type TeamPolicy = z.infer<typeof teamPolicySchema>;
export const emptyTeamPolicy: TeamPolicy = { protectionMode: null, automaticBackupMinutes: null, neverCapturedSites: [], formCapture: null };

/** The team policy a member's settings are under: its team, what it sets, and which settings it locks. */
export const appliedTeamPolicySchema = z.object({
  teamName: z.string(),
  policy: teamPolicySchema,
  locked: z.array(z.enum(teamLockableSettings)),
});
export type AppliedTeamPolicy = z.infer<typeof appliedTeamPolicySchema>;

/**
 * What GET and PUT answer: the settings in effect — the person's own, tightened by their team's policy — and that
 * policy (null outside a team, or when the team sets nothing). The web app and the extension both read this.
 */
export const effectiveProtectionSettingsSchema = protectionSettingsSchema.extend({ teamPolicy: appliedTeamPolicySchema.nullable() });
export type EffectiveProtectionSettings = z.infer<typeof effectiveProtectionSettingsSchema>;

/** Every site no capture may keep: the person's own and their team's. */
export function sitesNeverCaptured(settings: Pick<EffectiveProtectionSettings, "neverCapturedSites" | "teamPolicy">): string[] {
  return uniqueSites([...(settings.teamPolicy?.policy.neverCapturedSites ?? []), ...settings.neverCapturedSites]);
}

/** Whether the team's policy has form capture off: then no backup keeps what was typed. */
export function formCaptureForbidden(settings: Pick<EffectiveProtectionSettings, "teamPolicy">): boolean {
  return settings.teamPolicy?.policy.formCapture === "off";
}

export const defaultProtectionSettings: ProtectionSettings = {
  enabled: true,
  mode: "block",
  autoBackup: false,
  cloudSync: false,
  smartDetection: false,
  aiPrediction: false,
  teamSharing: false,
  neverCapturedSites: [],
};

/**
 * The protection switch. The Clear All Blocker's switch also names the mode (spec 2 §3: block when on, backup
 * when off); the Android dashboard's and the apps' leave the mode as it is.
 */
export const toggleProtectionRequestSchema = z.strictObject({ enabled: z.boolean(), mode: z.enum(protectionModes).optional() });
export const toggleProtectionResponseSchema = z.object({ enabled: z.boolean(), mode: z.enum(protectionModes), message: z.string() });

export const logBlockedRequestSchema = z.strictObject({
  method: text().min(1).max(100),
  timestamp: clientTimestampSchema.nullish(),
  url: text().max(BACKUP_LIMITS.urlLength).nullish(),
});

export const protectionEventTypes = ["manual_backup", "manual_restore"] as const;
export const protectionEventRequestSchema = z.strictObject({
  eventType: z.enum(protectionEventTypes),
  description: text().trim().min(1).max(500),
});

export const protectionEventSchema = z.object({
  id: z.string(),
  eventType: z.string(),
  description: z.string(),
  createdAt: z.string(),
});
export type ProtectionEvent = z.infer<typeof protectionEventSchema>;

/** `GET /api/protection/blocked-attempts`: what the Clear All Blocker polls every second. */
export const blockedAttemptsSchema = z.object({ blockedAttempts: z.number().int() });
export type BlockedAttempts = z.infer<typeof blockedAttemptsSchema>;

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

/** GET /api/protection/settings: the settings in effect (the defaults until the account saves some), with the team's policy. */
export const getProtectionSettings = defineEndpoint({
  method: "GET",
  path: "/api/protection/settings",
  responses: { 200: effectiveProtectionSettingsSchema, ...errors },
});

/**
 * PUT /api/protection/settings: changes some settings; 403 for a feature the plan does not include, and 403 "Set by
 * your team: …" for a change that would loosen what the team's policy sets.
 */
export const updateProtectionSettings = defineEndpoint({
  method: "PUT",
  path: "/api/protection/settings",
  body: protectionSettingsUpdateSchema,
  responses: { 200: effectiveProtectionSettingsSchema, 429: errorResponseSchema, ...errors },
});

/** POST /api/protection/toggle: switches protection on or off (and sets the mode, if named), and records it as an event. */
export const toggleProtection = defineEndpoint({
  method: "POST",
  path: "/api/protection/toggle",
  body: toggleProtectionRequestSchema,
  responses: { 200: toggleProtectionResponseSchema, 429: errorResponseSchema, ...errors },
});

/** POST /api/protection/log-blocked: a Clear All the blocker stopped, on the web or in an app. */
export const logBlockedAttempt = defineEndpoint({
  method: "POST",
  path: "/api/protection/log-blocked",
  body: logBlockedRequestSchema,
  responses: { 204: z.null(), 429: errorResponseSchema, ...errors },
});

/** GET /api/protection/blocked-attempts: the account's count of blocked attempts, polled every second. */
export const getBlockedAttempts = defineEndpoint({
  method: "GET",
  path: "/api/protection/blocked-attempts",
  responses: { 200: blockedAttemptsSchema, ...errors },
});

/** POST /api/user/protection-event: a backup or restore made by hand in the dashboard, for its event list. */
export const logProtectionEvent = defineEndpoint({
  method: "POST",
  path: "/api/user/protection-event",
  body: protectionEventRequestSchema,
  responses: { 201: protectionEventSchema, 429: errorResponseSchema, ...errors },
});
