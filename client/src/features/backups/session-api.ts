import type { BackupResponse, RestoreResponse, SavedSessionDetail, SavedSessionSummary, SavedTab, TriggerEvent } from "@common/api/backups";
import { apiRequest } from "@/lib/queryClient";
import { currentBrowserSession } from "@/features/protection/capture-engine";
import { restoreUrl } from "@/features/protection/restore-handoff";

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

/** A manual save of the capture engine's current session: this page with its forms and scroll, and the recent tabs. */
export async function saveCurrentSession(sessionName: string): Promise<BackupResponse> {
  const body = { sessionName, trigger: "manual_save", browserSession: currentBrowserSession() };
  return (await apiRequest("POST", "/api/saved-sessions", body)).json() as Promise<BackupResponse>;
}

/** Opens each restored tab in a new window, 500 ms apart; this site's pages get their form and scroll back. */
export function openRestoredTabs(tabs: SavedTab[]): void {
  tabs.forEach((tab, index) => {
    window.setTimeout(() => window.open(restoreUrl(tab), "_blank", "noopener"), index * RESTORE_TAB_INTERVAL_MS);
  });
}

export type SessionFilter = "all" | "emergency" | "manual";

// Spelled out rather than imported: common/api/sessions.ts would bring zod into the dashboard's chunk.
const emergencyTriggers: readonly string[] = ["clear_all_detected", "windows_x_button"] satisfies TriggerEvent[];

/** Which tabs list a session: every one under Saved Sessions; automatic backups only there. */
export function matchesFilter(session: SavedSessionSummary, filter: SessionFilter): boolean {
  if (filter === "all") return true;
  if (filter === "manual") return session.triggerEvent === "manual_save";
  return emergencyTriggers.includes(session.triggerEvent);
}
