import { ALL_SITES } from "../messages";
import type { MessageSender } from "../browser-api";
import { originPattern } from "../server-config";
import type { Connection } from "./connection";
import type { BackgroundContext } from "./context";
import type { Settings } from "./settings";

export const FORM_CAPTURE_SCRIPT = { id: "tabvault-form-capture", js: ["content-scripts/form-capture.js"] } as const;
export const BRIDGE_SCRIPT = { id: "tabvault-bridge", js: ["content-scripts/bridge.js"] } as const;

export interface ContentScriptsDeps {
  ctx: BackgroundContext;
  connection: Connection;
  settings: Settings;
}

/** The content scripts registered at run time: the bridge on the server's pages, and form capture when it is on. */
export class ContentScripts {
  constructor(private readonly deps: ContentScriptsDeps) {}

  sync = async (): Promise<void> => {
    const { browser } = this.deps.ctx;
    const scripting = browser.scripting;
    if (!scripting) return;
    const { serverUrl } = await this.deps.connection.address();
    const registered = await scripting.getRegisteredContentScripts().catch(() => []);
    const bridge = registered.find((script) => script.id === BRIDGE_SCRIPT.id);
    const pattern = originPattern(serverUrl);
    if (!bridge || bridge.matches?.join() !== pattern) {
      if (bridge) await scripting.unregisterContentScripts({ ids: [BRIDGE_SCRIPT.id] });
      await scripting.registerContentScripts([{ id: BRIDGE_SCRIPT.id, js: [...BRIDGE_SCRIPT.js], matches: [pattern], runAt: "document_start", persistAcrossSessions: true }]);
    }
    // A team's policy decides over the person's own switch (decision 187); the access to every site stays theirs to give.
    const wanted = (await this.deps.settings.formCaptureOn()) && (await browser.permissions.contains({ origins: [ALL_SITES] }));
    const form = registered.find((script) => script.id === FORM_CAPTURE_SCRIPT.id);
    if (wanted && !form) {
      await scripting.registerContentScripts([
        { id: FORM_CAPTURE_SCRIPT.id, js: [...FORM_CAPTURE_SCRIPT.js], matches: ["http://*/*", "https://*/*"], runAt: "document_idle", persistAcrossSessions: true },
      ]);
    } else if (!wanted && form) {
      await scripting.unregisterContentScripts({ ids: [FORM_CAPTURE_SCRIPT.id] });
    }
  };

  /** Whether a message came from a page of the server this browser uses (the bridge's messages must). */
  async fromServerPage(sender: MessageSender): Promise<boolean> {
    const url = sender.origin ?? sender.url;
    if (!url || !URL.canParse(url)) return false;
    return new URL(url).origin === (await this.deps.connection.address()).serverUrl;
  }
}
