import type { InstallPlatform } from "./platform";

/** What the browser offers that an installed TabVault uses (spec 1 §5: service worker, push, notifications). */
export interface AppCapabilities {
  serviceWorker: boolean;
  push: boolean;
  notifications: boolean;
}

export function browserCapabilities(): AppCapabilities {
  return {
    serviceWorker: "serviceWorker" in navigator,
    push: "PushManager" in window,
    notifications: "Notification" in window,
  };
}

/** Spec 1 §5: installable only on Android with service worker, push and notification support. */
export function isInstallableAsApp(platform: InstallPlatform, capabilities: AppCapabilities): boolean {
  return platform === "android" && capabilities.serviceWorker && capabilities.push && capabilities.notifications;
}

export type AppModeBadgeLabel = "Running as App" | "Installable as App";

/** The badge of spec 1 §2: running as an app wins; no badge where neither holds. */
export function appModeBadge(standalone: boolean, installable: boolean): AppModeBadgeLabel | null {
  if (standalone) return "Running as App";
  return installable ? "Installable as App" : null;
}
