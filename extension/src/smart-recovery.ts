import { pageKey } from "@common/backup-digest";
import { placeholderTarget } from "./placeholder";
import type { RestorePlan, RestoreWindow } from "./restore";

/**
 * Smart recovery (Pro and up, decision 170): a restore that leaves out the pages already open in
 * this browser and the pages the backup holds twice, and opens the most recently used tabs first. Every tab still
 * lands at its saved place in its window, and loads lazily as on every plan (the placeholder page on Chromium, a
 * discarded tab on Firefox). "The same page" is the backup summary's: the address without its #fragment or a
 * trailing slash.
 */
export interface SmartRecoverySkips {
  alreadyOpen: number;
  duplicates: number;
}

/** The page a tab shows, or stands for when it is one of our own placeholders not yet loaded. */
export function openPageUrl(url: string, placeholderPage: string): string {
  if (!url.startsWith(placeholderPage)) return url;
  return placeholderTarget(url.slice(placeholderPage.length))?.url ?? url;
}

function mostRecentFirst(window: RestoreWindow): number[] {
  return window.tabs
    .map((tab, position) => ({ position, at: tab.lastAccessed ?? -1 }))
    .sort((a, b) => b.at - a.at || a.position - b.position)
    .map((entry) => entry.position);
}

function lastUsed(window: RestoreWindow): number {
  return Math.max(-1, ...window.tabs.map((tab) => tab.lastAccessed ?? -1));
}

export function smartRecoveryPlan(plan: RestorePlan, openUrls: readonly string[]): { plan: RestorePlan; skipped: SmartRecoverySkips } {
  const open = new Set(openUrls.map(pageKey));
  const seen = new Set<string>();
  const skipped: SmartRecoverySkips = { alreadyOpen: 0, duplicates: 0 };
  const windows: RestoreWindow[] = [];
  for (const window of plan.windows) {
    const tabs = window.tabs.filter((tab) => {
      const key = pageKey(tab.url);
      if (open.has(key)) {
        skipped.alreadyOpen += 1;
        return false;
      }
      if (seen.has(key)) {
        skipped.duplicates += 1;
        return false;
      }
      seen.add(key);
      return true;
    });
    if (tabs.length === 0) continue;
    // Left out, the saved window no longer matches the browser's recently-closed copy of it.
    const kept: RestoreWindow = { ...window, tabs, sessionId: tabs.length === window.tabs.length ? window.sessionId : undefined };
    windows.push({ ...kept, openOrder: mostRecentFirst(kept) });
  }
  // The window used last comes back first; a window without dates keeps its place after the dated ones.
  const ordered = windows.map((window, position) => ({ window, position, at: lastUsed(window) })).sort((a, b) => b.at - a.at || a.position - b.position);
  return {
    plan: { windows: ordered.map((entry) => entry.window), tabCount: windows.reduce((sum, window) => sum + window.tabs.length, 0), ordered: true },
    skipped,
  };
}

/** "3 already open, 2 duplicates skipped", or null when nothing was left out. */
export function skipsText(skipped: SmartRecoverySkips): string | null {
  const parts = [
    skipped.alreadyOpen > 0 ? `${skipped.alreadyOpen} already open` : null,
    skipped.duplicates > 0 ? `${skipped.duplicates} ${skipped.duplicates === 1 ? "duplicate" : "duplicates"}` : null,
  ].filter((part) => part !== null);
  return parts.length > 0 ? `${parts.join(", ")} skipped` : null;
}
