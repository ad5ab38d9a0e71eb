/**
 * What a backup holds, at a glance ("content analysis", Basic and up, decision 146): the sites
 * its tabs are on, the words its titles share, the pages open more than once, and the tabs nobody had looked at
 * for a long time. Plain counting over the backup's own tabs: no model, nothing leaves the server.
 */
export interface DigestTab {
  url: string;
  title: string;
  /** When the browser last showed the tab, if it said. */
  lastAccessed: string | null;
  /** Set when the title and address are sealed (decision 199): such a tab is counted apart, never read. */
  sealedLocation?: string | null;
}

export interface BackupDigest {
  tabCount: number;
  /** Tabs whose title and address are sealed (decision 199): in `tabCount`, in none of the lists. */
  encryptedTabs: number;
  /** Sites by tab count, most first (at most `DIGEST_LIST_LENGTH`); `others` counts the tabs of the rest. */
  sites: { site: string; tabs: number }[];
  otherSiteTabs: number;
  /** Words found in the titles of two or more tabs, most tabs first. */
  topics: { word: string; tabs: number }[];
  /** Pages open in more than one tab (the same address, ignoring a #fragment and a trailing slash). */
  duplicates: { url: string; title: string; copies: number }[];
  /** Tabs not shown for at least `UNVISITED_DAYS` days before the backup, longest first. */
  unvisited: { url: string; title: string; lastAccessed: string; days: number }[];
}

export const DIGEST_LIST_LENGTH = 8;
export const UNVISITED_DAYS = 7;
const DAY_MS = 86_400_000;

/** Words too common to say what a tab is about. */
const stopWords = new Set(
  ("the and for with from that this your you are was were has have had how what when where who why will not but all any can " +
    "out our its it's into about more new page home www com org net http https html index login sign untitled tab tabs " +
    "der die das und von mit les des une pour avec los las una por con")
    .split(" "),
);

/** "github.com" from "https://www.github.com/a", the scheme ("chrome:") for pages without a host. */
export function siteOf(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.hostname ? parsed.hostname.replace(/^www\./, "") : parsed.protocol;
  } catch {
    return "other";
  }
}

/** The address two tabs share when they show the same page: no #fragment, no trailing slash (smart recovery's duplicates too). */
export function pageKey(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.hash = "";
    return parsed.toString().replace(/\/$/, "");
  } catch {
    return url;
  }
}

/** The distinct words of a title that may name a topic: letters (any script) or digits, three or more, not stop words. */
export function titleWords(title: string): Set<string> {
  const words = title.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*[\p{L}\p{N}]|[\p{L}\p{N}]/gu) ?? [];
  return new Set(words.filter((word) => word.length >= 3 && !/^\d+$/.test(word) && !stopWords.has(word)));
}

function countBy<T>(items: readonly T[], key: (item: T) => Iterable<string>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) for (const value of key(item)) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}

/** Most first, then alphabetically, so equal counts always come out in the same order. */
const byCount = ([a, countA]: [string, number], [b, countB]: [string, number]) => countB - countA || a.localeCompare(b);

export function digestBackup(allTabs: readonly DigestTab[], takenAt: Date): BackupDigest {
  const tabs = allTabs.filter((tab) => !tab.sealedLocation);
  const sites = [...countBy(tabs, (tab) => [siteOf(tab.url)])].sort(byCount);
  const shown = sites.slice(0, DIGEST_LIST_LENGTH);
  const topics = [...countBy(tabs, (tab) => titleWords(tab.title))]
    .filter(([word, count]) => count >= 2 && !shown.some(([site]) => site.split(".")[0] === word))
    .sort(byCount)
    .slice(0, DIGEST_LIST_LENGTH);

  const pages = new Map<string, { url: string; title: string; copies: number }>();
  for (const tab of tabs) {
    const key = pageKey(tab.url);
    const page = pages.get(key);
    if (page) page.copies += 1;
    else pages.set(key, { url: tab.url, title: tab.title, copies: 1 });
  }
  const duplicates = [...pages.values()].filter((page) => page.copies > 1).sort((a, b) => b.copies - a.copies || a.url.localeCompare(b.url));

  const unvisited = tabs
    .flatMap((tab) => {
      if (!tab.lastAccessed) return [];
      const days = Math.floor((takenAt.getTime() - Date.parse(tab.lastAccessed)) / DAY_MS);
      return Number.isFinite(days) && days >= UNVISITED_DAYS ? [{ url: tab.url, title: tab.title, lastAccessed: tab.lastAccessed, days }] : [];
    })
    .sort((a, b) => b.days - a.days || a.url.localeCompare(b.url))
    .slice(0, DIGEST_LIST_LENGTH);

  return {
    tabCount: allTabs.length,
    encryptedTabs: allTabs.length - tabs.length,
    sites: shown.map(([site, count]) => ({ site, tabs: count })),
    otherSiteTabs: sites.slice(DIGEST_LIST_LENGTH).reduce((sum, [, count]) => sum + count, 0),
    topics: topics.map(([word, count]) => ({ word, tabs: count })),
    duplicates,
    unvisited,
  };
}
