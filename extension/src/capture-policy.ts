import type { UploadBrowserBackupRequest } from "@common/api/browser-backups";
import { type EffectiveProtectionSettings, sitesNeverCaptured, type TeamPolicy } from "@common/api/protection";
import { isNeverCaptured } from "@common/never-captured-sites";
import { EXTENSION_AUTOMATIC_BACKUP_MINUTES } from "@common/product";

/**
 * What this browser's captures obey, as the server last said (decisions 185–187): the account's own sites never
 * captured and, for a team member, the team's policy. Read from `GET /api/protection/settings` on the
 * `settings-refresh` alarm (every minute) and kept in storage, so a stopped worker wakes up obeying it.
 */
export interface CaptureRules {
  /** The account's own sites never captured. */
  ownSites: string[];
  /** The team's name and policy; null outside a team or when it sets nothing. */
  team: { teamName: string; policy: TeamPolicy } | null;
  /** When the server answered (ms). */
  readAt: number;
}

export const noCaptureRules: CaptureRules = { ownSites: [], team: null, readAt: 0 };

export function captureRulesOf(settings: EffectiveProtectionSettings, readAt: number): CaptureRules {
  return {
    ownSites: settings.neverCapturedSites,
    team: settings.teamPolicy ? { teamName: settings.teamPolicy.teamName, policy: settings.teamPolicy.policy } : null,
    readAt,
  };
}

/** Every site no snapshot or upload of this browser holds. */
export function neverCapturedSites(rules: CaptureRules): string[] {
  return sitesNeverCaptured({ neverCapturedSites: rules.ownSites, teamPolicy: rules.team ? { ...rules.team, locked: [] } : null });
}

/** The automatic backup alarm's period: the team's interval, else the product's. */
export function automaticBackupMinutes(rules: CaptureRules): number {
  return rules.team?.policy.automaticBackupMinutes ?? EXTENSION_AUTOMATIC_BACKUP_MINUTES;
}

/** "off": the team forbids form capture; "on": the team requires it; null: the person's own switch decides. */
export function formCapturePolicy(rules: CaptureRules): "on" | "off" | null {
  return rules.team?.policy.formCapture ?? null;
}

/**
 * An upload as the rules allow it: tabs of sites never captured left out (windows left empty by that too), and form
 * entries left out when the team has form capture off. Applied just before sending, so a backup queued before the
 * rules arrived obeys them too.
 */
export function uploadUnderRules(request: UploadBrowserBackupRequest, rules: CaptureRules): UploadBrowserBackupRequest {
  const sites = neverCapturedSites(rules);
  const noForms = formCapturePolicy(rules) === "off";
  if (sites.length === 0 && !noForms) return request;
  const windows = request.windows
    .map((window) => ({
      ...window,
      tabs: window.tabs.filter((tab) => !isNeverCaptured(tab.url, sites)).map((tab) => (noForms ? { ...tab, formData: {} } : tab)),
    }))
    .filter((window) => window.tabs.length > 0);
  const kept = new Set(windows.map((window) => window.windowId));
  return { ...request, windows, groups: request.groups?.filter((group) => kept.has(group.windowId)) };
}
