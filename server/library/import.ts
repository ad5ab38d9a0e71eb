import { createHash } from "node:crypto";
import { type ImportReceipt, libraryFormatNames } from "@common/api/library";
import { type UploadBrowserBackupRequest, uploadBrowserBackupRequestSchema } from "@common/api/browser-backups";
import { plans } from "@common/plans";
import { windowPlacementOf } from "@common/tab-field-mappers";
import type { UserRow } from "../accounts/table";
import { BackupRefusedError } from "../backups/backups";
import { saveBrowserBackup } from "../backups/browser-backups";
import { backupRules } from "../backups/store-backup";
import type { Database } from "../db/database";
import { PlainTabRefusedError } from "../encryption/sealed-tabs";
import { countOf, LibraryFileError, type LibraryFile } from "./library-file";
import type { ImportRequestBody } from "./read-file";
import { readLibraryFileOffThread } from "./read-off-thread";

const importWhileSealingMessage =
  "This account encrypts titles and addresses, and a file is read on the server, so only a TabVault export of encrypted tabs can be imported. Turn “Also encrypt titles and addresses” off on the Account page to import this file; nothing was imported.";

/** An import the plan cannot hold whole: answered 403 by the error handler, nothing stored (decisions 151, 201). */
export class ImportRefusedError extends Error {
  override name = "ImportRefusedError";
  readonly statusCode = 403;
}

/** Rolls the import's transaction back after saveBrowserBackup kept fewer tabs than the file holds. */
class ImportDoesNotFit extends Error {
  constructor(readonly fit: number) {
    super("the import does not fit the plan's allowance");
  }
}

/**
 * One file becomes one backup, through the backups' own `saveBrowserBackup` as a manual save named
 * after where it came from. Whole or nothing: the file is read completely before anything is stored,
 * and when the plan's daily allowance would keep only part of it the transaction is rolled back and
 * the import refused (decision 151). Importing the same file twice stores it once (its snapshot id is
 * the file's digest).
 */
export async function importLibraryFile(
  db: Database,
  user: UserRow,
  body: ImportRequestBody,
  now: Date,
): Promise<{ receipt: ImportReceipt; created: boolean }> {
  // Read in a worker, so a hostile file costs that worker and not the server (decision 204).
  const file = await readLibraryFileOffThread(body);
  const upload = toUpload(file, snapshotIdOf(body));
  const checked = uploadBrowserBackupRequestSchema.safeParse(upload);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    throw new LibraryFileError(`This file holds something a backup cannot keep (${issue?.path.join(".") ?? ""}: ${issue?.message ?? "invalid"}); nothing was imported.`);
  }
  const total = upload.windows.reduce((sum, window) => sum + window.tabs.length, 0);
  const sessionName = backupName(file, total);
  let saved: Awaited<ReturnType<typeof saveBrowserBackup>>;
  try {
    saved = await db.transaction(async (tx) => {
      const result = await saveBrowserBackup(tx, user, checked.data, null, now, { sessionName, rules: backupRules.import });
      if (result.created && result.receipt.tabCount < total) throw new ImportDoesNotFit(result.receipt.tabCount);
      return result;
    });
  } catch (error) {
    if (error instanceof ImportDoesNotFit) throw new ImportRefusedError(refusal(user, total, error.fit));
    if (error instanceof BackupRefusedError) throw new ImportRefusedError(refusal(user, total, 0));
    if (error instanceof PlainTabRefusedError) throw new PlainTabRefusedError(importWhileSealingMessage);
    throw error;
  }
  const { receipt, created } = saved;
  const from = libraryFormatNames[file.format];
  const skipped = file.skipped > 0 ? ` ${countOf(file.skipped, "entry", "entries")} that ${file.skipped === 1 ? "was" : "were"} not a web page left out.` : "";
  const privateWindows = file.windows.filter((window) => window.incognito).length;
  const incognito =
    privateWindows > 0
      ? ` ${countOf(privateWindows, "private (incognito) window")} ${privateWindows === 1 ? "is" : "are"} marked private: the extension reopens ${privateWindows === 1 ? "it" : "them"} as private where it is allowed in private windows.`
      : "";
  // saveBrowserBackup's own message ends with what the plan rotated out ("1 older backup was removed …").
  const notice = receipt.message.slice(receipt.message.indexOf("saved.") + "saved.".length).trim();
  return {
    created,
    receipt: {
      backupId: receipt.backupId,
      sessionName,
      format: file.format,
      tabCount: receipt.tabCount,
      windowCount: receipt.windowCount,
      skipped: file.skipped,
      duplicate: receipt.duplicate,
      message: receipt.duplicate
        ? `This file was imported already (“${sessionName}”); nothing new was stored.`
        : `Imported ${countOf(receipt.tabCount, "tab")} in ${countOf(receipt.windowCount, "window")} from ${from}.${skipped}${incognito}${notice ? ` ${notice}` : ""}`,
    },
  };
}

/** "Imported from OneTab, 3 groups". */
function backupName(file: LibraryFile, tabs: number): string {
  const parts = file.format === "url-list" ? countOf(tabs, "URL") : countOf(file.parts.count, file.parts.unit);
  return `Imported from ${libraryFormatNames[file.format]}, ${parts}`;
}

function refusal(user: UserRow, total: number, fit: number): string {
  const plan = plans[user.planType];
  return (
    `This file has ${countOf(total, "tab")}, and ${plan.name} protects ${plan.limits.tabsPerDay ?? "unlimited"} tabs a day in your own saves ` +
    `(${fit} more fit today), so nothing was imported: an import is kept whole or not at all. ` +
    `Pro and Premium import files of up to 5,000 tabs.`
  );
}

/** The same file gives the same id, so a double click or a retry stores one backup. */
function snapshotIdOf(body: ImportRequestBody): string {
  const hex = createHash("sha256").update(`${body.encoding}\n${body.content}`).digest("hex");
  // Shaped as an RFC 9562 version-8 (custom) UUID.
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function toUpload(file: LibraryFile, snapshotId: string): UploadBrowserBackupRequest {
  return {
    snapshotId,
    trigger: "manual_save",
    capturedAt: 0,
    // What the Session Manager shows as the backup's device.
    deviceName: "Imported file",
    browserType: file.format === "firefox-sessionstore" ? "firefox" : "other",
    windows: file.windows.map((window, position) => ({
      windowId: position + 1,
      ...windowPlacementOf(window),
      name: window.name,
      incognito: window.incognito,
      tabs: window.tabs.map((tab, index) => ({
        url: tab.url,
        title: tab.title,
        faviconUrl: tab.faviconUrl,
        sealedLocation: tab.sealedLocation,
        pinned: tab.pinned,
        active: tab.active,
        index,
        groupId: tab.groupId,
        lastAccessed: tab.lastAccessed,
        formData: tab.formData,
        scrollPosition: tab.scroll,
      })),
    })),
    groups: file.groups,
  };
}
