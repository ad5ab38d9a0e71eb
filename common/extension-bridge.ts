/**
 * What the TabVault web app and the extension's bridge content script (which runs on the server's own pages) say
 * to each other with `window.postMessage`, both sides reading this one list:
 * - `ping` → `extension` with `version` and `deviceId` (the connected device, or null): is the extension installed,
 *   which, and which of the account's devices this browser is;
 * - `restore` with `backupId` (and `suggestedGroups: true` to apply the suggested tab groups, Pro and up) →
 *   `restoreStarted` or `restoreRefused`, each with `backupId` and a `message` (smart recovery's skips included);
 * - `restoreOpenTabs` with `deviceId` (another browser's open tabs) → the same answers, each with `deviceId`;
 * - `restoreShared` with `sharedId` (a backup shared with the person's team, decision 190) → the same answers, each with `sharedId`.
 */
export const EXTENSION_BRIDGE_MESSAGES = {
  ping: "tabvault:ping",
  extension: "tabvault:extension",
  restore: "tabvault:restore",
  restoreOpenTabs: "tabvault:restore-open-tabs",
  restoreShared: "tabvault:restore-shared",
  restoreStarted: "tabvault:restore-started",
  restoreRefused: "tabvault:restore-refused",
} as const;

/**
 * The blocker page's `status` question → `liveState` with these fields: what the extension in this
 * browser is doing now, answered by its background from its own storage, never from the server.
 */
export const EXTENSION_LIVE_STATE_MESSAGES = {
  status: "tabvault:status",
  liveState: "tabvault:live-state",
} as const;

export interface ExtensionLiveState {
  version: string;
  /** connected: backups go to the account; disconnected: the server refused its token; not-connected: never paired. */
  connection: "connected" | "disconnected" | "not-connected";
  email: string | null;
  /** Emergency backups kept on this device (a close-all, a closed window, a loss at start-up). */
  emergencyBackups: number;
  /** The tabs those emergency backups saved. */
  tabsSaved: number;
  /** Web pages in the latest running snapshot. */
  watchedTabs: number;
  lastSnapshotAt: number | null;
}

const connections: readonly ExtensionLiveState["connection"][] = ["connected", "disconnected", "not-connected"];
const count = (value: unknown): value is number => typeof value === "number" && Number.isInteger(value) && value >= 0;

/** A `liveState` message checked field by field (it crosses from a content script into the page), or null. */
export function readLiveState(data: Record<string, unknown>): ExtensionLiveState | null {
  if (data.type !== EXTENSION_LIVE_STATE_MESSAGES.liveState) return null;
  const { version, connection, email, emergencyBackups, tabsSaved, watchedTabs, lastSnapshotAt } = data;
  if (typeof version !== "string" || !connections.includes(connection as ExtensionLiveState["connection"])) return null;
  if (!count(emergencyBackups) || !count(tabsSaved) || !count(watchedTabs)) return null;
  if (email !== null && typeof email !== "string") return null;
  if (lastSnapshotAt !== null && !count(lastSnapshotAt)) return null;
  return { version, connection: connection as ExtensionLiveState["connection"], email, emergencyBackups, tabsSaved, watchedTabs, lastSnapshotAt };
}
