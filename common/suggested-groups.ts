import { tabGroupColors } from "./api/browser-backups";
import { siteOf, titleWords } from "./backup-digest";

/**
 * Tab organization (Pro and up, decision 172): groups suggested for a backup's tabs, shown in the
 * Session Manager and applied as real tab groups by the extension when the person asks for them. Plain counting,
 * the same on the server, the web app and the extension, so the groups a person sees are the groups they get:
 *
 * 1. By site: every site with at least {@link MIN_GROUP_TABS} tabs becomes a group named after it, most tabs first.
 * 2. By topic, over the tabs no site group took: the word (as `titleWords` reads titles for the backup summary)
 *    shared by the most of those titles becomes a group, its tabs leave the pool, and so on while a word is shared
 *    by {@link MIN_GROUP_TABS} titles or more.
 *
 * A tab is in one group at most (a browser tab can be in one), at most {@link MAX_SUGGESTED_GROUPS} groups are
 * made, and equal counts are broken alphabetically so the same tabs always give the same groups.
 */
export interface GroupableTab {
  url: string;
  title: string;
}

export type SuggestedGroupColor = (typeof tabGroupColors)[number];

export interface SuggestedGroup {
  /** The group's title in the browser: the site ("github.com") or the shared word ("invoices"). */
  name: string;
  kind: "site" | "topic";
  color: SuggestedGroupColor;
  /** Positions of its tabs in the list given, in that list's order. */
  tabs: number[];
}

export const MIN_GROUP_TABS = 2;
export const MAX_SUGGESTED_GROUPS = 12;

/** Grey last: it is the colour of "no colour" in the browser's tab strip. */
const colours: readonly SuggestedGroupColor[] = [...tabGroupColors.filter((colour) => colour !== "grey"), "grey"];

function mostFirst<T>(entries: [string, T[]][]): [string, T[]][] {
  return entries.sort(([a, itemsA], [b, itemsB]) => itemsB.length - itemsA.length || a.localeCompare(b));
}

export function suggestTabGroups(tabs: readonly GroupableTab[]): SuggestedGroup[] {
  const groups: Omit<SuggestedGroup, "color">[] = [];

  const bySite = new Map<string, number[]>();
  tabs.forEach((tab, position) => {
    const site = siteOf(tab.url);
    bySite.set(site, [...(bySite.get(site) ?? []), position]);
  });
  const taken = new Set<number>();
  for (const [site, positions] of mostFirst([...bySite])) {
    if (positions.length < MIN_GROUP_TABS || groups.length >= MAX_SUGGESTED_GROUPS) continue;
    groups.push({ name: site, kind: "site", tabs: positions });
    for (const position of positions) taken.add(position);
  }

  const words = new Map<number, Set<string>>();
  tabs.forEach((tab, position) => {
    if (!taken.has(position)) words.set(position, titleWords(tab.title));
  });
  while (groups.length < MAX_SUGGESTED_GROUPS) {
    const byWord = new Map<string, number[]>();
    for (const [position, titleWordSet] of words) for (const word of titleWordSet) byWord.set(word, [...(byWord.get(word) ?? []), position]);
    const best = mostFirst([...byWord])[0];
    if (!best || best[1].length < MIN_GROUP_TABS) break;
    const [word, positions] = best;
    groups.push({ name: word, kind: "topic", tabs: positions.sort((a, b) => a - b) });
    for (const position of positions) words.delete(position);
  }

  return groups.map((group, index) => ({ ...group, color: colours[index % colours.length] ?? "grey" }));
}

