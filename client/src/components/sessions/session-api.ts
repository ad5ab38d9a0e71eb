import type { BackupResponse, RestoreResponse, SavedSessionDetail, SavedSessionSummary, SavedTab } from "@common/api/sessions";
import { apiRequest } from "@/lib/queryClient";
import { currentBrowserSession } from "@/protection/capture-engine";
import { restoreUrl } from "@/protection/restore-handoff";

export const SAVED_SESSIONS_KEY = ["/api/saved-sessions"] as const;
export const USER_STATS_KEY = ["/api/user/stats"] as const;

/** spec 2 §4, §9: restored tabs open 500 ms apart. */
export const RESTORE_TAB_INTERVAL_MS = 500;

export async function fetchSession(id: string): Promise<SavedSessionDetail> {
  return (await apiRequest("GET", `/api/saved-sessions/${id}`)).json() as Promise<SavedSessionDetail>;
}

export async function restoreSession(id: string): Promise<RestoreResponse> {
  return (await apiRequest("POST", `/api/restore-session/${id}`)).json() as Promise<RestoreResponse>;
}

export async function deleteSession(id: string): Promise<void> {
  await apiRequest("DELETE", `/api/saved-sessions/${id}`);
}

export async function saveCurrentSession(sessionName: string): Promise<BackupResponse> {
  return (await apiRequest("POST", "/api/saved-sessions", { sessionName, browserSession: currentBrowserSession() })).json() as Promise<BackupResponse>;
}

/** Opens each restored tab in a new window, 500 ms apart; this site's pages get their form and scroll back. */
export function openRestoredTabs(tabs: SavedTab[]): void {
  tabs.forEach((tab, index) => {
    window.setTimeout(() => window.open(restoreUrl(tab), "_blank", "noopener"), index * RESTORE_TAB_INTERVAL_MS);
  });
}

export type SessionFilter = "all" | "emergency" | "manual";

export function matchesFilter(session: SavedSessionSummary, filter: SessionFilter): boolean {
  if (filter === "all") return true;
  if (filter === "manual") return session.triggerEvent === "manual_save";
  return session.triggerEvent === "clear_all_detected" || session.triggerEvent === "windows_x_button";
}
