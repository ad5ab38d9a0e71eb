import { EXTENSION_BRIDGE_MESSAGES, EXTENSION_LIVE_STATE_MESSAGES, type ExtensionLiveState, readLiveState } from "@common/extension-bridge";

// Talking to the TabVault browser extension from its own server's pages. The extension's bridge content
// script runs on this origin and answers `window.postMessage` (the messages are in common/extension-bridge.ts): a
// ping with its version, a restore request with whether it started. Messages from any other origin are ignored.

/** How long an installed extension takes at most to answer a ping: its content script answers at once. */
export const DETECT_TIMEOUT_MS = 300;
/** The extension fetches the backup before it answers, which for thousands of tabs takes a moment. */
export const RESTORE_TIMEOUT_MS = 10_000;

export interface MessageLike {
  data: unknown;
  origin: string;
}

/** What the bridge needs of `window`; tests pass a fake. */
export interface BridgeWindow {
  location: { origin: string };
  postMessage(message: unknown, targetOrigin: string): void;
  addEventListener(type: "message", listener: (event: MessageLike) => void): void;
  removeEventListener(type: "message", listener: (event: MessageLike) => void): void;
  setTimeout(handler: () => void, ms: number): number;
  clearTimeout(id: number): void;
}

/** `deviceId`: the account's device this browser is connected as, or null when it is not connected. */
export type InstalledExtension = { version: string; deviceId: string | null };
export type RestoreHandoff = { outcome: "started"; message: string } | { outcome: "refused"; message: string } | { outcome: "no-answer" };

function messageOf(event: MessageLike, origin: string): Record<string, unknown> | null {
  if (event.origin !== origin) return null;
  const data = event.data;
  if (data === null || typeof data !== "object" || !("type" in data)) return null;
  return data as Record<string, unknown>;
}

/**
 * Sends `message` and resolves with the first answer `pick` accepts, or `fallback` after `timeoutMs`.
 * The listener is in place before the message goes out, so an answer given at once is never missed.
 */
function ask<T>(win: BridgeWindow, message: Record<string, unknown>, pick: (data: Record<string, unknown>) => T | undefined, timeoutMs: number, fallback: T): Promise<T> {
  const origin = win.location.origin;
  return new Promise((resolve) => {
    const listener = (event: MessageLike) => {
      const data = messageOf(event, origin);
      const answer = data ? pick(data) : undefined;
      if (answer !== undefined) finish(answer);
    };
    const timer = win.setTimeout(() => finish(fallback), timeoutMs);
    function finish(value: T) {
      win.clearTimeout(timer);
      win.removeEventListener("message", listener);
      resolve(value);
    }
    win.addEventListener("message", listener);
    win.postMessage(message, origin);
  });
}

/** The installed extension's version, or null when none answers within {@link DETECT_TIMEOUT_MS}. */
export function detectExtension(win: BridgeWindow = window, timeoutMs = DETECT_TIMEOUT_MS): Promise<InstalledExtension | null> {
  return ask<InstalledExtension | null>(
    win,
    { type: EXTENSION_BRIDGE_MESSAGES.ping },
    (data) =>
      data.type === EXTENSION_BRIDGE_MESSAGES.extension && typeof data.version === "string"
        ? { version: data.version, deviceId: typeof data.deviceId === "string" ? data.deviceId : null }
        : undefined,
    timeoutMs,
    null,
  );
}

/** Asks the extension to restore what `named` names (a backup, another device's open tabs) and waits for its answer. */
function handOff(message: Record<string, unknown>, named: [key: string, value: string], win: BridgeWindow, timeoutMs: number): Promise<RestoreHandoff> {
  const [key, value] = named;
  return ask<RestoreHandoff>(
    win,
    { ...message, [key]: value },
    (data) => {
      // Answers name what they restore when the extension says which; one for another restore is not ours.
      if (data[key] !== undefined && data[key] !== value) return undefined;
      const text = typeof data.message === "string" ? data.message : "";
      if (data.type === EXTENSION_BRIDGE_MESSAGES.restoreStarted) return { outcome: "started", message: text };
      if (data.type === EXTENSION_BRIDGE_MESSAGES.restoreRefused) return { outcome: "refused", message: text };
      return undefined;
    },
    timeoutMs,
    { outcome: "no-answer" },
  );
}

/** The installed extension's live state (the blocker page), or null when none answers within {@link DETECT_TIMEOUT_MS}. */
export function askLiveState(win: BridgeWindow = window, timeoutMs = DETECT_TIMEOUT_MS): Promise<ExtensionLiveState | null> {
  return ask<ExtensionLiveState | null>(win, { type: EXTENSION_LIVE_STATE_MESSAGES.status }, (data) => readLiveState(data) ?? undefined, timeoutMs, null);
}

/** Hands a backup to the extension to restore in this browser (windows, pins and groups as saved, or the suggested groups). */
export function requestRestore(
  backupId: string,
  options: { suggestedGroups?: boolean } = {},
  win: BridgeWindow = window,
  timeoutMs = RESTORE_TIMEOUT_MS,
): Promise<RestoreHandoff> {
  return handOff({ type: EXTENSION_BRIDGE_MESSAGES.restore, ...(options.suggestedGroups ? { suggestedGroups: true } : {}) }, ["backupId", backupId], win, timeoutMs);
}

/** Hands another device's open tabs to the extension to reopen in this browser, windows and groups as they are there. */
export function requestOpenTabsRestore(deviceId: string, win: BridgeWindow = window, timeoutMs = RESTORE_TIMEOUT_MS): Promise<RestoreHandoff> {
  return handOff({ type: EXTENSION_BRIDGE_MESSAGES.restoreOpenTabs }, ["deviceId", deviceId], win, timeoutMs);
}

/** Hands a backup shared with the team to the extension, which reads it with its own token and reopens it here (decision 190). */
export function requestSharedRestore(sharedId: string, win: BridgeWindow = window, timeoutMs = RESTORE_TIMEOUT_MS): Promise<RestoreHandoff> {
  return handOff({ type: EXTENSION_BRIDGE_MESSAGES.restoreShared }, ["sharedId", sharedId], win, timeoutMs);
}
