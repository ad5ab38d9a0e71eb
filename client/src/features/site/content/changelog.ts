export type ReleaseType = "major" | "minor" | "patch";
export type ChangeKind = "new" | "improvement" | "fix";

export interface Release {
  version: string;
  /** ISO month, e.g. 2024-12. */
  month: string;
  type: ReleaseType;
  summary: string;
  changes: { kind: ChangeKind; text: string }[];
}

/** `/changelog` (spec 2 §2): a static release list, newest first; 2.1.0 (December 2024) is the latest. */
export const releases: Release[] = [
  {
    version: "2.1.0",
    month: "2024-12",
    type: "minor",
    summary: "Smarter detection and a faster Session Manager.",
    changes: [
      { kind: "new", text: "Smart Detection recognises Clear All and Close all tabs in more than 20 languages, including Chinese, Japanese and Korean." },
      { kind: "new", text: "Device tokens: connect the Windows and Android apps to your account, and revoke a device from the dashboard." },
      { kind: "improvement", text: "The Session Manager opens faster with hundreds of saved tabs and shows each backup's trigger at a glance." },
      { kind: "improvement", text: "Restoring a session reopens tabs one after another instead of all at once, so phones stay responsive." },
      { kind: "fix", text: "Backups made right after switching tabs no longer replace the previous backup with an empty one." },
    ],
  },
  {
    version: "2.0.0",
    month: "2024-11",
    type: "major",
    summary: "Block or Backup: choose how TabVault protects you.",
    changes: [
      { kind: "new", text: "Two protection modes: Block stops Clear All outright, Backup lets it happen and keeps a copy to restore." },
      { kind: "new", text: "Form entries and scroll positions are saved with each tab. Passwords, hidden fields and card numbers never are." },
      { kind: "new", text: "Four plans: Free, Basic, Pro and Premium, with payments by card." },
      { kind: "improvement", text: "Sign-in by email link replaces passwords." },
      { kind: "improvement", text: "The web app can be installed on the home screen and opens without a connection." },
    ],
  },
  {
    version: "1.5.2",
    month: "2024-10",
    type: "patch",
    summary: "Fixes for Samsung Internet and Android 14.",
    changes: [
      { kind: "fix", text: "Clear All in Samsung Internet's tab grid is caught again after the browser's October update." },
      { kind: "fix", text: "The accessibility service no longer stops after the phone restarts on Android 14." },
    ],
  },
  {
    version: "1.5.1",
    month: "2024-09",
    type: "patch",
    summary: "Restore and notification fixes.",
    changes: [
      { kind: "fix", text: "Restoring a backup with more than 50 tabs no longer stops part-way." },
      { kind: "fix", text: "The “Clear All blocked” notice disappears after three seconds as intended." },
      { kind: "improvement", text: "Clearer error messages when a backup cannot reach the server." },
    ],
  },
  {
    version: "1.5.0",
    month: "2024-08",
    type: "minor",
    summary: "Windows app state backup.",
    changes: [
      { kind: "new", text: "TabVault for Windows records open applications and their documents when a window is closed with the X button." },
      { kind: "new", text: "Unsaved documents are marked in the backup, so you know what to check first." },
      { kind: "improvement", text: "The Windows installer checks the system requirements before it starts." },
    ],
  },
  {
    version: "1.4.0",
    month: "2024-06",
    type: "minor",
    summary: "More browsers on Android.",
    changes: [
      { kind: "new", text: "Protection for Brave, DuckDuckGo and UC Browser." },
      { kind: "improvement", text: "Blocked attempts are counted, and the count is shown on the Clear All Blocker screen." },
      { kind: "fix", text: "Firefox's Close all tabs menu item is recognised when the browser uses a dark theme." },
    ],
  },
];
