import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import { errorResponseSchema } from "./errors";
import { clientTimestampSchema, SESSION_LIMITS } from "./payload-limits";
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
});
export type ProtectionSettings = z.infer<typeof protectionSettingsSchema>;
export const protectionSettingsUpdateSchema = protectionSettingsSchema.partial().strict();

export const defaultProtectionSettings: ProtectionSettings = {
  enabled: true,
  mode: "block",
  autoBackup: false,
  cloudSync: false,
  smartDetection: false,
  aiPrediction: false,
  teamSharing: false,
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
  url: text().max(SESSION_LIMITS.urlLength).nullish(),
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

/** `GET /api/protection/blocked-attempts`: what the Clear All Blocker polls every second (spec 2 §9). */
export const blockedAttemptsSchema = z.object({ blockedAttempts: z.number().int() });
export type BlockedAttempts = z.infer<typeof blockedAttemptsSchema>;

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

/** GET /api/protection/settings: the account's settings, the defaults until it saves some. */
export const getProtectionSettings = defineEndpoint({
  method: "GET",
  path: "/api/protection/settings",
  responses: { 200: protectionSettingsSchema, ...errors },
});

/** PUT /api/protection/settings: changes some settings; 403 for a feature the plan does not include. */
export const updateProtectionSettings = defineEndpoint({
  method: "PUT",
  path: "/api/protection/settings",
  body: protectionSettingsUpdateSchema,
  responses: { 200: protectionSettingsSchema, 429: errorResponseSchema, ...errors },
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
