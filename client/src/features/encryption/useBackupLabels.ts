import { keepPreviousData, useQuery } from "@tanstack/react-query";
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
 * undefined until they are. Opened again when this tab unlocks or locks. While a changed list opens, the one opened
 * before stays shown: otherwise every rename or tag replaced the details with "Loading" for a moment, and what the
 * person was typing in them was lost.
 */
export function useOpenedLabels<B extends Labelled>(backups: readonly B[] | undefined): OpenedLabels<B>[] | undefined {
  const { key, ready, version, email } = useBackupKey();
  const sealed = (backups ?? []).some(anySealed);
  const opened = useQuery({
    queryKey: ["opened-labels", email, version, backups],
    queryFn: () => Promise.all((backups ?? []).map((backup) => openLabels(backup, key))),
    enabled: backups !== undefined && sealed && ready,
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
  if (backups === undefined) return undefined;
  return sealed ? opened.data : backups.map(plainLabels);
}

/** One backup as {@link useOpenedLabels} shows it. */
export function useOpenedBackupLabels<B extends Labelled>(backup: B | undefined): OpenedLabels<B> | undefined {
  const list = useOpenedLabels(backup === undefined ? undefined : [backup]);
  // The labels opened before are kept while new ones open; another backup's never stand in for this one's.
  const opened = list?.[0];
  return opened?.id === backup?.id ? opened : undefined;
}

/** Seals a rename, tag or note for its backup when the account seals titles and addresses (decision 237). */
export function useLabelSealing(): (backupId: string, change: OrganiseBackupRequest) => Promise<OrganiseBackupRequest> {
  const { key, email } = useBackupKey();
  return (backupId, change) => sealOrganiseChange(backupId, change, { sealsLocations: knownLocationSealing(email), key });
}
