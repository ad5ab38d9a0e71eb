import { z } from "zod";
import { savedApplicationSchema, backupSummarySchema, savedTabSchema, backupIdParamsSchema } from "./backups";
import { defineEndpoint } from "./endpoint";
import { errorResponseSchema } from "./errors";

/**
 * A big backup read a screen at a time (point 6; decision 165): the Session Manager asks for a
 * backup's overview (its labels and applications, no tabs) and then for the pages of tabs the list shows,
 * by offset into the tabs' saved order. The whole read (`getBackup`, the restore) is unchanged.
 */
export const BACKUP_TAB_PAGES = {
  /** Tabs on a page when the request names no limit: a few screens of the Session Manager's list. */
  defaultLimit: 100,
  /** The most one page may hold: a page of tabs with their form data stays a few hundred kilobytes. */
  maxLimit: 500,
  /** Past every backup's end (a merged backup holds at most 10,000 tabs), still a bounded OFFSET. */
  maxOffset: 100_000,
} as const;

/** A backup's window as its details list it: its name and private mark (decision 217) and how many tabs it holds. */
export const backupWindowSummarySchema = z.object({
  name: z.string().nullable(),
  incognito: z.boolean(),
  tabCount: z.number().int(),
});
export type BackupWindowSummary = z.infer<typeof backupWindowSummarySchema>;

export const backupOverviewSchema = backupSummarySchema.extend({
  openApps: z.array(savedApplicationSchema),
  /** The backup's windows in order; empty for a backup kept without windows (the web app's, the apps'). */
  windows: z.array(backupWindowSummarySchema),
});
export type BackupOverview = z.infer<typeof backupOverviewSchema>;

/** One tab on a page: `index` is its place in the backup's saved order, from 0 (what the list shows at that row). */
export const pagedTabSchema = savedTabSchema.extend({ index: z.number().int() });
export type PagedTab = z.infer<typeof pagedTabSchema>;

export const backupTabPageSchema = z.object({
  /** Tabs in the whole backup, so a list can be as tall as all of them before they are read. */
  total: z.number().int(),
  offset: z.number().int(),
  tabs: z.array(pagedTabSchema),
});
export type BackupTabPage = z.infer<typeof backupTabPageSchema>;

export const backupTabPageQuerySchema = z.strictObject({
  offset: z.coerce
    .number({ message: "offset is a number" })
    .int("offset is a whole number")
    .min(0, "offset is 0 or more")
    .max(BACKUP_TAB_PAGES.maxOffset, `offset is at most ${BACKUP_TAB_PAGES.maxOffset}`)
    .default(0),
  limit: z.coerce
    .number({ message: "limit is a number" })
    .int("limit is a whole number")
    .min(1, "limit is at least 1")
    .max(BACKUP_TAB_PAGES.maxLimit, `limit is at most ${BACKUP_TAB_PAGES.maxLimit}`)
    .default(BACKUP_TAB_PAGES.defaultLimit),
});

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

/** GET /api/saved-sessions/:id/overview: one backup's labels and applications without its tabs; 404 for anyone else's. */
export const getBackupOverview = defineEndpoint({
  method: "GET",
  path: "/api/saved-sessions/:id/overview",
  params: backupIdParamsSchema,
  responses: { 200: backupOverviewSchema, ...errors },
});

/** GET /api/saved-sessions/:id/tabs?offset&limit: a page of one backup's tabs in their saved order; 404 for anyone else's. */
export const listBackupTabs = defineEndpoint({
  method: "GET",
  path: "/api/saved-sessions/:id/tabs",
  params: backupIdParamsSchema,
  query: backupTabPageQuerySchema,
  responses: { 200: backupTabPageSchema, ...errors },
});
