import { z } from "zod";
import { browserBackupTriggers } from "@common/api/browser-backups";
import type { TeamPolicy } from "@common/api/protection";
import type { StorageArea } from "../browser-api";
import type { CaptureRules } from "../capture-policy";
import type { DetectorState } from "../emergency";
import type { LastUpload, RestoreProgress } from "../messages";
import type { PageState } from "../snapshot";
import { checkedWhenStored, StorageItem } from "../storage-item";
import type { SyncedDeviceRecord } from "../synced-devices";

/** The token this browser was granted, for the server that granted it. */
export interface Auth {
  serverUrl: string;
  accessToken: string;
  deviceId: string;
  deviceName: string;
  email: string;
}

export interface StoredConnection {
  state: "connected" | "disconnected";
  email: string | null;
  planType: string | null;
  automaticBackups: boolean;
  message: string | null;
}

export interface StartupCheck {
  /** The moment this browser run was first seen: the previous run's snapshots are older. */
  at: number;
  lastTabCreatedAt: number;
}

const auth: z.ZodType<Auth> = z.object({ serverUrl: z.string(), accessToken: z.string(), deviceId: z.string(), deviceName: z.string(), email: z.string() });
const connection: z.ZodType<StoredConnection> = z.object({
  state: z.enum(["connected", "disconnected"]),
  email: z.string().nullable(),
  planType: z.string().nullable(),
  automaticBackups: z.boolean(),
  message: z.string().nullable(),
});
const detector: z.ZodType<DetectorState> = z.object({
  removals: z.array(z.object({ tabId: z.number(), windowId: z.number(), at: z.number(), isWindowClosing: z.boolean() })),
  raisedFor: z.number().nullable(),
});
const startupCheck: z.ZodType<StartupCheck> = z.object({ at: z.number(), lastTabCreatedAt: z.number() });
// The team's policy was checked against its contract when the server answered; here only its presence.
const teamPolicy = z.custom<TeamPolicy>((value) => typeof value === "object" && value !== null);
const captureRules: z.ZodType<CaptureRules> = z.object({
  ownSites: z.array(z.string()),
  team: z.object({ teamName: z.string(), policy: teamPolicy }).nullable(),
  readAt: z.number(),
});
const lastUpload: z.ZodType<LastUpload> = z.object({ at: z.number(), trigger: z.enum(browserBackupTriggers), message: z.string() });
const restoreProgress: z.ZodType<RestoreProgress> = z.object({
  id: z.string(),
  label: z.string(),
  done: z.number(),
  total: z.number(),
  state: z.enum(["running", "done", "failed"]),
  message: z.string().nullable(),
  startedAt: z.number(),
  finishedAt: z.number().nullable(),
});
const pageStateSchema: z.ZodType<PageState> = z.object({
  url: z.string(),
  formData: z.record(z.string(), z.string()),
  scrollPosition: z.object({ x: z.number(), y: z.number() }),
});

export const isPageState = (value: unknown): value is PageState => pageStateSchema.safeParse(value).success;

// Built by this extension from the browser's answer: only the presence of each record's parts is checked.
const syncedDevices = z.record(
  z.string(),
  z.object({
    last: checkedWhenStored<SyncedDeviceRecord["last"]>(),
    lastReadAt: z.number(),
    peak: checkedWhenStored<SyncedDeviceRecord["peak"]>(),
    peakAt: z.number(),
    uploadedFingerprint: z.string().nullable(),
  }),
);

/** The prefix of a tab's form entries and scroll as its content script last reported them (storage.session). */
export const PAGE_PREFIX = "page:";

/** Every value the background keeps in extension storage, each typed by its schema. */
export function backgroundItems(local: StorageArea, session: StorageArea, secrets: StorageArea) {
  return {
    /** In the extension's IndexedDB, which content scripts cannot read (decision 225); `storage.local` before that. */
    auth: new StorageItem(secrets, "auth", auth),
    /** Where `auth` was kept before decision 225: moved out at the first read. */
    authKeptLocally: new StorageItem(local, "auth", auth),
    connection: new StorageItem(local, "connection", connection),
    detector: new StorageItem(session, "detector", detector),
    startupCheck: new StorageItem(local, "startupCheck", startupCheck),
    runStarted: new StorageItem(session, "runStarted", z.number()),
    lastAutoFingerprint: new StorageItem(local, "lastAutoFingerprint", z.string()),
    /** The server's answer to the newest upload it stored, in its words (what a plan limit left out included). */
    lastUpload: new StorageItem(local, "lastUpload", lastUpload),
    /** The server's version, read while a refused backup waits: a new one may take what the old one refused (decision 206). */
    serverVersion: new StorageItem(local, "serverVersion", z.string()),
    /** The person's own form capture switch (the options page writes it). */
    formCapture: new StorageItem(local, "formCapture", z.boolean()),
    captureRules: new StorageItem(local, "captureRules", captureRules),
    restore: new StorageItem(session, "restoreProgress", restoreProgress),
    /** The other devices' tabs read through the browser's sync, by device name (decision 219). */
    syncedDevices: new StorageItem<Record<string, SyncedDeviceRecord>>(local, "syncedDevices", syncedDevices),
    /** When the synced devices were last read, and how many the browser listed. */
    syncedDevicesRead: new StorageItem(local, "syncedDevicesRead", z.object({ at: z.number(), devices: z.number() })),
    /** Set by runtime.onStartup: this browser run began with the browser, not with an install or update. */
    browserStarted: new StorageItem(session, "browserStarted", z.boolean()),
    page: (tabId: number) => new StorageItem(session, `${PAGE_PREFIX}${tabId}`, pageStateSchema),
    /** What a restored tab refills once its page has loaded. */
    refill: (tabId: number) => new StorageItem(session, `refill:${tabId}`, pageStateSchema),
  };
}

export type BackgroundItems = ReturnType<typeof backgroundItems>;
