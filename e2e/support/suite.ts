import { after, before } from "node:test";
import type { Browser } from "playwright-core";
import { launchBrowser, secretsSeenBy } from "./browser";
import { assertNoSecretsInLog, secretsOfRun } from "./secrets";
import { type RunningServer, startServer } from "./server";

export interface BrowserSuite {
  /** The built app, started for this suite (in `before`). */
  readonly server: RunningServer;
  readonly browser: Browser;
  /**
   * Secrets a test met outside the browser's own traffic (which is recorded by itself), e.g. a value
   * read from the page; they must never appear in the server's log.
   */
  readonly secretsSeen: string[];
}

/**
 * Starts the app (or the copy of the build in `options.appRoot`) and Chromium before the suite's tests, and
 * afterwards checks the server's log for secrets and stops both, whatever happened.
 */
export function useBrowserSuite(env: Record<string, string> = {}, options: { appRoot?: string } = {}): BrowserSuite {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const secretsSeen: string[] = [];
  before(async () => {
    server = await startServer(env, options);
    browser = await launchBrowser();
  });
  after(async () => {
    try {
      const seenByBrowser = browser ? await secretsSeenBy(browser) : [];
      const secrets = server ? await secretsOfRun(server, [...secretsSeen, ...seenByBrowser]) : [];
      await browser?.close();
      // Stopped first, so the log checked includes everything the server printed, shutdown too.
      await server?.stop();
      if (server) assertNoSecretsInLog(server.output(), secrets);
    } finally {
      await browser?.close();
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
