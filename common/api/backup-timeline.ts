import { z } from "zod";
import { savedTabSchema, backupIdParamsSchema } from "./backups";
import { defineEndpoint } from "./endpoint";
import { errorResponseSchema } from "./errors";

/**
 * A device's timeline (decision 222): the backups one device made, over time, read from a backup of it, and what
 * changed between two of them. The moments are backups as kept (thinning, decision 208, decides how many).
 */
export const BACKUP_TIMELINE = {
  /** Moments in one read when the request names no limit: a year of one device's thinned backups is about 500. */
  defaultLimit: 300,
  /** The most one read may hold. */
  maxLimit: 1000,
} as const;

/** One moment of a device's timeline: a backup, with what the timeline shows of it. */
export const backupMomentSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  triggerEvent: z.string(),
  tabCount: z.number().int(),
  sealedTabCount: z.number().int(),
  pinned: z.boolean(),
});
export type BackupMoment = z.infer<typeof backupMomentSchema>;

export const backupMomentsSchema = z.object({
  /** The device the backup named in the path came from, as its backups name it; null for the web app's own saves. */
  deviceName: z.string().nullable(),
  browserType: z.string().nullable(),
  /** Newest first. */
  moments: z.array(backupMomentSchema),
  /** True when older moments than the last one listed are kept: ask again with `before` its `createdAt`. */
  more: z.boolean(),
});
export type BackupMoments = z.infer<typeof backupMomentsSchema>;

export const backupMomentsQuerySchema = z.strictObject({
  /** Only moments made before this time (the `createdAt` of the last moment of the previous read). */
  before: z.iso.datetime({ offset: true, message: "before is a date and time, e.g. 2026-11-28T10:00:00.000Z" }).optional(),
  limit: z.coerce
    .number({ message: "limit is a number" })
    .int("limit is a whole number")
    .min(1, "limit is at least 1")
    .max(BACKUP_TIMELINE.maxLimit, `limit is at most ${BACKUP_TIMELINE.maxLimit}`)
    .default(BACKUP_TIMELINE.defaultLimit),
});

/**
 * What changed from the moment `since` to the moment in the path. Two tabs are the same tab when they hold the same
 * stored content (decision 212) or, failing that, the same address: a tab whose title or scroll changed stayed open.
 * The server cannot read a sealed tab's address (decision 199), so the sealed tabs it could not pair by content are
 * given back as they are, for the browser that holds the key to compare.
 */
export const backupChangesSchema = z.object({
  since: backupMomentSchema,
  until: backupMomentSchema,
  /** Tabs open at `until` that were not at `since`, in `until`'s order. */
  opened: z.array(savedTabSchema),
  /** Tabs open at `since` that were not at `until`, in `since`'s order. */
  closed: z.array(savedTabSchema),
  /** Tabs open at both moments. */
  stillOpen: z.number().int(),
  /** Sealed tabs of each moment that no tab of the other held with the same content: compared where they can be opened. */
  sealedToCompare: z.object({ since: z.array(savedTabSchema), until: z.array(savedTabSchema) }),
});
export type BackupChanges = z.infer<typeof backupChangesSchema>;

export const backupChangesQuerySchema = z.strictObject({
  since: z.uuid({ message: "since is a backup's id" }),
});

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

/** GET /api/saved-sessions/:id/moments?before&limit: the backups of the device that made backup :id, newest first; 404 for anyone else's. */
export const listBackupMoments = defineEndpoint({
  method: "GET",
  path: "/api/saved-sessions/:id/moments",
  params: backupIdParamsSchema,
  query: backupMomentsQuerySchema,
  responses: { 200: backupMomentsSchema, ...errors },
});

/** GET /api/saved-sessions/:id/changes?since=: the tabs opened and closed from backup `since` to backup :id; 404 unless both are the account's. */
export const compareBackups = defineEndpoint({
  method: "GET",
  path: "/api/saved-sessions/:id/changes",
  params: backupIdParamsSchema,
  query: backupChangesQuerySchema,
  responses: { 200: backupChangesSchema, ...errors },
});
