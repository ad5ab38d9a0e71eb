import { eq } from "drizzle-orm";
import { PLAIN_TAB_REFUSED_MESSAGE } from "@common/api/encryption";
import type { Database } from "../db/database";
import { formEncryptionKeys } from "./table";

/**
 * A plain tab sent to an account that seals titles and addresses (decision 199): the whole write is refused,
 * so nothing readable of such an account is stored after the choice. Answered 409 by the error handler.
 */
export class PlainTabRefusedError extends Error {
  override name = "PlainTabRefusedError";
  readonly statusCode = 409;
  constructor(message: string = PLAIN_TAB_REFUSED_MESSAGE) {
    super(message);
  }
}

interface MaybeSealedTab {
  sealedLocation?: string | null | undefined;
}

export async function sealsTabLocations(db: Pick<Database, "select">, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ seals: formEncryptionKeys.sealsTabLocations })
    .from(formEncryptionKeys)
    .where(eq(formEncryptionKeys.userId, userId));
  return row?.seals ?? false;
}

/** Throws {@link PlainTabRefusedError} when the account seals tab locations and one of `tabs` is plain. */
export async function refusePlainTabs(db: Pick<Database, "select">, userId: string, tabs: Iterable<MaybeSealedTab>): Promise<void> {
  let plain = false;
  for (const tab of tabs) {
    if (!tab.sealedLocation) {
      plain = true;
      break;
    }
  }
  if (plain && (await sealsTabLocations(db, userId))) throw new PlainTabRefusedError();
}

/**
 * What makes a tab the same page for the plan's daily allowance: its address, or for a sealed tab its sealed
 * value (the server cannot tell two sealed tabs are one page, so each counts on its own).
 */
export function allowanceKeyOf(tab: { url: string } & MaybeSealedTab): string {
  return tab.sealedLocation || tab.url;
}
