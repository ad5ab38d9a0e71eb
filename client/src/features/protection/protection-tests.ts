import { getProtectionStatus, restoreLatestBackup, saveClearAllBackup, saveWindowsCloseBackup } from "@common/api/backups";
import { call } from "@/lib/api-client";
import { currentBrowserSession } from "./capture-engine";
import { formatDateTime } from "@/lib/dates";

/** The protection API calls the two test pages make, each with the email typed in. */
export const protectionTests = {
  async windowsXButton(userEmail: string): Promise<string> {
    const applications = [
      { processName: "WINWORD.EXE", windowTitle: "Quarterly report.docx", documentPath: "C:\\Users\\me\\Documents\\Quarterly report.docx", isUnsaved: true },
      { processName: "chrome.exe", windowTitle: "TabVault" },
    ];
    const result = await call(saveWindowsCloseBackup, { body: { userEmail, applications } });
    return result.message;
  },
  async androidClearAll(userEmail: string): Promise<string> {
    const result = await call(saveClearAllBackup, { body: { userEmail, browserSession: currentBrowserSession() } });
    return result.limit ? `${result.message} ${result.limit.message}` : result.message;
  },
  async status(userEmail: string): Promise<string> {
    const status = await call(getProtectionStatus, { params: { userEmail } });
    return `Protection ${status.isActive ? "on" : "off"}: ${status.sessionCount} sessions, ${status.applicationCount} applications, last backup ${status.lastBackup ? formatDateTime(status.lastBackup) : "never"}.`;
  },
  async restoreLatest(userEmail: string): Promise<string> {
    const result = await call(restoreLatestBackup, { body: { userEmail } });
    return `${result.message} ${result.instructions.tabs.map((tab) => tab.url).join(", ")}`;
  },
};
