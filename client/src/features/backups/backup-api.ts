import type { BackupResponse, BackupSummary, RestoreResponse } from "@common/api/backups";
import { deleteBackup, emergencyTriggers, getUserStats, listBackups, restoreBackup, saveBackup } from "@common/api/backups";
import { BACKUP_TAB_PAGES, getBackupOverview, listBackupTabs } from "@common/api/backup-pages";
import { call, endpointKey, endpointQuery } from "@/lib/api-client";
import { LockedBrowserError } from "@/features/encryption/tab-sealing";
import { currentBrowserSession, type PrepareTabs } from "@/features/protection/capture-engine";
import { errorMessage } from "@/lib/queryClient";

export const BACKUP_LIST_KEY = endpointKey(listBackups);
/** Every backup's details (its overview): refreshed with the list, as when their keys began with the list's. */
export const BACKUP_DETAILS_KEY = endpointKey(getBackupOverview);
/** Every page of every backup's tabs, refreshed with the details. */
export const BACKUP_TAB_PAGES_KEY = endpointKey(listBackupTabs);
export const USER_STATS_KEY = endpointKey(getUserStats);

export async function restoreSavedBackup(id: string): Promise<RestoreResponse> {
  return call(restoreBackup, { params: { id } });
}

export async function deleteSavedBackup(id: string): Promise<void> {
  await call(deleteBackup, { params: { id } });
}

/**
 * A manual save of the capture engine's current backup: this page with its forms and scroll, and the recent tabs,
 * sealed as the account asks (`prepare`); refused here, unsent, when this browser is locked and must seal them.
 */
export async function saveCurrentBackup(sessionName: string, prepare: PrepareTabs): Promise<BackupResponse> {
  const browserSession = currentBrowserSession();
  const tabs = await prepare(browserSession.tabs);
  if (!tabs) throw new LockedBrowserError();
  return call(saveBackup, { body: { sessionName, trigger: "manual_save", browserSession: { ...browserSession, tabs } } });
}

/** What a failed save says: the locked browser's own message, or the server's. */
export function saveFailureMessage(error: unknown, fallback: string): string {
  return error instanceof LockedBrowserError ? error.message : errorMessage(error, fallback);
}

export type BackupFilter = "all" | "emergency" | "manual";

const emergencyTriggerNames: readonly string[] = emergencyTriggers;

/** Which tabs list a backup: every one under Saved Sessions; automatic backups only there. */
export function matchesFilter(backup: BackupSummary, filter: BackupFilter): boolean {
  if (filter === "all") return true;
  if (filter === "manual") return backup.triggerEvent === "manual_save";
  return emergencyTriggerNames.includes(backup.triggerEvent);
}

/** Tabs the Session Manager reads at a time from a backup (decision 165). */
export const TAB_PAGE_SIZE = BACKUP_TAB_PAGES.defaultLimit;

/** The pages holding rows `first` to `last` (from 0), and always the first page: it says how many tabs there are. */
export function pagesToRead(first: number, last: number): number[] {
  const pages = new Set([0]);
  for (let page = Math.floor(first / TAB_PAGE_SIZE); page <= Math.floor(last / TAB_PAGE_SIZE); page += 1) pages.add(page);
  return [...pages];
}

/** The query of one page of a backup's tabs: page 0 is the first 100 tabs. */
export function tabPageQuery(backupId: string, page: number) {
  return endpointQuery(listBackupTabs, { params: { id: backupId }, query: { offset: page * TAB_PAGE_SIZE, limit: TAB_PAGE_SIZE } });
}
