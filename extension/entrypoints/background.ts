import { browser } from "wxt/browser";
import { defineBackground } from "wxt/utils/define-background";
import { z } from "zod";
import { createBackground } from "../src/background/index";
import type { BrowserApi } from "../src/browser-api";
import { systemClock } from "../src/clock";
import { ExtensionDb } from "../src/db";

export default defineBackground({
  type: "module",
  main() {
    // Extension pages forbid eval: zod checks answers without compiling validators with Function.
    z.config({ jitless: true });
    // The narrow interface names only what the background uses; both browsers' objects have it, and
    // Chromium's generated types lack the Firefox-only options it names (discarded, title).
    // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- the one place WXT's browser types meet the narrow interface.
    const api = browser as unknown as BrowserApi;
    const background = createBackground({
      browser: api,
      clock: systemClock,
      fetch: (input, init) => globalThis.fetch(input, init),
      openDb: () => ExtensionDb.open(),
      randomUUID: () => crypto.randomUUID(),
      packagedConfig: async () => {
        const response = await fetch(api.runtime.getURL("/server-config.json"), { cache: "no-store" });
        return response.ok ? response.json() : null;
      },
    });
    // Back online: what waited goes up now rather than at the next back-off step.
    globalThis.addEventListener?.("online", () => void background.queue.flush(true));
  },
});
