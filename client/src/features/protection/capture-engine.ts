import { type BrowserSessionInput, saveBackup, saveClearAllBackup, type TabSnapshotInput } from "@common/api/backups";
import { PLAIN_TAB_REFUSED_MESSAGE } from "@common/api/encryption";
import { isNeverCaptured } from "@common/never-captured-sites";
import { WEB_APP_AUTOMATIC_BACKUP_SECONDS } from "@common/product";
import { call } from "@/lib/api-client";
import { errorMessage, errorStatus } from "@/lib/queryClient";
import { detectBrowserType, snapshotCurrentPage } from "./page-snapshot";
import { readRecentTabs } from "./recent-tabs";
import { readLocalProtection } from "./storage-keys";

/** spec 2 §9: while the page has focus, a capture every 30 s (the number the settings screens quote). */
export const CAPTURE_INTERVAL_MS = WEB_APP_AUTOMATIC_BACKUP_SECONDS * 1000;

export type CaptureKind = "emergency" | "automatic";

/** What a capture leaves out (decisions 186, 187): sites never captured, and typed text when the team forbids it. */
export interface CaptureRules {
  neverCaptured: readonly string[];
  keepFormData: boolean;
}
export const noCaptureRules: CaptureRules = { neverCaptured: [], keepFormData: true };

/** The open page first (with its forms and scroll), then the other recently visited pages; none of a site never captured. */
export function currentBrowserSession(rules: CaptureRules = noCaptureRules): BrowserSessionInput {
  const snapshot = snapshotCurrentPage();
  const current = rules.keepFormData ? snapshot : { ...snapshot, formData: {} };
  const others: TabSnapshotInput[] = readRecentTabs()
    .filter((entry) => entry.url !== current.url)
    .map((entry) => ({ url: entry.url, title: entry.title, faviconUrl: entry.faviconUrl, isActive: false, lastAccessed: entry.lastAccessed }));
  return {
    tabs: [current, ...others].filter((tab) => /^https?:/.test(tab.url) && !isNeverCaptured(tab.url, rules.neverCaptured)),
    windowId: "web",
    browserType: detectBrowserType(),
    sessionId: sessionStorageId(),
    timestamp: Date.now(),
  };
}

function sessionStorageId(): string {
  try {
    let id = sessionStorage.getItem("tabvault_capture_session");
    if (!id) {
      id = crypto.randomUUID();
      sessionStorage.setItem("tabvault_capture_session", id);
    }
    return id;
  } catch {
    return "web";
  }
}

/**
 * Turns the captured tabs into what may leave the browser (end-to-end encryption, decisions 177 and 199); null
 * when nothing may: the account seals titles and addresses and this browser is locked.
 */
export type PrepareTabs = (tabs: TabSnapshotInput[]) => Promise<TabSnapshotInput[] | null>;

/** True for the server's refusal of plain tabs from an account that seals them (a browser that had not heard yet). */
export function isPlainTabRefusal(error: unknown): boolean {
  return errorStatus(error) === 409 && errorMessage(error, "") === PLAIN_TAB_REFUSED_MESSAGE;
}

/**
 * Captures the session and sends it: an emergency backup (Clear All shortcut, tab hidden, page
 * leaving) or an automatic one (timer, history navigation; only in backup mode with Automatic Backup
 * on). Skipped while one is in flight, with no tabs, or when nothing changed since the last one sent.
 * Failures are only logged; a backup held back because this browser is locked calls
 * `onHeldBack`, so the person hears of it.
 */
export function createCapture(
  userEmail: string,
  prepareTabs: PrepareTabs = async (tabs) => tabs,
  captureRules: () => CaptureRules = () => noCaptureRules,
  onHeldBack: (kind: CaptureKind) => void = () => undefined,
) {
  let inFlight = false;
  const lastSent: Partial<Record<CaptureKind, string>> = {};

  return async function capture(kind: CaptureKind): Promise<boolean> {
    const settings = readLocalProtection();
    if (!settings.enabled) return false;
    if (kind === "automatic" && !(settings.mode === "backup" && settings.autoBackup)) return false;
    if (inFlight) return false;
    const session = currentBrowserSession(captureRules());
    if (session.tabs.length === 0) return false;
    const fingerprint = JSON.stringify(session.tabs.map((tab) => [tab.url, tab.formData, tab.scrollPosition]));
    if (lastSent[kind] === fingerprint) return false;

    inFlight = true;
    try {
      const prepared = await prepareTabs(session.tabs);
      if (!prepared) {
        onHeldBack(kind);
        return false;
      }
      session.tabs = prepared;
      // A 401 is only logged, like any failure: a backup never takes the person to sign-in.
      // An emergency is sent to outlive the page: it is made as the tab goes away or a close-all shortcut closes it.
      const sending = { expectUnauthorized: true, keepalive: kind === "emergency" };
      if (kind === "emergency") await call(saveClearAllBackup, { body: { userEmail, browserSession: session } }, sending);
      else await call(saveBackup, { body: { trigger: "auto_backup", browserSession: session } }, sending);
      lastSent[kind] = fingerprint;
      return true;
    } catch (error) {
      if (isPlainTabRefusal(error)) onHeldBack(kind);
      console.warn("TabVault: the backup could not be sent", error);
      return false;
    } finally {
      inFlight = false;
    }
  };
}

/**
 * Wires the capture triggers of spec 2 §9 to the page; returns the way to stop them. A tab going
 * hidden or away backs up only when it holds typing: otherwise every switch to another tab would
 * replace a Free account's one backup with a copy of whatever TabVault page was open.
 */
export function startCaptureTriggers(capture: ReturnType<typeof createCapture>, hasUnsavedInput: () => boolean): () => void {
  const timer = window.setInterval(() => {
    if (document.hasFocus()) void capture("automatic");
  }, CAPTURE_INTERVAL_MS);
  const onHidden = () => {
    if (document.visibilityState === "hidden" && hasUnsavedInput()) void capture("emergency");
  };
  const onPageHide = () => {
    if (hasUnsavedInput()) void capture("emergency");
  };
  const onPopState = () => void capture("automatic");
  document.addEventListener("visibilitychange", onHidden);
  window.addEventListener("pagehide", onPageHide);
  window.addEventListener("popstate", onPopState);
  return () => {
    window.clearInterval(timer);
    document.removeEventListener("visibilitychange", onHidden);
    window.removeEventListener("pagehide", onPageHide);
    window.removeEventListener("popstate", onPopState);
  };
}
