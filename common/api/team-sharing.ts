import { z } from "zod";
import { browserBackupSchema } from "./browser-backups";
import { restoreResponseSchema } from "./backups";
import { defineEndpoint } from "./endpoint";
import { errorResponseSchema } from "./errors";

/**
 * Shared backups (decision 190): a member shares one of their own backups with their team;
 * the other members list it, read its tabs and restore it in their own browser; the sharer stops sharing it.
 * What a share carries: the backup's name, its tabs' addresses, titles and icons, its windows and tab groups.
 * What it never carries: form entries (plain or end-to-end encrypted, `tabvault:sealed`), scroll positions, the
 * backup's note and tags, the device's name and Windows applications. A share lasts while the backup exists and
 * its sharer belongs to the team; it is made only by the sharer's click, never by default.
 */

export const TEAM_SHARING_LIMITS = {
  /** The list answers this many of the newest shares. */
  listed: 200,
} as const;

/** What a shared backup never carries, in the words the screens use. */
export const TEAM_SHARE_KEEPS_PRIVATE =
  "Form entries (including end-to-end encrypted ones), scroll positions, your note and tags, the device name and Windows applications are never shared.";

export const sharedBackupSchema = z.object({
  /** The backup's id: a share is one backup, shared once. */
  id: z.string(),
  sessionName: z.string(),
  tabCount: z.number().int(),
  /** When the backup was taken. */
  createdAt: z.string(),
  sharedAt: z.string(),
  sharedBy: z.object({ email: z.string(), name: z.string().nullable() }),
  /** The caller shared it (and can stop sharing it). */
  mine: z.boolean(),
});
export type SharedBackup = z.infer<typeof sharedBackupSchema>;

const sharedIdParams = z.object({ id: z.uuid({ message: "Not a backup id" }) });
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

/** GET: the backups shared with the caller's team, newest share first (the caller's own included, marked). */
export const listTeamSharedBackups = defineEndpoint({
  method: "GET",
  path: "/api/team/shared-sessions",
  responses: { 200: z.array(sharedBackupSchema), ...errors },
});

/** POST: shares one of the caller's own backups with their team (201; 200 when it was shared already). */
export const shareBackupWithTeam = defineEndpoint({
  method: "POST",
  path: "/api/team/shared-sessions",
  body: z.strictObject({ sessionId: z.uuid({ message: "sessionId is not a backup id" }) }),
  responses: { 200: sharedBackupSchema, 201: sharedBackupSchema, ...errors, 409: errorResponseSchema },
});

/** DELETE: the sharer stops sharing the backup; the team no longer sees it. */
export const unshareTeamBackup = defineEndpoint({
  method: "DELETE",
  path: "/api/team/shared-sessions/:id",
  params: sharedIdParams,
  responses: { 204: z.null(), ...errors },
});

/**
 * GET: a shared backup as windows, tabs and groups, without what stays private (every tab's form data is `{}`, its
 * scroll 0, the device name null): what the Session Manager shows and what the extension restores.
 */
export const getTeamSharedBackup = defineEndpoint({
  method: "GET",
  path: "/api/team/shared-sessions/:id",
  params: sharedIdParams,
  responses: { 200: browserBackupSchema, 429: errorResponseSchema, ...errors },
});

/** POST: a member restores a shared backup: recorded as the member's restore, answered with the tabs to open (no form data). */
export const restoreTeamSharedBackup = defineEndpoint({
  method: "POST",
  path: "/api/team/shared-sessions/:id/restore",
  params: sharedIdParams,
  responses: { 200: restoreResponseSchema, 429: errorResponseSchema, ...errors },
});
