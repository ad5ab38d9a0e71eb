import { defineContentScript } from "wxt/utils/define-content-script";
import { EXTENSION_BRIDGE_MESSAGES, EXTENSION_LIVE_STATE_MESSAGES } from "@common/extension-bridge";
import type { ActionAnswer } from "../src/messages";
import { send } from "../src/send";

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
      const answer = await send("web-ping").catch(() => null);
      if (answer?.version) post({ type: EXTENSION_BRIDGE_MESSAGES.extension, version: answer.version, deviceId: answer.deviceId ?? null });
    };

    /** Asks the background to restore and tells the page whether it started, naming what it restores. */
    const relay = (restore: () => Promise<ActionAnswer | undefined>, named: Record<string, string>) => {
      void restore()
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
        void send("web-status")
          .catch(() => null)
          .then((state) => {
            if (state) post({ type: EXTENSION_LIVE_STATE_MESSAGES.liveState, ...state });
          });
      } else if (data.type === EXTENSION_BRIDGE_MESSAGES.restore && "backupId" in data && typeof data.backupId === "string") {
        const suggestedGroups = "suggestedGroups" in data && data.suggestedGroups === true;
        const backupId = data.backupId;
        relay(() => send("web-restore", { backupId, suggestedGroups }), { backupId });
      } else if (data.type === EXTENSION_BRIDGE_MESSAGES.restoreOpenTabs && "deviceId" in data && typeof data.deviceId === "string") {
        const deviceId = data.deviceId;
        relay(() => send("web-restore-open-tabs", { deviceId }), { deviceId });
      } else if (data.type === EXTENSION_BRIDGE_MESSAGES.restoreShared && "sharedId" in data && typeof data.sharedId === "string") {
        const sharedId = data.sharedId;
        relay(() => send("web-restore-shared", { sharedId }), { sharedId });
      }
    });
    // Said once unasked, so a page that listens before it pings knows at once.
    void announce();
  },
});
