import { sql } from "drizzle-orm";
import type { z } from "zod";
import { LABEL_CHARACTERS, sealedIvOf } from "@common/api/encryption-rotation-labels";
import type { resealUndo, undoLabelSchema, undoTabSchema } from "@common/api/encryption-rotation-undo";
import { isSealedLabel, sealedLabelLength } from "@common/api/sealed-labels";
import { sealedFormDataOf, sealedKeyIdOf, type SealedLabelKind } from "@common/end-to-end-encryption";
import type { Database } from "../db/database";
import { rowsOf } from "../db/rows";
import { lockAccountTabs } from "./tab-lists";

/**
 * The library's Undo under a key rotation (decision 247). The last organise action keeps every row it changed, as it
 * was, in `library_last_changes.before` (decision 157): sealed tab values and sealed labels under the key of that
 * moment. A rotation re-seals them as it does the stored ones, and the old key is kept while any is left, so an Undo
 * after a rotation never puts back values no key opens. Read and written here by SQL: `server/library` reads
 * `server/backups`, never the reverse.
 */
type Row = Record<string, unknown>;
type Snapshot = Record<"saved_sessions" | "session_tabs" | "backup_windows" | "backup_tab_groups", Row[] | undefined>;
type UndoTab = z.output<typeof undoTabSchema>;
type UndoLabel = z.output<typeof undoLabelSchema>;
type Written = z.output<typeof resealUndo.body>;
type Executor = Pick<Database, "execute">;

/** A sealed value of the Undo at its place: a tab (its row) or a label (and how to write it back). */
type Held = { at: number; tab: Row; sealed: string[] } | { at: number; label: Omit<UndoLabel, "at">; write: (sealed: string) => void };

const textOrNull = (value: unknown): string | null => (typeof value === "string" ? value : null);

function formDataOf(row: Row): Record<string, string> {
  const formData: Record<string, string> = {};
  if (typeof row.form_data === "object" && row.form_data !== null) {
    for (const [name, value] of Object.entries(row.form_data)) if (typeof value === "string") formData[name] = value;
  }
  return formData;
}

/** A tab row's sealed location and sealed form entries, those it has. */
function sealedOfTab(row: Row): string[] {
  return [textOrNull(row.sealed_location), sealedFormDataOf(formDataOf(row))].filter((value) => value !== null);
}

/**
 * Every sealed value of the snapshot at its place: tabs at their index from 1 (plain ones counted, not listed), then
 * sealed labels in a fixed order. Re-sealing changes no place, so a place names the same value from list to write.
 */
function heldIn(snapshot: Snapshot): Held[] {
  const tabs = snapshot.session_tabs ?? [];
  const held: Held[] = [];
  tabs.forEach((tab, index) => {
    const sealed = sealedOfTab(tab);
    if (sealed.length > 0) held.push({ at: index + 1, tab, sealed });
  });
  let at = tabs.length;
  const label = (value: unknown, backupId: unknown, kind: SealedLabelKind, index: number, write: (sealed: string) => void) => {
    at += 1;
    if (typeof value === "string" && isSealedLabel(value)) held.push({ at, label: { backupId: String(backupId), kind, index, sealed: value }, write });
  };
  for (const backup of snapshot.saved_sessions ?? []) {
    label(backup.session_name, backup.id, "backup-name", 0, (sealed) => (backup.session_name = sealed));
    label(backup.note, backup.id, "note", 0, (sealed) => (backup.note = sealed));
    const tags = Array.isArray(backup.tags) ? (backup.tags as unknown[]) : [];
    tags.forEach((tag, n) => label(tag, backup.id, "tag", n + 1, (sealed) => (tags[n] = sealed)));
  }
  for (const group of snapshot.backup_tab_groups ?? []) label(group.title, group.session_id, "group-title", Number(group.group_id), (sealed) => (group.title = sealed));
  for (const window of snapshot.backup_windows ?? []) label(window.name, window.session_id, "window-name", Number(window.position), (sealed) => (window.name = sealed));
  return held;
}

const notUnder = (keyId: string) => (held: Held) => ("tab" in held ? held.sealed : [held.label.sealed]).some((sealed) => sealedKeyIdOf(sealed) !== keyId);
/** The IV of the value a re-sealed one replaces: the tab's sealed location, else its sealed form entries. */
const ivOf = (held: Held) => sealedIvOf("tab" in held ? held.sealed[0]! : held.label.sealed);

async function snapshotOf(db: Executor, userId: string, forUpdate = false): Promise<Snapshot | null> {
  const [row] = rowsOf<{ before: Snapshot }>(
    await db.execute(sql`select before from library_last_changes where user_id = ${userId}::uuid ${forUpdate ? sql`for update` : sql``}`),
  );
  return row?.before ?? null;
}

/** How many sealed values of the account's Undo are not under `keyId`. */
export async function countUndoNotUnder(db: Executor, userId: string, keyId: string): Promise<number> {
  const snapshot = await snapshotOf(db, userId);
  return snapshot ? heldIn(snapshot).filter(notUnder(keyId)).length : 0;
}

/** The next `limit` sealed values of the Undo not under `keyId` after place `after`, tabs and labels apart. */
export async function undoNotUnder(db: Executor, userId: string, keyId: string, after: number, limit: number): Promise<{ tabs: UndoTab[]; labels: UndoLabel[] }> {
  const snapshot = await snapshotOf(db, userId);
  const page = snapshot ? heldIn(snapshot).filter((held) => held.at > after && notUnder(keyId)(held)).slice(0, limit) : [];
  const tabs: UndoTab[] = [];
  const labels: UndoLabel[] = [];
  for (const held of page) {
    if ("tab" in held) {
      const { tab } = held;
      tabs.push({ at: held.at, url: String(tab.url ?? ""), sealedLocation: textOrNull(tab.sealed_location), formData: formDataOf(tab), scrollPosition: { x: Number(tab.scroll_x ?? 0), y: Number(tab.scroll_y ?? 0) } });
    } else labels.push({ at: held.at, ...held.label });
  }
  return { tabs, labels };
}

/**
 * Writes re-sealed values into the Undo in place, or refuses the whole batch with the reason: a place holding no
 * sealed value of that kind (the Undo used or replaced since, or never there), one changed since it was listed (its IV
 * is not `replacesIv`), a value not under `keyId`, a tab's kinds of sealed value changed, a label past its kind's
 * cap, or the same place twice. The server cannot see what a value is bound to: one moved does not open (decision 237).
 */
export async function writeResealedUndo(tx: Database, userId: string, keyId: string, { tabs, labels }: Written): Promise<{ refused: string } | { resealed: number }> {
  const places = [...tabs, ...labels].map(({ at }) => at);
  if (new Set(places).size !== places.length) return { refused: "The same place of the Undo is sent twice." };
  await lockAccountTabs(tx, userId);
  const snapshot = await snapshotOf(tx, userId, true);
  const held = new Map((snapshot ? heldIn(snapshot) : []).map((value) => [value.at, value]));
  const since = ": the Undo was used or replaced since it was listed, or never held one there. List it again.";
  const changed = (at: number) => `The value at ${at} of the Undo has changed since it was listed (the Undo was used or replaced): list it again.`;
  for (const tab of tabs) {
    const was = held.get(tab.at);
    if (!was || !("tab" in was)) return { refused: `Nothing at ${tab.at} of the Undo is an encrypted tab${since}` };
    if (ivOf(was) !== tab.replacesIv) return { refused: changed(tab.at) };
    const sealedForm = sealedFormDataOf(tab.formData);
    if ((textOrNull(was.tab.sealed_location) === null) !== (tab.sealedLocation === null)) return { refused: `The tab at ${tab.at}: its title and address are sealed only if they were.` };
    if ((sealedFormDataOf(formDataOf(was.tab)) === null) !== (sealedForm === null)) return { refused: `The tab at ${tab.at}: its form entries are sealed only if they were.` };
    for (const sealed of [tab.sealedLocation, sealedForm]) if (sealed !== null && sealedKeyIdOf(sealed) !== keyId) return { refused: `The tab at ${tab.at} is not sealed under the account's new key.` };
  }
  for (const label of labels) {
    const was = held.get(label.at);
    if (!was || !("label" in was)) return { refused: `Nothing at ${label.at} of the Undo is an encrypted label${since}` };
    if (ivOf(was) !== label.replacesIv) return { refused: changed(label.at) };
    if (sealedKeyIdOf(label.sealed) !== keyId) return { refused: `The label at ${label.at} is not sealed under the account's new key.` };
    if (label.sealed.length > sealedLabelLength(LABEL_CHARACTERS[was.label.kind])) return { refused: `The label at ${label.at} is longer than an encrypted ${was.label.kind} can be.` };
  }
  for (const tab of tabs) {
    const was = held.get(tab.at);
    if (!was || !("tab" in was)) continue;
    was.tab.sealed_location = tab.sealedLocation;
    if (sealedFormDataOf(tab.formData) !== null) was.tab.form_data = tab.formData;
  }
  for (const label of labels) {
    const was = held.get(label.at);
    if (was && "label" in was) was.write(label.sealed);
  }
  await tx.execute(sql`update library_last_changes set before = ${JSON.stringify(snapshot)}::jsonb where user_id = ${userId}::uuid`);
  return { resealed: places.length };
}
