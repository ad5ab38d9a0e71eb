import type { BrowserBackupTrigger } from "@common/api/browser-backups";
import type { OpenTabsDevice } from "@common/api/open-tabs";
import type { TeamPolicy } from "@common/api/protection";
import type { BackupSummary } from "./backup-list";

/** What the popup, the options page and the content scripts ask the background. */
export type Request =
  | { kind: "status" }
  /** End-to-end encryption in the options page (decision 177). */
  | { kind: "encryption-status" }
  | { kind: "encryption-unlock"; passphrase: string }
  | { kind: "encryption-lock" }
  | { kind: "connect" }
  | { kind: "cancel-connect" }
  | { kind: "disconnect" }
  | { kind: "back-up-now" }
  | { kind: "retry-uploads" }
  | { kind: "list-backups" }
  /** `suggestedGroups`: apply the suggested tab groups (tab organization, Pro and up) instead of the saved ones. */
  | { kind: "restore-backup"; backupId: string; suggestedGroups?: boolean }
  | { kind: "restore-emergency"; id: string }
  /** Open on other devices: the account's other browsers, and reopening one's tabs here. */
  /** Workflow automation (decision 180): the popup opened (rules read again), and the start-up offer's answers. */
  | { kind: "automation" }
  | { kind: "restore-last-session" }
  | { kind: "dismiss-last-session" }
  | { kind: "list-open-tabs" }
  | { kind: "restore-open-tabs"; deviceId: string }
  | { kind: "settings-changed" }
  /** From a placeholder page once it has shown its title and icon. */
  | { kind: "placeholder-ready" }
  /** From the bridge on the server's pages. */
  | { kind: "web-ping" }
  /** The blocker page's question: the extension's live state (common/extension-bridge.ts). */
  | { kind: "web-status" }
  | { kind: "web-restore"; backupId: string; suggestedGroups?: boolean }
  | { kind: "web-restore-open-tabs"; deviceId: string }
  /** A backup shared with the person's team (decision 190), read with this browser's token. */
  | { kind: "web-restore-shared"; sharedId: string }
  /** From the form-capture content script. */
  | { kind: "page-state"; url: string; formData: Record<string, string>; scrollPosition: { x: number; y: number } }
  | { kind: "page-refill"; url: string };

export type ConnectionState = "connected" | "disconnected" | "not-connected";

export interface RestoreProgress {
  id: string;
  label: string;
  done: number;
  total: number;
  state: "running" | "done" | "failed";
  message: string | null;
  startedAt: number;
  /** When every tab existed (done) or the restore stopped (failed). */
  finishedAt: number | null;
}

export interface Status {
  version: string;
  serverUrl: string;
  serverSource: "package" | "options" | "default";
  device: string;
  /** Firefox for Android: one window, no window restore. */
  reducedMode: boolean;
  connection: {
    state: ConnectionState;
    email: string | null;
    planType: string | null;
    automaticBackups: boolean;
    message: string | null;
  };
  pairing: { userCode: string; verificationUrl: string; expiresAt: number } | null;
  pairingOutcome: { result: string; message: string } | null;
  queue: {
    waiting: number;
    refused: number;
    nextAttemptAt: number | null;
    lastError: string | null;
    entries: { trigger: BrowserBackupTrigger; tabCount: number; createdAt: number; attempts: number; state: "waiting" | "refused"; lastError: string | null }[];
  };
  lastSnapshot: { capturedAt: number; tabCount: number; uploadableTabCount: number; windowCount: number } | null;
  restore: RestoreProgress | null;
  emergencies: { id: string; reason: string; createdAt: number; lostCount: number }[];
  /** Whether form capture is on: the person's switch, or the team's policy when it sets one. */
  formCapture: boolean;
  /** Whether the person gave the access to every site that form capture needs. */
  formCaptureAllowed: boolean;
  /** The automatic backup alarm's period: the team's, or the product's. */
  automaticBackupMinutes: number;
  /** The account's own sites never captured (set on the website). */
  ownNeverCapturedSites: string[];
  /** The team's policy this browser obeys ("Set by your team"); null outside a team. */
  team: { teamName: string; policy: TeamPolicy } | null;
  /** The account seals titles and addresses and this browser is locked (decision 199): backups wait for the passphrase. */
  backupsLocked: boolean;
}

/** `notice` says the list is the last download, when the server cannot be reached. */
export type BackupListAnswer = { ok: true; backups: BackupSummary[]; notice?: string } | { ok: false; message: string };
export type OpenTabsListAnswer = { ok: true; devices: OpenTabsDevice[] } | { ok: false; message: string };
export type ActionAnswer = { ok: true; message: string } | { ok: false; message: string };

/** Said where backups wait because the account seals tab locations and this browser is locked (decision 199). */
export const LOCKED_QUEUE_MESSAGE = "Locked: unlock to send backups";

/** The optional host permission form capture asks for. */
export const ALL_SITES = "<all_urls>";

/** What the popup shows of workflow automation: the rules this browser runs, and the start-up offer if one waits. */
export interface AutomationStatus {
  /** False below Premium (or before the rules were read): nothing runs. */
  running: boolean;
  /** The enabled rules in words, e.g. "When a window of 5+ tabs closes: “Research” #work". */
  rules: string[];
  /** Why nothing runs, when it does not. */
  message: string | null;
  offer: { tabCount: number; offeredAt: number } | null;
}
