import { useSyncExternalStore } from "react";
import { registerSW } from "virtual:pwa-register";

/**
 * Registers /sw.js (built by vite-plugin-pwa) and tracks whether a new version is waiting. A new version
 * waits until the person chooses "Update Now", so a page is never swapped under someone mid-task.
 */
let updateWaiting = false;
let applyUpdate: (() => Promise<void>) | null = null;
const listeners = new Set<() => void>();

function setUpdateWaiting(waiting: boolean): void {
  updateWaiting = waiting;
  for (const listener of listeners) listener();
}

export function startServiceWorker(): void {
  if (applyUpdate || !("serviceWorker" in navigator)) return;
  applyUpdate = registerSW({
    immediate: true,
    onNeedRefresh: () => setUpdateWaiting(true),
    onRegisterError: (error: unknown) => console.error("TabVault: the service worker did not register", error),
  });
}

/** Tells the waiting worker to take over; the page reloads into the new version once it controls it. */
export async function updateToWaitingVersion(): Promise<void> {
  await applyUpdate?.();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useUpdateWaiting(): boolean {
  return useSyncExternalStore(subscribe, () => updateWaiting, () => false);
}
