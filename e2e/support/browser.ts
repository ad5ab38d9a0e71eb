import { mkdir } from "node:fs/promises";
import { dirname } from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const ARTIFACTS_DIR = "e2e/artifacts";

/** The flags every test browser runs with. */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 390, height: 844 };

export async function newContext(browser: Browser, baseURL: string, viewport = DESKTOP): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, viewport, acceptDownloads: true });
  recordSecretsSeen(browser, context);
  return context;
}

/** Per browser: every secret its pages received, and the reads still in progress. */
const seen = new WeakMap<Browser, { secrets: Set<string>; pending: Set<Promise<void>> }>();

/**
 * Every secret the app hands a browser, as the browser receives it: session cookies (Set-Cookie),
 * sign-in tokens and download signatures in the URLs it opens, device tokens and payment client
 * secrets in API answers. The suite checks afterwards that none of them reached the server's log.
 */
function recordSecretsSeen(browser: Browser, context: BrowserContext): void {
  let record = seen.get(browser);
  if (!record) {
    record = { secrets: new Set(), pending: new Set() };
    seen.set(browser, record);
  }
  const { secrets, pending } = record;
  context.on("request", (request) => {
    const url = new URL(request.url());
    for (const name of ["token", "signature"]) {
      const value = url.searchParams.get(name);
      if (value) secrets.add(value);
    }
  });
  context.on("response", (response) => {
    const read = (async () => {
      for (const { name, value } of await response.headersArray()) {
        const session = name.toLowerCase() === "set-cookie" ? /^tabvault_session=([^;]+)/.exec(value)?.[1] : undefined;
        // The cookie is "id.signature"; the bare session id is a secret too.
        if (session) for (const part of [decodeURIComponent(session), decodeURIComponent(session).split(".")[0]!]) secrets.add(part);
      }
      const path = new URL(response.url()).pathname;
      if (!/^\/api\/(device-tokens|generate-download|create-payment-intent|create-subscription)$/.test(path)) return;
      const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
      for (const key of ["token", "clientSecret"]) if (typeof body?.[key] === "string") secrets.add(body[key]);
      if (typeof body?.downloadUrl === "string") {
        const signature = new URL(body.downloadUrl, "http://x").searchParams.get("signature");
        if (signature) secrets.add(signature);
      }
    })().catch(() => undefined);
    pending.add(read);
    void read.finally(() => pending.delete(read));
  });
}

/** The secrets the browser's pages have received so far. */
export async function secretsSeenBy(browser: Browser): Promise<string[]> {
  const record = seen.get(browser);
  if (!record) return [];
  await Promise.allSettled([...record.pending]);
  return [...record.secrets];
}

/**
 * Saves a screenshot of a page or a part of it for people to look at. CI, where nobody looks, sets
 * `E2E_SCREENSHOTS=off`: some two hundred captures, most of whole pages, cost minutes of its two cores (decision 243).
 */
export async function saveScreenshot<Options extends { path: string }>(target: { screenshot(options: NoInfer<Options>): Promise<unknown> }, options: Options): Promise<void> {
  if (process.env.E2E_SCREENSHOTS === "off") return;
  await mkdir(dirname(options.path), { recursive: true });
  await target.screenshot(options);
}

/** Saves a full-page screenshot under e2e/artifacts. */
export function screenshot(page: Page, name: string): Promise<void> {
  return saveScreenshot(page, { path: `${ARTIFACTS_DIR}/${name}.png`, fullPage: true });
}
