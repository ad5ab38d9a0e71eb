import { and, desc, eq, sql } from "drizzle-orm";
import type { BrowserBackup } from "@common/api/browser-backups";
import type { BackupDetail } from "@common/api/backups";
import { isSealedLabel, readableLabel } from "@common/api/sealed-labels";
import { TEAM_SHARING_LIMITS, type SharedBackup } from "@common/api/team-sharing";
import { users } from "../../accounts/table";
import { findBrowserBackup } from "../../backups/browser-backups";
import { findBackup } from "../../backups/backup-reads";
import { savedSessions } from "../../backups/table";
import type { Database } from "../../db/database";
import { recordTeamAudit } from "../audit-log";
import { teamMembers } from "../table";
import { teamSharedBackups } from "./table";

type Actor = { id: string; email: string };

const sharerName = sql<string | null>`nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), '')`;

const sharedColumns = {
  id: savedSessions.id,
  sessionName: savedSessions.sessionName,
  tabCount: savedSessions.tabCount,
  createdAt: savedSessions.createdAt,
  sharedAt: teamSharedBackups.sharedAt,
  sharedBy: teamSharedBackups.sharedBy,
  sharerEmail: users.email,
  sharerName,
};

type SharedRow = { id: string; sessionName: string; tabCount: number; createdAt: Date; sharedAt: Date; sharedBy: string; sharerEmail: string; sharerName: string | null };

function toShared(row: SharedRow, viewerId: string): SharedBackup {
  return {
    id: row.id,
    // The team holds no key to the sharer's sealed labels (decision 237): it reads that the name is encrypted.
    sessionName: readableLabel(row.sessionName),
    tabCount: row.tabCount,
    createdAt: row.createdAt.toISOString(),
    sharedAt: row.sharedAt.toISOString(),
    sharedBy: { email: row.sharerEmail, name: row.sharerName },
    mine: row.sharedBy === viewerId,
  };
}

function sharedQuery(db: Pick<Database, "select">) {
  return db
    .select(sharedColumns)
    .from(teamSharedBackups)
    .innerJoin(savedSessions, eq(savedSessions.id, teamSharedBackups.sessionId))
    .innerJoin(users, eq(users.id, teamSharedBackups.sharedBy));
}

/**
 * The backups shared with the team, newest share first. Every row's sharer is a member of the team by the
 * membership foreign key, and the caller's membership was read on this request: nobody outside sees a row.
 */
export async function sharedBackupsOf(db: Database, teamId: string, viewerId: string): Promise<SharedBackup[]> {
  const rows = await sharedQuery(db)
    .where(eq(teamSharedBackups.teamId, teamId))
    .orderBy(desc(teamSharedBackups.sharedAt), desc(teamSharedBackups.sessionId))
    .limit(TEAM_SHARING_LIMITS.listed);
  return rows.map((row) => toShared(row, viewerId));
}

/** One backup shared with the team, or undefined: another team's, unshared, or never shared. */
export async function findTeamShare(db: Database, teamId: string, backupId: string): Promise<SharedRow | undefined> {
  const [row] = await sharedQuery(db)
    .where(and(eq(teamSharedBackups.teamId, teamId), eq(teamSharedBackups.sessionId, backupId)))
    .limit(1);
  return row;
}

export type ShareOutcome =
  | { kind: "shared" | "already"; share: SharedBackup }
  | { kind: "not-found" }
  | { kind: "no-tabs" }
  | { kind: "sealed"; sealedTabs: number }
  | { kind: "not-member" };

/**
 * Shares one of the sharer's own backups with their team; the audit log records it in the same transaction.
 * Sharing a backup shared already changes nothing (the first share stands).
 */
export async function shareWithTeam(db: Database, teamId: string, sharer: Actor, backupId: string, now: Date): Promise<ShareOutcome> {
  return db.transaction(async (tx) => {
    // The membership row is held until the share is written: a removal at the same moment waits, then takes the share with it.
    const [member] = await tx
      .select({ userId: teamMembers.userId })
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, sharer.id)))
      .for("share");
    if (!member) return { kind: "not-member" };
    const [backup] = await tx
      .select({ name: savedSessions.sessionName, tabCount: savedSessions.tabCount, sealedTabCount: savedSessions.sealedTabCount })
      .from(savedSessions)
      .where(and(eq(savedSessions.id, backupId), eq(savedSessions.userId, sharer.id)))
      .limit(1);
    if (!backup) return { kind: "not-found" };
    if (backup.tabCount === 0) return { kind: "no-tabs" };
    // The team has no key to the sharer's sealed tabs (decision 199).
    if (backup.sealedTabCount > 0) return { kind: "sealed", sealedTabs: backup.sealedTabCount };
    const inserted = await tx
      .insert(teamSharedBackups)
      .values({ sessionId: backupId, teamId, sharedBy: sharer.id, sharedAt: now })
      .onConflictDoNothing()
      .returning({ sessionId: teamSharedBackups.sessionId });
    if (inserted.length > 0) {
      await recordTeamAudit(tx, { teamId, actor: sharer, action: "sessionShared", detail: `"${readableLabel(backup.name)}" (${backup.tabCount} ${backup.tabCount === 1 ? "tab" : "tabs"})`, at: now });
    }
    const [row] = await sharedQuery(tx)
      .where(and(eq(teamSharedBackups.teamId, teamId), eq(teamSharedBackups.sessionId, backupId)))
      .limit(1);
    // Shared by its owner to another team before they moved here: the old share went with the old membership.
    if (!row) return { kind: "not-found" };
    return { kind: inserted.length > 0 ? "shared" : "already", share: toShared(row, sharer.id) };
  });
}

/** The sharer stops sharing; false when they have no such share in this team. Audited in the same transaction. */
export async function unshareFromTeam(db: Database, teamId: string, sharer: Actor, backupId: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(teamSharedBackups)
      .where(and(eq(teamSharedBackups.teamId, teamId), eq(teamSharedBackups.sessionId, backupId), eq(teamSharedBackups.sharedBy, sharer.id)))
      .returning({ sessionId: teamSharedBackups.sessionId });
    if (removed.length === 0) return false;
    const [backup] = await tx.select({ name: savedSessions.sessionName }).from(savedSessions).where(eq(savedSessions.id, backupId));
    await recordTeamAudit(tx, { teamId, actor: sharer, action: "sessionUnshared", detail: `"${backup ? readableLabel(backup.name) : backupId}"`, at: now });
    return true;
  });
}

/** A shared backup as windows, tabs and groups with nothing private in it: what a member reads and restores. */
export async function sharedBrowserBackup(db: Database, share: SharedRow): Promise<BrowserBackup | undefined> {
  const backup = await findBrowserBackup(db, share.sharedBy, share.id);
  if (!backup) return undefined;
  return {
    ...backup,
    sessionName: readableLabel(backup.sessionName),
    deviceName: null,
    groups: backup.groups.map((group) => (isSealedLabel(group.title) ? { ...group, title: "" } : group)),
    windows: backup.windows.map((window) => ({
      ...window,
      name: window.name && isSealedLabel(window.name) ? null : window.name,
      tabs: window.tabs.map((tab) => ({ ...tab, formData: {}, scrollPosition: { x: 0, y: 0 } })),
    })),
  };
}

/** A shared backup as the restore answer reads it: its tabs with no form data or scroll, no applications, no labels. */
export async function sharedBackupDetail(db: Database, share: SharedRow): Promise<BackupDetail | undefined> {
  const backup = await findBackup(db, share.sharedBy, share.id);
  if (!backup) return undefined;
  return {
    ...backup,
    sessionName: readableLabel(backup.sessionName),
    deviceName: null,
    tags: [],
    note: null,
    pinned: false,
    appCount: 0,
    openApps: [],
    browserTabs: backup.browserTabs.map((tab) => ({ ...tab, formData: {}, scrollPosition: { x: 0, y: 0 } })),
  };
}

/** The backups the person shares with their team now, oldest share first, for the account export (decision 216). */
export async function sharesOfUser(db: Database, userId: string): Promise<{ backupId: string; sharedAt: Date }[]> {
  return db
    .select({ backupId: teamSharedBackups.sessionId, sharedAt: teamSharedBackups.sharedAt })
    .from(teamSharedBackups)
    .where(eq(teamSharedBackups.sharedBy, userId))
    .orderBy(teamSharedBackups.sharedAt);
}
