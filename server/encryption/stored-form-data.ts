import { eq } from "drizzle-orm";
import { SEALED_FORM_FIELD } from "@common/end-to-end-encryption";
import type { Database } from "../db/database";
import { formEncryptionKeys } from "./table";

/** Whether the account turned end-to-end encryption on: its backups then keep sealed form entries only (decision 177). */
export async function accountSealsFormEntries(db: Pick<Database, "select">, userId: string): Promise<boolean> {
  const [key] = await db.select({ userId: formEncryptionKeys.userId }).from(formEncryptionKeys).where(eq(formEncryptionKeys.userId, userId)).limit(1);
  return key !== undefined;
}

/**
 * A tab's form entries as a backup stores them (decision 177): sealed ones always, plain ones only while
 * the account has not turned end-to-end encryption on. A client that cannot seal yet (an old extension, an
 * imported file) sends plain entries; with encryption on they are left out, so the database never holds
 * them readable.
 */
export function formDataAsStored(formData: Record<string, string>, accountSealsForms: boolean): Record<string, string> {
  if (formData[SEALED_FORM_FIELD] !== undefined) return formData;
  return accountSealsForms ? {} : formData;
}
