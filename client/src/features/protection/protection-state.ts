import { getProtectionStatus, type ProtectionStatus } from "@common/api/backups";
import {
  type EffectiveProtectionSettings,
  formCaptureForbidden,
  getProtectionSettings,
  type ProtectionSettings,
  sitesNeverCaptured,
} from "@common/api/protection";
import { type QueryClient, useQuery } from "@tanstack/react-query";
import { endpointKey, endpointQuery } from "@/lib/api-client";
import type { CaptureRules } from "./capture-engine";
import { writeLocalProtection } from "./storage-keys";
import { useLocalProtection } from "./useLocalProtection";

/**
 * One protection state for every screen and the in-page blocker. This browser's storage keys
 * hold what the blocker acts on and every screen shows, live across screens and tabs
 * (useLocalProtection); for a signed-in person they mirror the account's settings, which the server keeps.
 * Whatever changes them goes through {@link adoptProtectionSettings} once the server has agreed, so the
 * query cache and the storage never tell two stories.
 */

/** The protection settings' query (GET and PUT /api/protection/settings), shared by every screen that shows them. */
const PROTECTION_SETTINGS_KEY = endpointKey(getProtectionSettings);

/** Settings the server saved (or this browser chose, for a visitor): into storage, the settings query and the status. */
export function adoptProtectionSettings(queryClient: QueryClient, saved: Partial<ProtectionSettings>): void {
  writeLocalProtection(saved);
  queryClient.setQueryData<EffectiveProtectionSettings>(PROTECTION_SETTINGS_KEY, (current) => current && { ...current, ...saved });
  const { enabled } = saved;
  if (enabled !== undefined) {
    // The status query's key starts with its path; every email's entry is patched.
    queryClient.setQueriesData<ProtectionStatus>({ queryKey: endpointKey(getProtectionStatus) }, (current) => current && { ...current, isActive: enabled });
  }
}

/**
 * The account's settings as every screen shows them: the server's, with the four this browser keeps (spec 2
 * §3) read from storage, so a switch on another screen or tab shows here at once. Undefined until loaded, and
 * for a visitor.
 */
export function useProtectionSettings(signedIn: boolean): EffectiveProtectionSettings | undefined {
  const local = useLocalProtection();
  const { data } = useQuery({ ...endpointQuery(getProtectionSettings), enabled: signedIn });
  if (!data) return undefined;
  return { ...data, enabled: local.enabled, mode: local.mode, autoBackup: local.autoBackup, cloudSync: local.cloudSync };
}

/** What the capture engine leaves out, from the settings last read (decisions 186, 187): none until they are read. */
export function captureRulesOf(queryClient: QueryClient): CaptureRules {
  const settings = queryClient.getQueryData<EffectiveProtectionSettings>(PROTECTION_SETTINGS_KEY);
  if (!settings) return { neverCaptured: [], keepFormData: true };
  return { neverCaptured: sitesNeverCaptured(settings), keepFormData: !formCaptureForbidden(settings) };
}
