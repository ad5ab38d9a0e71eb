import { endpointUrl } from "@common/api/endpoint";
import { type ExportFormat, exportLibraryBackup, type ImportReceipt, importLibraryFile, LIBRARY_LIMITS } from "@common/api/library";
import { call } from "@/lib/api-client";

/** Firefox's session files are binary (LZ4): they go as base64, every other format as text. */
function isMozLz4Name(name: string): boolean {
  return /\.(jsonlz4|baklz4)(-\d+)?$/i.test(name);
}

function base64Of(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** A file refused by the page before sending; its message is the person's (not an API error's body). */
export class OversizedFileError extends Error {
  override name = "OversizedFileError";
}

/** What the page says of a file over the cap, which is refused before any of it is sent. */
export function oversizedFileMessage(name: string, bytes: number): string {
  return `${name} is ${(bytes / 1024 / 1024).toFixed(1)} MB; a file to import has at most ${LIBRARY_LIMITS.fileBytes / 1024 / 1024} MB, so it was not uploaded.`;
}

/** Sends one chosen file to be imported; a file past the size cap is refused here without being sent. */
export async function importFile(file: File): Promise<ImportReceipt> {
  if (file.size > LIBRARY_LIMITS.fileBytes) {
    throw new OversizedFileError(oversizedFileMessage(file.name, file.size));
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  const binary = isMozLz4Name(file.name) || new TextDecoder("latin1").decode(bytes.subarray(0, 8)) === "mozLz40\0";
  const content = binary ? base64Of(bytes) : new TextDecoder().decode(bytes);
  return call(importLibraryFile, { body: { fileName: file.name.slice(0, LIBRARY_LIMITS.fileNameLength), encoding: binary ? "base64" : "text", content } });
}

/** The download link of one backup in one format. */
export function exportUrl(backupId: string, format: ExportFormat): string {
  return endpointUrl(exportLibraryBackup, { params: { id: backupId }, query: { format } });
}
