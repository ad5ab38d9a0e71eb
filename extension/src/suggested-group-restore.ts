import type { BrowserBackup } from "@common/api/browser-backups";
import { suggestTabGroups, type SuggestedGroup } from "@common/suggested-groups";

/**
 * A backup whose tab groups are the suggested ones (tab organization, Pro and up, decision 172) instead of the
 * groups it was saved with: the same `suggestTabGroups` over the same tabs in the same order as the Session
 * Manager's "Suggested groups", so the person gets the groups they chose. A group cannot span windows, so each
 * window gets the part of a group that is in it; each group's tabs are put side by side, pinned tabs stay pinned
 * and ungrouped, and tabs in no group follow the groups.
 */
export function withSuggestedGroups(backup: BrowserBackup): { backup: BrowserBackup; groups: SuggestedGroup[] } {
  const flat = backup.windows.flatMap((window) => window.tabs);
  const groups = suggestTabGroups(flat);
  const groupOf = new Map<number, number>();
  groups.forEach((group, index) => group.tabs.forEach((position) => groupOf.set(position, index)));

  let position = 0;
  const windows = backup.windows.map((window) => {
    const tabs = window.tabs.map((tab) => {
      const group = groupOf.get(position);
      position += 1;
      return { ...tab, groupId: group === undefined || tab.pinned ? null : group };
    });
    const rank = (tab: (typeof tabs)[number]) => (tab.pinned ? -1 : (tab.groupId ?? groups.length));
    return { ...window, tabs: tabs.map((tab, order) => ({ tab, order })).sort((a, b) => rank(a.tab) - rank(b.tab) || a.order - b.order).map(({ tab }) => tab) };
  });
  const windowGroups = windows.flatMap((window) =>
    [...new Set(window.tabs.flatMap((tab) => (tab.groupId === null ? [] : [tab.groupId])))]
      .sort((a, b) => a - b)
      .map((index) => ({ groupId: index, windowId: window.windowId, title: groups[index]?.name ?? "", color: groups[index]?.color ?? "grey", collapsed: false })),
  );
  return { backup: { ...backup, windows, groups: windowGroups }, groups };
}
