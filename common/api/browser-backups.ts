import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import { errorResponseSchema } from "./errors";
import { browserId, columnInteger, epochMilliseconds } from "./integers";
import { capturedTabFields, checkTabLocation, windowPlacementFields, windowStates } from "./tab-fields";
import { plainOrSealed } from "./sealed-labels";
import { text } from "./text";

/**
 * Backups of a whole browser as the extension sees it: every window with its bounds and state, every
 * tab with its place, pin and group, and the tab groups. People keep backups of 2,000 tabs, so one
 * backup holds up to 5,000; the body may be gzip-compressed and is capped once decompressed.
 */
export const BROWSER_BACKUP_LIMITS = {
  tabsPerBackup: 5_000,
  windowsPerBackup: 500,
  groupsPerBackup: 1_000,
  groupTitleLength: 200,
  windowNameLength: 200,
  /** Bytes of the request as sent (gzip or not). */
  wireBytes: 8 * 1024 * 1024,
  /** Bytes of the JSON once decompressed: a gzip bomb stops here. */
  decompressedBytes: 32 * 1024 * 1024,
} as const;

/** Triggers an extension may send; an emergency backup is stored whole on every plan and never refused. */
export const browserBackupTriggers = ["clear_all_detected", "auto_backup", "manual_save"] as const;
export type BrowserBackupTrigger = (typeof browserBackupTriggers)[number];

/** The tab-group colours Chromium and Firefox share (`tabGroups.Color`). */
export const tabGroupColors = ["grey", "blue", "red", "yellow", "green", "pink", "purple", "cyan", "orange"] as const;
export { windowStates };

export const browserTabSchema = capturedTabFields
  .extend({
    pinned: z.boolean().default(false),
    active: z.boolean().default(false),
    /** The tab's place in its window, from 0. */
    index: columnInteger({ min: 0, max: 100_000 }),
    /** The browser's id of the tab's group in this snapshot, or null. */
    groupId: browserId.nullish(),
    lastAccessed: epochMilliseconds.nullish(),
  })
  .superRefine(checkTabLocation);
export type BrowserTab = z.output<typeof browserTabSchema>;
export type BrowserTabInput = z.input<typeof browserTabSchema>;

export const browserWindowSchema = windowPlacementFields.extend({
  /** The browser's window id in this snapshot (not stable across restarts). */
  windowId: browserId,
  /**
   * The window's name where its source had one (a bookmark folder, a Session Buddy folder): a library import's
   * (decision 217). The extension sends none: the browsers give extensions no window name. Sealed when the account seals
   * titles and addresses (decision 237).
   */
  name: plainOrSealed(text().max(BROWSER_BACKUP_LIMITS.windowNameLength), BROWSER_BACKUP_LIMITS.windowNameLength, "window name").nullish(),
  /**
   * A private (incognito) window, kept so a restore can reopen it private (decision 217). Only imports carry it:
   * the extension's snapshots leave private windows out (`buildSnapshot`).
   */
  incognito: z.boolean().default(false),
  tabs: z.array(browserTabSchema).max(BROWSER_BACKUP_LIMITS.tabsPerBackup),
});
export type BrowserWindow = z.output<typeof browserWindowSchema>;
export type BrowserWindowInput = z.input<typeof browserWindowSchema>;

export const tabGroupSchema = z.strictObject({
  groupId: browserId,
  windowId: browserId,
  /** Sealed by the extension when the account seals titles and addresses (decision 237). */
  title: plainOrSealed(text().max(BROWSER_BACKUP_LIMITS.groupTitleLength), BROWSER_BACKUP_LIMITS.groupTitleLength, "group title").default(""),
  color: z.enum(tabGroupColors).default("grey"),
  collapsed: z.boolean().default(false),
});
export type TabGroup = z.output<typeof tabGroupSchema>;
export type TabGroupInput = z.input<typeof tabGroupSchema>;

export const uploadBrowserBackupRequestSchema = z
  .strictObject({
    /** Chosen by the extension for this snapshot: a retried upload with the same id never makes a second backup. */
    snapshotId: z.uuid({ message: "snapshotId must be a UUID" }),
    trigger: z.enum(browserBackupTriggers),
    /** When the snapshot was taken (before the loss, for an emergency). */
    capturedAt: epochMilliseconds,
    /** Why an emergency backup was made, in words, e.g. "A window with 12 tabs was closed". */
    reason: text().max(300).nullish(),
    /** e.g. "Chrome on Linux", the device's name in the dashboard. */
    deviceName: text().trim().max(200).nullish(),
    browserType: z.enum(["chrome", "edge", "brave", "opera", "vivaldi", "chromium", "firefox", "other"]).default("other"),
    windows: z.array(browserWindowSchema).max(BROWSER_BACKUP_LIMITS.windowsPerBackup),
    groups: z.array(tabGroupSchema).max(BROWSER_BACKUP_LIMITS.groupsPerBackup).default([]),
    /**
     * The workflow-automation rule that made this backup (decision 180; Premium): the server names and tags it
     * as the rule says. A rule deleted since leaves the backup with its usual name.
     */
    automationRuleId: z.uuid({ message: "automationRuleId must be a rule id" }).nullish(),
    /**
     * Set when the tabs are another device's, read through the browser's own tab sync (`sessions.getDevices`,
     * decision 219): the backup is that device's, e.g. "Pixel 9", and `deviceName` is the browser that read it.
     */
    syncedDevice: z.strictObject({ deviceName: text().trim().min(1).max(200) }).nullish(),
  })
  .refine((backup) => backup.windows.reduce((sum, window) => sum + window.tabs.length, 0) <= BROWSER_BACKUP_LIMITS.tabsPerBackup, {
    message: `At most ${BROWSER_BACKUP_LIMITS.tabsPerBackup} tabs per backup`,
    path: ["windows"],
  });
export type UploadBrowserBackupRequest = z.input<typeof uploadBrowserBackupRequestSchema>;

export const browserBackupReceiptSchema = z.object({
  backupId: z.string(),
  tabCount: z.number().int(),
  windowCount: z.number().int(),
  /** True when this snapshot id had been stored already: nothing new was written. */
  duplicate: z.boolean(),
  /**
   * False when this snapshot was not stored on the server because a larger emergency backup of the last hour stays
   * (the one `backupId` names, with its counts; decision 207); absent otherwise.
   */
  storedOnServer: z.literal(false).optional(),
  message: z.string(),
});
export type BrowserBackupReceipt = z.infer<typeof browserBackupReceiptSchema>;

export const browserBackupSchema = z.object({
  id: z.string(),
  sessionName: z.string(),
  triggerEvent: z.string(),
  deviceName: z.string().nullable(),
  browserType: z.string().nullable(),
  createdAt: z.string(),
  tabCount: z.number().int(),
  /** Every window with its tabs in order; a backup made before windows were kept comes back as one window. */
  windows: z.array(
    z.object({
      windowId: z.number().int(),
      state: z.enum(windowStates),
      focused: z.boolean(),
      left: z.number().int().nullable(),
      top: z.number().int().nullable(),
      width: z.number().int().nullable(),
      height: z.number().int().nullable(),
      /** The window's name, when its source had one (decision 217); absent or null otherwise. */
      name: z.string().nullish(),
      /** A private (incognito) window (decision 217): restored private where the browser allows. */
      incognito: z.boolean().optional(),
      tabs: z.array(
        z.object({
          url: z.string(),
          title: z.string(),
          faviconUrl: z.string().nullable(),
          /** Set when the tab's URL, title and favicon are sealed (decision 199): `url` and `title` are then "". */
          sealedLocation: z.string().nullish(),
          pinned: z.boolean(),
          active: z.boolean(),
          groupId: z.number().int().nullable(),
          /** When the browser last showed the tab (epoch ms), if it said: smart recovery opens the most recent first. */
          lastAccessed: z.number().int().nullish(),
          formData: z.record(z.string(), z.string()),
          scrollPosition: z.object({ x: z.number(), y: z.number() }),
        }),
      ),
    }),
  ),
  groups: z.array(z.object({ groupId: z.number().int(), windowId: z.number().int(), title: z.string(), color: z.enum(tabGroupColors), collapsed: z.boolean() })),
});
export type BrowserBackup = z.infer<typeof browserBackupSchema>;

/** What the extension's popup shows about its connection. */
export const extensionConnectionSchema = z.object({
  deviceId: z.string(),
  deviceName: z.string(),
  email: z.string(),
  planType: z.string(),
  /** How many backups the plan keeps; null = unlimited. */
  backupsKept: z.number().int().nullable(),
  /** Automatic backups every `EXTENSION_AUTOMATIC_BACKUP_MINUTES` (Basic and up). */
  automaticBackups: z.boolean(),
});
export type ExtensionConnection = z.infer<typeof extensionConnectionSchema>;

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

/** POST (Bearer device token or signed-in session): one browser snapshot, idempotent on snapshotId. */
export const uploadBrowserBackup = defineEndpoint({
  method: "POST",
  path: "/api/browser-backups",
  body: uploadBrowserBackupRequestSchema,
  responses: { 200: browserBackupReceiptSchema, 201: browserBackupReceiptSchema, ...errors, 409: errorResponseSchema, 413: errorResponseSchema, 415: errorResponseSchema, 429: errorResponseSchema },
});

/** GET: one backup as windows, tabs and groups, for a restore that puts every tab back where it was. */
export const getBrowserBackup = defineEndpoint({
  method: "GET",
  path: "/api/browser-backups/:id",
  params: z.object({ id: z.uuid({ message: "Not a backup id" }) }),
  responses: { 200: browserBackupSchema, ...errors, 404: errorResponseSchema, 429: errorResponseSchema },
});

/** GET (Bearer device token): who the extension is connected to and what the plan gives it. */
export const getExtensionConnection = defineEndpoint({
  method: "GET",
  path: "/api/extension/connection",
  responses: { 200: extensionConnectionSchema, ...errors },
});
