import { createHash } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { and, eq, inArray, sql } from "drizzle-orm";
import {
  type BackupResponse,
  browserName,
  emergencyTriggers,
  type TabSnapshot,
  type TriggerEvent,
  type WindowsApplication,
} from "@common/api/backups";
import { withoutPrivateFields } from "@common/form-privacy";
import { featureNeedsPlanMessage } from "@common/plan-features";
import { plans } from "@common/plans";
import { users, type UserRow } from "../accounts/table";
import type { Database } from "../db/database";
import { allowanceKeyOf, refusePlainTabs } from "../encryption/sealed-tabs";
import { backupJson, type BackupRows, insertBackup } from "./backup-insert";
import { planLimitNotice } from "./plan-limits";
import { enforceQuota, QuotaFullError, type QuotaOutcome, quotaFullMessage, storedBytes } from "./quota";
import { rotateBackups } from "./rotation";
import { protectedTabDays } from "./table";

export interface BackupInput {
  trigger: TriggerEvent;
  sessionName?: string;
  tabs: TabSnapshot[];
  applications: WindowsApplication[];
  browserType?: string | null;
  deviceName?: string | null;
  windowId?: string | number | null;
  clientSessionId?: string | null;
}

/** A backup the plan does not allow at all (a manual save once today's tabs are used up): answered 403 by the error handler (decision 201). */
export class BackupRefusedError extends Error {
  override name = "BackupRefusedError";
  readonly statusCode = 403;
}

/**
 * Stores a backup with its tabs and applications in one transaction, so it is whole or absent.
 * The plan applies on the way in: tabs beyond the day's allowance are left out (a tab counts once a
 * day however often it is backed up), the oldest backups rotate out past the plan's count, and the
 * result says what was cut. An emergency backup is never refused: it may always keep up to a day's
 * allowance of tabs, even when today's is spent. An automatic backup needs a plan with Automatic Backup
 * and is the first to rotate out (rotation.ts).
 */
export async function backUp(
  db: Database,
  user: UserRow,
  input: BackupInput,
  now: Date,
  log?: Pick<FastifyBaseLogger, "warn">,
): Promise<BackupResponse> {
  const plan = plans[user.planType];
  if (input.trigger === "auto_backup" && !plan.features.autoBackup) {
    throw new BackupRefusedError(featureNeedsPlanMessage("autoBackup", user.planType));
  }
  await refusePlainTabs(db, user.id, input.tabs);
  const emergency = emergencyTriggers.includes(input.trigger);
  // Unlimited plans have no allowance to read and nothing to rotate: the one-statement write is
  // atomic by itself, so no transaction (and no lock) is needed; the storage quota is read first.
  if (plan.limits.tabsPerDay === null && plan.limits.backupsKept === null && !emergency) {
    if (input.tabs.length === 0 && input.applications.length === 0) {
      throw new BackupRefusedError("Nothing to back up: the session has no tabs");
    }
    const rows = backupRows(user, input, input.tabs, now);
    const json = backupJson(rows);
    const used = await storedBytes(db, user.id);
    if (used + json.sizeBytes > plan.limits.storageBytes) throw new QuotaFullError(quotaFullMessage(user.planType, used, json.sizeBytes));
    const sessionId = await insertBackup(db, rows, json);
    return backupResponse(user, input, sessionId, storedCounts(rows), 0, 0);
  }
  return db.transaction(async (tx) => {
    // One backup per account at a time: the allowance, rotation and quota below read, then write.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for("update");
    const { kept, newHashes } = await applyDailyAllowance(tx, user, input.trigger, input.tabs, now);
    const tabsLeftOut = input.tabs.length - kept.length;
    if (!emergency && kept.length === 0 && input.applications.length === 0) {
      const notice = planLimitNotice(user.planType, tabsLeftOut, 0);
      throw new BackupRefusedError(notice?.message ?? "Nothing to back up: the session has no tabs");
    }
    if (newHashes.length > 0) {
      await tx
        .insert(protectedTabDays)
        .values(newHashes.map((hash) => ({ userId: user.id, day: utcDay(now), urlHash: hash })))
        .onConflictDoNothing();
    }
    const rows = backupRows(user, input, kept, now);
    const json = backupJson(rows);
    const sessionId = await insertBackup(tx, rows, json);
    const keep = plan.limits.backupsKept;
    const backupsRotatedOut = keep === null ? 0 : await rotateBackups(tx, user.id, keep, sessionId);
    const storage = await enforceQuota(tx, user.planType, user.id, { sessionId, sizeBytes: json.sizeBytes, emergency });
    if (storage.overBytes > 0) logOverQuota(log, user, storage);
    return backupResponse(user, input, sessionId, storedCounts(rows), tabsLeftOut, backupsRotatedOut, storage);
  });
}

/** An emergency backup kept over the storage quota: never silent (decision 135). */
export function logOverQuota(log: Pick<FastifyBaseLogger, "warn"> | undefined, user: UserRow, storage: QuotaOutcome): void {
  log?.warn(
    { userId: user.id, planType: user.planType, usedBytes: storage.usedBytes, overBytes: storage.overBytes },
    "emergency backup kept over the storage quota",
  );
}

export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * The tabs of this backup the day's allowance lets in (a tab counts once a day however often it is
 * backed up; the active tab is chosen first), and the hashes of those not yet counted today. An
 * emergency backup may always keep up to a day's allowance, even when today's is spent.
 */
export async function applyDailyAllowance<Tab extends Pick<TabSnapshot, "url" | "isActive" | "sealedLocation">>(
  tx: Transaction,
  user: UserRow,
  trigger: TriggerEvent,
  tabs: Tab[],
  now: Date,
): Promise<{ kept: Tab[]; newHashes: string[] }> {
  const allowance = plans[user.planType].limits.tabsPerDay;
  if (allowance === null || tabs.length === 0) return { kept: tabs, newHashes: [] };
  const day = utcDay(now);
  const hashes = tabs.map((tab) => urlHash(allowanceKeyOf(tab)));
  const already = new Set(
    (
      await tx
        .select({ urlHash: protectedTabDays.urlHash })
        .from(protectedTabDays)
        .where(and(eq(protectedTabDays.userId, user.id), eq(protectedTabDays.day, day), inArray(protectedTabDays.urlHash, hashes)))
    ).map((row) => row.urlHash),
  );
  const [{ used } = { used: 0 }] = await tx
    .select({ used: sql<number>`count(*)::int` })
    .from(protectedTabDays)
    .where(and(eq(protectedTabDays.userId, user.id), eq(protectedTabDays.day, day)));
  let room = emergencyTriggers.includes(trigger) ? Math.max(allowance - used, allowance) : Math.max(allowance - used, 0);
  const accepted = new Set<string>();
  const order = tabs.map((tab, index) => ({ tab, index })).sort((a, b) => Number(b.tab.isActive) - Number(a.tab.isActive));
  for (const { index } of order) {
    const hash = hashes[index]!;
    if (already.has(hash) || accepted.has(hash)) accepted.add(hash);
    else if (room > 0) {
      accepted.add(hash);
      room -= 1;
    }
  }
  return {
    kept: tabs.filter((_tab, index) => accepted.has(hashes[index]!)),
    newHashes: [...accepted].filter((hash) => !already.has(hash)),
  };
}

interface StoredCounts {
  tabs: number;
  applications: number;
}

/** The rows of a backup as stored: what the client captured, less what no backup keeps. */
function backupRows(user: UserRow, input: BackupInput, tabs: TabSnapshot[], now: Date): BackupRows {
  const storedTabs = tabs.map((tab) => ({
    url: tab.url,
    title: tab.title,
    faviconUrl: tab.faviconUrl ?? null,
    sealedLocation: tab.sealedLocation ?? null,
    isActive: tab.isActive,
    lastAccessed: toDate(tab.lastAccessed),
    // Whatever the client captured: passwords, one-time codes, card codes and numbers never reach the table.
    formData: withoutPrivateFields(tab.formData),
    scrollX: tab.scrollPosition.x,
    scrollY: tab.scrollPosition.y,
  }));
  const storedApps = input.applications.map((app) => ({
    processName: app.processName,
    windowTitle: app.windowTitle,
    documentPath: app.documentPath ?? null,
    lastSaved: toDate(app.lastSaved),
    isUnsaved: app.isUnsaved,
    processId: app.processId ?? null,
  }));
  const stored = { tabs: storedTabs.length, applications: storedApps.length };
  return {
    userId: user.id,
    sessionName: input.sessionName ?? defaultName(input),
    triggerEvent: input.trigger,
    deviceName: input.deviceName ?? null,
    browserType: input.browserType ?? null,
    windowId: input.windowId === undefined || input.windowId === null ? null : String(input.windowId),
    clientSessionId: input.clientSessionId ?? null,
    createdAt: now,
    tabs: storedTabs,
    applications: storedApps,
    event: { eventType: eventTypeOf(input.trigger), description: describeBackup(input, stored) },
  };
}

function storedCounts(rows: BackupRows): StoredCounts {
  return { tabs: rows.tabs.length, applications: rows.applications.length };
}

function backupResponse(
  user: UserRow,
  input: BackupInput,
  sessionId: string,
  stored: StoredCounts,
  tabsLeftOut: number,
  backupsRotatedOut: number,
  storage?: QuotaOutcome,
): BackupResponse {
  return {
    success: true,
    protected: true,
    message: `${describeBackup(input, stored)} saved.`,
    sessionId,
    tabsSaved: stored.tabs,
    appsSaved: stored.applications,
    limit: planLimitNotice(user.planType, tabsLeftOut, backupsRotatedOut, storage),
  };
}

export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

function urlHash(url: string): string {
  return createHash("sha256").update(url).digest("hex");
}

/** Timestamps arrive as ISO text or epoch milliseconds; anything unreadable is dropped, not stored. */
function toDate(value: string | number | null | undefined): Date | null {
  if (value === null || value === undefined) return null;
  const date = new Date(value);
  const time = date.getTime();
  return Number.isNaN(time) || time < 0 || time > 8.64e15 ? null : date;
}

export const triggerWords: Record<TriggerEvent, { eventType: string; name: string }> = {
  clear_all_detected: { eventType: "emergency_backup", name: "Emergency backup" },
  windows_x_button: { eventType: "emergency_backup", name: "Emergency backup" },
  manual_save: { eventType: "manual_save", name: "Manual save" },
  auto_backup: { eventType: "automatic_backup", name: "Automatic backup" },
};

function eventTypeOf(trigger: TriggerEvent): string {
  return triggerWords[trigger].eventType;
}

function defaultName(input: BackupInput): string {
  if (input.trigger === "windows_x_button") return "Windows applications";
  const browser = input.browserType && input.browserType !== "other" ? ` (${browserName(input.browserType)})` : "";
  return `${triggerWords[input.trigger].name}${browser}`;
}

function describeBackup(input: BackupInput, { tabs, applications: apps }: StoredCounts): string {
  const what = [tabs > 0 || apps === 0 ? `${tabs} ${tabs === 1 ? "tab" : "tabs"}` : null, apps > 0 ? `${apps} ${apps === 1 ? "application" : "applications"}` : null]
    .filter(Boolean)
    .join(" and ");
  return `${triggerWords[input.trigger].name} of ${what}`;
}
