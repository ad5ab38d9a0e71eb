import { readJson, storageKeys, writeJson } from "./storage-keys";

export interface RecentTab {
  url: string;
  title: string;
  faviconUrl: string | null;
  lastAccessed: string;
}

export const RECENT_TABS_LIMIT = 20;

/** Puts a visit at the front of the list, once per URL, keeping the 20 latest. */
export function withVisit(list: RecentTab[], visit: RecentTab): RecentTab[] {
  return [visit, ...list.filter((entry) => entry.url !== visit.url)].slice(0, RECENT_TABS_LIMIT);
}

export function readRecentTabs(): RecentTab[] {
  const list = readJson<unknown>(storageKeys.recentTabs, []);
  return Array.isArray(list) ? (list.filter((entry) => entry && typeof entry.url === "string") as RecentTab[]) : [];
}

export function recordVisit(visit: RecentTab): void {
  writeJson(storageKeys.recentTabs, withVisit(readRecentTabs(), visit));
}
