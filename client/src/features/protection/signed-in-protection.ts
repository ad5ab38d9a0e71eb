import { getProtectionSettings, logBlockedAttempt } from "@common/api/protection";
import { WEB_APP_SETTINGS_REFRESH_SECONDS } from "@common/product";
import type { QueryClient } from "@tanstack/react-query";
import { backupKeyChanged } from "@/features/encryption/backup-key";
import { openedFormData, startFormSealer } from "@/features/encryption/form-sealer";
import { LOCKED_BACKUP_MESSAGE } from "@/features/encryption/tab-sealing";
import { startUnlockTimer } from "@/features/encryption/unlock-timer";
import { call, endpointQuery } from "@/lib/api-client";
import { toast } from "@/lib/use-toast";
import { type BlockedMethod, type ClearAllBlocked, clearAllBlockedHere, ensureBlockerRunning, isShortcut, onCloseAllShortcut } from "./blocker";
import { type CaptureKind, createCapture, startCaptureTriggers } from "./capture-engine";
import { hasUnsavedInput } from "./form-watch";
import { snapshotCurrentPage } from "./page-snapshot";
import { adoptProtectionSettings, captureRulesOf } from "./protection-state";
import { recordVisit } from "./recent-tabs";
import { applyRestoreHandoff } from "@/features/extension-bridge/restore-handoff";

/**
 * What runs on every page for a signed-in person, beside the in-page blocker (blocker.ts): the account's
 * settings into this browser, the capture engine and its triggers, the blocked attempts logged on the account
 * and the restore hand-off. Started by App.tsx as soon as the account is known; returns the way to stop it.
 */
export function startSignedInProtection(userEmail: string, queryClient: QueryClient): () => void {
  // The server's settings win at sign-in; every change after goes through adoptProtectionSettings. Without
  // them (a failure, a session that just ended) this browser's own stay, quietly. They are read again every
  // WEB_APP_SETTINGS_REFRESH_SECONDS and when the window gets focus, so a team's policy reaches this page within
  // a minute (decision 187).
  const readSettings = () =>
    queryClient
      .fetchQuery({ ...endpointQuery(getProtectionSettings, undefined, { expectUnauthorized: true }), staleTime: 0 })
      .then((settings) => adoptProtectionSettings(queryClient, settings))
      .catch(() => undefined);
  void readSettings();
  const settingsTimer = window.setInterval(() => void readSettings(), WEB_APP_SETTINGS_REFRESH_SECONDS * 1000);
  window.addEventListener("focus", readSettings);
  const sealer = startFormSealer(userEmail, queryClient);
  const stopUnlockTimer = startUnlockTimer(userEmail);
  applyRestoreHandoff((formData, page) => openedFormData(userEmail, formData, page));

  // A backup held back because this browser is locked (decision 199) is said each time the person's own act (a
  // close-all shortcut, a page going away with typing) asked for it; the automatic ones once, not every 30 s, and
  // again after this browser is unlocked or locked anew.
  let automaticHeldBackSaid = false;
  const sayHeldBack = (kind: CaptureKind) => {
    if (kind === "automatic" && automaticHeldBackSaid) return;
    if (kind === "automatic") automaticHeldBackSaid = true;
    toast({ title: "Not backed up", description: LOCKED_BACKUP_MESSAGE, variant: "destructive" });
  };
  const keyChanged = () => {
    automaticHeldBackSaid = false;
  };
  window.addEventListener(backupKeyChanged, keyChanged);
  const capture = createCapture(userEmail, (tabs) => sealer.prepare(tabs), () => captureRulesOf(queryClient), sayHeldBack);
  const logBlocked = (method: BlockedMethod) => {
    // A 401 (a session that just ended) is no reason to sign in.
    call(logBlockedAttempt, { body: { method, timestamp: Date.now(), url: window.location.href.slice(0, 2048) } }, { expectUnauthorized: true }).catch(
      () => undefined,
    );
  };
  // The close-all shortcuts back the session up in either mode: in Backup mode that is the protection.
  const stopShortcuts = onCloseAllShortcut(({ method, blocked }) => {
    void capture("emergency");
    if (blocked) logBlocked(method);
  });
  // Other blocks in this page (window.close, the blocker screen's test) are logged on the account too.
  const onBlocked = (event: Event) => {
    const { method } = (event as CustomEvent<ClearAllBlocked>).detail;
    if (!isShortcut(method)) logBlocked(method);
  };
  ensureBlockerRunning();
  const stopTriggers = startCaptureTriggers(capture, hasUnsavedInput);
  window.addEventListener(clearAllBlockedHere, onBlocked);
  return () => {
    window.clearInterval(settingsTimer);
    window.removeEventListener("focus", readSettings);
    sealer.stop();
    stopUnlockTimer();
    window.removeEventListener(backupKeyChanged, keyChanged);
    stopTriggers();
    stopShortcuts();
    window.removeEventListener(clearAllBlockedHere, onBlocked);
  };
}

/** Adds the screen just opened to the recent-tabs list, once it has set its title; returns the way to cancel. */
export function recordVisitSoon(): () => void {
  const timer = window.setTimeout(() => {
    const page = snapshotCurrentPage();
    recordVisit({ url: page.url, title: page.title ?? "", faviconUrl: page.faviconUrl ?? null, lastAccessed: new Date().toISOString() });
  }, 300);
  return () => window.clearTimeout(timer);
}
