import { EXTENSION_AUTOMATIC_BACKUP_MINUTES } from "@common/product";
import { TABVAULT_VERSION } from "@common/release";

export type ChangeKind = "new" | "improvement" | "fix";

/** What a release holds: the web app (site, API, installable app) and the browser extension share one version. */
export interface Release {
  version: string;
  summary: string;
  changes: { kind: ChangeKind; text: string }[];
}

/**
 * `/changelog`: TabVault's own releases, newest first. The first is the one running, its
 * version read from package.json at build time (`common/release.ts`); an older one is added below it when a
 * new version is set there. The native-app history the specification sketched is gone: no such app was
 * released.
 */
export const releases: Release[] = [
  {
    version: TABVAULT_VERSION,
    summary: "The first release: the browser extension that keeps your tabs, and the web app around it.",
    changes: [
      {
        kind: "new",
        text: "Browser extension for Chrome, Edge, Brave and Opera on Windows, macOS and Linux, and for Firefox, including Firefox for Android in a reduced mode. It snapshots every window, tab and tab group, and turns the snapshot from just before a loss into an emergency backup.",
      },
      { kind: "new", text: `Automatic backups every ${EXTENSION_AUTOMATIC_BACKUP_MINUTES} minutes from the extension on plans that include them.` },
      { kind: "new", text: "Connect the extension to your account with a code on /connect; revoke it from the dashboard's device list." },
      { kind: "new", text: "Session Manager: see, restore and delete backups, in this browser or through the extension." },
      { kind: "new", text: "Sign-in by email link, four plans (Free, Basic, Pro, Premium) with card payments, and an installable web app that opens offline." },
      { kind: "new", text: "System status page with live checks and the incidents the server recorded." },
    ],
  },
];
