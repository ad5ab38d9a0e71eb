/**
 * What the TabVault web app and the extension's bridge content script (which runs on the server's own pages) say
 * to each other with `window.postMessage`, both sides reading this one list:
 * - `ping` → `extension` with `version` and `deviceId` (the connected device, or null): is the extension installed,
 *   which, and which of the account's devices this browser is;
 * - `restore` with `backupId` → `restoreStarted` or `restoreRefused`, each with `backupId` and a `message`;
 * - `restoreOpenTabs` with `deviceId` (another browser's open tabs) → the same answers, each with `deviceId`.
 */
export const EXTENSION_BRIDGE_MESSAGES = {
  ping: "tabvault:ping",
  extension: "tabvault:extension",
  restore: "tabvault:restore",
  restoreOpenTabs: "tabvault:restore-open-tabs",
  restoreStarted: "tabvault:restore-started",
  restoreRefused: "tabvault:restore-refused",
} as const;
