import { z } from "zod";
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

export const toggleProtectionRequestSchema = z.strictObject({ enabled: z.boolean() });
export const toggleProtectionResponseSchema = z.object({ enabled: z.boolean(), message: z.string() });

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
