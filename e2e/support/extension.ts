import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, chromium, type Page, type Worker } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./browser";
import { type RunningServer, startServer } from "./server";
import { waitFor } from "./wait-for";

/** The unpacked Chromium build of the extension (`npm run build:extension`). */
export const EXTENSION_BUILD = "dist/extension/chrome-mv3";

/**
 * A copy of the built extension configured for one server, as the server does when it serves the
 * download: `server-config.json` names it, and its origin joins `host_permissions` (localhost on any
 * port is there already).
 */
export async function extensionFor(serverUrl: string, build = EXTENSION_BUILD): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), "tabvault-extension-"));
  await cp(build, dir, { recursive: true });
  await writeFile(join(dir, "server-config.json"), JSON.stringify({ serverUrl }));
  const manifestPath = join(dir, "manifest.json");
  const manifest = JSON.parse(await readFile(manifestPath, "utf8")) as { host_permissions?: string[] };
  const pattern = `${new URL(serverUrl).origin}/*`;
  if (!manifest.host_permissions?.includes(pattern)) manifest.host_permissions = [...(manifest.host_permissions ?? []), pattern];
  await writeFile(manifestPath, JSON.stringify(manifest));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

export interface ExtensionBrowser {
  context: BrowserContext;
  extensionId: string;
  /** The extension's service worker (a new one after {@link ExtensionBrowser.stopServiceWorker}). */
  worker(): Promise<Worker>;
  /** The popup as a page of its own, at the toolbar popup's size. */
  openPopup(): Promise<Page>;
  /** Stops the service worker as the browser does when it is idle; the next event starts a new one. */
  stopServiceWorker(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Debian's Chromium with the unpacked extension in a fresh profile. Headless Chromium runs MV3
 * service workers; the extension id is read from the worker's URL.
 */
export async function launchWithExtension(extensionDir: string, options: { viewport?: { width: number; height: number }; baseURL?: string } = {}): Promise<ExtensionBrowser> {
  const profile = await mkdtemp(join(tmpdir(), "tabvault-profile-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    viewport: options.viewport ?? { width: 1280, height: 800 },
    baseURL: options.baseURL,
    args: [...CHROMIUM_ARGS, `--disable-extensions-except=${extensionDir}`, `--load-extension=${extensionDir}`],
  });
  const worker = async (): Promise<Worker> => {
    const found = context.serviceWorkers().find((item) => item.url().startsWith("chrome-extension://"));
    return found ?? context.waitForEvent("serviceworker", { timeout: 15_000 });
  };
  const extensionId = new URL((await worker()).url()).host;
  return {
    context,
    extensionId,
    worker,
    async openPopup() {
      const page = await context.newPage();
      await page.setViewportSize({ width: 360, height: 600 });
      await page.goto(`chrome-extension://${extensionId}/popup.html`);
      return page;
    },
    async stopServiceWorker() {
      const page = context.pages()[0] ?? (await context.newPage());
      const cdp = await context.newCDPSession(page);
      await cdp.send("ServiceWorker.enable");
      await cdp.send("ServiceWorker.stopAllWorkers");
      await cdp.detach();
    },
    async close() {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/** Runs code in the extension's service worker, where `chrome.*` is the extension API. */
export async function inWorker<T>(extension: ExtensionBrowser, code: string): Promise<T> {
  const worker = await extension.worker();
  return worker.evaluate(code) as Promise<T>;
}

/**
 * Connects the extension as a person does, in a browser already signed in to the server: Connect in the popup,
 * Connect on the page it opens; resolves once the popup says whom it is connected as.
 */
export async function connectExtension(extension: ExtensionBrowser, popup: Page, email: string, options: { reload?: boolean } = {}): Promise<void> {
  await popup.getByRole("button", { name: "Connect to TabVault" }).click();
  const connect = await waitFor("the connect page", async () => extension.context.pages().find((page) => page.url().includes("/connect?code=")));
  await connect.getByRole("button", { name: "Connect", exact: true }).click();
  await connect.getByRole("heading", { name: "Connected" }).waitFor();
  await connect.close();
  await popup.bringToFront();
  if (options.reload !== false) await popup.reload();
  await popup.getByText(`Connected as ${email}`).waitFor({ timeout: 20_000 });
}

/**
 * A browser with the extension built for one server, in a fresh profile: the copy configured for that server
 * ({@link extensionFor}) is removed when the browser closes. `baseURL`: relative page addresses go to the server.
 */
export async function launchForServer(serverUrl: string, options: { baseURL?: boolean } = {}): Promise<ExtensionBrowser> {
  const copy = await extensionFor(serverUrl);
  try {
    const browser = await launchWithExtension(copy.dir, options.baseURL ? { baseURL: serverUrl } : {});
    return {
      ...browser,
      async close() {
        await browser.close();
        await copy.remove();
      },
    };
  } catch (error) {
    await copy.remove();
    throw error;
  }
}

export interface ExtensionSetup {
  server: RunningServer;
  extension: ExtensionBrowser;
  /** Closes the browser and stops the server, whichever of them started. */
  close(): Promise<void>;
}

/** The browser tests' usual start: a server of their own, and a browser whose extension is built for it. */
export async function startWithExtension(options: { env?: Record<string, string>; baseURL?: boolean } = {}): Promise<ExtensionSetup> {
  const server = await startServer(options.env);
  try {
    const extension = await launchForServer(server.url, { baseURL: options.baseURL });
    return {
      server,
      extension,
      async close() {
        await extension.close();
        await server.stop();
      },
    };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/**
 * A browser with the extension, signed in by `signIn` on its first page, its extension connected as a person does it
 * (the popup's Connect, then Connect on the page it opens). Answers the popup, still open, and that first page.
 */
export async function signInAndConnect(extension: ExtensionBrowser, email: string, signIn: (site: Page) => Promise<void>): Promise<{ site: Page; popup: Page }> {
  const site = extension.context.pages()[0] ?? (await extension.context.newPage());
  await signIn(site);
  const popup = await extension.openPopup();
  await connectExtension(extension, popup, email, { reload: false });
  return { site, popup };
}
