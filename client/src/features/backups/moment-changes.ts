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

/**
 * The server's changes completed with the sealed tabs it could not pair (decision 222): those this browser opened are
 * paired by address as the server pairs plain ones — as a multiset, in each moment's order — and join the opened and
 * closed lists; those it could not open are counted, never guessed. `since` and `until` are the shown locations of
 * `changes.sealedToCompare`'s two lists, in their order.
 */
export function completeChanges(changes: BackupChanges, since: readonly ShownLocation[], until: readonly ShownLocation[]): MomentChanges {
  const readable = (location: ShownLocation | undefined) => location !== undefined && (location.state === "opened" || location.state === "plain");
  const waiting = new Map<string, number>();
  changes.sealedToCompare.until.forEach((_, index) => {
    const location = until[index];
    if (readable(location)) waiting.set(location!.url, (waiting.get(location!.url) ?? 0) + 1);
  });
  const pairs = new Map<string, number>();
  const closed: SavedTab[] = [];
  let uncompared = 0;
  changes.sealedToCompare.since.forEach((tab, index) => {
    const location = since[index];
    if (!readable(location)) {
      uncompared += 1;
      return;
    }
    const left = waiting.get(location!.url) ?? 0;
    if (left > 0) {
      waiting.set(location!.url, left - 1);
      pairs.set(location!.url, (pairs.get(location!.url) ?? 0) + 1);
    } else closed.push(tab);
  });
  const opened: SavedTab[] = [];
  const paired = new Map(pairs);
  changes.sealedToCompare.until.forEach((tab, index) => {
    const location = until[index];
    if (!readable(location)) {
      uncompared += 1;
      return;
    }
    const taken = paired.get(location!.url) ?? 0;
    if (taken > 0) paired.set(location!.url, taken - 1);
    else opened.push(tab);
  });
  const pairedCount = [...pairs.values()].reduce((sum, count) => sum + count, 0);
  return {
    opened: [...changes.opened, ...opened],
    closed: [...changes.closed, ...closed],
    stillOpen: changes.stillOpen + pairedCount,
    uncompared,
  };
}
