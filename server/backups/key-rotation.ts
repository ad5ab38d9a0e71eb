import { and, eq, isNull, or, sql } from "drizzle-orm";
import type { z } from "zod";
import type { resealContents, sealedContentSchema, startKeyRotation } from "@common/api/encryption-rotation";
import { SEALED_FORM_FIELD, sealedFormDataOf, sealedKeyIdOf } from "@common/end-to-end-encryption";
import type { Database } from "../db/database";
import { rowsOf } from "../db/rows";
import { countLabelsNotUnder } from "./key-rotation-labels";
import { countUndoNotUnder } from "./key-rotation-undo";
import { keyOf, lockAccountTabs } from "./tab-lists";
import { type FormEncryptionKeyRow, formEncryptionKeys } from "../encryption/table";

/** What a stored tab content holds that a key rotation re-seals (decision 239). */
type SealedContent = z.output<typeof sealedContentSchema>;
type ResealedContent = z.output<typeof resealContents.body>["contents"][number];

/**
 * Starts a rotation (decision 239): the new wrapped key, its id and the old key sealed under it, in one statement,
 * only if the stored key is still `replaces` and no rotation is under way. Undefined otherwise (the caller answers 409).
 */
export async function startRotation(db: Database, userId: string, body: z.output<typeof startKeyRotation.body>, now: Date): Promise<FormEncryptionKeyRow | undefined> {
  const { key, keyId, previousKey, previousKeyId, replaces } = body;
  const [row] = await db
    .update(formEncryptionKeys)
    .set({ ...key, keyId, previousKey, previousKeyId, changedAt: now })
    .where(and(eq(formEncryptionKeys.userId, userId), eq(formEncryptionKeys.wrappedKey, replaces), isNull(formEncryptionKeys.previousKey), or(isNull(formEncryptionKeys.keyId), eq(formEncryptionKeys.keyId, previousKeyId))))
    .returning();
  return row;
}

/** The SQL condition "this content holds a sealed value not under `keyId`": not yet re-sealed. */
function notUnder(keyId: string) {
  const prefix = `tv3.${keyId}.`;
  return sql`((sealed_location is not null and not starts_with(sealed_location, ${prefix}))
    or (form_data ? ${SEALED_FORM_FIELD} and not starts_with(form_data ->> ${SEALED_FORM_FIELD}, ${prefix})))`;
}

/** How many of the account's contents still hold a value not under `keyId`. */
export async function countNotUnder(db: Pick<Database, "execute">, userId: string, keyId: string): Promise<number> {
  const [row] = rowsOf<{ count: number | string }>(await db.execute(sql`select count(*) as count from tab_contents where user_id = ${userId}::uuid and ${notUnder(keyId)}`));
  return Number(row?.count ?? 0);
}

/** The next `limit` contents after id `after` that hold a value not under `keyId`, by id. */
export async function contentsNotUnder(db: Pick<Database, "execute">, userId: string, keyId: string, after: number, limit: number): Promise<SealedContent[]> {
  const rows = rowsOf<{ id: number | string; url: string; sealed_location: string | null; form_data: Record<string, string>; scroll_x: number; scroll_y: number }>(
    await db.execute(sql`
      select id, url, sealed_location, form_data, scroll_x, scroll_y from tab_contents
      where user_id = ${userId}::uuid and id > ${after} and ${notUnder(keyId)}
      order by id limit ${limit}`),
  );
  return rows.map((row) => ({
    id: Number(row.id),
    url: row.url,
    sealedLocation: row.sealed_location,
    formData: row.form_data,
    scrollPosition: { x: Number(row.scroll_x), y: Number(row.scroll_y) },
  }));
}

/**
 * Writes re-sealed contents in place (decision 239), each with its new key and size (decision 212), or refuses the
 * whole batch with the reason: a content that is not the account's, a sealed value not under `keyId`, a kind of value
 * the content did not hold (a plain one made sealed or the reverse), or the same content twice.
 */
export async function writeResealed(tx: Database, userId: string, keyId: string, contents: readonly ResealedContent[]): Promise<{ refused: string } | { resealed: number }> {
  const ids = contents.map(({ id }) => id);
  if (new Set(ids).size !== ids.length) return { refused: "The same content is sent twice." };
  await lockAccountTabs(tx, userId);
  const stored = new Map(
    rowsOf<{ id: number | string; url: string; title: string; favicon_url: string | null; sealed_location: string | null; form_data: Record<string, string>; scroll_x: number; scroll_y: number }>(
      await tx.execute(sql`select id, url, title, favicon_url, sealed_location, form_data, scroll_x, scroll_y from tab_contents where user_id = ${userId}::uuid and id = any(${sql.param(ids)}::bigint[])`),
    ).map((row) => [Number(row.id), row]),
  );
  const updates = [];
  for (const content of contents) {
    const row = stored.get(content.id);
    if (!row) return { refused: `Content ${content.id} is not one of this account's tabs.` };
    const sealedForm = sealedFormDataOf(content.formData);
    if ((row.sealed_location === null) !== (content.sealedLocation === null)) return { refused: `Content ${content.id}: its title and address are sealed only if they were.` };
    if ((sealedFormDataOf(row.form_data) === null) !== (sealedForm === null)) return { refused: `Content ${content.id}: its form entries are sealed only if they were.` };
    for (const sealed of [content.sealedLocation, sealedForm]) {
      if (sealed !== null && sealedKeyIdOf(sealed) !== keyId) return { refused: `Content ${content.id} is not sealed under the account's new key.` };
    }
    const next = { ...row, sealed_location: content.sealedLocation, form_data: sealedForm === null ? row.form_data : content.formData };
    updates.push({ id: content.id, next, ...keyOf(next) });
  }
  const hashes = updates.map(({ hash }) => hash);
  const [clash] = rowsOf<{ id: number | string }>(
    await tx.execute(sql`select id from tab_contents where user_id = ${userId}::uuid and encode(content_hash, 'hex') = any(${sql.param(hashes)}::text[]) limit 1`),
  );
  if (clash || new Set(hashes).size !== hashes.length) return { refused: "Two contents would hold the same sealed values." };
  for (const { id, next, hash, sizeBytes } of updates) {
    await tx.execute(sql`
      update tab_contents set sealed_location = ${next.sealed_location}, form_data = ${JSON.stringify(next.form_data)}::jsonb,
        content_hash = decode(${hash}, 'hex'), size_bytes = ${sizeBytes}
      where id = ${id} and user_id = ${userId}::uuid`);
  }
  return { resealed: updates.length };
}

/**
 * Ends the rotation (decision 239) only when nothing is left under the old key, neither a tab content nor a label
 * (note of 2026-11-28) nor a value the library's Undo keeps (decision 247); the counts left otherwise.
 */
export async function finishRotation(db: Database, userId: string, keyId: string): Promise<{ left: { tabs: number; labels: number; undo: number } } | { row: FormEncryptionKeyRow }> {
  return db.transaction(async (tx) => {
    await lockAccountTabs(tx, userId);
    const left = { tabs: await countNotUnder(tx, userId, keyId), labels: await countLabelsNotUnder(tx, userId, keyId), undo: await countUndoNotUnder(tx, userId, keyId) };
    if (left.tabs > 0 || left.labels > 0 || left.undo > 0) return { left };
    const [row] = await tx
      .update(formEncryptionKeys)
      .set({ previousKey: null, previousKeyId: null })
      .where(and(eq(formEncryptionKeys.userId, userId), eq(formEncryptionKeys.keyId, keyId)))
      .returning();
    return row ? { row } : { left };
  });
}
