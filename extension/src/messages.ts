import type { BrowserBackupTrigger } from "@common/api/browser-backups";
import type { OpenTabsDevice } from "@common/api/open-tabs";
import type { TeamPolicy } from "@common/api/protection";
import type { ExtensionLiveState } from "@common/extension-bridge";
import type { BackupSummary } from "./backup-list";
import type { FormEncryptionStatus } from "./form-encryption";
import type { PageState } from "./snapshot";
import type { UnlockPeriod } from "@common/unlock-period";

/**
 * What the popup, the options page and the content scripts ask the background, and what each is answered: one map,
 * read by the background's handler table and by `send` in every page, so no answer is cast.
 */
export interface Protocol {
  status: { request: object; answer: Status };
  /** End-to-end encryption in the options page (decision 177). */
  "encryption-status": { request: object; answer: FormEncryptionStatus };
  /** `minutes`: how long the unlock lasts, null or absent until the person locks (decision 225). */
  "encryption-unlock": { request: { passphrase: string; minutes?: UnlockPeriod }; answer: { ok: boolean; message: string } };
  "encryption-lock": { request: object; answer: ActionAnswer };
  connect: { request: object; answer: ActionAnswer };
  "cancel-connect": { request: object; answer: ActionAnswer };
  disconnect: { request: object; answer: ActionAnswer };
  "back-up-now": { request: object; answer: ActionAnswer };
  "retry-uploads": { request: object; answer: ActionAnswer };
  /** A refused backup sent again, or discarded; an emergency only with `confirmed`, the person's second "yes" (decision 206). */
  "retry-upload": { request: { key: string }; answer: ActionAnswer };
  "discard-upload": { request: { key: string; confirmed?: boolean }; answer: ActionAnswer };
  "list-backups": { request: object; answer: BackupListAnswer };
  /** `suggestedGroups`: apply the suggested tab groups (tab organization, Pro and up) instead of the saved ones. */
  "restore-backup": { request: { backupId: string; suggestedGroups?: boolean }; answer: ActionAnswer };
  "restore-emergency": { request: { id: string }; answer: ActionAnswer };
  /** Workflow automation (decision 180): the popup opened (rules read again), and the start-up offer's answers. */
  automation: { request: object; answer: AutomationStatus };
  "restore-last-run": { request: object; answer: ActionAnswer };
  "dismiss-last-run": { request: object; answer: ActionAnswer };
  /** Open on other devices: the account's other browsers, and reopening one's tabs here. */
  "list-open-tabs": { request: object; answer: OpenTabsListAnswer };
  "restore-open-tabs": { request: { deviceId: string }; answer: ActionAnswer };
  "settings-changed": { request: object; answer: ActionAnswer };
  /** From the bridge on the server's pages. */
  "web-ping": { request: object; answer: { version: string; deviceId: string | null } | null };
  /** The blocker page's question: the extension's live state (common/extension-bridge.ts). */
  "web-status": { request: object; answer: ExtensionLiveState | null };
  "web-restore": { request: { backupId: string; suggestedGroups?: boolean }; answer: ActionAnswer };
  "web-restore-open-tabs": { request: { deviceId: string }; answer: ActionAnswer };
  /** A backup shared with the person's team (decision 190), read with this browser's token. */
  "web-restore-shared": { request: { sharedId: string }; answer: ActionAnswer };
  /** From the form-capture content script. */
  "page-state": { request: PageState; answer: null };
  "page-refill": { request: { url: string }; answer: PageState | null };
}

export type Kind = keyof Protocol;
/** What a request of this kind carries besides its kind. */
export type Payload<K extends Kind> = Protocol[K]["request"];
export type RequestOf<K extends Kind> = { kind: K } & Payload<K>;
export type Answer<K extends Kind> = Protocol[K]["answer"];
export type Request = { [K in Kind]: RequestOf<K> }[Kind];
/** The kinds answered with an `ActionAnswer` (the popup's buttons). */
export type ActionKind = { [K in Kind]: Answer<K> extends ActionAnswer ? K : never }[Kind];
/** `send`'s arguments after the kind: the payload, optional when the kind carries nothing. */
export type PayloadArgs<K extends Kind> = object extends Payload<K> ? [payload?: Payload<K>] : [payload: Payload<K>];

export const KINDS: readonly Kind[] = [
  "status",
  "encryption-status",
  "encryption-unlock",
  "encryption-lock",
  "connect",
  "cancel-connect",
  "disconnect",
  "back-up-now",
  "retry-uploads",
  "retry-upload",
  "discard-upload",
  "list-backups",
  "restore-backup",
  "restore-emergency",
  "automation",
  "restore-last-run",
  "dismiss-last-run",
  "list-open-tabs",
  "restore-open-tabs",
  "settings-changed",
  "web-ping",
  "web-status",
  "web-restore",
  "web-restore-open-tabs",
  "web-restore-shared",
  "page-state",
  "page-refill",
];

/** A message that names one of the protocol's kinds (its fields are the sender's: extension pages and our own content scripts). */
export function isRequest(message: unknown): message is Request {
  return typeof message === "object" && message !== null && "kind" in message && KINDS.some((kind) => kind === message.kind);
}

export function requestOf<K extends Kind>(kind: K, ...[payload]: PayloadArgs<K>): RequestOf<K> {
  return { ...payload, kind };
}

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

/**
 * The other devices this browser reads through its own tab sync (decision 219): "unsupported" where the browser has no
 * `sessions.getDevices` (Firefox), "none" where it lists no device (open-tab sync off), else each device's tabs.
 */
export interface SyncedDevicesStatus {
  state: "unsupported" | "none" | "listed";
  devices: { name: string; tabCount: number; changedAt: number }[];
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
    entries: QueuedBackup[];
  };
  /** The server's answer to the newest upload it stored. */
  lastUpload: LastUpload | null;
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
  /** Other devices' tabs protected through the browser's sync (decision 219). */
  syncedDevices: SyncedDevicesStatus;
}

/** A backup in the upload queue as the popup and the options page list it. */
export interface QueuedBackup {
  key: string;
  trigger: BrowserBackupTrigger;
  tabCount: number;
  createdAt: number;
  attempts: number;
  state: "waiting" | "refused";
  lastError: string | null;
  /** The server's refusal in its words, with its status; null while waiting (decision 206). */
  refusal: { status: number; message: string; at: number } | null;
}

/** The server's answer to the newest upload it stored, in its words. */
export interface LastUpload {
  at: number;
  trigger: BrowserBackupTrigger;
  message: string;
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
