import { randomUUID } from "node:crypto";
import { and, count, eq, inArray, isNotNull, ne, sql } from "drizzle-orm";
import type { z } from "zod";
import {
  type dedupeRequestSchema,
  type mergeRequestSchema,
  type organiseBackupSchema,
  ORGANISE_LIMITS,
  type OrganiseReceipt,
} from "@common/api/library-organise";
import { BACKUP_LIMITS } from "@common/api/payload-limits";
import { isSealedLabel } from "@common/api/sealed-labels";
import { pinnedBackupsText, plans, planTypes } from "@common/plans";
import type { UserRow } from "../accounts/table";
import { savedSessions } from "../backups/table";
import { lockAccountTabs } from "../backups/tab-lists";
import type { Database } from "../db/database";
import { type LibrarySnapshot, captureBackups, deleteBackups, restoreBackups, type Row, snapshotOf } from "./snapshot";
import { libraryLastChanges } from "./table";

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** An organise action refused with a status and a message for the person. */
export class OrganiseRefusedError extends Error {
  constructor(
    readonly statusCode: 400 | 403 | 404 | 409,
    message: string,
  ) {
    super(message);
  }
}

const notFound = () => new OrganiseRefusedError(404, "Backup not found");
/** A name or tag as the receipt says it: a sealed one (decision 237) is never echoed as its ciphertext. */
const quoted = (name: string) => (isSealedLabel(name) ? "an encrypted label" : `“${name}”`);
const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** Keeps what the action changed, as it was, in place of the account's previous last change (decision 157). */
async function rememberChange(tx: Transaction, userId: string, summary: string, before: LibrarySnapshot, afterIds: string[], now: Date, labelsOnly: boolean) {
  const stored: LibrarySnapshot = labelsOnly ? { ...snapshotOf(before, new Set()), saved_sessions: before.saved_sessions } : before;
  const values = { summary, before: stored, afterIds, createdAt: now };
  await tx
    .insert(libraryLastChanges)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: libraryLastChanges.userId, set: values });
}

/**
 * The account's backups of these ids, locked for the transaction, or 404 when any is not the account's. The
 * account row is locked first, as every writer of its tabs locks it (decision 212).
 */
async function lockBackups(tx: Transaction, userId: string, ids: readonly string[]) {
  await lockAccountTabs(tx, userId);
  const rows = await tx
    .select({ id: savedSessions.id, tabCount: savedSessions.tabCount, sessionName: savedSessions.sessionName })
    .from(savedSessions)
    .where(and(eq(savedSessions.userId, userId), inArray(savedSessions.id, [...ids])))
    .for("update");
  if (rows.length !== ids.length) throw notFound();
  return rows;
}

/** The cheapest plan that pins more than this one, for the refusal's last words. */
function morePinsThan(user: UserRow): string {
  const cap = plans[user.planType].limits.pinnedBackups;
  const better = planTypes.map((type) => plans[type]).find((plan) => cap !== null && (plan.limits.pinnedBackups === null || plan.limits.pinnedBackups > cap));
  return better ? `, or move to ${better.name} for ${pinnedBackupsText(better.limits.pinnedBackups)}` : "";
}

/** Rename, note, pin and tag one backup; one undoable change. */
export async function organiseBackup(
  db: Database,
  user: UserRow,
  id: string,
  change: z.output<typeof organiseBackupSchema>,
  now: Date,
): Promise<OrganiseReceipt> {
  return db.transaction(async (tx) => {
    await lockBackups(tx, user.id, [id]);
    const before = await captureBackups(tx, user.id, [id]);
    const row = before.saved_sessions[0]!;
    const name = String(row.session_name);
    const tags = (row.tags as string[] | null) ?? [];
    const note = (row.note as string | null) ?? null;
    const pinned = row.pinned_at !== null;
    const done: string[] = [];
    const set: Partial<typeof savedSessions.$inferInsert> = {};

    if (change.sessionName !== undefined && change.sessionName !== name) {
      set.sessionName = change.sessionName;
      done.push(isSealedLabel(change.sessionName) ? `Renamed ${quoted(name)} (the new name is encrypted)` : `Renamed ${quoted(name)} to ${quoted(change.sessionName)}`);
    }
    if (change.note !== undefined && (change.note || null) !== note) {
      set.note = change.note || null;
      done.push(change.note ? "Note saved" : "Note removed");
    }
    const removing = new Set(change.removeTags ?? []);
    const nextTags = [...new Set([...tags.filter((tag) => !removing.has(tag)), ...(change.addTags ?? [])])];
    if (nextTags.join("\n") !== tags.join("\n")) {
      if (nextTags.length > ORGANISE_LIMITS.tagsPerBackup) throw new OrganiseRefusedError(400, `A backup has at most ${ORGANISE_LIMITS.tagsPerBackup} tags`);
      set.tags = nextTags;
      const added = nextTags.filter((tag) => !tags.includes(tag));
      const removed = tags.filter((tag) => !nextTags.includes(tag));
      if (added.length > 0) done.push(`Tagged ${added.map(quoted).join(", ")}`);
      if (removed.length > 0) done.push(`Removed the tag ${removed.map(quoted).join(", ")}`);
    }
    if (change.pinned !== undefined && change.pinned !== pinned) {
      if (change.pinned) {
        const cap = plans[user.planType].limits.pinnedBackups;
        const [pinnedNow] = await tx
          .select({ n: count() })
          .from(savedSessions)
          .where(and(eq(savedSessions.userId, user.id), isNotNull(savedSessions.pinnedAt), ne(savedSessions.id, id)));
        if (cap !== null && pinnedNow!.n >= cap) {
          throw new OrganiseRefusedError(
            403,
            `${plans[user.planType].name} keeps ${pinnedBackupsText(cap)}: unpin one first${morePinsThan(user)}.`,
          );
        }
      }
      set.pinnedAt = change.pinned ? now : null;
      done.push(change.pinned ? "Pinned: rotation never removes it" : "Unpinned");
    }
    if (done.length === 0) return { message: "Nothing changed", backupId: id, undo: null };
    await tx.update(savedSessions).set(set).where(and(eq(savedSessions.id, id), eq(savedSessions.userId, user.id)));
    const message = done.join(". ");
    await rememberChange(tx, user.id, message, before, [id], now, true);
    return { message, backupId: id, undo: message };
  });
}

const num = (row: Row, key: string): number => Number(row[key]);
const numOrNull = (row: Row, key: string): number | null => (row[key] === null || row[key] === undefined ? null : Number(row[key]));
const byPosition = (a: Row, b: Row) => num(a, "position") - num(b, "position");
const ofBackup = (rows: Row[], id: string) => rows.filter((row) => row.session_id === id);
const same = <T>(values: T[]): T | null => (values.every((value) => value === values[0]) ? (values[0] ?? null) : null);

/** Two or more backups become one manual save, in the order chosen; the originals go. One undoable change. */
export async function mergeBackups(db: Database, user: UserRow, request: z.output<typeof mergeRequestSchema>, now: Date): Promise<OrganiseReceipt> {
  return db.transaction(async (tx) => {
    const locked = await lockBackups(tx, user.id, request.backupIds);
    const tabs = locked.reduce((sum, row) => sum + row.tabCount, 0);
    if (tabs > ORGANISE_LIMITS.mergedTabs) {
      throw new OrganiseRefusedError(400, `These backups hold ${plural(tabs, "tab")}; a merged backup holds at most ${ORGANISE_LIMITS.mergedTabs.toLocaleString("en-US")}.`);
    }
    const before = await captureBackups(tx, user.id, request.backupIds);
    const sources = request.backupIds.map((id) => before.saved_sessions.find((row) => row.id === id)!);
    const mergedId = randomUUID();
    const names = sources.map((row) => String(row.session_name));
    const merged: LibrarySnapshot = { saved_sessions: [], session_tabs: [], session_applications: [], backup_windows: [], backup_tab_groups: [] };
    let windowOffset = 0;
    let nextGroupId = 1;
    for (const source of sources) {
      const id = String(source.id);
      // Window ids and group ids are each browser's own and may collide across backups: renumber both.
      const windows = ofBackup(before.backup_windows, id).sort(byPosition);
      const windowIds = new Map(windows.map((window, index) => [num(window, "window_id"), windowOffset + index + 1]));
      const groupIds = new Map<number, number>();
      for (const group of ofBackup(before.backup_tab_groups, id)) {
        const groupId = nextGroupId++;
        groupIds.set(num(group, "group_id"), groupId);
        merged.backup_tab_groups.push({ ...group, session_id: mergedId, group_id: groupId, window_id: windowIds.get(num(group, "window_id")) ?? 0 });
      }
      for (const window of windows) {
        merged.backup_windows.push({ ...window, session_id: mergedId, position: windowOffset + num(window, "position"), window_id: windowIds.get(num(window, "window_id")) });
      }
      for (const tab of ofBackup(before.session_tabs, id).sort(byPosition)) {
        const windowPosition = numOrNull(tab, "window_position");
        const groupId = numOrNull(tab, "group_id");
        merged.session_tabs.push({
          ...tab,
          session_id: mergedId,
          position: merged.session_tabs.length,
          window_position: windowPosition === null ? null : windowOffset + windowPosition,
          group_id: groupId === null ? null : (groupIds.get(groupId) ?? null),
        });
      }
      for (const application of ofBackup(before.session_applications, id).sort(byPosition)) {
        merged.session_applications.push({ ...application, session_id: mergedId, position: merged.session_applications.length });
      }
      windowOffset += windows.reduce((most, window) => Math.max(most, num(window, "position") + 1), 0);
    }
    // Sealed names, tags and notes are bound to their backup (decision 237): the server cannot re-seal them for the
    // merged one, so it leaves them out and the browser that holds the key sets them again.
    const plainNames = names.filter((name) => !isSealedLabel(name));
    const defaultName = plainNames.length === names.length ? `Merged: ${names.join(" + ")}` : `Merged ${plural(names.length, "backup")}`;
    const sessionName = (request.sessionName ?? defaultName).slice(0, BACKUP_LIMITS.backupNameLength);
    const tagsOf = (row: Row) => ((row.tags as string[] | null) ?? []).filter((tag) => !isSealedLabel(tag));
    const notes = sources.map((row) => row.note).filter((note): note is string => typeof note === "string" && note.length > 0 && !isSealedLabel(note));
    const sealedLeftOut = sources.some((row) => [String(row.session_name), String(row.note ?? ""), ...((row.tags as string[] | null) ?? [])].some(isSealedLabel));
    merged.saved_sessions.push({
      id: mergedId,
      user_id: user.id,
      session_name: sessionName,
      trigger_event: "manual_save",
      device_name: same(sources.map((row) => row.device_name)),
      browser_type: same(sources.map((row) => row.browser_type)),
      window_id: null,
      client_session_id: null,
      client_snapshot_id: null,
      restorable: sources.some((row) => row.restorable === true),
      tab_count: merged.session_tabs.length,
      sealed_tab_count: sources.reduce((sum, row) => sum + num(row, "sealed_tab_count"), 0),
      app_count: merged.session_applications.length,
      size_bytes: sources.reduce((sum, row) => sum + num(row, "size_bytes"), 0),
      created_at: now.toISOString(),
      tags: [...new Set(sources.flatMap(tagsOf))].slice(0, ORGANISE_LIMITS.tagsPerBackup),
      note: notes.length > 0 ? notes.join("\n\n").slice(0, ORGANISE_LIMITS.noteLength) : null,
      // Merging pinned backups keeps the result pinned: it never pins more than were.
      pinned_at: sources.some((row) => row.pinned_at !== null) ? now.toISOString() : null,
    });
    await deleteBackups(tx, user.id, request.backupIds);
    await restoreBackups(tx, merged);
    const leftOut = sealedLeftOut ? ". Encrypted names, tags and notes stay with the backups merged: set them again on this one" : "";
    const message = `Merged ${plural(sources.length, "backup")} into ${quoted(sessionName)} (${plural(merged.session_tabs.length, "tab")})${leftOut}`;
    await rememberChange(tx, user.id, message, before, [mergedId], now, false);
    return { message, backupId: mergedId, undo: message };
  });
}

/**
 * Removes tabs whose URL is already in the chosen backups (sealed tabs are never compared, decision 199): within a backup the first stays, across
 * backups the newest backup's copy stays (decision 156). Windows and groups left empty go, and so does
 * a backup left with neither tabs nor applications. One undoable change.
 */
export async function dedupeBackups(db: Database, user: UserRow, request: z.output<typeof dedupeRequestSchema>, now: Date): Promise<OrganiseReceipt> {
  return db.transaction(async (tx) => {
    const locked = await lockBackups(tx, user.id, request.backupIds);
    const tabs = locked.reduce((sum, row) => sum + row.tabCount, 0);
    if (tabs > ORGANISE_LIMITS.tabsPerAction * 2) {
      throw new OrganiseRefusedError(400, `These backups hold ${plural(tabs, "tab")}; one clean-up takes at most ${(ORGANISE_LIMITS.tabsPerAction * 2).toLocaleString("en-US")}.`);
    }
    const before = await captureBackups(tx, user.id, request.backupIds);
    const newestFirst = [...before.saved_sessions].sort(
      (a, b) => Date.parse(String(b.created_at)) - Date.parse(String(a.created_at)) || String(a.id).localeCompare(String(b.id)),
    );
    const seen = new Set<string>();
    const changed = new Set<string>();
    const emptied = new Set<string>();
    const after: LibrarySnapshot = { saved_sessions: [], session_tabs: [], session_applications: [], backup_windows: [], backup_tab_groups: [] };
    let removed = 0;
    for (const backup of newestFirst) {
      const id = String(backup.id);
      const all = ofBackup(before.session_tabs, id).sort(byPosition);
      const kept = all.filter((tab) => {
        // A sealed tab's address is not readable here (decision 199): never taken for a duplicate.
        if (tab.sealed_location !== null && tab.sealed_location !== undefined) return true;
        const url = String(tab.url);
        if (seen.has(url)) return false;
        seen.add(url);
        return true;
      });
      if (kept.length === all.length) continue;
      changed.add(id);
      removed += all.length - kept.length;
      const applications = ofBackup(before.session_applications, id);
      if (kept.length === 0 && applications.length === 0) {
        emptied.add(id);
        continue;
      }
      // Windows that still hold a tab (or all of them, for a backup without windows), renumbered.
      const usedWindows = new Set(kept.map((tab) => numOrNull(tab, "window_position")));
      const windows = ofBackup(before.backup_windows, id).sort(byPosition).filter((window) => usedWindows.has(num(window, "position")));
      const windowPositions = new Map(windows.map((window, index) => [num(window, "position"), index]));
      const keptWindowIds = new Set(windows.map((window) => num(window, "window_id")));
      const usedGroups = new Set(kept.map((tab) => numOrNull(tab, "group_id")));
      after.backup_windows.push(...windows.map((window) => ({ ...window, position: windowPositions.get(num(window, "position")) })));
      after.backup_tab_groups.push(
        ...ofBackup(before.backup_tab_groups, id).filter((group) => usedGroups.has(num(group, "group_id")) && keptWindowIds.has(num(group, "window_id"))),
      );
      after.session_tabs.push(
        ...kept.map((tab, position) => {
          const windowPosition = numOrNull(tab, "window_position");
          return { ...tab, position, window_position: windowPosition === null ? null : (windowPositions.get(windowPosition) ?? null) };
        }),
      );
      after.session_applications.push(...applications);
      const sizeBytes = Math.round((num(backup, "size_bytes") * kept.length) / Math.max(all.length, 1));
      after.saved_sessions.push({ ...backup, tab_count: kept.length, size_bytes: sizeBytes });
    }
    if (removed === 0) return { message: "No duplicate tabs found", backupId: null, undo: null };
    await deleteBackups(tx, user.id, [...changed]);
    await restoreBackups(tx, after);
    const message =
      `Removed ${plural(removed, "duplicate tab")}` + (emptied.size > 0 ? ` and ${plural(emptied.size, "backup")} that held only duplicates` : "");
    await rememberChange(tx, user.id, message, snapshotOf(before, changed), after.saved_sessions.map((row) => String(row.id)), now, false);
    const selected = after.saved_sessions.length === 1 ? String(after.saved_sessions[0]!.id) : null;
    return { message, backupId: selected, undo: message };
  });
}

/** Puts back what the last organise action changed (decision 157); once. */
export async function undoLastChange(db: Database, userId: string): Promise<OrganiseReceipt> {
  return db.transaction(async (tx) => {
    await lockAccountTabs(tx, userId);
    const [change] = await tx.select().from(libraryLastChanges).where(eq(libraryLastChanges.userId, userId)).for("update");
    if (!change) throw new OrganiseRefusedError(404, "Nothing to undo");
    await tx.delete(libraryLastChanges).where(eq(libraryLastChanges.userId, userId));
    const { before, afterIds } = change;
    if (afterIds.length > 0) {
      const present = await tx
        .select({ id: savedSessions.id })
        .from(savedSessions)
        .where(and(eq(savedSessions.userId, userId), inArray(savedSessions.id, afterIds)))
        .for("update");
      if (present.length !== afterIds.length) {
        throw new OrganiseRefusedError(409, `A backup that “${change.summary}” changed has been deleted since, so it cannot be undone.`);
      }
    }
    const labelsOnly = before.session_tabs.length === 0 && before.session_applications.length === 0 && afterIds.every((id) => before.saved_sessions.some((row) => row.id === id));
    if (labelsOnly) {
      await tx.execute(sql`
        update saved_sessions s set session_name = r.session_name, tags = r.tags, note = r.note, pinned_at = r.pinned_at
        from jsonb_populate_recordset(null::saved_sessions, ${JSON.stringify(before.saved_sessions)}::jsonb) r
        where s.id = r.id and s.user_id = ${userId}`);
    } else {
      await deleteBackups(tx, userId, [...new Set([...afterIds, ...before.saved_sessions.map((row) => String(row.id))])]);
      // Rows go back as they were, under this account only.
      await restoreBackups(tx, { ...before, saved_sessions: before.saved_sessions.map((row) => ({ ...row, user_id: userId })) });
    }
    const first = before.saved_sessions[0];
    return { message: `Undone: ${change.summary}`, backupId: first ? String(first.id) : null, undo: null };
  });
}
