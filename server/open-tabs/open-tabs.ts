import { and, desc, eq, lt } from "drizzle-orm";
import type { OpenTabs, OpenTabsDevice, OpenTabsReceipt, pushOpenTabsRequestSchema } from "@common/api/open-tabs";
import type { z } from "zod";
import { browserTabFieldsOf, windowPlacementOf } from "@common/tab-field-mappers";
import { liveDeviceTokens } from "../devices/device-tokens";
import { deviceTokens } from "../accounts/table";
import type { Database } from "../db/database";
import { openTabs } from "./table";

type PushedOpenTabs = z.output<typeof pushOpenTabsRequestSchema>;

/**
 * What is stored of a push: windows without their empty ones, tabs without form data (decision 161),
 * every optional field made explicit so a read needs no defaults.
 */
export function storedWindows(push: PushedOpenTabs): { windows: OpenTabs["windows"]; groups: OpenTabs["groups"] } {
  const windows = push.windows
    .filter((window) => window.tabs.length > 0)
    .map((window) => ({
      windowId: window.windowId,
      ...windowPlacementOf(window),
      tabs: [...window.tabs]
        .sort((a, b) => a.index - b.index)
        .map((tab) => ({
          ...browserTabFieldsOf(tab),
          sealedLocation: tab.sealedLocation ?? null,
          formData: {},
          scrollPosition: tab.scrollPosition,
        })),
    }));
  const windowIds = new Set(windows.map((window) => window.windowId));
  // A group whose window was not sent would reopen as an empty group: it is dropped.
  const groups = push.groups.filter((group) => windowIds.has(group.windowId));
  return { windows, groups };
}

/**
 * Stores a device's open tabs in its one row, unless the row holds a capture at least as new: devices
 * never drift back to an older state when pushes arrive out of order (decision 162). Writes that one
 * row only: backups and other devices are never touched, whatever the push holds.
 */
export async function saveOpenTabs(db: Database, userId: string, deviceId: string, push: PushedOpenTabs, now: Date): Promise<OpenTabsReceipt> {
  const { windows, groups } = storedWindows(push);
  const tabCount = windows.reduce((sum, window) => sum + window.tabs.length, 0);
  const capturedAt = new Date(push.capturedAt);
  const row = { userId, browserType: push.browserType, capturedAt, updatedAt: now, tabCount, windowCount: windows.length, windows, groups };
  const written = await db
    .insert(openTabs)
    .values({ deviceId, ...row })
    .onConflictDoUpdate({ target: openTabs.deviceId, set: row, setWhere: lt(openTabs.capturedAt, capturedAt) })
    .returning({ tabCount: openTabs.tabCount, capturedAt: openTabs.capturedAt });
  const stored = written[0];
  if (stored) return { applied: true, tabCount: stored.tabCount, capturedAt: stored.capturedAt.toISOString(), message: `${tabCount} open ${tabCount === 1 ? "tab" : "tabs"} stored` };
  const [kept] = await db.select({ tabCount: openTabs.tabCount, capturedAt: openTabs.capturedAt }).from(openTabs).where(eq(openTabs.deviceId, deviceId));
  return {
    applied: false,
    tabCount: kept?.tabCount ?? 0,
    capturedAt: (kept?.capturedAt ?? capturedAt).toISOString(),
    message: "A newer capture of this browser's tabs is stored already; this one was ignored.",
  };
}

const summaryColumns = {
  deviceId: openTabs.deviceId,
  deviceName: deviceTokens.name,
  browserType: openTabs.browserType,
  capturedAt: openTabs.capturedAt,
  tabCount: openTabs.tabCount,
  windowCount: openTabs.windowCount,
};

/** Rows of the account's devices whose tokens still work: a revoked device's tabs are gone from every read. */
function liveRowsOf(userId: string, now: Date) {
  return and(eq(openTabs.userId, userId), liveDeviceTokens(now));
}

/** Every live device's open tabs in summary, the most recently captured first. */
export async function listOpenTabsOf(db: Database, userId: string, now: Date): Promise<OpenTabsDevice[]> {
  const rows = await db
    .select(summaryColumns)
    .from(openTabs)
    .innerJoin(deviceTokens, eq(deviceTokens.id, openTabs.deviceId))
    .where(liveRowsOf(userId, now))
    .orderBy(desc(openTabs.capturedAt), openTabs.deviceId);
  return rows.map((row) => ({ ...row, capturedAt: row.capturedAt.toISOString() }));
}

/** Every open-tabs row of the account, live or not, for its export: what the account holds. */
export async function openTabsOfUserForExport(db: Database, userId: string): Promise<OpenTabs[]> {
  const rows = await db
    .select({ ...summaryColumns, windows: openTabs.windows, groups: openTabs.groups })
    .from(openTabs)
    .innerJoin(deviceTokens, eq(deviceTokens.id, openTabs.deviceId))
    .where(eq(openTabs.userId, userId))
    .orderBy(openTabs.capturedAt);
  return rows.map((row) => ({ ...row, capturedAt: row.capturedAt.toISOString() }));
}

/** One live device's open tabs, or null when it is not the account's, was revoked or never pushed. */
export async function findOpenTabs(db: Database, userId: string, deviceId: string, now: Date): Promise<OpenTabs | null> {
  const [row] = await db
    .select({ ...summaryColumns, windows: openTabs.windows, groups: openTabs.groups })
    .from(openTabs)
    .innerJoin(deviceTokens, eq(deviceTokens.id, openTabs.deviceId))
    .where(and(liveRowsOf(userId, now), eq(openTabs.deviceId, deviceId)))
    .limit(1);
  return row ? { ...row, capturedAt: row.capturedAt.toISOString() } : null;
}

/** Every open-tabs list of the account: when it starts sealing tab locations, lists sent in the clear go (decision 199). */
export async function forgetPlainOpenTabs(db: Database, userId: string): Promise<void> {
  await db.delete(openTabs).where(eq(openTabs.userId, userId));
}
