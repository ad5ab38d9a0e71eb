import type { BrowserBackup, UploadBrowserBackupRequest } from "@common/api/browser-backups";
import { isSealedLabel } from "@common/api/sealed-labels";
import { type LabelPlace, openLabel, sealLabel } from "@common/end-to-end-encryption";
import type { BackupSummary } from "./backup-list";
import type { SealOnce } from "./seal-memo";

/** Shown in place of a sealed name, tag or note while this browser is locked (decision 237). */
export const LOCKED_LABEL = "Locked: unlock to read";
/** Shown in place of a sealed name, tag or note that does not open here: sealed for another backup, or another key. */
export const UNREADABLE_LABEL = "Encrypted: not sealed for this backup";

/**
 * An upload's tab-group titles and window names sealed (decision 237), when the account seals titles and addresses:
 * each bound to its kind, as a merge copies groups and windows into another backup. An unchanged title is sent as it
 * was sealed last round (decision 232). An empty title stays empty: it names nothing.
 */
export async function sealUploadLabels(
  request: Pick<UploadBrowserBackupRequest, "windows" | "groups">,
  key: CryptoKey,
  sealOnce: SealOnce,
): Promise<Pick<UploadBrowserBackupRequest, "windows" | "groups">> {
  const seal = (label: string, place: LabelPlace) => sealOnce(["label", place, label], () => sealLabel(key, label, place));
  const groups = await Promise.all(
    (request.groups ?? []).map(async (group) => (group.title && !isSealedLabel(group.title) ? { ...group, title: await seal(group.title, { kind: "group-title" }) } : group)),
  );
  const windows = await Promise.all(
    request.windows.map(async (window) => (window.name && !isSealedLabel(window.name) ? { ...window, name: await seal(window.name, { kind: "window-name" }) } : window)),
  );
  return { windows, groups };
}

/** A backup read for a restore with its group titles and window names opened; those that do not open are left out. */
export async function openBackupLabels<B extends Partial<Pick<BrowserBackup, "groups">> & { windows: readonly { name?: string | null | undefined }[] }>(
  backup: B,
  key: CryptoKey | null,
): Promise<B> {
  const opened = async (label: string, place: LabelPlace): Promise<string> =>
    !isSealedLabel(label) ? label : key ? openLabel(key, label, place).catch(() => "") : "";
  const groups = backup.groups && (await Promise.all(backup.groups.map(async (group) => ({ ...group, title: await opened(group.title, { kind: "group-title" }) }))));
  const windows = await Promise.all(backup.windows.map(async (window) => (window.name ? { ...window, name: (await opened(window.name, { kind: "window-name" })) || null } : window)));
  return { ...backup, windows, ...(groups ? { groups } : {}) };
}

/**
 * The popup's list with each backup's name, tags and note opened for that backup (decision 237). Locked, a sealed one
 * reads {@link LOCKED_LABEL}; one that does not open for its backup (the server moved it there) {@link UNREADABLE_LABEL}.
 */
export async function openSummaryLabels(backups: readonly BackupSummary[], key: CryptoKey | null): Promise<BackupSummary[]> {
  return Promise.all(
    backups.map(async (backup) => {
      const opened = async (label: string, kind: "backup-name" | "tag" | "note"): Promise<string> => {
        if (!isSealedLabel(label)) return label;
        if (!key) return LOCKED_LABEL;
        return openLabel(key, label, { kind, backupId: backup.id }).catch(() => UNREADABLE_LABEL);
      };
      return {
        ...backup,
        sessionName: await opened(backup.sessionName, "backup-name"),
        tags: await Promise.all(backup.tags.map((tag) => opened(tag, "tag"))),
        note: backup.note === null ? null : await opened(backup.note, "note"),
      };
    }),
  );
}
