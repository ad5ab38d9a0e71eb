import { z } from "zod";
import { sealedLabelKinds, type SealedLabelKind } from "../end-to-end-encryption";
import { BACKUP_LIMITS } from "./payload-limits";
import { BROWSER_BACKUP_LIMITS } from "./browser-backups";
import { defineEndpoint } from "./endpoint";
import { ROTATION_BATCH_SIZE, rotationErrors, rotationLimitSchema } from "./encryption-rotation";
import { ORGANISE_LIMITS } from "./library-organise";
import { sealedLabelLength, sealedLabelPattern } from "./sealed-labels";
import { text } from "./text";

/**
 * A key rotation re-seals labels too (decision 239, note of 2026-11-28): a backup's name, tags and note and its groups'
 * titles and windows' names sealed under the old key (decision 237), read and written in batches like tab contents.
 */

const errors = rotationErrors;

/** The characters a plain label of each kind may have: its sealed form's cap follows (decision 237). */
export const LABEL_CHARACTERS: Readonly<Record<SealedLabelKind, number>> = {
  "backup-name": BACKUP_LIMITS.backupNameLength,
  tag: ORGANISE_LIMITS.tagLength,
  note: ORGANISE_LIMITS.noteLength,
  "group-title": BROWSER_BACKUP_LIMITS.groupTitleLength,
  "window-name": BROWSER_BACKUP_LIMITS.windowNameLength,
};

export const labelKindSchema = z.enum(sealedLabelKinds, { message: "kind is not a kind of label" });
export const longestLabel = Math.max(...Object.values(LABEL_CHARACTERS).map(sealedLabelLength));

/**
 * Where a stored label is: its backup, its kind and `index`, which is 0 for a name or note, the tag's place (from 1)
 * in the backup's tags, the group's id, or the window's position.
 */
export const labelSpotSchema = {
  backupId: z.uuid({ message: "Not a backup id" }),
  kind: labelKindSchema,
  index: z.number().int().min(0, "index is at least 0").max(2_147_483_647, "index is too large"),
};

/** A stored label as the rotation reads it. */
export const sealedLabelSchema = z.object({ ...labelSpotSchema, sealed: z.string() });

/** A listing's cursor: the spot after which it goes on, and at most one batch. */
export const labelsAfterQuery = {
  afterBackup: z.uuid({ message: "afterBackup is not a backup id" }).optional(),
  afterKind: labelKindSchema.optional(),
  afterIndex: z.coerce.number({ message: "afterIndex must be a number" }).int("afterIndex must be a whole number").min(0, "afterIndex is at least 0").max(2_147_483_647, "afterIndex is too large").default(0),
  limit: rotationLimitSchema,
};

/** A label as written back: sealed, within the longest kind's cap (each kind's own cap is the server's check). */
export const sealedLabelValueSchema = text().max(longestLabel, `A sealed label has at most ${longestLabel} characters`).regex(sealedLabelPattern, "A label is not a sealed value");

/**
 * GET /api/account/encryption/rotation/labels?afterBackup=&afterKind=&afterIndex=&limit=: the next sealed labels not under
 * the account's current key, in (backup, kind, index) order after the one named, and how many are left in all.
 */
export const listLabelsToReseal = defineEndpoint({
  method: "GET",
  path: "/api/account/encryption/rotation/labels",
  query: z.object({
    ...labelsAfterQuery,
  }),
  responses: { 200: z.object({ labels: z.array(sealedLabelSchema), remaining: z.number().int() }), ...errors },
});

/**
 * PUT /api/account/encryption/rotation/labels: labels re-sealed under the current key (`tv3.<keyId>.`), each in the
 * place it was read from, which must still hold the sealed label of this account's it was read as (`replacesIv`);
 * otherwise the whole batch is refused (400).
 */
export const resealLabels = defineEndpoint({
  method: "PUT",
  path: "/api/account/encryption/rotation/labels",
  body: z.strictObject({
    labels: z
      .array(
        z.strictObject({
          ...labelSpotSchema,
          sealed: sealedLabelValueSchema,
          /** The IV of the label it replaces, as listed: a label changed since (renamed elsewhere) is not overwritten. */
          replacesIv: z.string().regex(/^[A-Za-z0-9_-]{16}$/, "replacesIv is not a sealed label's IV"),
        }),
      )
      .min(1, "labels is empty")
      .max(ROTATION_BATCH_SIZE, `At most ${ROTATION_BATCH_SIZE} labels at a time`),
  }),
  responses: { 200: z.object({ resealed: z.number().int(), remaining: z.number().int() }), ...errors },
});

/** A sealed value's IV: random for each seal, so it tells whether a stored label is still the one listed. */
export function sealedIvOf(sealed: string): string {
  return sealed.split(".").at(-2) ?? "";
}

/** The listing's query after the label at `after` (from the first when null). */
export function labelsAfter(after: { backupId: string; kind: z.output<typeof labelKindSchema>; index: number } | null): { afterBackup?: string; afterKind?: z.output<typeof labelKindSchema>; afterIndex?: number } {
  return after ? { afterBackup: after.backupId, afterKind: after.kind, afterIndex: after.index } : {};
}
