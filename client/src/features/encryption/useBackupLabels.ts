import { useQuery } from "@tanstack/react-query";
import type { OrganiseBackupRequest } from "@common/api/library-organise";
import { isSealedLabel } from "@common/api/sealed-labels";
import { knownLocationSealing } from "./encryption-status";
import { openLabels, type OpenedLabels, sealOrganiseChange } from "./label-sealing";
import { useBackupKey } from "./useTabLocation";

type Labelled = Parameters<typeof openLabels>[0];

const plainLabels = <B extends Labelled>(backup: B): OpenedLabels<B> => ({ ...backup, storedTags: backup.tags, labelsLocked: false });
const anySealed = (backup: Labelled) => [backup.sessionName, backup.note ?? "", ...backup.tags].some(isSealedLabel);

/**
 * Backups with their sealed names, tags and notes opened with this browser's key, or said locked (decision 237);
 * undefined until they are. Opened again when this tab unlocks or locks.
 */
export function useOpenedLabels<B extends Labelled>(backups: readonly B[] | undefined): OpenedLabels<B>[] | undefined {
  const { key, ready, version, email } = useBackupKey();
  const sealed = (backups ?? []).some(anySealed);
  const opened = useQuery({
    queryKey: ["opened-labels", email, version, backups],
    queryFn: () => Promise.all((backups ?? []).map((backup) => openLabels(backup, key))),
    enabled: backups !== undefined && sealed && ready,
    staleTime: Infinity,
  });
  if (backups === undefined) return undefined;
  return sealed ? opened.data : backups.map(plainLabels);
}

/** One backup as {@link useOpenedLabels} shows it. */
export function useOpenedBackupLabels<B extends Labelled>(backup: B | undefined): OpenedLabels<B> | undefined {
  const list = useOpenedLabels(backup === undefined ? undefined : [backup]);
  return list?.[0];
}

/** Seals a rename, tag or note for its backup when the account seals titles and addresses (decision 237). */
export function useLabelSealing(): (backupId: string, change: OrganiseBackupRequest) => Promise<OrganiseBackupRequest> {
  const { key, email } = useBackupKey();
  return (backupId, change) => sealOrganiseChange(backupId, change, { sealsLocations: knownLocationSealing(email), key });
}
