import type { OrganiseBackupRequest } from "@common/api/library-organise";
import { isSealedLabel } from "@common/api/sealed-labels";
import { openLabel, sealLabel } from "@common/end-to-end-encryption";

/**
 * A backup's name, tags and note as the web app seals and shows them (decision 237): pure functions of the labels,
 * the account's choice as this browser knows it and this browser's key.
 */

/** Shown in place of a sealed name, tag or note while this browser is locked. */
export const LOCKED_LABEL = "Locked";
/** Shown in place of one this browser's key does not open for this backup: moved there, or another account's. */
export const UNREADABLE_LABEL = "Encrypted: not for this backup";

/** Why a rename, tag or note was not sent: the account seals them, and this browser cannot. */
export const LOCKED_LABELS_MESSAGE = "Your account encrypts names, tags and notes, and this browser is locked. Unlock on the Account page to change them.";

interface Labelled {
  id: string;
  sessionName: string;
  tags: string[];
  note: string | null;
}

/** A backup with its labels opened, and each tag as stored (sealed or not), which is what removing it names. */
export type OpenedLabels<B extends Labelled> = B & { storedTags: string[]; labelsLocked: boolean };

/** The backup's name, tags and note opened for it with `key`; said locked without one, unreadable when moved. */
export async function openLabels<B extends Labelled>(backup: B, key: CryptoKey | null): Promise<OpenedLabels<B>> {
  let labelsLocked = false;
  const opened = async (label: string, kind: "backup-name" | "tag" | "note"): Promise<string> => {
    if (!isSealedLabel(label)) return label;
    if (!key) {
      labelsLocked = true;
      return LOCKED_LABEL;
    }
    return openLabel(key, label, { kind, backupId: backup.id }).catch(() => UNREADABLE_LABEL);
  };
  const [sessionName, note, ...tags] = await Promise.all([opened(backup.sessionName, "backup-name"), backup.note === null ? null : opened(backup.note, "note"), ...backup.tags.map((tag) => opened(tag, "tag"))]);
  return { ...backup, sessionName: sessionName ?? "", note: note ?? null, tags: tags.map((tag) => tag ?? ""), storedTags: backup.tags, labelsLocked };
}

export class LockedLabelsError extends Error {
  constructor() {
    super(LOCKED_LABELS_MESSAGE);
    this.name = "LockedLabelsError";
  }
}

/**
 * A rename, tag or note as it may leave this browser: sealed for this backup when the account seals titles and
 * addresses, plain otherwise. Removed tags are named as stored, so they pass as they are. Locked while sealing: refused.
 */
export async function sealOrganiseChange(backupId: string, change: OrganiseBackupRequest, choice: { sealsLocations: boolean; key: CryptoKey | null }): Promise<OrganiseBackupRequest> {
  const touchesLabels = change.sessionName !== undefined || change.note !== undefined || (change.addTags?.length ?? 0) > 0;
  if (!choice.sealsLocations || !touchesLabels) return change;
  const { key } = choice;
  if (!key) throw new LockedLabelsError();
  const seal = (label: string, kind: "backup-name" | "tag" | "note") => sealLabel(key, label, { kind, backupId });
  const note = change.note?.trim();
  return {
    ...change,
    ...(change.sessionName === undefined ? {} : { sessionName: await seal(change.sessionName.trim(), "backup-name") }),
    // An empty note removes it: nothing to seal.
    ...(note === undefined ? {} : { note: note === "" ? "" : await seal(note, "note") }),
    ...(change.addTags === undefined ? {} : { addTags: await Promise.all(change.addTags.map((tag) => seal(tag.trim(), "tag"))) }),
  };
}

/** Whether every word searched is in the backup's opened name, tags or note: the search a server cannot do (decision 237). */
export function matchesLabels(backup: Pick<Labelled, "sessionName" | "tags" | "note">, query: string): boolean {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const haystack = [backup.sessionName, ...backup.tags, backup.note ?? ""].join("\n").toLowerCase();
  return words.every((word) => haystack.includes(word));
}
