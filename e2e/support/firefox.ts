import { randomUUID } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import puppeteer, { type Browser, type ElementHandle, type Page } from "puppeteer-core";
import { waitFor } from "./wait-for";

export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? "/usr/bin/firefox-esr";

/** The add-on id of the Firefox build (`extension/wxt.config.ts`, `browser_specific_settings.gecko.id`). */
const ADDON_ID = "extension@tabvault.app";

export interface FirefoxWithExtension {
  browser: Browser;
  /** The popup as a tab of its own, opened at start-up. */
  popup: Page;
  /** `moz-extension://…/` of the installed extension. */
  extensionOrigin: string;
  /** Runs `code` in the popup, an extension page: `browser.*` as the extension sees it. */
  ext<T>(code: string): Promise<T>;
  /** Loads the popup again (BiDi refuses to navigate a moz-extension:// page, so the page reloads itself). */
  reloadPopup(): Promise<void>;
  /** The first tab whose address contains `part`, once one is open. */
  pageWith(part: string, timeoutMs?: number): Promise<Page>;
  /** Ends Firefox at once, as a crash or a killed process would, keeping the profile. */
  kill(): Promise<void>;
  /** Starts Firefox again on the same profile (after {@link kill}). */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Debian's Firefox ESR driven over WebDriver BiDi (puppeteer-core), with the extension's .xpi in the profile as a
 * person's installed add-on: ESR honours `xpinstall.signatures.required` off, so the unsigned package the server
 * offers installs, and it stays installed across a restart (a temporary add-on would not). Navigating to a
 * moz-extension:// page is refused over BiDi, so the popup is opened as a start-up URL, with the extension's
 * internal UUID fixed by a pref.
 */
export async function launchFirefoxWithExtension(xpi: Uint8Array): Promise<FirefoxWithExtension> {
  const profile = await mkdtemp(join(tmpdir(), "tabvault-firefox-"));
  await mkdir(join(profile, "extensions"));
  await writeFile(join(profile, "extensions", `${ADDON_ID}.xpi`), xpi);
  const uuid = randomUUID();
  const extensionOrigin = `moz-extension://${uuid}`;
  const popupUrl = `${extensionOrigin}/popup.html`;

  const start = () =>
    puppeteer.launch({
      browser: "firefox",
      executablePath: FIREFOX_PATH,
      headless: true,
      userDataDir: profile,
      args: [popupUrl],
      extraPrefsFirefox: {
        "extensions.webextensions.uuids": JSON.stringify({ [ADDON_ID]: uuid }),
        "xpinstall.signatures.required": false,
        // Add-ons found in the profile are enabled without asking.
        "extensions.autoDisableScopes": 0,
        "extensions.enabledScopes": 15,
        // Closing the last tab of a window must not end the browser mid-test.
        "browser.tabs.closeWindowWithLastTab": false,
        // After a crash the tabs are not brought back, as after a Clear All: the extension must notice.
        "browser.sessionstore.resume_from_crash": false,
      },
    });

  let browser = await start();
  let popup = await findPopup(browser, popupUrl);

  const pageWith = (part: string, timeoutMs = 15_000) =>
    waitFor(`a tab at ${part}`, async () => (await browser.pages()).find((page) => page.url().includes(part)), timeoutMs);

  return {
    get browser() {
      return browser;
    },
    get popup() {
      return popup;
    },
    extensionOrigin,
    ext: <T>(code: string) => popup.evaluate(code) as Promise<T>,
    pageWith,
    async reloadPopup() {
      await popup.evaluate(() => {
        (window as unknown as { stale?: boolean }).stale = true;
        setTimeout(() => location.reload(), 0);
      });
      // The old document's context goes away mid-wait: ask again until the new one has drawn.
      await waitFor("the popup to load again", () =>
        popup
          .evaluate(() => !(window as unknown as { stale?: boolean }).stale && document.readyState === "complete" && document.body.innerText.includes("TabVault"))
          .catch(() => false),
      );
    },
    async kill() {
      browser.process()?.kill("SIGKILL");
      await waitFor("Firefox to end", async () => browser.process()?.exitCode !== null || browser.process()?.signalCode !== null, 10_000);
      await browser.disconnect().catch(() => undefined);
    },
    async restart() {
      browser = await start();
      popup = await findPopup(browser, popupUrl);
    },
    async close() {
      await browser.close().catch(() => undefined);
      await rm(profile, { recursive: true, force: true });
    },
  };
}

async function findPopup(browser: Browser, popupUrl: string): Promise<Page> {
  const popup = await waitFor("the extension's popup", async () => (await browser.pages()).find((page) => page.url() === popupUrl), 30_000);
  await popup.setViewport({ width: 360, height: 600 });
  // The popup draws once the background has answered it.
  await popup.waitForFunction(() => document.body.innerText.includes("TabVault"), { timeout: 15_000 });
  return popup;
}

const roleSelectors: Record<string, string> = {
  button: 'button, [role="button"], input[type="button"], input[type="submit"]',
  heading: 'h1, h2, h3, h4, h5, h6, [role="heading"]',
  link: 'a[href], [role="link"]',
};

/** In the page: the visible element matching `selector` whose aria-label, else text, is `wanted`. */
function findByName(selector: string, wanted: string): HTMLElement | undefined {
  return [...document.querySelectorAll<HTMLElement>(selector)].find((element) => {
    const label = (element.getAttribute("aria-label") ?? element.innerText ?? "").replace(/\s+/g, " ").trim();
    return label === wanted && element.getClientRects().length > 0;
  });
}

/**
 * The visible element with this role and accessible name (its aria-label, else its text), as a person finds it.
 * Puppeteer's `::-p-aria` selectors are answered by Chromium's accessibility tree and find nothing over Firefox's
 * BiDi, and its `waitForFunction` gives up on a page that reloaded itself, so the page is asked until it shows one.
 */
export async function byRole(page: Page, role: keyof typeof roleSelectors, name: string, timeout = 15_000): Promise<ElementHandle<Element>> {
  const selector = roleSelectors[role]!;
  return waitFor(
    `a ${role} named "${name}"`,
    async () => {
      const handle = await page.evaluateHandle(findByName, selector, name).catch(() => null);
      const element = handle?.asElement();
      return element ? (element as ElementHandle<Element>) : null;
    },
    timeout,
  );
}

/**
 * Clicks the element with this role and name. Found and clicked in one step inside the page: the popup redraws its
 * lists every second, and a handle found a moment earlier may already be gone.
 */
export async function clickByRole(page: Page, role: keyof typeof roleSelectors, name: string, timeout = 15_000): Promise<void> {
  const selector = roleSelectors[role]!;
  await waitFor(
    `a ${role} named "${name}" to click`,
    () =>
      page
        .evaluate(
          (find, selector, wanted) => {
            const element = (new Function(`return (${find})`)() as typeof findByName)(selector, wanted);
            element?.click();
            return element !== undefined;
          },
          findByName.toString(),
          selector,
          name,
        )
        .catch(() => false),
    timeout,
  );
}
