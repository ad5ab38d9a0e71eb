/**
 * What the TabVault web app and the extension's bridge content script (which runs on the server's own pages) say
 * to each other with `window.postMessage`, both sides reading this one list:
 * - `ping` → `extension` with `version`: is the extension installed, and which;
 * - `restore` with `backupId` (and `suggestedGroups: true` to apply the suggested tab groups, Pro and up) →
 *   `restoreStarted` or `restoreRefused`, each with `backupId` and a `message` (smart recovery's skips included).
 */
export const EXTENSION_BRIDGE_MESSAGES = {
  ping: "tabvault:ping",
  extension: "tabvault:extension",
  restore: "tabvault:restore",
  restoreStarted: "tabvault:restore-started",
  restoreRefused: "tabvault:restore-refused",
} as const;
