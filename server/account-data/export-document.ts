import { accountExportSchema, type AccountExport } from "@common/api/account-data";

/** The export less its backups: what is read whole before the first byte goes out (decision 221). */
export type AccountExportHead = Omit<AccountExport, "backups">;

type ExportedBackup = AccountExport["backups"][number];

const headSchema = accountExportSchema.omit({ backups: true });
const backupSchema = accountExportSchema.shape.backups.element;

/**
 * The account export as JSON text, a piece at a time (decision 221): the same bytes the route's serializer wrote
 * for the whole object (each piece is encoded with its part of the contract, in the contract's order), but only one
 * backup is text at any moment. The closing brace is the last piece and comes only once every backup was read, so a
 * failure midway leaves a document no JSON reader accepts, never one that looks whole.
 */
export async function* accountExportDocument(head: AccountExportHead, backupPages: AsyncIterable<ExportedBackup[]>): AsyncGenerator<string> {
  const encodedHead = new Map(Object.entries(headSchema.encode(head)));
  let separator = "{";
  for (const key of Object.keys(accountExportSchema.shape)) {
    if (key === "backups") {
      yield `${separator}"backups":[`;
      let comma = "";
      for await (const page of backupPages) {
        for (const backup of page) {
          yield comma + JSON.stringify(backupSchema.encode(backup));
          comma = ",";
        }
      }
      yield "]";
    } else {
      const value: unknown = encodedHead.get(key);
      // As JSON.stringify does for the whole object: a field without a value is left out.
      if (value === undefined) continue;
      yield `${separator}${JSON.stringify(key)}:${JSON.stringify(value)}`;
    }
    separator = ",";
  }
  yield "}";
}
