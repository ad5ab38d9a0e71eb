import { isWebAddress } from "@common/web-address";
import {
  dedupeBackups,
  mergeBackups,
  organiseBackup,
  type OrganiseBackupRequest,
  type OrganiseReceipt,
  undoLastChange,
} from "@common/api/library-organise";
import { call } from "@/lib/api-client";

/** Rename, note, pin or (un)tag one backup. */
export function organise(backupId: string, change: OrganiseBackupRequest): Promise<OrganiseReceipt> {
  return call(organiseBackup, { params: { id: backupId }, body: change });
}

/** The chosen backups become one, in the order given. */
export function merge(backupIds: string[]): Promise<OrganiseReceipt> {
  return call(mergeBackups, { body: { backupIds } });
}

/** Duplicate tabs go, within each chosen backup and across them. */
export function dedupe(backupIds: string[]): Promise<OrganiseReceipt> {
  return call(dedupeBackups, { body: { backupIds } });
}

/** Puts back what the last organise action changed. */
export function undo(): Promise<OrganiseReceipt> {
  return call(undoLastChange);
}

/** A piece of text, marked when it is one of the words searched. */
export interface TextPart {
  text: string;
  match: boolean;
}

/** Splits `text` around every (case-insensitive) occurrence of the searched words, for <mark>. */
export function highlightParts(text: string, query: string): TextPart[] {
  const words = [...new Set(query.toLowerCase().split(/\s+/).filter((word) => word.length > 0))].sort((a, b) => b.length - a.length);
  if (words.length === 0 || text.length === 0) return text.length === 0 ? [] : [{ text, match: false }];
  const lower = text.toLowerCase();
  const parts: TextPart[] = [];
  let start = 0;
  let plain = 0;
  while (start < text.length) {
    const word = words.find((candidate) => lower.startsWith(candidate, start));
    if (word) {
      if (plain < start) parts.push({ text: text.slice(plain, start), match: false });
      parts.push({ text: text.slice(start, start + word.length), match: true });
      start += word.length;
      plain = start;
    } else {
      start += 1;
    }
  }
  if (plain < text.length) parts.push({ text: text.slice(plain), match: false });
  return parts;
}

/** Only web pages open from a search result (stored URLs are http(s) already; this keeps it so, decision 220). */
export function isOpenable(url: string): boolean {
  return isWebAddress(url);
}
