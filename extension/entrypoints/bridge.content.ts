import { browser } from "wxt/browser";
import { defineContentScript } from "wxt/utils/define-content-script";
import { EXTENSION_BRIDGE_MESSAGES, EXTENSION_LIVE_STATE_MESSAGES, type ExtensionLiveState } from "@common/extension-bridge";
import type { ActionAnswer } from "../src/messages";

/**
 * Runs on the TabVault server's own pages (registered at run time for the server's origin): the
 * Session Manager asks the extension to restore a backup with `window.postMessage`, learns that
 * the extension is installed from the answer to a ping, and the blocker page asks for its live state. The background checks the page's origin too.
 */
export default defineContentScript({
  registration: "runtime",
  runAt: "document_start",
  main() {
    const post = (message: Record<string, unknown>) => window.postMessage(message, window.location.origin);
    const announce = async () => {
      const answer = (await browser.runtime.sendMessage({ kind: "web-ping" }).catch(() => null)) as { version: string; deviceId: string | null } | null;
      if (answer?.version) post({ type: EXTENSION_BRIDGE_MESSAGES.extension, version: answer.version, deviceId: answer.deviceId ?? null });
    };

    /** Asks the background to restore and tells the page whether it started, naming what it restores. */
    const relay = (request: Record<string, string | boolean>, named: Record<string, string>) => {
      void (browser.runtime.sendMessage(request) as Promise<ActionAnswer | undefined>)
        .catch((error: unknown): ActionAnswer => ({ ok: false, message: error instanceof Error ? error.message : String(error) }))
        .then((answer) => {
          if (answer?.ok) post({ type: EXTENSION_BRIDGE_MESSAGES.restoreStarted, ...named, message: answer.message });
          else post({ type: EXTENSION_BRIDGE_MESSAGES.restoreRefused, ...named, message: answer?.message ?? "The extension did not answer." });
        });
    };

    window.addEventListener("message", (event: MessageEvent) => {
      if (event.source !== window || event.origin !== window.location.origin) return;
      const data: unknown = event.data;
      if (!data || typeof data !== "object" || !("type" in data)) return;
      if (data.type === EXTENSION_BRIDGE_MESSAGES.ping) {
        void announce();
      } else if (data.type === EXTENSION_LIVE_STATE_MESSAGES.status) {
        void (browser.runtime.sendMessage({ kind: "web-status" }) as Promise<ExtensionLiveState | null>)
          .catch(() => null)
          .then((state) => {
            if (state) post({ type: EXTENSION_LIVE_STATE_MESSAGES.liveState, ...state });
          });
      } else if (data.type === EXTENSION_BRIDGE_MESSAGES.restore && "backupId" in data && typeof data.backupId === "string") {
        const suggestedGroups = "suggestedGroups" in data && data.suggestedGroups === true;
        relay({ kind: "web-restore", backupId: data.backupId, suggestedGroups }, { backupId: data.backupId });
      } else if (data.type === EXTENSION_BRIDGE_MESSAGES.restoreOpenTabs && "deviceId" in data && typeof data.deviceId === "string") {
        relay({ kind: "web-restore-open-tabs", deviceId: data.deviceId }, { deviceId: data.deviceId });
      } else if (data.type === EXTENSION_BRIDGE_MESSAGES.restoreShared && "sharedId" in data && typeof data.sharedId === "string") {
        relay({ kind: "web-restore-shared", sharedId: data.sharedId }, { sharedId: data.sharedId });
      }
    });
    // Said once unasked, so a page that listens before it pings knows at once.
    void announce();
  },
});
