import { and, desc, eq, inArray, isNull, lt } from "drizzle-orm";
import type { BackupChanges, BackupMoment, BackupMoments } from "@common/api/backup-timeline";
import type { SavedTab } from "@common/api/backups";
import type { Database } from "../db/database";
import { toSavedTab } from "./backup-reads";
import { type BackupTabList, readTabContents, readTabLists, tabAt, type TabContent } from "./tab-list-reads";
import { savedSessions } from "./table";

const momentColumns = {
  id: savedSessions.id,
  createdAt: savedSessions.createdAt,
  triggerEvent: savedSessions.triggerEvent,
  tabCount: savedSessions.tabCount,
  sealedTabCount: savedSessions.sealedTabCount,
  pinnedAt: savedSessions.pinnedAt,
  deviceName: savedSessions.deviceName,
  browserType: savedSessions.browserType,
};
type MomentRow = { id: string; createdAt: Date; triggerEvent: string; tabCount: number; sealedTabCount: number; pinnedAt: Date | null };

const toMoment = (row: MomentRow): BackupMoment => ({
  id: row.id,
  createdAt: row.createdAt.toISOString(),
  triggerEvent: row.triggerEvent,
  tabCount: row.tabCount,
  sealedTabCount: row.sealedTabCount,
  pinned: row.pinnedAt !== null,
});

/**
 * The backups of the device that made backup `id`, newest first (decision 222): the same device name and browser
 * as that backup's, `limit` of them made before `before`. One read of saved_sessions on its (user, time) index and
 * no tab: the moments say how many tabs they hold. Undefined for anyone else's backup.
 */
export async function findBackupMoments(
  db: Database,
  userId: string,
  id: string,
  options: { before?: Date; limit: number },
): Promise<BackupMoments | undefined> {
  const [named] = await db
    .select({ deviceName: savedSessions.deviceName, browserType: savedSessions.browserType })
    .from(savedSessions)
    .where(and(eq(savedSessions.id, id), eq(savedSessions.userId, userId)));
  if (!named) return undefined;
  const rows = await db
    .select(momentColumns)
    .from(savedSessions)
    .where(
      and(
        eq(savedSessions.userId, userId),
        named.deviceName === null ? isNull(savedSessions.deviceName) : eq(savedSessions.deviceName, named.deviceName),
        named.browserType === null ? isNull(savedSessions.browserType) : eq(savedSessions.browserType, named.browserType),
        options.before ? lt(savedSessions.createdAt, options.before) : undefined,
      ),
    )
    .orderBy(desc(savedSessions.createdAt), desc(savedSessions.id))
    .limit(options.limit + 1);
  return {
    deviceName: named.deviceName,
    browserType: named.browserType,
    moments: rows.slice(0, options.limit).map(toMoment),
    more: rows.length > options.limit,
  };
}

/** The places of `list` whose content is not matched by one of `other`'s, counted as a multiset (a tab open twice is two). */
function unmatchedPlaces(list: readonly number[], other: readonly number[]): number[] {
  const left = new Map<number, number>();
  for (const id of other) left.set(id, (left.get(id) ?? 0) + 1);
  const places: number[] = [];
  list.forEach((id, position) => {
    const count = left.get(id) ?? 0;
    if (count > 0) left.set(id, count - 1);
    else places.push(position);
  });
  return places;
}

interface Place {
  list: BackupTabList;
  position: number;
  content: TabContent;
}

/** The places of `places` left once the first `pairs` of each address are taken out. */
function withoutPaired(places: Place[], pairs: Map<string, number>): Place[] {
  const left = new Map(pairs);
  return places.filter((place) => {
    const count = left.get(place.content.url) ?? 0;
    if (count === 0) return true;
    left.set(place.content.url, count - 1);
    return false;
  });
}

/** Pairs the plain places of both sides by address, as a multiset; what stays unpaired was opened or closed. */
function pairByAddress(since: Place[], until: Place[]): { closed: Place[]; opened: Place[]; paired: number } {
  const countOf = (places: Place[]) => {
    const counts = new Map<string, number>();
    for (const place of places) counts.set(place.content.url, (counts.get(place.content.url) ?? 0) + 1);
    return counts;
  };
  const [sinceCounts, untilCounts] = [countOf(since), countOf(until)];
  const pairs = new Map([...sinceCounts].map(([url, count]) => [url, Math.min(count, untilCounts.get(url) ?? 0)]));
  const paired = [...pairs.values()].reduce((sum, count) => sum + count, 0);
  return { closed: withoutPaired(since, pairs), opened: withoutPaired(until, pairs), paired };
}

/**
 * What changed from backup `sinceId` to backup `untilId` (decision 222): both lists read by their key, the places
 * paired by content id first — a tab unchanged since is the same stored content (decision 212) — and only the
 * contents left unpaired read, then paired by address. Sealed ones left are given back for the browser to compare.
 * Undefined unless both backups are the account's.
 */
export async function compareBackupMoments(db: Database, userId: string, untilId: string, sinceId: string): Promise<BackupChanges | undefined> {
  const rows = await db
    .select(momentColumns)
    .from(savedSessions)
    .where(and(eq(savedSessions.userId, userId), inArray(savedSessions.id, [untilId, sinceId])));
  const until = rows.find((row) => row.id === untilId);
  const since = rows.find((row) => row.id === sinceId);
  if (!until || !since) return undefined;
  const lists = await readTabLists(db, [untilId, sinceId]);
  const listOf = (id: string): BackupTabList =>
    lists.find((list) => list.session_id === id) ?? { session_id: id, content_ids: [], window_positions: null, active: [], pinned: null, group_ids: null, last_accessed: null };
  const [sinceList, untilList] = [listOf(sinceId), listOf(untilId)];
  const sincePlaces = unmatchedPlaces(sinceList.content_ids, untilList.content_ids);
  const untilPlaces = unmatchedPlaces(untilList.content_ids, sinceList.content_ids);
  const contents = await readTabContents(db, [
    ...sincePlaces.map((position) => sinceList.content_ids[position]!),
    ...untilPlaces.map((position) => untilList.content_ids[position]!),
  ]);
  const placesOf = (list: BackupTabList, positions: number[]): Place[] =>
    positions.map((position) => {
      const content = contents.get(list.content_ids[position]!);
      if (!content) throw new Error("a backup's list names a content that is not stored");
      return { list, position, content };
    });
  const [sinceLeft, untilLeft] = [placesOf(sinceList, sincePlaces), placesOf(untilList, untilPlaces)];
  const plain = (places: Place[]) => places.filter((place) => place.content.sealed_location === null);
  const sealed = (places: Place[]) => places.filter((place) => place.content.sealed_location !== null);
  const { closed, opened, paired } = pairByAddress(plain(sinceLeft), plain(untilLeft));
  const tabs = (places: Place[]): SavedTab[] => places.map((place) => toSavedTab(tabAt(place.list, place.position, place.content)));
  return {
    since: toMoment(since),
    until: toMoment(until),
    opened: tabs(opened),
    closed: tabs(closed),
    stillOpen: untilList.content_ids.length - untilPlaces.length + paired,
    sealedToCompare: { since: tabs(sealed(sinceLeft)), until: tabs(sealed(untilLeft)) },
  };
}
