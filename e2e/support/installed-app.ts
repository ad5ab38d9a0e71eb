/// <reference lib="dom" />
import type { Page } from "playwright-core";
import { ARTIFACTS_DIR, saveScreenshot } from "./browser";

/** Waits until the page's service worker is active and controls it; returns the worker's script URL. */
export async function serviceWorkerInControl(page: Page): Promise<string> {
  const scriptUrl = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL ?? "");
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  return scriptUrl;
}

/** What the person sees: the banner, dialog and notice float over the page, so not a full-page shot. */
export async function viewportScreenshot(page: Page, name: string): Promise<void> {
  await saveScreenshot(page, { path: `${ARTIFACTS_DIR}/${name}.png` });
}
