import { type SQL, sql } from "drizzle-orm";
import { SEALED_FORM_FIELD } from "@common/end-to-end-encryption";

/**
 * A tab's form entries as a backup stores them (decision 177): sealed ones always, plain ones only while
 * the account has not turned end-to-end encryption on. A client that cannot seal yet (an old extension, an
 * imported file) sends plain entries; with encryption on they are left out, so the database never holds
 * them readable. Part of the backup's one statement, so it costs no extra round trip.
 */
export function formDataAsStored(userId: string, formData: SQL): SQL {
  return sql`case
    when (${formData} -> ${SEALED_FORM_FIELD}::text) is not null then ${formData}
    when exists (select 1 from form_encryption_keys k where k.user_id = ${userId}::uuid) then '{}'::jsonb
    else ${formData} end`;
}
