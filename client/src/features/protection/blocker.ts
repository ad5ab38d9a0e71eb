import { PRODUCT_NAME } from "@common/product";
import { toast } from "@/lib/use-toast";
import { hasUnsavedInput, watchFormFields } from "./form-watch";
import { isBlocking, readBlockedAttempts, readLocalProtection, writeBlockedAttempts } from "./storage-keys";

/** spec 2 §9: the confirmation shown when a protected page is about to go. */
export const unloadMessage = `${PRODUCT_NAME} is protecting your tabs. Are you sure you want to clear all?`;

/** spec 2 §9: the block notification shows for 3 s. */
const BLOCK_NOTICE_MS = 3000;

const closeAllShortcuts = ["Ctrl+Shift+W", "Ctrl+Alt+W", "Alt+F4"] as const;
export type BlockedMethod = (typeof closeAllShortcuts)[number] | "window.close";

/** Whether a blocked attempt came from a close-all shortcut (rather than `window.close()` or the blocker's test). */
export function isShortcut(method: BlockedMethod): boolean {
  return (closeAllShortcuts as readonly string[]).includes(method);
}

/** Which close-everything shortcut a key press is, if any. */
export function blockedShortcut(event: Pick<KeyboardEvent, "key" | "ctrlKey" | "shiftKey" | "altKey" | "metaKey">): BlockedMethod | null {
  const key = event.key.toLowerCase();
  if (key === "w" && event.ctrlKey && event.shiftKey) return "Ctrl+Shift+W";
  if (key === "w" && event.ctrlKey && event.altKey) return "Ctrl+Alt+W";
  if (key === "f4" && event.altKey) return "Alt+F4";
  return null;
}

/**
 * Fired on window (a CustomEvent with {@link ClearAllBlocked}) for each Clear All blocked in this page: a count
 * shown from the server moves at once, and for a signed-in person the block is logged on the account.
 */
export const clearAllBlockedHere = "tabvault:clear-all-blocked";
export interface ClearAllBlocked {
  method: BlockedMethod;
}

/** A close-all shortcut pressed in this page, and whether the blocker stopped it (Block mode) or let it through. */
export interface CloseAllShortcut {
  method: BlockedMethod;
  blocked: boolean;
}
type CloseAllShortcutListener = (shortcut: CloseAllShortcut) => void;

const shortcutListeners = new Set<CloseAllShortcutListener>();
// The signed-in protection loads once the account is known, a second or so after the page: a shortcut pressed
// before then is kept for it, so the emergency backup is made (and a block logged) all the same.
const unheardShortcuts: CloseAllShortcut[] = [];
const UNHEARD_SHORTCUTS_KEPT = 5;

/** Calls `listener` for each close-all shortcut from now on, after those pressed while nobody listened. */
export function onCloseAllShortcut(listener: CloseAllShortcutListener): () => void {
  shortcutListeners.add(listener);
  for (const shortcut of unheardShortcuts.splice(0)) listener(shortcut);
  return () => shortcutListeners.delete(listener);
}

function announceShortcut(shortcut: CloseAllShortcut): void {
  if (shortcutListeners.size === 0) {
    unheardShortcuts.push(shortcut);
    if (unheardShortcuts.length > UNHEARD_SHORTCUTS_KEPT) unheardShortcuts.shift();
    return;
  }
  for (const listener of shortcutListeners) listener(shortcut);
}

/** Counts a blocked attempt in this browser (`tabvault_blocked_attempts`) and says so with {@link clearAllBlockedHere}. */
export function countBlocked(method: BlockedMethod): number {
  const count = readBlockedAttempts() + 1;
  writeBlockedAttempts(count);
  window.dispatchEvent(new CustomEvent<ClearAllBlocked>(clearAllBlockedHere, { detail: { method } }));
  return count;
}

/**
 * The Clear All Blocker in the page, for visitors and signed-in people alike: while protection is on
 * in Block mode, the close-all shortcuts and `window.close()` are stopped, counted and announced for 3 s, and
 * leaving a page with unsaved typing asks first. In Backup mode, or with protection off, everything goes
 * through; either way each shortcut is announced ({@link onCloseAllShortcut}): for a signed-in person it makes the
 * emergency backup (signed-in-protection.ts).
 * Reads the protection state at each event, so a switch on any screen or tab applies at once.
 */
function startBlocker(): void {
  const block = (method: BlockedMethod) => {
    countBlocked(method);
    toast({ title: "Clear All Blocked!", description: `${PRODUCT_NAME} prevented your tabs from being cleared`, duration: BLOCK_NOTICE_MS });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const method = blockedShortcut(event);
    if (!method) return;
    const blocked = isBlocking(readLocalProtection());
    if (blocked) {
      event.preventDefault();
      event.stopPropagation();
      block(method);
    }
    announceShortcut({ method, blocked });
  };
  const originalClose = window.close.bind(window);
  window.close = () => {
    if (isBlocking(readLocalProtection())) block("window.close");
    else originalClose();
  };
  // Asking on every navigation would nag people out of the app; the question is asked only when
  // protection is on in block mode and the page holds typing that would be lost.
  const onBeforeUnload = (event: BeforeUnloadEvent) => {
    if (!isBlocking(readLocalProtection()) || !hasUnsavedInput()) return;
    event.preventDefault();
    event.returnValue = unloadMessage;
  };
  watchFormFields();
  window.addEventListener("keydown", onKeyDown, true);
  window.addEventListener("beforeunload", onBeforeUnload);
}

let running = false;

/**
 * Starts the in-page blocker unless it runs already: once after the app has mounted, and again by
 * the Clear All Blocker screen on its load, so what that screen claims holds from its first moment.
 */
export function ensureBlockerRunning(): void {
  if (running) return;
  running = true;
  // It runs for the life of the page: no screen turns it off, the protection state does.
  startBlocker();
}

