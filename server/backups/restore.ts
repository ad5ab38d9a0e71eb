import type { RestoreResponse, SavedSessionDetail } from "@common/api/backups";

/** The restore answer of spec 2 §3: the session and the tabs for the client to open. */
export function restoreResponse(session: SavedSessionDetail): RestoreResponse {
  const tabs = session.browserTabs.length;
  const apps = session.openApps.length;
  return {
    success: true,
    message: `Restoring ${tabs} ${tabs === 1 ? "tab" : "tabs"}${apps > 0 ? ` and ${apps} ${apps === 1 ? "application" : "applications"}` : ""}.`,
    session: {
      id: session.id,
      tabs: session.browserTabs,
      browserType: session.browserType,
      timestamp: session.createdAt,
      tabBackups: session.tabBackups,
      openApps: session.openApps,
    },
    // A sealed tab has no address here (decision 199): the browser opens it from `session.tabs` with its key.
    instructions: { tabs: session.browserTabs.filter((tab) => !tab.sealedLocation).map((tab) => ({ url: tab.url })) },
  };
}
