import type { BackupChanges } from "@common/api/backup-timeline";
import type { SavedTab } from "@common/api/backups";
import type { ShownLocation } from "@/features/encryption/tab-sealing";

/** What changed between two moments, as this browser can tell it. */
export interface MomentChanges {
  opened: SavedTab[];
  closed: SavedTab[];
  stillOpen: number;
  /** Sealed tabs this browser could not open (locked, or another key), so could not compare. */
  uncompared: number;
}

/** A sealed tab with the address this browser read for it. */
interface ReadTab {
  tab: SavedTab;
  url: string;
}

/** Whether this browser can tell the tab's address: a plain tab, or a sealed one it opened. */
function readable(location: ShownLocation | undefined): location is ShownLocation {
  return location !== undefined && (location.state === "opened" || location.state === "plain");
}

/** One moment's sealed tabs with their shown locations (in order): those read, and how many could not be. */
function readSide(tabs: readonly SavedTab[], locations: readonly ShownLocation[]): { read: ReadTab[]; unreadable: number } {
  const read: ReadTab[] = [];
  tabs.forEach((tab, index) => {
    const location = locations[index];
    if (readable(location)) read.push({ tab, url: location.url });
  });
  return { read, unreadable: tabs.length - read.length };
}

function countByAddress(read: readonly ReadTab[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const { url } of read) counts.set(url, (counts.get(url) ?? 0) + 1);
  return counts;
}

/**
 * One side's tabs matched against the other side's counts, in order: a tab whose address the other side still has
 * takes one of it and is paired, the rest are unmatched. Either side matched against the other pairs as many tabs of
 * each address, the fewer of the two counts, so the pairs are the same seen from both.
 */
function matchAgainst(read: readonly ReadTab[], otherCounts: ReadonlyMap<string, number>): { paired: number; unmatched: SavedTab[] } {
  const left = new Map(otherCounts);
  const unmatched: SavedTab[] = [];
  let paired = 0;
  for (const { tab, url } of read) {
    const count = left.get(url) ?? 0;
    if (count > 0) {
      left.set(url, count - 1);
      paired += 1;
    } else unmatched.push(tab);
  }
  return { paired, unmatched };
}

/**
 * The server's changes completed with the sealed tabs it could not pair (decision 222): those this browser opened are
 * paired by address as the server pairs plain ones — as a multiset, in each moment's order — and join the opened and
 * closed lists; those it could not open are counted, never guessed. `since` and `until` are the shown locations of
 * `changes.sealedToCompare`'s two lists, in their order.
 */
export function completeChanges(changes: BackupChanges, since: readonly ShownLocation[], until: readonly ShownLocation[]): MomentChanges {
  const before = readSide(changes.sealedToCompare.since, since);
  const after = readSide(changes.sealedToCompare.until, until);
  const closed = matchAgainst(before.read, countByAddress(after.read));
  const opened = matchAgainst(after.read, countByAddress(before.read));
  return {
    opened: [...changes.opened, ...opened.unmatched],
    closed: [...changes.closed, ...closed.unmatched],
    stillOpen: changes.stillOpen + closed.paired,
    uncompared: before.unreadable + after.unreadable,
  };
}
