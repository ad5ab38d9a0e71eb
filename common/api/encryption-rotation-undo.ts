import { z } from "zod";
import { sealedLabelKinds } from "../end-to-end-encryption";
import { defineEndpoint } from "./endpoint";
import { ROTATION_BATCH_SIZE, rotationErrors, rotationLimitSchema } from "./encryption-rotation";
import { LABEL_CHARACTERS } from "./encryption-rotation-labels";
import { sealedLabelLength, sealedLabelPattern } from "./sealed-labels";
import { formDataSchema, sealedLocationSchema } from "./tab-fields";
import { text } from "./text";

/**
 * A key rotation re-seals the library's Undo too (decision 247): the last organise action keeps, for its Undo, the rows
 * it changed as they were (decision 157), sealed tab titles, addresses and form entries and sealed labels among them.
 * Each sealed value there has a place `at` (from 1): the snapshot's tabs first, in its order, then its sealed labels.
 */

const errors = rotationErrors;
const atSchema = z.number().int().min(1, "at is at least 1").max(2_147_483_647, "at is too large");
const longestLabel = Math.max(...Object.values(LABEL_CHARACTERS).map(sealedLabelLength));
const replacesIvSchema = z.string().regex(/^[A-Za-z0-9_-]{16}$/, "replacesIv is not a sealed value's IV");

/**
 * A tab of the Undo as the rotation reads it. Read back as stored: a row kept before a limit changed is still
 * listed, never a 500 (the write checks what comes back).
 */
export const undoTabSchema = z.object({
  at: z.number().int(),
  url: z.string(),
  sealedLocation: z.string().nullable(),
  formData: z.record(z.string(), z.string()),
  scrollPosition: z.object({ x: z.number(), y: z.number() }),
});

/** A sealed label of the Undo, with the place it is bound to (its backup, kind and index, as for stored labels). */
export const undoLabelSchema = z.object({ at: z.number().int(), backupId: z.string(), kind: z.enum(sealedLabelKinds), index: z.number().int(), sealed: z.string() });

/**
 * GET /api/account/encryption/rotation/undo?after=&limit=: the next sealed values of the Undo not under the account's
 * current key, by place after `after`, at most `limit` tabs and labels together, and how many are left in all.
 */
export const listUndoToReseal = defineEndpoint({
  method: "GET",
  path: "/api/account/encryption/rotation/undo",
  query: z.object({
    after: z.coerce.number({ message: "after must be a number" }).int("after must be a whole number").min(0, "after is at least 0").max(2_147_483_647, "after is too large").default(0),
    limit: rotationLimitSchema,
  }),
  responses: { 200: z.object({ tabs: z.array(undoTabSchema), labels: z.array(undoLabelSchema), remaining: z.number().int() }), ...errors },
});

/**
 * PUT /api/account/encryption/rotation/undo: values of the Undo re-sealed under the current key, each at the place it
 * was listed from, naming the IV of the value it replaces (the Undo may have been used or replaced meanwhile). A tab
 * keeps the kinds of sealed value it had, a label its kind's cap; otherwise the whole batch is refused (400).
 */
export const resealUndo = defineEndpoint({
  method: "PUT",
  path: "/api/account/encryption/rotation/undo",
  body: z
    .strictObject({
      tabs: z.array(z.strictObject({ at: atSchema, sealedLocation: sealedLocationSchema.nullable(), formData: formDataSchema, replacesIv: replacesIvSchema })).default([]),
      labels: z
        .array(
          z.strictObject({
            at: atSchema,
            sealed: text().max(longestLabel, `A sealed label has at most ${longestLabel} characters`).regex(sealedLabelPattern, "A label is not a sealed value"),
            replacesIv: replacesIvSchema,
          }),
        )
        .default([]),
    })
    .refine(({ tabs, labels }) => tabs.length + labels.length > 0, "tabs and labels are both empty")
    .refine(({ tabs, labels }) => tabs.length + labels.length <= ROTATION_BATCH_SIZE, `At most ${ROTATION_BATCH_SIZE} values at a time`),
  responses: { 200: z.object({ resealed: z.number().int(), remaining: z.number().int() }), ...errors },
});
