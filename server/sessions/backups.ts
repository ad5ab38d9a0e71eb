import { createHash } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import {
  type BackupResponse,
  emergencyTriggers,
  type TabSnapshot,
  type TriggerEvent,
  type WindowsApplication,
} from "@common/api/sessions";
import { featureNeedsPlanMessage } from "@common/plan-features";
import { plans } from "@common/plans";
import { users, type UserRow } from "../accounts/table";
import type { Database } from "../db/database";
import { recordProtectionEvent } from "../protection/events";
import { planLimitNotice } from "./plan-limits";
import { rotateBackups } from "./rotation";
import { protectedTabDays, savedSessions, sessionApplications, sessionTabs } from "./table";

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

/** A backup the plan does not allow at all (a manual save once today's tabs are used up). */
export class BackupRefusedError extends Error {
  override name = "BackupRefusedError";
}

/**
 * Stores a backup with its tabs and applications in one transaction, so it is whole or absent.
 * The plan applies on the way in: tabs beyond the day's allowance are left out (a tab counts once a
 * day however often it is backed up), the oldest backups rotate out past the plan's count, and the
 * result says what was cut. An emergency backup is never refused: it may always keep up to a day's
 * allowance of tabs, even when today's is spent. An automatic backup needs a plan with Automatic Backup
 * and is the first to rotate out (rotation.ts).
 */
export async function saveBackup(db: Database, user: UserRow, input: BackupInput, now: Date): Promise<BackupResponse> {
  const plan = plans[user.planType];
  const emergency = emergencyTriggers.includes(input.trigger);
  const day = now.toISOString().slice(0, 10);
  if (input.trigger === "auto_backup" && !plan.features.autoBackup) {
    throw new BackupRefusedError(featureNeedsPlanMessage("autoBackup", user.planType));
  }

  return db.transaction(async (tx) => {
    // One backup per account at a time where a limit applies: the allowance and the rotation below
    // read, then write. Unlimited plans have nothing to race for and skip the lock.
    if (plan.limits.tabsPerDay !== null || plan.limits.backupsKept !== null) {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for("update");
    }

    let kept = input.tabs;
    let newHashes: string[] = [];
    const allowance = plan.limits.tabsPerDay;
    if (allowance !== null && input.tabs.length > 0) {
      const hashes = input.tabs.map((tab) => urlHash(tab.url));
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
      let room = emergency ? Math.max(allowance - used, allowance) : Math.max(allowance - used, 0);
      const accepted = new Set<string>();
      // The active tab is chosen first: it is the one the person was looking at.
      const order = input.tabs.map((tab, index) => ({ tab, index })).sort((a, b) => Number(b.tab.isActive) - Number(a.tab.isActive));
      for (const { index } of order) {
        const hash = hashes[index]!;
        if (already.has(hash) || accepted.has(hash)) accepted.add(hash);
        else if (room > 0) {
          accepted.add(hash);
          room -= 1;
        }
      }
      kept = input.tabs.filter((_tab, index) => accepted.has(hashes[index]!));
      newHashes = [...accepted].filter((hash) => !already.has(hash));
    }
    const tabsLeftOut = input.tabs.length - kept.length;
    if (!emergency && kept.length === 0 && input.applications.length === 0) {
      const notice = planLimitNotice(user.planType, tabsLeftOut, 0);
      throw new BackupRefusedError(notice?.message ?? "Nothing to back up: the session has no tabs");
    }

    if (newHashes.length > 0) {
      await tx
        .insert(protectedTabDays)
        .values(newHashes.map((hash) => ({ userId: user.id, day, urlHash: hash })))
        .onConflictDoNothing();
    }

    const storedTabs = kept.map((tab, position) => ({
      position,
      url: tab.url,
      title: tab.title,
      faviconUrl: tab.faviconUrl ?? null,
      isActive: tab.isActive,
      lastAccessed: toDate(tab.lastAccessed),
      formData: tab.formData,
      scrollX: tab.scrollPosition.x,
      scrollY: tab.scrollPosition.y,
    }));
    const storedApps = input.applications.map((app, position) => ({
      position,
      processName: app.processName,
      windowTitle: app.windowTitle,
      documentPath: app.documentPath ?? null,
      lastSaved: toDate(app.lastSaved),
      isUnsaved: app.isUnsaved,
      processId: app.processId ?? null,
    }));
    const [session] = await tx
      .insert(savedSessions)
      .values({
        userId: user.id,
        sessionName: input.sessionName ?? defaultName(input),
        triggerEvent: input.trigger,
        deviceName: input.deviceName ?? null,
        browserType: input.browserType ?? null,
        windowId: input.windowId === undefined || input.windowId === null ? null : String(input.windowId),
        clientSessionId: input.clientSessionId ?? null,
        restorable: storedTabs.length > 0,
        tabCount: storedTabs.length,
        appCount: storedApps.length,
        sizeBytes: Buffer.byteLength(JSON.stringify({ tabs: storedTabs, apps: storedApps })),
        createdAt: now,
      })
      .returning({ id: savedSessions.id });
    if (!session) throw new Error("saved session insert returned no row");
    if (storedTabs.length > 0) await tx.insert(sessionTabs).values(storedTabs.map((tab) => ({ ...tab, sessionId: session.id })));
    if (storedApps.length > 0) {
      await tx.insert(sessionApplications).values(storedApps.map((app) => ({ ...app, sessionId: session.id })));
    }

    const keep = plan.limits.backupsKept;
    const backupsRotatedOut = keep === null ? 0 : await rotateBackups(tx, user.id, keep, session.id);

    await recordProtectionEvent(tx, user.id, eventTypeOf(input.trigger), describeBackup(input, storedTabs.length, storedApps.length), now);

    const limit = planLimitNotice(user.planType, tabsLeftOut, backupsRotatedOut);
    return {
      success: true,
      protected: true,
      message: `${describeBackup(input, storedTabs.length, storedApps.length)} saved.`,
      sessionId: session.id,
      tabsSaved: storedTabs.length,
      appsSaved: storedApps.length,
      limit,
    };
  });
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

const triggerWords: Record<TriggerEvent, { eventType: string; name: string }> = {
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
  const browser = input.browserType && input.browserType !== "other" ? ` (${input.browserType})` : "";
  return `${triggerWords[input.trigger].name}${browser}`;
}

function describeBackup(input: BackupInput, tabs: number, apps: number): string {
  const what = [tabs > 0 || apps === 0 ? `${tabs} ${tabs === 1 ? "tab" : "tabs"}` : null, apps > 0 ? `${apps} ${apps === 1 ? "application" : "applications"}` : null]
    .filter(Boolean)
    .join(" and ");
  return `${triggerWords[input.trigger].name} of ${what}`;
}
