import { createHash } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { and, eq, gte, inArray, lte, sql } from "drizzle-orm";
import type { PlanLimitNotice, TabSnapshot, TriggerEvent } from "@common/api/backups";
import { featureNeedsPlanMessage } from "@common/plan-features";
import { backupsText, EMERGENCY_BOUNDS, EMERGENCY_HOLD, type PlanType, plans } from "@common/plans";
import { users, type UserRow } from "../accounts/table";
import type { Database } from "../db/database";
import { allowanceKeyOf, refusePlainTabs } from "../encryption/sealed-tabs";
import { protectionEvents } from "../protection/table";
import { planLimitNotice } from "./plan-limits";
import { enforceQuota, type QuotaOutcome } from "./quota";
import { type HeldEmergency, heldEmergency, rotateBackups } from "./rotation";
import { protectedTabDays } from "./table";

/**
 * What differs between the kinds of backup, each a named field (decision 205). Every kind is stored by
 * {@link storeBackup}; the rule sets below are the only place the kinds differ.
 */
export interface BackupRules {
  /**
   * How the plan's daily tab allowance applies (a tab counts once a day however often it is backed up; the
   * active tab is chosen first):
   * - "what-is-left": tabs past what is left of today's allowance are left out; those kept count;
   * - "a-full-day": up to a full day's allowance is kept even when today's is spent; those kept count;
   * - "past-it-to-the-emergency-bound": up to `EMERGENCY_BOUNDS.tabs` tabs are kept whatever the allowance and do
   *   not count; tabs past them take what is left of it, as a save's do (decision 209).
   */
  dailyAllowance: "what-is-left" | "a-full-day" | "past-it-to-the-emergency-bound";
  /** A backup left with no tab and no application: "refused" (403) or "stored" (an emergency is never refused). */
  whenNothingIsLeft: "refused" | "stored";
  /**
   * A backup over the plan's storage (quota.ts): "room-for-automatic" (a manual save is refused with 413, nothing
   * written; an automatic backup makes room by removing the oldest automatic backups, refused only when that is not
   * enough, decision 208) or "make-room" (the same room made, then kept at most `EMERGENCY_BOUNDS.overStorageShare`
   * of the storage past it, said in the notice and logged; decisions 135, 209).
   */
  storageQuota: "room-for-automatic" | "make-room";
  /**
   * Every kind keeps the plan's count of backups, automatic backups rotating out first, and thins automatic backups
   * by age on plans that have them (rotation.ts, decision 208); on a plan with a count, a backup that would push out
   * a larger emergency backup of the last hour is not stored (decision 207).
   */
  rotation: "thinning-then-plan-count";
  /**
   * Which refusal is checked first when both apply: "automatic-backup-plan" (an automatic backup on a plan
   * without them, 403) or "plain-tabs" (a plain tab from an account that seals, 409; decision 199).
   */
  firstRefusal: "automatic-backup-plan" | "plain-tabs";
  /**
   * "bounded": an emergency, whose rights (the allowance, "stored" and "make-room" above) hold for the first
   * `EMERGENCY_BOUNDS.perDay` emergencies of the account's UTC day; past them it is stored as a manual save is
   * ({@link asManualSave}; decision 209). "none": not an emergency.
   */
  emergencyRights: "bounded" | "none";
}

/** The rules of each kind of backup, named after where it comes from (decision 205). */
export const backupRules = {
  /** The web app's manual saves and automatic backups (`POST /api/saved-sessions`). */
  webSave: {
    dailyAllowance: "what-is-left",
    whenNothingIsLeft: "refused",
    storageQuota: "room-for-automatic",
    rotation: "thinning-then-plan-count",
    firstRefusal: "automatic-backup-plan",
    emergencyRights: "none",
  },
  /** The apps' emergencies: `/api/protection/android-clear-all` and `/api/protection/windows-x-button`. */
  appEmergency: {
    dailyAllowance: "a-full-day",
    whenNothingIsLeft: "stored",
    storageQuota: "make-room",
    rotation: "thinning-then-plan-count",
    firstRefusal: "automatic-backup-plan",
    emergencyRights: "bounded",
  },
  /** The extension's manual saves and automatic backups (`POST /api/browser-backups`). */
  extensionUpload: {
    dailyAllowance: "what-is-left",
    whenNothingIsLeft: "refused",
    storageQuota: "room-for-automatic",
    rotation: "thinning-then-plan-count",
    firstRefusal: "plain-tabs",
    emergencyRights: "none",
  },
  /** The extension's emergency (`clear_all_detected`): stored whole on every plan within its bounds, its tabs not counted. */
  extensionEmergency: {
    dailyAllowance: "past-it-to-the-emergency-bound",
    whenNothingIsLeft: "stored",
    storageQuota: "make-room",
    rotation: "thinning-then-plan-count",
    firstRefusal: "plain-tabs",
    emergencyRights: "bounded",
  },
  /** A library import (server/library/import.ts): the extension's upload rules; the import refuses a partial fit itself (decision 151). */
  import: {
    dailyAllowance: "what-is-left",
    whenNothingIsLeft: "refused",
    storageQuota: "room-for-automatic",
    rotation: "thinning-then-plan-count",
    firstRefusal: "plain-tabs",
    emergencyRights: "none",
  },
} as const satisfies Record<string, BackupRules>;

/** An emergency past its bounds is stored as a manual save is: the plan's allowance, refusals and storage (decision 209). */
export function asManualSave(rules: BackupRules): BackupRules {
  return { ...rules, dailyAllowance: "what-is-left", whenNothingIsLeft: "refused", storageQuota: "room-for-automatic", emergencyRights: "none" };
}

/** A backup the plan does not allow at all (a manual save once today's tabs are used up): answered 403 by the error handler (decision 205). */
export class BackupRefusedError extends Error {
  override name = "BackupRefusedError";
  readonly statusCode = 403;
}

/** Any query runner that writes a backup: the database, or the backup's open transaction. */
export type BackupWriter = Pick<Database, "select" | "insert" | "execute" | "delete" | "update">;

/** A backup ready to write with the tabs kept: the write itself (the quota measures what it stored, decision 212). */
export interface PreparedBackup<Written extends { sessionId: string }> {
  write: (db: BackupWriter) => Promise<Written>;
}

/** What the pipeline needs of a tab: what the allowance counts it by, and whether it was the one shown. */
export type AllowanceTab = Pick<TabSnapshot, "url" | "isActive" | "sealedLocation">;

export interface BackupToStore<Tab extends AllowanceTab, Written extends { sessionId: string }> {
  user: UserRow;
  trigger: TriggerEvent;
  now: Date;
  tabs: Tab[];
  /** Applications stored beside the tabs (the Windows app's): a backup of applications alone is not empty. */
  applicationCount: number;
  /** The refusal when nothing is left and no plan limit explains why. */
  nothingToBackUp: string;
  /** Builds the rows of the backup from the tabs kept, in the shape its kind stores. */
  prepare: (kept: Tab[]) => PreparedBackup<Written>;
  /** Gets the warning when an emergency is kept over the storage quota. */
  log?: Pick<FastifyBaseLogger, "warn"> | undefined;
}

export interface StoredBackup<Tab, Written> {
  outcome: "stored";
  written: Written;
  kept: Tab[];
  tabsLeftOut: number;
  backupsRotatedOut: number;
  /** Automatic backups thinning removed (decision 208); the pages say what is kept, so the notice does not. */
  backupsThinnedOut: number;
  storage: QuotaOutcome | undefined;
  /** What a plan limit cut, for the response; null when nothing was. */
  notice: PlanLimitNotice | null;
}

/** An emergency not stored on the server because a larger one of the last hour stays (decision 207). */
export interface HeldBackOutcome {
  outcome: "held";
  /** The emergency backup that stays on the server. */
  held: HeldEmergency;
  /** Tabs of the backup that was not stored. */
  tabCount: number;
  /** Why, in words: what stays, and which rule keeps it. */
  message: string;
}

/**
 * Stores a backup under the plan's rules, for every kind of backup (decision 205): the refusals that come
 * before anything is read (an automatic backup on a plan without them, a plain tab from an account that
 * seals), then in one transaction with the account row locked — one backup per account at a time, since
 * the allowance, rotation and quota below read, then write — the emergency's bounds (decision 209), the day's
 * allowance, the refusal of a backup left empty, the hold of a larger recent emergency (decision 207), the write,
 * thinning and rotation to the plan's count (decision 208), the storage quota, and the notice of what was cut.
 * Whole or absent: a refusal anywhere rolls the transaction back.
 */
export async function storeBackup<Tab extends AllowanceTab, Written extends { sessionId: string }>(
  db: Database,
  input: BackupToStore<Tab, Written>,
  claimed: BackupRules,
): Promise<StoredBackup<Tab, Written> | HeldBackOutcome> {
  const { user, now } = input;
  const plan = plans[user.planType];
  if (claimed.firstRefusal === "plain-tabs") await refusePlainTabs(db, user.id, input.tabs);
  if (input.trigger === "auto_backup" && !plan.features.autoBackup) {
    throw new BackupRefusedError(featureNeedsPlanMessage("autoBackup", user.planType));
  }
  if (claimed.firstRefusal === "automatic-backup-plan") await refusePlainTabs(db, user.id, input.tabs);

  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for("update");
    const pastTheDay = claimed.emergencyRights === "bounded" && (await emergenciesToday(tx, user.id, now)) >= EMERGENCY_BOUNDS.perDay;
    const rules = pastTheDay ? asManualSave(claimed) : claimed;
    const { kept, newHashes, pastTheTabs } = await applyDailyAllowance(tx, user, rules.dailyAllowance, input.tabs, now);
    const tabsLeftOut = input.tabs.length - kept.length;
    const emergencyPast = pastTheDay ? "day" : pastTheTabs ? "tabs" : null;
    if (nothingLeft(rules, input, kept)) {
      const notice = planLimitNotice(user.planType, tabsLeftOut, 0, undefined, emergencyPast);
      throw new BackupRefusedError(notice?.message ?? input.nothingToBackUp);
    }
    const keep = plan.limits.backupsKept;
    const held = keep === null ? undefined : await heldEmergency(tx, user.id, keep, kept.length, now);
    if (held) {
      const message = heldMessage(user.planType, held, now);
      // An emergency is never refused: it stays where it was taken; a save is refused, saying what to do.
      if (rules.whenNothingIsLeft === "stored") return { outcome: "held" as const, held, tabCount: kept.length, message };
      throw new BackupRefusedError(`Not saved: ${message} Pin that backup in the Session Manager to keep both${upgradeWords(user.planType)}.`);
    }
    if (newHashes.length > 0) {
      await tx
        .insert(protectedTabDays)
        .values(newHashes.map((hash) => ({ userId: user.id, day: utcDay(now), urlHash: hash })))
        .onConflictDoNothing();
    }
    const prepared = input.prepare(kept);
    const written = await prepared.write(tx);
    const rotation = await rotateBackups(tx, user.id, { keep, thinAt: plan.features.autoBackup ? now : null }, written.sessionId);
    const storage = await enforceQuota(tx, user.planType, user.id, {
      sessionId: written.sessionId,
      rule: rules.storageQuota === "make-room" ? "make-room-then-exceed" : input.trigger === "auto_backup" ? "make-room" : "refuse",
    });
    if (storage.overBytes > 0) logOverQuota(input.log, user, storage);
    return {
      outcome: "stored" as const,
      written,
      kept,
      tabsLeftOut,
      backupsRotatedOut: rotation.rotatedOut,
      backupsThinnedOut: rotation.thinnedOut,
      storage,
      notice: planLimitNotice(user.planType, tabsLeftOut, rotation.rotatedOut, storage, emergencyPast),
    };
  });
}

function nothingLeft<Tab extends AllowanceTab>(rules: BackupRules, input: BackupToStore<Tab, { sessionId: string }>, kept: Tab[]): boolean {
  return rules.whenNothingIsLeft === "refused" && kept.length === 0 && input.applicationCount === 0;
}

/** Emergencies the account claimed today (UTC), read from the protection events every emergency records, which rotation never removes. */
async function emergenciesToday(tx: Transaction, userId: string, now: Date): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(protectionEvents)
    .where(
      and(
        eq(protectionEvents.userId, userId),
        // triggerWords' event type of both emergency triggers (backups.ts).
        eq(protectionEvents.eventType, "emergency_backup"),
        gte(protectionEvents.createdAt, new Date(`${utcDay(now)}T00:00:00Z`)),
        lte(protectionEvents.createdAt, now),
      ),
    );
  return row?.n ?? 0;
}

const nextPlanOf: Record<PlanType, PlanType | null> = { free: "basic", basic: "pro", pro: null, premium: null };

/** ", or upgrade to Basic for 10 backups": the plan that keeps more, when there is one. */
function upgradeWords(planType: PlanType): string {
  const next = nextPlanOf[planType];
  return next ? `, or upgrade to ${plans[next].name} for ${backupsText(plans[next].limits.backupsKept)}` : "";
}

/** "25 seconds ago", "12 minutes ago". */
function agoText(then: Date, now: Date): string {
  const seconds = Math.max(0, Math.round((now.getTime() - then.getTime()) / 1000));
  if (seconds < 60) return `${seconds} ${seconds === 1 ? "second" : "seconds"} ago`;
  const minutes = Math.round(seconds / 60);
  return `${minutes} ${minutes === 1 ? "minute" : "minutes"} ago`;
}

/** Why a backup is not stored over a larger recent emergency (decision 207). */
function heldMessage(planType: PlanType, held: HeldEmergency, now: Date): string {
  const plan = plans[planType];
  return (
    `your emergency backup of ${held.tabCount} tabs from ${agoText(held.createdAt, now)} stays on the server: ${plan.name} keeps ` +
    `${backupsText(plan.limits.backupsKept)}, and a backup of fewer tabs never replaces an emergency backup within ${EMERGENCY_HOLD.minutes} minutes.`
  );
}

/** An emergency backup kept over the storage quota: never silent (decision 135). */
function logOverQuota(log: Pick<FastifyBaseLogger, "warn"> | undefined, user: UserRow, storage: QuotaOutcome): void {
  log?.warn(
    { userId: user.id, planType: user.planType, usedBytes: storage.usedBytes, overBytes: storage.overBytes },
    "emergency backup kept over the storage quota",
  );
}

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * The tabs of this backup the day's allowance lets in (a tab counts once a day however often it is
 * backed up; the active tab is chosen first), and the hashes of those not yet counted today. With
 * "a-full-day" up to a day's allowance is kept, even when today's is spent. With "past-it-to-the-emergency-bound"
 * the first `EMERGENCY_BOUNDS.tabs` tabs are kept and not counted, and the rest take what is left of the day;
 * `pastTheTabs` says some went beyond that bound (decision 209).
 */
async function applyDailyAllowance<Tab extends AllowanceTab>(
  tx: Transaction,
  user: UserRow,
  allowanceRule: BackupRules["dailyAllowance"],
  tabs: Tab[],
  now: Date,
): Promise<{ kept: Tab[]; newHashes: string[]; pastTheTabs: boolean }> {
  const allowance = plans[user.planType].limits.tabsPerDay;
  const free = allowanceRule === "past-it-to-the-emergency-bound" ? EMERGENCY_BOUNDS.tabs : 0;
  if (allowance === null || tabs.length <= free) return { kept: tabs, newHashes: [], pastTheTabs: false };
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
  let room = allowanceRule === "a-full-day" ? Math.max(allowance - used, allowance) : Math.max(allowance - used, 0);
  const accepted = new Set<string>();
  const order = tabs.map((tab, index) => ({ tab, index })).sort((a, b) => Number(b.tab.isActive) - Number(a.tab.isActive));
  // Within the emergency's bound a tab is kept without counting; its hash is not spent.
  const uncounted = new Set(order.slice(0, free).map(({ index }) => index));
  for (const { index } of order) {
    const hash = hashes[index]!;
    if (uncounted.has(index)) continue;
    if (already.has(hash) || accepted.has(hash)) accepted.add(hash);
    else if (room > 0) {
      accepted.add(hash);
      room -= 1;
    }
  }
  const kept = tabs.filter((_tab, index) => uncounted.has(index) || accepted.has(hashes[index]!));
  return {
    kept,
    newHashes: [...accepted].filter((hash) => !already.has(hash)),
    pastTheTabs: free > 0 && kept.length < tabs.length,
  };
}

export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

function urlHash(url: string): string {
  return createHash("sha256").update(url).digest("hex");
}
