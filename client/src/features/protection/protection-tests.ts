import type { BackupResponse, ProtectionStatus, RestoreResponse } from "@common/api/backups";
import { apiRequest } from "@/lib/queryClient";
import { currentBrowserSession } from "./capture-engine";

/** The protection API calls the two test pages make (spec 2 §2, §7), each with the email typed in. */
export const protectionTests = {
  async windowsXButton(userEmail: string): Promise<string> {
    const applications = [
      { processName: "WINWORD.EXE", windowTitle: "Quarterly report.docx", documentPath: "C:\\Users\\me\\Documents\\Quarterly report.docx", isUnsaved: true },
      { processName: "chrome.exe", windowTitle: "TabVault" },
    ];
    const result = (await (await apiRequest("POST", "/api/protection/windows-x-button", { userEmail, applications })).json()) as BackupResponse;
    return result.message;
  },
  async androidClearAll(userEmail: string): Promise<string> {
    const result = (await (await apiRequest("POST", "/api/protection/android-clear-all", { userEmail, browserSession: currentBrowserSession() })).json()) as BackupResponse;
    return result.limit ? `${result.message} ${result.limit.message}` : result.message;
  },
  async status(userEmail: string): Promise<string> {
    const status = (await (await apiRequest("GET", `/api/protection/status/${encodeURIComponent(userEmail)}`)).json()) as ProtectionStatus;
    return `Protection ${status.isActive ? "on" : "off"}: ${status.sessionCount} sessions, ${status.applicationCount} applications, last backup ${status.lastBackup ? new Date(status.lastBackup).toLocaleString() : "never"}.`;
  },
  async restoreLatest(userEmail: string): Promise<string> {
    const result = (await (await apiRequest("POST", "/api/protection/restore-session", { userEmail })).json()) as RestoreResponse;
    return `${result.message} ${result.instructions.tabs.map((tab) => tab.url).join(", ")}`;
  },
};
