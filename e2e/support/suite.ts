import { after, before } from "node:test";
import type { Browser } from "playwright-core";
import { launchBrowser } from "./browser";
import { assertNoSecretsInLogs } from "./secrets";
import { type RunningServer, startServer } from "./server";

export interface BrowserSuite {
  /** The built app, started for this suite (in `before`). */
  readonly server: RunningServer;
  readonly browser: Browser;
  /** Values the tests met (cookies, tokens) that must never appear in the server's log. */
  readonly secretsSeen: string[];
}

/**
 * Starts the app and Chromium before the suite's tests, and afterwards checks the server's log for secrets
 * and stops both, whatever happened.
 */
export function useBrowserSuite(env: Record<string, string> = {}): BrowserSuite {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const secretsSeen: string[] = [];
  before(async () => {
    server = await startServer(env);
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    try {
      if (server) await assertNoSecretsInLogs(server, secretsSeen);
    } finally {
      await server?.stop();
    }
  });
  return {
    get server() {
      if (!server) throw new Error("useBrowserSuite: the server starts in before(); use it inside a test");
      return server;
    },
    get browser() {
      if (!browser) throw new Error("useBrowserSuite: the browser starts in before(); use it inside a test");
      return browser;
    },
    secretsSeen,
  };
}
