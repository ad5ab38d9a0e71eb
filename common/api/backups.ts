import { z } from "zod";
import { emailAddressSchema } from "./accounts";
import { defineEndpoint } from "./endpoint";
import { errorResponseSchema } from "./errors";
import { browserId, columnInteger } from "./integers";
import { clientTimestampSchema, BACKUP_LIMITS } from "./payload-limits";
import { protectionEventSchema } from "./protection";
import { capturedTabFields, checkTabLocation } from "./tab-fields";
import { text } from "./text";

/** How a backup came to be: emergencies are never refused. */
export const triggerEvents = ["clear_all_detected", "windows_x_button", "manual_save", "auto_backup"] as const;
export type TriggerEvent = (typeof triggerEvents)[number];
export const emergencyTriggers: readonly TriggerEvent[] = ["clear_all_detected", "windows_x_button"];
/**
 * What a client may call a backup it posts to `/api/saved-sessions`. Emergency triggers are set only by
 * the endpoints of the events themselves, so an ordinary save can never claim an emergency's rights.
 */
export const clientBackupTriggers = ["manual_save", "auto_backup"] as const satisfies readonly TriggerEvent[];

/** The labels spec 2 §4 gives the triggers; other values are shown raw. */
export const triggerLabels: Record<string, string> = {
  clear_all_detected: "Emergency Backup",
  windows_x_button: "Emergency Backup",
  manual_save: "Manual Save",
  auto_backup: "Automatic Backup",
};

export const browserTypes = ["samsung", "mi_browser", "firefox", "edge", "opera", "safari", "chrome", "other"] as const;

/** Browser types as people write them; the apps send the first list, the extension also chromium, brave and vivaldi. */
const browserNames: Record<string, string> = {
  chrome: "Chrome",
  chromium: "Chromium",
  edge: "Edge",
  brave: "Brave",
  opera: "Opera",
  vivaldi: "Vivaldi",
  firefox: "Firefox",
  safari: "Safari",
  samsung: "Samsung Internet",
  mi_browser: "Mi Browser",
  other: "Another browser",
  sync: "Another device, through sync",
};

/**
 * The browser type of a backup of another device's tabs that a browser read through its own tab sync (decision 219):
 * the backup is stored under that device's name, and this says where it came from.
 */
export const SYNCED_BROWSER_TYPE = "sync";

/** Whether a backup came through the browser's tab sync from another device (decision 219). */
export function cameThroughSync(backup: { browserType: string | null }): boolean {
  return backup.browserType === SYNCED_BROWSER_TYPE;
}

/** The name of a backup's browser for screens and backup names ("chrome" → "Chrome"); an unknown value as sent. */
export function browserName(browserType: string): string {
  return browserNames[browserType] ?? browserType;
}

/** One tab as the capture engine sends it (spec 2 §3 "Tab snapshot"). */
export const tabSnapshotSchema = capturedTabFields
  .extend({
    isActive: z.boolean().default(false),
    lastAccessed: clientTimestampSchema.nullish(),
  })
  .superRefine(checkTabLocation);
export type TabSnapshotInput = z.input<typeof tabSnapshotSchema>;
export type TabSnapshot = z.infer<typeof tabSnapshotSchema>;

/** A Windows application open at the moment of the backup. */
export const windowsApplicationSchema = z.strictObject({
  processName: text().min(1).max(260),
  windowTitle: text().max(BACKUP_LIMITS.titleLength).default(""),
  documentPath: text().max(1024).nullish(),
  lastSaved: clientTimestampSchema.nullish(),
  isUnsaved: z.boolean().default(false),
  processId: columnInteger({ min: 0 }).nullish(),
});
export type WindowsApplication = z.infer<typeof windowsApplicationSchema>;

/** The browser session payload of spec 2 §3 (`browserSession`): the browser's tabs as they are. */
export const browserSessionSchema = z.strictObject({
  tabs: z
    .array(tabSnapshotSchema)
    .max(BACKUP_LIMITS.tabsPerBackup, `At most ${BACKUP_LIMITS.tabsPerBackup} tabs per session`),
  // Any id a browser or Android gives a window; it is kept as text.
  windowId: z.union([text().max(200), browserId]).nullish(),
  browserType: text().max(50).default("other"),
  sessionId: text().max(200).nullish(),
  timestamp: clientTimestampSchema.nullish(),
  deviceInfo: z.strictObject({ deviceName: text().max(BACKUP_LIMITS.deviceNameLength).optional() }).partial().nullish(),
});
export type BrowserSessionInput = z.input<typeof browserSessionSchema>;

export const androidClearAllRequestSchema = z.strictObject({
  userEmail: emailAddressSchema,
  browserSession: browserSessionSchema,
});

export const windowsXButtonRequestSchema = z.strictObject({
  userEmail: emailAddressSchema,
  applications: z
    .array(windowsApplicationSchema)
    .max(BACKUP_LIMITS.appsPerBackup, `At most ${BACKUP_LIMITS.appsPerBackup} applications`),
  deviceName: text().max(BACKUP_LIMITS.deviceNameLength).optional(),
});

/** `POST /api/saved-sessions`: a manual save, or the capture engine's automatic backup, from the web app. */
export const manualSaveRequestSchema = z.strictObject({
  sessionName: text().trim().min(1).max(BACKUP_LIMITS.backupNameLength).optional(),
  trigger: z.enum(clientBackupTriggers).default("manual_save"),
  browserSession: browserSessionSchema,
});

/** What a plan limit did to a backup; absent when nothing was cut. */
export const planLimitNoticeSchema = z.object({
  tabsLeftOut: z.number().int(),
  backupsRotatedOut: z.number().int(),
  message: z.string(),
});
export type PlanLimitNotice = z.infer<typeof planLimitNoticeSchema>;

export const backupResponseSchema = z.object({
  success: z.boolean(),
  protected: z.boolean(),
  message: z.string(),
  sessionId: z.string(),
  tabsSaved: z.number().int(),
  appsSaved: z.number().int(),
  limit: planLimitNoticeSchema.nullable(),
});
export type BackupResponse = z.infer<typeof backupResponseSchema>;

export const backupSummarySchema = z.object({
  id: z.string(),
  sessionName: z.string(),
  triggerEvent: z.string(),
  deviceName: z.string().nullable(),
  browserType: z.string().nullable(),
  createdAt: z.string(),
  restorable: z.boolean(),
  tabCount: z.number().int(),
  appCount: z.number().int(),
  sizeBytes: z.number().int(),
  /**
   * The library's labels (decisions 153, 154): the person's tags, note, and whether it is pinned. With
   * defaults, so an extension or app reading a server from before them still parses the list.
   */
  tags: z.array(z.string()).default([]),
  note: z.string().nullable().default(null),
  pinned: z.boolean().default(false),
  /** Tabs whose title and address are sealed (decision 199): exported only as TabVault JSON, never shared. */
  sealedTabCount: z.number().int().default(0),
});
export type BackupSummary = z.infer<typeof backupSummarySchema>;

export const savedTabSchema = z.object({
  id: z.string(),
  url: z.string(),
  title: z.string(),
  faviconUrl: z.string().nullable(),
  /** Set when the tab's URL, title and favicon are sealed (decision 199): `url` and `title` are then "". */
  sealedLocation: z.string().nullish(),
  isActive: z.boolean(),
  lastAccessed: z.string().nullable(),
  formData: z.record(z.string(), z.string()),
  scrollPosition: z.object({ x: z.number(), y: z.number() }),
});
export type SavedTab = z.infer<typeof savedTabSchema>;

export const savedApplicationSchema = z.object({
  processName: z.string(),
  windowTitle: z.string(),
  documentPath: z.string().nullable(),
  lastSaved: z.string().nullable(),
  isUnsaved: z.boolean(),
  processId: z.number().nullable(),
});
export type SavedApplication = z.infer<typeof savedApplicationSchema>;

/** spec 2 §3 "Tab backup". */
export const tabBackupSchema = z.object({
  id: z.string(),
  url: z.string(),
  title: z.string(),
  favicon: z.string().nullable(),
  isActive: z.boolean(),
});

export const backupDetailSchema = backupSummarySchema.extend({
  browserTabs: z.array(savedTabSchema),
  openApps: z.array(savedApplicationSchema),
  tabBackups: z.array(tabBackupSchema),
});
export type BackupDetail = z.infer<typeof backupDetailSchema>;

export const backupListSchema = z.array(backupSummarySchema);

/** spec 2 §3 "Restore response". */
export const restoreResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  session: z.object({
    id: z.string(),
    tabs: z.array(savedTabSchema),
    browserType: z.string().nullable(),
    timestamp: z.string(),
    tabBackups: z.array(tabBackupSchema),
    openApps: z.array(savedApplicationSchema),
  }),
  instructions: z.object({ tabs: z.array(z.object({ url: z.string() })) }),
});
export type RestoreResponse = z.infer<typeof restoreResponseSchema>;

export const protectionStatusSchema = z.object({
  isActive: z.boolean(),
  sessionCount: z.number().int(),
  applicationCount: z.number().int(),
  lastBackup: z.string().nullable(),
});
export type ProtectionStatus = z.infer<typeof protectionStatusSchema>;

export const userEmailBodySchema = z.strictObject({ userEmail: emailAddressSchema });
export const userEmailParamsSchema = z.object({ userEmail: emailAddressSchema });
export const backupIdParamsSchema = z.object({ id: z.uuid({ message: "Not a session id" }) });

/** spec 1 §3 "User stats". */
export const userStatsSchema = z.object({
  protectedTabs: z.number().int(),
  dataSaved: z.string(),
  daysActive: z.number().int(),
  planStatus: z.string(),
  blockedAttempts: z.number().int(),
  protectionEvents: z.array(protectionEventSchema),
});
export type UserStats = z.infer<typeof userStatsSchema>;


const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

/** GET /api/saved-sessions: the Session Manager's list, newest first. */
export const listBackups = defineEndpoint({
  method: "GET",
  path: "/api/saved-sessions",
  responses: { 200: backupListSchema, ...errors },
});

/** POST /api/saved-sessions: a manual save, or the capture engine's automatic backup; 403 when the plan refuses it. */
export const saveBackup = defineEndpoint({
  method: "POST",
  path: "/api/saved-sessions",
  body: manualSaveRequestSchema,
  // 413: the plan's backup storage is full (decision 135).
  responses: { 201: backupResponseSchema, 409: errorResponseSchema, 413: errorResponseSchema, 429: errorResponseSchema, ...errors },
});

/** GET /api/saved-sessions/:id: one backup with its tabs and applications; 404 for anyone else's. */
export const getBackup = defineEndpoint({
  method: "GET",
  path: "/api/saved-sessions/:id",
  params: backupIdParamsSchema,
  responses: { 200: backupDetailSchema, ...errors },
});

/** DELETE /api/saved-sessions/:id: removes a backup with its tabs; 404 for anyone else's. */
export const deleteBackup = defineEndpoint({
  method: "DELETE",
  path: "/api/saved-sessions/:id",
  params: backupIdParamsSchema,
  responses: { 204: z.null(), ...errors },
});

/** POST /api/restore-session/:id: the tabs of one backup to open again (spec 2 §3 "Restore response"). */
export const restoreBackup = defineEndpoint({
  method: "POST",
  path: "/api/restore-session/:id",
  params: backupIdParamsSchema,
  responses: { 200: restoreResponseSchema, 429: errorResponseSchema, ...errors },
});

/** POST /api/protection/android-clear-all: the emergency backup taken when a Clear All is detected. */
export const saveClearAllBackup = defineEndpoint({
  method: "POST",
  path: "/api/protection/android-clear-all",
  body: androidClearAllRequestSchema,
  responses: { 201: backupResponseSchema, 409: errorResponseSchema, 429: errorResponseSchema, ...errors },
});

/** POST /api/protection/windows-x-button: the emergency backup of the applications open when Windows closes. */
export const saveWindowsCloseBackup = defineEndpoint({
  method: "POST",
  path: "/api/protection/windows-x-button",
  body: windowsXButtonRequestSchema,
  responses: { 201: backupResponseSchema, 429: errorResponseSchema, ...errors },
});

/** GET /api/protection/status/:userEmail: whether protection is on, and how many backups hold what. */
export const getProtectionStatus = defineEndpoint({
  method: "GET",
  path: "/api/protection/status/:userEmail",
  params: userEmailParamsSchema,
  responses: { 200: protectionStatusSchema, ...errors },
});

/** POST /api/protection/restore-session: the latest backup that has tabs, to open again; 404 when there is none. */
export const restoreLatestBackup = defineEndpoint({
  method: "POST",
  path: "/api/protection/restore-session",
  body: userEmailBodySchema,
  responses: { 200: restoreResponseSchema, 429: errorResponseSchema, ...errors },
});

/** GET /api/user/stats: the dashboard's figures (spec 1 §3 "User stats"). */
export const getUserStats = defineEndpoint({
  method: "GET",
  path: "/api/user/stats",
  responses: { 200: userStatsSchema, ...errors },
});
