import { logBlockedAttempt } from "@common/api/protection";
import { PRODUCT_NAME } from "@common/product";
import { call } from "@/lib/api-client";
import { readBlockedAttempts, readLocalProtection, writeBlockedAttempts } from "./storage-keys";

/** spec 2 §9: the confirmation shown when a protected page is about to go. */
export const unloadMessage = `${PRODUCT_NAME} is protecting your tabs. Are you sure you want to clear all?`;

export type BlockedMethod = "Ctrl+Shift+W" | "Ctrl+Alt+W" | "Alt+F4" | "window.close" | "Clear All test";

/** Which close-everything shortcut a key press is, if any. */
export function blockedShortcut(event: Pick<KeyboardEvent, "key" | "ctrlKey" | "shiftKey" | "altKey" | "metaKey">): BlockedMethod | null {
  const key = event.key.toLowerCase();
  if (key === "w" && event.ctrlKey && event.shiftKey) return "Ctrl+Shift+W";
  if (key === "w" && event.ctrlKey && event.altKey) return "Ctrl+Alt+W";
  if (key === "f4" && event.altKey) return "Alt+F4";
  return null;
}

/** Fired on window for each Clear All blocked in this page, so a count shown from the server moves at once. */
export const clearAllBlockedHere = "tabvault:clear-all-blocked";

/**
 * Counts a blocked attempt locally and tells the server; the server's answer is never awaited, and a 401 (a
 * visitor, or a session that ended) is no reason to start signing in.
 */
export function countBlocked(method: BlockedMethod): number {
  const count = readBlockedAttempts() + 1;
  writeBlockedAttempts(count);
  window.dispatchEvent(new Event(clearAllBlockedHere));
  call(logBlockedAttempt, { body: { method, timestamp: Date.now(), url: window.location.href.slice(0, 2048) } }, { expectUnauthorized: true }).catch(
    () => undefined,
  );
  return count;
}

/**
 * The Clear All Blocker in the page (spec 2 §9): the close-all shortcuts and `window.close()` are
 * stopped while protection is on, and leaving a page with unsaved typing asks first. Every block is
 * counted and reported through `onBlocked`; `onShortcut` runs first (the emergency backup).
 */
export function startBlocker({
  onShortcut,
  onBlocked,
  hasUnsavedInput,
}: {
  onShortcut: () => void;
  onBlocked: (method: BlockedMethod, count: number) => void;
  hasUnsavedInput: () => boolean;
}): () => void {
  const onKeyDown = (event: KeyboardEvent) => {
    const method = blockedShortcut(event);
    if (!method) return;
    onShortcut();
    if (!readLocalProtection().enabled) return;
    event.preventDefault();
    event.stopPropagation();
    onBlocked(method, countBlocked(method));
  };
  const originalClose = window.close.bind(window);
  window.close = () => {
    if (readLocalProtection().enabled) onBlocked("window.close", countBlocked("window.close"));
    else originalClose();
  };
  // Asking on every navigation would nag people out of the app; the question is asked only when
  // protection is on in block mode and the page holds typing that would be lost.
  const onBeforeUnload = (event: BeforeUnloadEvent) => {
    const settings = readLocalProtection();
    if (!settings.enabled || settings.mode !== "block" || !hasUnsavedInput()) return;
    event.preventDefault();
    event.returnValue = unloadMessage;
  };
  window.addEventListener("keydown", onKeyDown, true);
  window.addEventListener("beforeunload", onBeforeUnload);
  return () => {
    window.removeEventListener("keydown", onKeyDown, true);
    window.removeEventListener("beforeunload", onBeforeUnload);
    window.close = originalClose;
  };
}
