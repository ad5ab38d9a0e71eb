import { createHash } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { PlanLimitNotice, TabSnapshot, TriggerEvent } from "@common/api/backups";
import { featureNeedsPlanMessage } from "@common/plan-features";
import { plans } from "@common/plans";
import { users, type UserRow } from "../accounts/table";
import type { Database } from "../db/database";
import { allowanceKeyOf, refusePlainTabs } from "../encryption/sealed-tabs";
import { planLimitNotice } from "./plan-limits";
import { enforceQuota, type QuotaOutcome } from "./quota";
import { rotateBackups } from "./rotation";
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
   * - "not-applied": every tab is kept and none counts.
   */
  dailyAllowance: "what-is-left" | "a-full-day" | "not-applied";
  /** A backup left with no tab and no application: "refused" (403) or "stored" (an emergency is never refused). */
  whenNothingIsLeft: "refused" | "stored";
  /**
   * A backup over the plan's storage: "refused" (413, nothing written) or "make-room" (the oldest automatic
   * backups go; kept over the quota when that is not enough, said in the notice and logged; decision 135).
   */
  storageQuota: "refused" | "make-room";
  /** Every kind keeps the plan's count of backups, automatic backups rotating out first (rotation.ts). */
  rotation: "plan-count";
  /**
   * Which refusal is checked first when both apply: "automatic-backup-plan" (an automatic backup on a plan
   * without them, 403) or "plain-tabs" (a plain tab from an account that seals, 409; decision 199).
   */
  firstRefusal: "automatic-backup-plan" | "plain-tabs";
}

/** The rules of each kind of backup, named after where it comes from (decision 205). */
export const backupRules = {
  /** The web app's manual saves and automatic backups (`POST /api/saved-sessions`). */
  webSave: {
    dailyAllowance: "what-is-left",
    whenNothingIsLeft: "refused",
    storageQuota: "refused",
    rotation: "plan-count",
    firstRefusal: "automatic-backup-plan",
  },
  /** The apps' emergencies: `/api/protection/android-clear-all` and `/api/protection/windows-x-button`. */
  appEmergency: {
    dailyAllowance: "a-full-day",
    whenNothingIsLeft: "stored",
    storageQuota: "make-room",
    rotation: "plan-count",
    firstRefusal: "automatic-backup-plan",
  },
  /** The extension's manual saves and automatic backups (`POST /api/browser-backups`). */
  extensionUpload: {
    dailyAllowance: "what-is-left",
    whenNothingIsLeft: "refused",
    storageQuota: "refused",
    rotation: "plan-count",
    firstRefusal: "plain-tabs",
  },
  /** The extension's emergency (`clear_all_detected`): stored whole on every plan, its tabs not counted. */
  extensionEmergency: {
    dailyAllowance: "not-applied",
    whenNothingIsLeft: "stored",
    storageQuota: "make-room",
    rotation: "plan-count",
    firstRefusal: "plain-tabs",
  },
  /** A library import (server/library/import.ts): the extension's upload rules; the import refuses a partial fit itself (decision 151). */
  import: {
    dailyAllowance: "what-is-left",
    whenNothingIsLeft: "refused",
    storageQuota: "refused",
    rotation: "plan-count",
    firstRefusal: "plain-tabs",
  },
} as const satisfies Record<string, BackupRules>;

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
  written: Written;
  kept: Tab[];
  tabsLeftOut: number;
  backupsRotatedOut: number;
  storage: QuotaOutcome | undefined;
  /** What a plan limit cut, for the response; null when nothing was. */
  notice: PlanLimitNotice | null;
}

/**
 * Stores a backup under the plan's rules, for every kind of backup (decision 205): the refusals that come
 * before anything is read (an automatic backup on a plan without them, a plain tab from an account that
 * seals), then in one transaction with the account row locked — one backup per account at a time, since
 * the allowance, rotation and quota below read, then write — the day's allowance, the refusal of a backup
 * left empty, the write, rotation to the plan's count, the storage quota, and the notice of what was cut.
 * Whole or absent: a refusal anywhere rolls the transaction back.
 */
export async function storeBackup<Tab extends AllowanceTab, Written extends { sessionId: string }>(
  db: Database,
  input: BackupToStore<Tab, Written>,
  rules: BackupRules,
): Promise<StoredBackup<Tab, Written>> {
  const { user, now } = input;
  const plan = plans[user.planType];
  if (rules.firstRefusal === "plain-tabs") await refusePlainTabs(db, user.id, input.tabs);
  if (input.trigger === "auto_backup" && !plan.features.autoBackup) {
    throw new BackupRefusedError(featureNeedsPlanMessage("autoBackup", user.planType));
  }
  if (rules.firstRefusal === "automatic-backup-plan") await refusePlainTabs(db, user.id, input.tabs);
  const nothingLeft = (kept: Tab[]) => rules.whenNothingIsLeft === "refused" && kept.length === 0 && input.applicationCount === 0;

  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for("update");
    const { kept, newHashes } =
      rules.dailyAllowance === "not-applied" ? { kept: input.tabs, newHashes: [] } : await applyDailyAllowance(tx, user, rules.dailyAllowance, input.tabs, now);
    const tabsLeftOut = input.tabs.length - kept.length;
    if (nothingLeft(kept)) {
      const notice = planLimitNotice(user.planType, tabsLeftOut, 0);
      throw new BackupRefusedError(notice?.message ?? input.nothingToBackUp);
    }
    if (newHashes.length > 0) {
      await tx
        .insert(protectedTabDays)
        .values(newHashes.map((hash) => ({ userId: user.id, day: utcDay(now), urlHash: hash })))
        .onConflictDoNothing();
    }
    const prepared = input.prepare(kept);
    const written = await prepared.write(tx);
    const keep = plan.limits.backupsKept;
    const backupsRotatedOut = keep === null ? 0 : await rotateBackups(tx, user.id, keep, written.sessionId);
    const storage = await enforceQuota(tx, user.planType, user.id, { sessionId: written.sessionId, emergency: rules.storageQuota === "make-room" });
    if (storage.overBytes > 0) logOverQuota(input.log, user, storage);
    return { written, kept, tabsLeftOut, backupsRotatedOut, storage, notice: planLimitNotice(user.planType, tabsLeftOut, backupsRotatedOut, storage) };
  });
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
 * "a-full-day" up to a day's allowance is kept, even when today's is spent.
 */
async function applyDailyAllowance<Tab extends AllowanceTab>(
  tx: Transaction,
  user: UserRow,
  allowanceRule: "what-is-left" | "a-full-day",
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
  let room = allowanceRule === "a-full-day" ? Math.max(allowance - used, allowance) : Math.max(allowance - used, 0);
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

export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

function urlHash(url: string): string {
  return createHash("sha256").update(url).digest("hex");
}
