import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import { ROTATION_BATCH_SIZE, rotationErrors } from "./encryption-rotation";
import { LABEL_CHARACTERS, labelSpotSchema, labelsAfterQuery, sealedLabelValueSchema } from "./encryption-rotation-labels";
import { text } from "./text";

/**
 * Labels stored readable before the account turned on "Also encrypt titles and addresses" (decision 246): a backup's
 * name, tags and note, its groups' titles and its windows' names, sealed afterwards in the browser for the same place
 * as new ones (decision 237), read and written in batches at the spots a key rotation uses (decision 239).
 */

const longestPlain = Math.max(...Object.values(LABEL_CHARACTERS));

/** A label stored readable, at its spot. */
export const plainLabelSchema = z.object({ ...labelSpotSchema, plain: z.string() });

/**
 * GET /api/account/encryption/tab-locations/labels?afterBackup=&afterKind=&afterIndex=&limit=: the account's next
 * labels stored readable (not empty), in (backup, kind, index) order after the one named, and how many are left in
 * all. 409 while the account does not seal titles and addresses. Browser session only.
 */
export const listPlainLabels = defineEndpoint({
  method: "GET",
  path: "/api/account/encryption/tab-locations/labels",
  query: z.object(labelsAfterQuery),
  responses: { 200: z.object({ labels: z.array(plainLabelSchema), remaining: z.number().int() }), ...rotationErrors },
});

/**
 * PUT /api/account/encryption/tab-locations/labels: labels sealed in the browser, each at the spot it was read from,
 * naming the readable text it replaces (`replaces`), so one changed meanwhile (renamed elsewhere) is not overwritten.
 * The whole batch is written or none of it (400 with the reason). 409 while the account does not seal titles and
 * addresses.
 */
export const sealPlainLabels = defineEndpoint({
  method: "PUT",
  path: "/api/account/encryption/tab-locations/labels",
  body: z.strictObject({
    labels: z
      .array(
        z.strictObject({
          ...labelSpotSchema,
          sealed: sealedLabelValueSchema,
          replaces: text().max(longestPlain, `replaces has at most ${longestPlain} characters`),
        }),
      )
      .min(1, "labels is empty")
      .max(ROTATION_BATCH_SIZE, `At most ${ROTATION_BATCH_SIZE} labels at a time`),
  }),
  responses: { 200: z.object({ sealed: z.number().int(), remaining: z.number().int() }), ...rotationErrors },
});
