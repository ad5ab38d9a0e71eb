import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import { formEncryptionSchema, keyIdSchema, sealedKeySchema, wrappedBackupKeySchema } from "./encryption";
import { errorResponseSchema } from "./errors";
import { formDataSchema, scrollPositionSchema, sealedLocationSchema, tabUrlSchema } from "./tab-fields";
import { text } from "./text";

/**
 * Rotating the account's backup key (decision 239): the browser makes a new key, re-seals every sealed value under it
 * in batches, then drops the old one. Every step survives the page closing: the old key stays sealed under the new one
 * (`rotation.previousKey`) until the server counts no value left under it. Browser session only.
 */

/** What every rotation route may refuse with. */
export const rotationErrors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 409: errorResponseSchema };
const errors = rotationErrors;

/** At most this many contents (or labels) a batch reads or writes: one request stays small whatever the account holds. */
export const ROTATION_BATCH_SIZE = 100;

/** A listing's `limit`: at most one batch. */
export const rotationLimitSchema = z.coerce
  .number({ message: "limit must be a number" })
  .int("limit must be a whole number")
  .min(1, "limit is at least 1")
  .max(ROTATION_BATCH_SIZE, `limit is at most ${ROTATION_BATCH_SIZE}`)
  .default(ROTATION_BATCH_SIZE);

/**
 * POST /api/account/encryption/rotation: starts a rotation. `key` wraps the new key under the passphrase, `keyId` is its
 * id, `previousKey` the current key sealed under the new one. `replaces` must be the wrapped key stored now (a stale
 * page is refused); 409 while a rotation is under way (it is resumed, not started again).
 */
export const startKeyRotation = defineEndpoint({
  method: "POST",
  path: "/api/account/encryption/rotation",
  body: z.strictObject({
    key: wrappedBackupKeySchema,
    keyId: keyIdSchema,
    previousKey: sealedKeySchema("previousKey"),
    previousKeyId: keyIdSchema,
    replaces: text().max(200, "replaces is too long"),
  }),
  responses: { 200: formEncryptionSchema, ...errors },
});

/** One stored tab's sealed values, as the rotation reads them (`tab_contents`, decision 212). */
export const sealedContentSchema = z.object({
  id: z.number().int(),
  url: tabUrlSchema,
  sealedLocation: sealedLocationSchema.nullable(),
  formData: formDataSchema,
  scrollPosition: scrollPositionSchema,
});

/**
 * GET /api/account/encryption/rotation/contents?after=&limit=: the next contents, by id after `after`, holding a sealed value
 * not under the account's current key, and how many such contents are left in all.
 */
export const listContentsToReseal = defineEndpoint({
  method: "GET",
  path: "/api/account/encryption/rotation/contents",
  query: z.object({
    after: z.coerce.number({ message: "after must be a number" }).int("after must be a whole number").min(0, "after is at least 0").default(0),
    limit: rotationLimitSchema,
  }),
  responses: { 200: z.object({ contents: z.array(sealedContentSchema), remaining: z.number().int() }), ...errors },
});

/**
 * PUT /api/account/encryption/rotation/contents: contents re-sealed under the current key. Each sealed value must name
 * that key's id (`tv3.<keyId>.`), and the content must be the account's and hold the same kinds of sealed value;
 * otherwise the whole batch is refused (400) and nothing is written.
 */
export const resealContents = defineEndpoint({
  method: "PUT",
  path: "/api/account/encryption/rotation/contents",
  body: z.strictObject({
    contents: z
      .array(z.strictObject({ id: z.number().int().positive(), sealedLocation: sealedLocationSchema.nullable(), formData: formDataSchema }))
      .min(1, "contents is empty")
      .max(ROTATION_BATCH_SIZE, `At most ${ROTATION_BATCH_SIZE} contents at a time`),
  }),
  responses: { 200: z.object({ resealed: z.number().int(), remaining: z.number().int() }), ...errors },
});

/**
 * DELETE /api/account/encryption/rotation: ends the rotation, dropping the old key. 409 while any value is still sealed
 * under it: the server never drops a key something still needs.
 */
export const finishKeyRotation = defineEndpoint({
  method: "DELETE",
  path: "/api/account/encryption/rotation",
  responses: { 200: formEncryptionSchema, ...errors },
});
