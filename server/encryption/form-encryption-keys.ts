import { and, eq } from "drizzle-orm";
import type { FormEncryption, WrappedBackupKeyBody } from "@common/api/encryption";
import type { Database } from "../db/database";
import { type FormEncryptionKeyRow, formEncryptionKeys } from "./table";

export function formEncryptionOf(row: FormEncryptionKeyRow | undefined): FormEncryption {
  if (!row) return { enabled: false };
  return {
    enabled: true,
    key: { salt: row.salt, iterations: row.iterations, wrappedKey: row.wrappedKey },
    setAt: row.setAt.toISOString(),
    changedAt: row.changedAt.toISOString(),
    sealsTabLocations: row.sealsTabLocations,
    keyId: row.keyId,
    rotation: row.previousKey && row.previousKeyId ? { previousKey: row.previousKey, previousKeyId: row.previousKeyId } : null,
  };
}

export async function readFormEncryptionKey(db: Database, userId: string): Promise<FormEncryptionKeyRow | undefined> {
  const [row] = await db.select().from(formEncryptionKeys).where(eq(formEncryptionKeys.userId, userId));
  return row;
}

/** Turns encryption on; undefined when the account has a key already (the caller answers 409). */
export async function insertFormEncryptionKey(db: Database, userId: string, key: WrappedBackupKeyBody, now: Date): Promise<FormEncryptionKeyRow | undefined> {
  const [row] = await db
    .insert(formEncryptionKeys)
    .values({ userId, ...key, setAt: now, changedAt: now })
    .onConflictDoNothing()
    .returning();
  return row;
}

/**
 * Replaces the wrapped key only if the stored one is still `replaces`: two pages changing the passphrase at
 * once cannot leave a key that neither knows. Undefined when it was not (the caller answers 409).
 */
export async function replaceFormEncryptionKey(
  db: Database,
  userId: string,
  key: WrappedBackupKeyBody,
  replaces: string,
  now: Date,
): Promise<FormEncryptionKeyRow | undefined> {
  const [row] = await db
    .update(formEncryptionKeys)
    .set({ ...key, changedAt: now })
    .where(and(eq(formEncryptionKeys.userId, userId), eq(formEncryptionKeys.wrappedKey, replaces)))
    .returning();
  return row;
}

/** Sets whether the account seals tab locations; undefined when encryption is off (the caller answers 409). */
export async function setTabLocationSealingOf(db: Database, userId: string, seal: boolean): Promise<FormEncryptionKeyRow | undefined> {
  const [row] = await db.update(formEncryptionKeys).set({ sealsTabLocations: seal }).where(eq(formEncryptionKeys.userId, userId)).returning();
  return row;
}
