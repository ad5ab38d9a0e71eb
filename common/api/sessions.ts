import { z } from "zod";
import { emailAddressSchema } from "./accounts";
import { deviceTokenScopes } from "./device-authorization";
import { columnInteger, epochMilliseconds } from "./integers";
import { text } from "./text";

/** Explicit payload limits of the protection API; past them the server answers 400 or 413. */
export const SESSION_LIMITS = {
  tabsPerSession: 500,
  appsPerSession: 200,
  urlLength: 2048,
  titleLength: 500,
  formFieldsPerTab: 100,
  formFieldNameLength: 200,
  formValueLength: 10_000,
  sessionNameLength: 200,
  deviceNameLength: 200,
  /** Bytes of one request body on the protection API. */
  bodyBytes: 1024 * 1024,
} as const;

/** How a backup came to be (spec 2 §4): emergencies are never refused. */
export const triggerEvents = ["clear_all_detected", "windows_x_button", "manual_save", "auto_backup"] as const;
export type TriggerEvent = (typeof triggerEvents)[number];
export const emergencyTriggers: readonly TriggerEvent[] = ["clear_all_detected", "windows_x_button"];
/**
 * What a client may call a backup it posts to `/api/saved-sessions`. Emergency triggers are set only by
 * the endpoints of the events themselves, so an ordinary save can never claim an emergency's rights.
 */
export const savedSessionTriggers = ["manual_save", "auto_backup"] as const satisfies readonly TriggerEvent[];

/** The labels spec 2 §4 gives the triggers; other values are shown raw. */
export const triggerLabels: Record<string, string> = {
  clear_all_detected: "Emergency Backup",
  windows_x_button: "Emergency Backup",
  manual_save: "Manual Save",
  auto_backup: "Automatic Backup",
};

export const browserTypes = ["samsung", "mi_browser", "firefox", "edge", "opera", "safari", "chrome", "other"] as const;

const webUrl = text()
  .max(SESSION_LIMITS.urlLength, `A URL has at most ${SESSION_LIMITS.urlLength} characters`)
  .refine((value) => {
    try {
      return ["http:", "https:"].includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, "Only http and https URLs can be backed up");

const faviconUrl = text()
  .max(SESSION_LIMITS.urlLength, `A favicon URL has at most ${SESSION_LIMITS.urlLength} characters`)
  .refine((value) => /^(https?:\/\/|data:image\/)/.test(value), "A favicon must be an http(s) or data:image URL");

const timestamp = z.union([z.iso.datetime({ offset: true }), epochMilliseconds]);

/** One tab as the capture engine sends it (spec 2 §3 "Tab snapshot"). */
export const tabSnapshotSchema = z.strictObject({
  url: webUrl,
  title: text().max(SESSION_LIMITS.titleLength).default(""),
  faviconUrl: faviconUrl.nullish(),
  isActive: z.boolean().default(false),
  lastAccessed: timestamp.nullish(),
  formData: z
    .record(
      text().min(1).max(SESSION_LIMITS.formFieldNameLength),
      text().max(SESSION_LIMITS.formValueLength, `A form value has at most ${SESSION_LIMITS.formValueLength} characters`),
    )
    .refine((fields) => Object.keys(fields).length <= SESSION_LIMITS.formFieldsPerTab, {
      message: `At most ${SESSION_LIMITS.formFieldsPerTab} form fields per tab`,
    })
    .default({}),
  scrollPosition: z
    .strictObject({ x: columnInteger({ min: 0, max: 10_000_000 }), y: columnInteger({ min: 0, max: 10_000_000 }) })
    .default({ x: 0, y: 0 }),
});
export type TabSnapshotInput = z.input<typeof tabSnapshotSchema>;
export type TabSnapshot = z.infer<typeof tabSnapshotSchema>;

/** A Windows application open at the moment of the backup (spec 2 §3). */
export const windowsApplicationSchema = z.strictObject({
  processName: text().min(1).max(260),
  windowTitle: text().max(SESSION_LIMITS.titleLength).default(""),
  documentPath: text().max(1024).nullish(),
  lastSaved: timestamp.nullish(),
  isUnsaved: z.boolean().default(false),
  processId: columnInteger({ min: 0 }).nullish(),
});
export type WindowsApplication = z.infer<typeof windowsApplicationSchema>;

/** The browser session of spec 2 §3. */
export const browserSessionSchema = z.strictObject({
  tabs: z
    .array(tabSnapshotSchema)
    .max(SESSION_LIMITS.tabsPerSession, `At most ${SESSION_LIMITS.tabsPerSession} tabs per session`),
  // Browsers and Android number windows with 32-bit integers; the id is kept as text.
  windowId: z.union([text().max(200), columnInteger()]).nullish(),
  browserType: text().max(50).default("other"),
  sessionId: text().max(200).nullish(),
  timestamp: timestamp.nullish(),
  deviceInfo: z.strictObject({ deviceName: text().max(SESSION_LIMITS.deviceNameLength).optional() }).partial().nullish(),
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
    .max(SESSION_LIMITS.appsPerSession, `At most ${SESSION_LIMITS.appsPerSession} applications`),
  deviceName: text().max(SESSION_LIMITS.deviceNameLength).optional(),
});

/** `POST /api/saved-sessions`: a manual save, or the capture engine's automatic backup, from the web app. */
export const manualSaveRequestSchema = z.strictObject({
  sessionName: text().trim().min(1).max(SESSION_LIMITS.sessionNameLength).optional(),
  trigger: z.enum(savedSessionTriggers).default("manual_save"),
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

export const savedSessionSummarySchema = z.object({
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
});
export type SavedSessionSummary = z.infer<typeof savedSessionSummarySchema>;

export const savedTabSchema = z.object({
  id: z.string(),
  url: z.string(),
  title: z.string(),
  faviconUrl: z.string().nullable(),
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

/** spec 2 §3 "Tab backup". */
export const tabBackupSchema = z.object({
  id: z.string(),
  url: z.string(),
  title: z.string(),
  favicon: z.string().nullable(),
  isActive: z.boolean(),
});

export const savedSessionDetailSchema = savedSessionSummarySchema.extend({
  browserTabs: z.array(savedTabSchema),
  openApps: z.array(savedApplicationSchema),
  tabBackups: z.array(tabBackupSchema),
});
export type SavedSessionDetail = z.infer<typeof savedSessionDetailSchema>;

export const savedSessionListSchema = z.array(savedSessionSummarySchema);

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
export const sessionIdParamsSchema = z.object({ id: z.uuid({ message: "Not a session id" }) });

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
  timestamp: timestamp.nullish(),
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

export const deviceTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** "browser" for the extension (backups and protection only), "app" for the Windows and Android apps. */
  scope: z.enum(deviceTokenScopes),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type DeviceToken = z.infer<typeof deviceTokenSchema>;
export const createDeviceTokenRequestSchema = z.strictObject({ name: text().trim().min(1).max(100) });
export const createdDeviceTokenSchema = z.object({
  deviceToken: deviceTokenSchema,
  /** Shown once; only its hash is stored. */
  token: z.string(),
});

/** `GET /api/protection/blocked-attempts`: what the Clear All Blocker polls every second (spec 2 §9). */
export const blockedAttemptsSchema = z.object({ blockedAttempts: z.number().int() });
export type BlockedAttempts = z.infer<typeof blockedAttemptsSchema>;
