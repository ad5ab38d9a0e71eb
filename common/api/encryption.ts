import { z } from "zod";
import { MIN_KDF_ITERATIONS, sealedTextPattern } from "../end-to-end-encryption";
import { defineEndpoint } from "./endpoint";
import { errorResponseSchema } from "./errors";
import { text } from "./text";

/**
 * End-to-end encryption of form entries (decision 177): the server stores a backup key
 * wrapped by the person's passphrase, and never anything that opens it.
 */

const base64url = (what: string, min: number, max: number) =>
  z
    .string({ message: `${what} is required` })
    .min(min, `${what} is too short`)
    .max(max, `${what} is too long`)
    .regex(/^[A-Za-z0-9_-]+$/, `${what} must be base64url`);

/** A key's id (`keyIdOf`): 16 bytes, base64url. */
export const keyIdSchema = base64url("keyId", 22, 22);
/** A key sealed under another key or a passphrase: `tv1.<iv>.<ciphertext>`. */
export const sealedKeySchema = (what: string) => z.string().max(200, `${what} is too long`).regex(sealedTextPattern, `${what} is not a sealed key`);

export const wrappedBackupKeySchema = z.strictObject({
  /** 16 random bytes, base64url (22 characters). */
  salt: base64url("salt", 22, 22),
  iterations: z
    .number({ message: "iterations must be a number" })
    .int("iterations must be a whole number")
    .min(MIN_KDF_ITERATIONS, `iterations must be at least ${MIN_KDF_ITERATIONS}`)
    .max(10_000_000, "iterations must be at most 10000000"),
  /** The backup key sealed under the passphrase's key: `tv1.<iv>.<ciphertext>`. */
  wrappedKey: sealedKeySchema("wrappedKey"),
});
export type WrappedBackupKeyBody = z.infer<typeof wrappedBackupKeySchema>;

export const formEncryptionSchema = z.discriminatedUnion("enabled", [
  z.object({ enabled: z.literal(false) }),
  z.object({
    enabled: z.literal(true),
    key: wrappedBackupKeySchema,
    setAt: z.string(),
    changedAt: z.string(),
    /** Whether titles, addresses and favicons are sealed too (decision 199); a server from before it says nothing. */
    sealsTabLocations: z.boolean().default(false),
    /**
     * The id of the key `key` wraps (`keyIdOf`, decision 239); null until the account's first key rotation. A browser
     * holding a key of another id stops sealing with it and asks to be unlocked again.
     */
    keyId: keyIdSchema.nullish(),
    /** A key rotation under way (decision 239): the key it replaces, sealed under the new one, and its id. */
    rotation: z.object({ previousKey: sealedKeySchema("previousKey"), previousKeyId: keyIdSchema }).nullish(),
  }),
]);
export type FormEncryption = z.infer<typeof formEncryptionSchema>;

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

/**
 * GET /api/account/encryption: whether form entries are encrypted, and the wrapped key a browser unlocks
 * with the passphrase. A sign-in session or a device token (the extension unlocks too).
 */
export const getFormEncryption = defineEndpoint({
  method: "GET",
  path: "/api/account/encryption",
  responses: { 200: formEncryptionSchema, ...errors },
});

/**
 * PUT /api/account/encryption: turns encryption on with a new wrapped key (201), or stores the same key
 * under a new passphrase (200, `replaces` must be the wrapped key it replaces, so a stale page cannot lock
 * the person out). Sign-in session only.
 */
export const setFormEncryption = defineEndpoint({
  method: "PUT",
  path: "/api/account/encryption",
  body: z.strictObject({
    key: wrappedBackupKeySchema,
    replaces: text().max(200, "replaces is too long").nullish(),
  }),
  responses: { 200: formEncryptionSchema, 201: formEncryptionSchema, ...errors, 409: errorResponseSchema },
});

/**
 * PUT /api/account/encryption/tab-locations: whether the account's browsers seal titles, addresses and favicons too
 * (decision 199), from then on. Sign-in session only; 409 while encryption is off.
 */
export const setTabLocationSealing = defineEndpoint({
  method: "PUT",
  path: "/api/account/encryption/tab-locations",
  body: z.strictObject({ seal: z.boolean({ message: "seal must be true or false" }) }),
  responses: { 200: formEncryptionSchema, ...errors, 409: errorResponseSchema },
});

/** The 409 every write answers when a plain tab reaches an account that seals tab locations (decision 199). */
export const PLAIN_TAB_REFUSED_MESSAGE =
  "This account encrypts titles and addresses: unlock TabVault with your passphrase in this browser before sending tabs.";
