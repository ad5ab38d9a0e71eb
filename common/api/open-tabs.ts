import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import { errorResponseSchema } from "./errors";
import { BROWSER_BACKUP_LIMITS, browserBackupSchema, browserWindowSchema, tabGroupSchema } from "./browser-backups";
import { epochMilliseconds } from "./integers";

/**
 * Open on other devices (decisions 160–164): each connected browser's tabs as they are
 * open now, one row per device replaced in place. Not a backup: it is never rotated, never counted
 * against a plan's backups and never restores over one. The same windows, tabs and groups as a browser
 * backup, with its limits, and without form data (decision 161).
 */
export const OPEN_TABS = {
  /** The extension pushes this long after the last tab change… */
  pushDebounceMs: 3_000,
  /** …and its alarm retries a push that failed, so the web app is at most about a minute behind. */
  retryMinutes: 1,
  /** An unchanged browser is pushed again this often, so "updated 2 min ago" stays true. */
  refreshMs: 10 * 60_000,
} as const;

export const pushOpenTabsRequestSchema = z
  .strictObject({
    /** When the extension read its tabs: a push older than the stored one is ignored. */
    capturedAt: epochMilliseconds,
    browserType: z.enum(["chrome", "edge", "brave", "opera", "vivaldi", "chromium", "firefox", "other"]).default("other"),
    windows: z.array(browserWindowSchema).max(BROWSER_BACKUP_LIMITS.windowsPerBackup),
    groups: z.array(tabGroupSchema).max(BROWSER_BACKUP_LIMITS.groupsPerBackup).default([]),
  })
  .refine((open) => open.windows.reduce((sum, window) => sum + window.tabs.length, 0) <= BROWSER_BACKUP_LIMITS.tabsPerBackup, {
    message: `At most ${BROWSER_BACKUP_LIMITS.tabsPerBackup} open tabs per device`,
    path: ["windows"],
  });
export type PushOpenTabsRequest = z.input<typeof pushOpenTabsRequestSchema>;

export const openTabsReceiptSchema = z.object({
  /** False when a newer snapshot of this browser was stored already: this one changed nothing. */
  applied: z.boolean(),
  tabCount: z.number().int(),
  /** The capture time of what is stored now (this push's, or the newer one's). */
  capturedAt: z.string(),
  message: z.string(),
});
export type OpenTabsReceipt = z.infer<typeof openTabsReceiptSchema>;

export const openTabsDeviceSchema = z.object({
  deviceId: z.string(),
  deviceName: z.string(),
  browserType: z.string(),
  capturedAt: z.string(),
  tabCount: z.number().int(),
  windowCount: z.number().int(),
});
export type OpenTabsDevice = z.infer<typeof openTabsDeviceSchema>;

/** One device's open tabs, windows and groups in the shape a browser backup restores from. */
export const openTabsSchema = openTabsDeviceSchema.extend({ windows: browserBackupSchema.shape.windows, groups: browserBackupSchema.shape.groups });
export type OpenTabs = z.infer<typeof openTabsSchema>;

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

/** PUT (the extension's `browser` token): this browser's open tabs now; Pro and up (`cloudSync`). */
export const pushOpenTabs = defineEndpoint({
  method: "PUT",
  path: "/api/open-tabs",
  body: pushOpenTabsRequestSchema,
  responses: { 200: openTabsReceiptSchema, ...errors, 409: errorResponseSchema, 413: errorResponseSchema, 415: errorResponseSchema, 429: errorResponseSchema },
});

/** GET: every connected device's open tabs in summary, newest first; revoked devices are gone. */
export const listOpenTabs = defineEndpoint({
  method: "GET",
  path: "/api/open-tabs",
  responses: { 200: z.array(openTabsDeviceSchema), ...errors },
});

/** GET: one device's open tabs, to show and to restore in this browser. */
export const getOpenTabs = defineEndpoint({
  method: "GET",
  path: "/api/open-tabs/:deviceId",
  params: z.object({ deviceId: z.uuid({ message: "Not a device id" }) }),
  responses: { 200: openTabsSchema, ...errors, 404: errorResponseSchema, 429: errorResponseSchema },
});
