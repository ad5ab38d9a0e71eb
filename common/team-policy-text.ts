import type { TeamPolicy } from "./api/protection";

/** The words every screen puts beside what a team's policy decides (decision 185): the web app, the popup, the options. */
export const SET_BY_YOUR_TEAM = "Set by your team";

export function minutesText(minutes: number): string {
  return `${minutes} ${minutes === 1 ? "minute" : "minutes"}`;
}

/** What a team's policy sets, one line per item it sets, in the order the Team page lists them. */
export function teamPolicyLines(policy: TeamPolicy): { item: string; value: string }[] {
  const lines: { item: string; value: string }[] = [];
  if (policy.protectionMode) lines.push({ item: "Protection mode", value: policy.protectionMode === "block" ? "Block" : "Backup" });
  if (policy.automaticBackupMinutes !== null) lines.push({ item: "Automatic backups", value: `every ${minutesText(policy.automaticBackupMinutes)} in the extension` });
  if (policy.neverCapturedSites.length > 0) lines.push({ item: "Sites never captured", value: policy.neverCapturedSites.join(", ") });
  if (policy.formCapture) lines.push({ item: "Form capture", value: policy.formCapture === "on" ? "on" : "off" });
  return lines;
}
