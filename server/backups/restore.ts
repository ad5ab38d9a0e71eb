import type { RestoreResponse, BackupDetail } from "@common/api/backups";

/** The restore answer of spec 2 §3: the session and the tabs for the client to open. */
export function restoreResponse(backup: BackupDetail): RestoreResponse {
  const tabs = backup.browserTabs.length;
  const apps = backup.openApps.length;
  return {
    success: true,
    message: `Restoring ${tabs} ${tabs === 1 ? "tab" : "tabs"}${apps > 0 ? ` and ${apps} ${apps === 1 ? "application" : "applications"}` : ""}.`,
    session: {
      id: backup.id,
      tabs: backup.browserTabs,
      browserType: backup.browserType,
      timestamp: backup.createdAt,
      tabBackups: backup.tabBackups,
      openApps: backup.openApps,
    },
    // A sealed tab has no address here (decision 199): the browser opens it from `session.tabs` with its key.
    instructions: { tabs: backup.browserTabs.filter((tab) => !tab.sealedLocation).map((tab) => ({ url: tab.url })) },
  };
}
