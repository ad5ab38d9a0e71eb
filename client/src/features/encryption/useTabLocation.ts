import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useAuth } from "@/features/accounts/useAuth";
import { backupKeyChanged, loadBackupKey } from "./backup-key";
import { type SealableTab, type ShownLocation, shownLocation } from "./tab-sealing";

const BACKUP_KEY = ["backup-key"] as const;

/** This browser's backup key for the signed-in account (null while locked), read again when this tab unlocks or locks. */
export function useBackupKey() {
  const email = useAuth().user?.email ?? "";
  const queryClient = useQueryClient();
  useEffect(() => {
    const reload = () => void queryClient.invalidateQueries({ queryKey: BACKUP_KEY });
    window.addEventListener(backupKeyChanged, reload);
    return () => window.removeEventListener(backupKeyChanged, reload);
  }, [queryClient]);
  const key = useQuery({ queryKey: [...BACKUP_KEY, email], queryFn: () => loadBackupKey(email), enabled: email !== "", staleTime: Infinity });
  // The time it was read names the key in the queries that open with it, so unlocking opens them again.
  return { key: key.data ?? null, ready: key.isSuccess, version: key.dataUpdatedAt, email };
}

/**
 * A tab's title, address and favicon as this browser can show them (decision 199): plain ones as they are, sealed
 * ones opened with this browser's key, or said to be locked. Null while a sealed one is being opened.
 */
export function useShownLocation(tab: SealableTab): ShownLocation | null {
  const { key, ready, version, email } = useBackupKey();
  const sealed = tab.sealedLocation ?? null;
  const opened = useQuery({
    queryKey: ["opened-location", email, version, sealed],
    queryFn: () => shownLocation(key, tab),
    enabled: sealed !== null && ready,
    staleTime: Infinity,
  });
  if (sealed === null) return { url: tab.url, title: tab.title ?? "", faviconUrl: tab.faviconUrl ?? null, state: "plain" };
  return opened.data ?? null;
}

/** Every tab of a list as {@link useShownLocation} shows one; undefined until all are opened. */
export function useShownLocations(tabs: readonly SealableTab[] | undefined): ShownLocation[] | undefined {
  const { key, ready, version, email } = useBackupKey();
  const anySealed = (tabs ?? []).some((tab) => tab.sealedLocation);
  const opened = useQuery({
    queryKey: ["opened-locations", email, version, tabs],
    queryFn: () => Promise.all((tabs ?? []).map((tab) => shownLocation(key, tab))),
    enabled: tabs !== undefined && anySealed && ready,
    staleTime: Infinity,
  });
  if (tabs === undefined) return undefined;
  if (!anySealed) return tabs.map((tab) => ({ url: tab.url, title: tab.title ?? "", faviconUrl: tab.faviconUrl ?? null, state: "plain" }));
  return opened.data;
}
