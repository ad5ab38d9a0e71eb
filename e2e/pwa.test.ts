/// <reference lib="dom" />
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { ANDROID_REQUIREMENT } from "../common/product";
import { MOBILE, newContext, screenshot } from "./support/browser";
import { serviceWorkerInControl, viewportScreenshot } from "./support/installed-app";
import { useBrowserSuite } from "./support/suite";

const WIDE = { width: 1440, height: 900 };
const ANDROID_UA =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";
const BANNER = "Add TabVault to your home screen";

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  assert.equal(bytes.subarray(1, 4).toString("latin1"), "PNG", "a PNG file");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe("the installable app", () => {
  const suite = useBrowserSuite();

  test("the service worker at /sw.js controls the page, the shell opens offline, and /api and /download are never answered by it", async () => {
    const context = await newContext(suite.browser, suite.server.url);
    const page = await context.newPage();
    await page.goto("/");
    await page.getByRole("heading", { level: 1 }).waitFor();
    assert.equal(await serviceWorkerInControl(page), `${suite.server.url}/sw.js`);

    // Online, an API call goes past the worker to the server.
    const [apiResponse] = await Promise.all([
      page.waitForResponse((response) => response.url().endsWith("/api/health")),
      page.evaluate(() => fetch("/api/health").then((response) => response.status)),
    ]);
    assert.equal(apiResponse.fromServiceWorker(), false, "/api/health was answered by the service worker");

    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      return urls;
    });
    assert.ok(cached.includes("/index.html"), "the shell is precached");
    assert.ok(cached.some((url) => url.startsWith("/assets/")), "the app's code is precached");
    assert.deepEqual(cached.filter((url) => url.startsWith("/api") || url.startsWith("/download/")), [], "nothing of /api or /download is cached");

    await context.setOffline(true);
    const offline = await page.reload();
    assert.equal(offline?.fromServiceWorker(), true, "the offline reload came from the service worker");
    const heading = page.getByRole("heading", { level: 1 }).first();
    await heading.waitFor();
    assert.ok((await heading.textContent())?.trim(), "the landing page's heading shows offline");
    await screenshot(page, "pwa-offline-landing-desktop");

    const offlineApi = await page.evaluate(() => fetch("/api/health").then((response) => `answered ${response.status}`, () => "failed"));
    assert.equal(offlineApi, "failed", "an /api request offline must fail, not be answered by the worker");
    // Other screens come from the precache too.
    await page.goto("/app-store");
    await page.getByRole("heading", { level: 1, name: "TabVault" }).waitFor();

    // A navigation to the API or a download link is not answered with the shell: it fails offline.
    for (const url of ["/api/health", "/download/file/android/TabVault.apk"]) {
      const tab = await context.newPage();
      await assert.rejects(tab.goto(url), /ERR_INTERNET_DISCONNECTED/, `${url} is not answered with the app shell offline`);
      await tab.close();
    }
    await context.setOffline(false);
    await context.close();
  });

  test("the manifest is linked and valid, and the worker and manifest are served revalidated", async () => {
    const context = await newContext(suite.browser, suite.server.url);
    const page = await context.newPage();
    await page.goto("/");
    const href = await page.locator('link[rel="manifest"]').getAttribute("href");
    assert.equal(href, "/manifest.webmanifest");

    const manifestResponse = await context.request.get(href);
    assert.equal(manifestResponse.status(), 200);
    assert.match(manifestResponse.headers()["content-type"] ?? "", /^application\/manifest\+json/);
    assert.equal(manifestResponse.headers()["cache-control"], "no-cache");
    const manifest = (await manifestResponse.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      scope: string;
      display: string;
      theme_color: string;
      icons: { src: string; sizes: string; type: string; purpose?: string }[];
    };
    assert.equal(manifest.name, "TabVault");
    assert.equal(manifest.start_url, "/");
    assert.equal(manifest.display, "standalone");
    assert.equal(manifest.theme_color, "#4f46e5");
    for (const [sizes, purpose] of [["192x192", undefined], ["512x512", undefined], ["512x512", "maskable"]] as const) {
      const icon = manifest.icons.find((candidate) => candidate.sizes === sizes && candidate.purpose === purpose);
      assert.ok(icon, `an icon ${sizes} ${purpose ?? "any"}`);
      const image = await context.request.get(icon.src);
      assert.equal(image.headers()["content-type"], "image/png");
      const [width, height] = sizes.split("x").map(Number);
      assert.deepEqual(pngSize(await image.body()), { width, height }, `${icon.src} is ${sizes}`);
    }

    const worker = await context.request.get("/sw.js");
    assert.match(worker.headers()["content-type"] ?? "", /javascript/);
    assert.equal(worker.headers()["cache-control"], "no-cache");

    // Chromium's own verdict on the manifest (installability is checked in a normal profile below).
    const cdp = await context.newCDPSession(page);
    const parsed = (await cdp.send("Page.getAppManifest")) as { url: string; errors: { message: string; critical: number }[] };
    assert.equal(parsed.url, `${suite.server.url}/manifest.webmanifest`);
    assert.deepEqual(parsed.errors, [], "Chromium found errors in the manifest");
    await context.close();
  });

  for (const [label, viewport] of [["mobile", MOBILE], ["desktop", WIDE]] as const) {
    test(`/app-store (${viewport.width} px): store block, tabs with the Reviews histogram, install overlay, and copy link`, async () => {
      const context = await suite.browser.newContext({ baseURL: suite.server.url, viewport, permissions: ["clipboard-read", "clipboard-write"] });
      const page = await context.newPage();
      const pageErrors: string[] = [];
      page.on("pageerror", (error) => pageErrors.push(error.message));
      await page.goto("/app-store");
      await page.getByRole("heading", { level: 1, name: "TabVault" }).waitFor();
      await page.getByRole("link", { name: "Back to home" }).waitFor();
      // Every sample figure says it is one.
      const notice = page.getByRole("complementary", { name: "A sample store listing" });
      await notice.getByText(/TabVault is not published in an app store\. The rating, review counts, downloads, Editor's Choice badge/).waitFor();
      assert.equal(await notice.getByRole("link", { name: "changelog" }).getAttribute("href"), "/changelog");
      await page.getByText("(2.1K sample reviews)", { exact: true }).waitFor();
      await page.getByText("downloads (sample)", { exact: true }).waitFor();
      for (const text of ["Editor's Choice (sample)", "1M+", "Clear All Protection", "Tab Management", "Security Dashboard", "Advanced Protection", "Mobile Optimized", "Real-time Monitoring"]) {
        await page.getByText(text, { exact: true }).first().waitFor();
      }
      await page.getByRole("heading", { name: "User Reviews" }).waitFor();
      const more = page.getByRole("heading", { name: "More from TabVault" }).locator("..");
      for (const name of ["TabVault Pro", "TabVault Shield", "Tab Manager Plus"]) await more.getByRole("link", { name: new RegExp(name) }).waitFor();

      // The search box holds text and filters nothing.
      const search = page.getByRole("searchbox", { name: "Search apps" });
      await search.fill("shield");
      assert.equal(await search.inputValue(), "shield");
      assert.equal(await more.getByRole("link").count(), 3);

      // Overview with the store install card; then each tab in turn.
      const tabs = page.getByRole("tablist", { name: "About the app" });
      assert.equal(await tabs.getByRole("tab", { name: "Overview" }).getAttribute("aria-selected"), "true");
      await page.getByRole("heading", { name: "Key features" }).waitFor();
      await page.getByRole("heading", { name: "Mobile experience" }).waitFor();
      await page.getByRole("button", { name: "Install", exact: true }).waitFor();
      await screenshot(page, `app-store-${label}`);

      await tabs.getByRole("tab", { name: "Reviews" }).click();
      const histogram = page.getByRole("list", { name: "Ratings by stars" });
      await histogram.waitFor();
      const meters = histogram.getByRole("meter");
      assert.deepEqual(await meters.evaluateAll((nodes) => nodes.map((node) => `${node.getAttribute("aria-label")} ${node.getAttribute("aria-valuenow")}`)), [
        "5 stars 85",
        "4 stars 10",
        "3 stars 3",
        "2 stars 1",
        "1 star 1",
      ]);
      for (const count of ["1.8K", "214", "64"]) await histogram.getByText(count, { exact: true }).waitFor();
      await screenshot(page, `app-store-reviews-${label}`);

      await tabs.getByRole("tab", { name: "Details" }).click();
      await page.getByText("Accessibility Service, System Alert Window", { exact: true }).waitFor();
      await page.getByRole("heading", { name: "App details (sample)" }).waitFor();
      await page.getByText(`${ANDROID_REQUIREMENT}, Chrome, Firefox, Edge`, { exact: true }).waitFor();
      await tabs.getByRole("tab", { name: "Updates" }).click();
      await page.getByRole("heading", { name: "Version history (sample)" }).waitFor();
      await page.getByRole("heading", { name: /Version 2\.1\.0/ }).waitFor();
      await page.getByRole("heading", { name: "Version 2.0.0" }).waitFor();
      await page.getByText("Dec 2024", { exact: true }).waitFor();
      await page.getByText("Nov 2024", { exact: true }).waitFor();

      // View All in the User Reviews card opens the Reviews tab.
      await page.getByRole("button", { name: "View All" }).click();
      assert.equal(await tabs.getByRole("tab", { name: "Reviews" }).getAttribute("aria-selected"), "true");

      // Install App opens the install overlay; without a browser offer it shows the manual steps.
      await page.getByRole("button", { name: "Install App" }).click();
      const dialog = page.getByRole("dialog", { name: "Install TabVault" });
      await dialog.getByText("On a computer (Chrome or Edge)").waitFor();
      await dialog.getByRole("button", { name: "Later" }).click();
      await dialog.waitFor({ state: "detached" });

      // No share sheet in Chromium on Linux: the link is copied.
      assert.equal(await page.evaluate(() => typeof navigator.share), "undefined");
      await page.getByRole("button", { name: "Share" }).click();
      await page.getByText("Link Copied", { exact: true }).waitFor();
      await page.getByText("App link copied to clipboard", { exact: true }).waitFor();
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), `${suite.server.url}/app-store`);

      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `page is ${overflow}px wider than the ${viewport.width}px screen`);
      assert.deepEqual(pageErrors, []);
      await context.close();
    });
  }

  test("on Android the home-screen banner appears after 5 s, adds through the install dialog, and stays dismissed after a reload", async () => {
    for (const [label, viewport] of [["mobile", MOBILE], ["desktop", WIDE]] as const) {
      const context = await suite.browser.newContext({ baseURL: suite.server.url, viewport, userAgent: ANDROID_UA, hasTouch: true });
      const page = await context.newPage();
      await page.goto("/");
      await page.getByRole("heading", { level: 1 }).waitFor();
      await page.waitForFunction(() => performance.now() > 4000);
      assert.equal(await page.getByRole("region", { name: BANNER }).count(), 0, "no banner before 5 s");
      const banner = page.getByRole("region", { name: BANNER });
      await banner.waitFor({ timeout: 5000 });
      assert.ok((await page.evaluate(() => performance.now())) >= 5000, "the banner came after 5 s");
      await viewportScreenshot(page, `pwa-banner-${label}`);

      if (label === "mobile") {
        // No browser offer here, so Add shows Android's add-to-home-screen steps.
        await banner.getByRole("button", { name: "Add" }).click();
        const dialog = page.getByRole("dialog", { name: "Install TabVault" });
        await dialog.getByText("Open the browser menu (⋮).").waitFor();
        await viewportScreenshot(page, "pwa-install-dialog-android-mobile");
        await dialog.getByRole("button", { name: "Later" }).click();
        await banner.waitFor();

        // The badge: Android with service worker, push and notifications is installable.
        await page.goto("/app-store");
        await page.getByText("Installable as App", { exact: true }).first().waitFor();
        await page.goto("/");
      }

      await banner.getByRole("button", { name: "Dismiss" }).click();
      await banner.waitFor({ state: "detached" });
      assert.equal(await page.evaluate(() => localStorage.getItem("homeScreenPromptDismissed")), "true");
      await page.reload();
      await page.getByRole("heading", { level: 1 }).waitFor();
      await page.waitForFunction(() => performance.now() > 6500);
      assert.equal(await page.getByRole("region", { name: BANNER }).count(), 0, "the banner stays dismissed after a reload");
      await context.close();
    }
  });

  for (const [label, viewport] of [["mobile", MOBILE], ["desktop", WIDE]] as const) {
    test(`the install cards on /download (full) and /android (minimal) install through the same dialog (${viewport.width} px)`, async () => {
      const context = await suite.browser.newContext({ baseURL: suite.server.url, viewport, userAgent: ANDROID_UA });
      const page = await context.newPage();
      await page.goto("/download");
      const panel = page.getByRole("region", { name: "Install the web app" });
      await panel.getByRole("heading", { name: "Install TabVault as an app" }).waitFor();
      await panel.getByText("Installable as App", { exact: true }).waitFor();
      await panel.getByRole("button", { name: "Install", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Install TabVault" });
      await dialog.getByText("Open the browser menu (⋮).").waitFor();
      await dialog.getByRole("button", { name: "Later" }).click();
      await dialog.waitFor({ state: "detached" });
      await panel.scrollIntoViewIfNeeded();
      await viewportScreenshot(page, `pwa-download-install-card-${label}`);

      await page.goto("/android");
      await page.getByRole("heading", { level: 1, name: "Android Dashboard" }).waitFor();
      await page.getByText("TabVault app", { exact: true }).waitFor();
      await viewportScreenshot(page, `pwa-android-install-card-${label}`);
      await page.getByRole("button", { name: "Install", exact: true }).click();
      await dialog.waitFor();
      await context.close();
    });
  }

  // Headless Chromium never offers installation itself, so the page is handed the event Chromium would fire:
  // a `beforeinstallprompt` whose prompt() the test answers. Everything after the event is the app's own code.
  for (const answer of ["accepted", "failed"] as const) {
    test(`on Android the browser's install offer opens the dialog after 1 s; the prompt ${answer === "accepted" ? "is accepted, then the app is installed" : "fails and the manual steps show"}`, async () => {
      const context = await suite.browser.newContext({ baseURL: suite.server.url, viewport: MOBILE, userAgent: ANDROID_UA, hasTouch: true });
      const page = await context.newPage();
      await page.goto("/");
      await page.getByRole("heading", { level: 1 }).waitFor();
      const offeredAt = await page.evaluate((outcome) => {
        const offer = new Event("beforeinstallprompt", { cancelable: true }) as Event & {
          prompt: () => Promise<void>;
          userChoice: Promise<{ outcome: string; platform: string }>;
        };
        offer.prompt = () => (outcome === "accepted" ? Promise.resolve() : Promise.reject(new Error("prompt refused")));
        offer.userChoice = Promise.resolve({ outcome: "accepted", platform: "web" });
        window.dispatchEvent(offer);
        return performance.now();
      }, answer);
      const dialog = page.getByRole("dialog", { name: "Install TabVault" });
      await dialog.waitFor();
      const openedAfter = (await page.evaluate(() => performance.now())) - offeredAt;
      assert.ok(openedAfter >= 950, `the dialog opened ${Math.round(openedAfter)} ms after the offer, not 1 s`);
      await dialog.getByRole("button", { name: "Install", exact: true }).click();

      if (answer === "accepted") {
        await page.getByText("Installing TabVault...").first().waitFor();
        await page.waitForTimeout(500); // the toast's fade-in
        await viewportScreenshot(page, "pwa-installing-mobile");
        await page.evaluate(() => window.dispatchEvent(new Event("appinstalled")));
        await page.getByText("App Installed!").first().waitFor();
        const installedAt = Date.now();
        await dialog.waitFor({ state: "detached", timeout: 5000 });
        assert.ok(Date.now() - installedAt >= 1500, "the dialog stays 2 s after the app was installed");
      } else {
        // The toast (announced to screen readers too, hence .first()).
        await page.getByText("Installation Failed").first().waitFor();
        await page.getByText("Please try again or install manually").first().waitFor();
        await dialog.getByText("Open the browser menu (⋮).").waitFor();
      }
      await context.close();
    });
  }

  test("a desktop browser gets no banner and no badge", async () => {
    const context = await newContext(suite.browser, suite.server.url, WIDE);
    const page = await context.newPage();
    await page.goto("/app-store");
    await page.getByRole("heading", { level: 1, name: "TabVault" }).waitFor();
    await page.waitForFunction(() => performance.now() > 6000);
    assert.equal(await page.getByRole("region", { name: BANNER }).count(), 0);
    assert.equal(await page.getByText(/^(Running|Installable) as App$/).count(), 0);
    await context.close();
  });
});
