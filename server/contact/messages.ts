import { desc, lt, sql } from "drizzle-orm";
import type { z } from "zod";
import type { contactMessageRequestSchema, contactMessagesPageSchema } from "@common/api/contact";
import type { Database } from "../db/database";
import { contactMessages } from "./table";

/** Stores a message from the form and returns its id. */
export async function storeContactMessage(db: Database, message: z.output<typeof contactMessageRequestSchema>): Promise<number> {
  const [row] = await db.insert(contactMessages).values(message).returning({ id: contactMessages.id });
  if (!row) throw new Error("contact message insert returned no row");
  return row.id;
}

/** Up to `limit` messages, newest first, older than `cursor` (the previous page's last id). */
export async function readContactMessagePage(db: Database, limit: number, cursor: number | undefined): Promise<z.output<typeof contactMessagesPageSchema>> {
  // One row more than the page says whether another page follows.
  const rows = await db
    .select()
    .from(contactMessages)
    .where(cursor === undefined ? undefined : lt(contactMessages.id, cursor))
    .orderBy(desc(contactMessages.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return {
    messages: page.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    nextCursor: rows.length > limit ? (page.at(-1)?.id ?? null) : null,
  };
}

/** Deletes the contact messages sent from an address (a deleted account's). */
export async function deleteContactMessagesFrom(db: Pick<Database, "delete">, email: string): Promise<void> {
  await db.delete(contactMessages).where(sql`lower(${contactMessages.email}) = ${email.toLowerCase()}`);
}
