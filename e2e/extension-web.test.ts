/// <reference lib="dom" />
import assert from "node:assert/strict";
import { cpSync, existsSync, mkdtempSync, symlinkSync } from "node:fs";
import { readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, describe, type TestContext, test } from "node:test";
import { strFromU8, unzipSync } from "fflate";
import type { BrowserContext, Download, Page } from "playwright-core";
import { DESKTOP, MOBILE, newContext, screenshot } from "./support/browser";
import { openSignInLink, signInLinkFor, signInThroughMail } from "./support/mail";
import { useBrowserSuite } from "./support/suite";

const CHROMIUM_CARD = "TabVault for Chrome / Edge / Brave / Opera";
const FIREFOX_CARD = "TabVault for Firefox";

/**
 * The built extension the server packages comes from `<app root>/dist/extension`. Until this tree builds
 * the extension itself, the suite runs a copy of the build whose dist/extension is the server tests'
 * tiny stand-in (the server is a copy so that its app root is the copy; the client and packages are linked).
 */
function appRootWithExtension(): string | undefined {
  if (existsSync("dist/extension/chrome-mv3/manifest.json")) return undefined;
  const root = mkdtempSync(path.join(tmpdir(), "tabvault-e2e-extension-app-"));
  cpSync("package.json", path.join(root, "package.json"));
  cpSync("dist/server", path.join(root, "dist/server"), { recursive: true });
  symlinkSync(path.resolve("dist/client"), path.join(root, "dist/client"), "dir");
  symlinkSync(path.resolve("node_modules"), path.join(root, "node_modules"), "dir");
  cpSync("server/downloads/fixtures/extension", path.join(root, "dist/extension"), { recursive: true });
  return root;
}

async function unzipDownload(download: Download): Promise<Record<string, string>> {
  const bytes = await readFile(await download.path());
  return Object.fromEntries(Object.entries(unzipSync(new Uint8Array(bytes))).map(([name, data]) => [name, strFromU8(data)]));
}

/** The extension's bridge content script, played by the page itself: it answers a ping and takes restores. */
async function pretendExtensionInstalled(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const requests: string[] = [];
    Object.assign(window, { tabvaultRestoreRequests: requests });
    window.addEventListener("message", (event: MessageEvent) => {
      if (event.source !== window || event.origin !== location.origin) return;
      const data = event.data as { type?: string; backupId?: string } | null;
      if (data?.type === "tabvault:ping") window.postMessage({ type: "tabvault:extension", version: "0.1.0" }, location.origin);
      if (data?.type === "tabvault:restore" && data.backupId) {
        requests.push(data.backupId);
        window.postMessage({ type: "tabvault:restore-started", backupId: data.backupId, message: "Restoring 3 tabs" }, location.origin);
      }
    });
  });
}

describe("the browser extension on the web: /download, /connect, the device list, restore in this browser", () => {
  const appRoot = appRootWithExtension();
  // The stand-in Windows and Android release too, so the page shows both of its download sections.
  const suite = useBrowserSuite({ RELEASES_DIR: path.resolve("server/downloads/fixtures") }, appRoot ? { appRoot } : {});
  after(() => (appRoot ? rm(appRoot, { recursive: true, force: true }) : undefined));

  /** What the extension does first: ask for a device code and a user code, without any account. */
  async function startPairing(t: TestContext, clientName = "Chrome on Linux", platform = "chromium") {
    const response = await fetch(`${suite.server.url}/api/device-authorizations`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ clientName, platform }),
    });
    if (response.status === 404) {
      t.skip("this build has no device-authorization server (server/devices) yet");
      return null;
    }
    assert.equal(response.status, 201, await response.clone().text());
    const started = (await response.json()) as { deviceCode: string; userCode: string; verificationUriComplete: string; interval: number };
    suite.secretsSeen.push(started.deviceCode);
    return started;
  }

  /** The extension's poll, as it runs after the person decided. */
  async function poll(deviceCode: string) {
    const response = await fetch(`${suite.server.url}/api/device-authorizations/token`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ deviceCode }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, string> };
  }

  test("/download offers both extension packages, each set up to talk to this server (1280 and 390 px)", async () => {
    const context = await newContext(suite.browser, suite.server.url, DESKTOP);
    const page = await context.newPage();
    await page.goto("/download");
    const section = page.getByRole("region", { name: "Protect your browser" });
    await section.waitFor();
    const chromium = section.getByRole("article", { name: CHROMIUM_CARD });
    const firefox = section.getByRole("article", { name: FIREFOX_CARD });
    await chromium.getByRole("link", { name: "Download .zip" }).waitFor();
    await firefox.getByRole("link", { name: "Download .xpi" }).waitFor();
    // Headless Chromium is a Chromium browser: its card is the one marked.
    await chromium.getByText("Your browser", { exact: true }).waitFor();
    assert.equal(await firefox.getByText("Your browser", { exact: true }).count(), 0);
    for (const step of ["Turn on Developer mode.", "chrome://extensions", "Load unpacked"]) await chromium.getByText(step).first().waitFor();
    for (const step of ["Load Temporary Add-on", "Developer Edition, Nightly or ESR"]) await firefox.getByText(step, { exact: false }).first().waitFor();
    // Nothing signed is published for this server: the card says so rather than let the download look installable.
    await firefox.getByText("Not signed by Mozilla", { exact: true }).waitFor();
    assert.equal(await chromium.getByText("Not signed by Mozilla", { exact: true }).count(), 0);
    // The apps are still offered below.
    await page.getByRole("button", { name: "Download for Windows" }).waitFor();
    await screenshot(page, "extension-download-desktop");

    const zipping = page.waitForEvent("download");
    await chromium.getByRole("link", { name: "Download .zip" }).click();
    const zip = await zipping;
    assert.match(zip.suggestedFilename(), /^tabvault-chromium-[0-9][0-9A-Za-z.+-]*\.zip$/);
    const files = await unzipDownload(zip);
    assert.deepEqual(JSON.parse(files["server-config.json"] ?? "null"), { serverUrl: suite.server.url });
    const manifest = JSON.parse(files["manifest.json"] ?? "null") as { host_permissions: string[]; version: string };
    assert.ok(manifest.host_permissions.includes("http://127.0.0.1/*"), `host permissions: ${manifest.host_permissions.join(", ")}`);
    assert.ok(zip.suggestedFilename().includes(manifest.version));
    await chromium.getByText(zip.suggestedFilename()).waitFor();

    const xpiDownload = page.waitForEvent("download");
    await firefox.getByRole("link", { name: "Download .xpi" }).click();
    const xpi = await xpiDownload;
    assert.match(xpi.suggestedFilename(), /^tabvault-firefox-[0-9][0-9A-Za-z.+-]*\.xpi$/);
    assert.deepEqual(JSON.parse((await unzipDownload(xpi))["server-config.json"] ?? "null"), { serverUrl: suite.server.url });

    const phone = await newContext(suite.browser, suite.server.url, MOBILE);
    const small = await phone.newPage();
    await small.goto("/download");
    await small.getByRole("article", { name: FIREFOX_CARD }).getByRole("link", { name: "Download .xpi" }).waitFor();
    const overflow = await small.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.equal(overflow, 0, "nothing wider than the 390 px screen");
    await screenshot(small, "extension-download-mobile");
    await phone.close();
    await context.close();
  });

  test("/connect: signed out, sign in and come back; Connect; the extension's poll gets its token; the dashboard lists the browser", async (t) => {
    const pairing = await startPairing(t);
    if (!pairing) return;
    assert.match(pairing.userCode, /^[A-Z]{4}-[A-Z]{4}$/);
    assert.equal(pairing.verificationUriComplete, `/connect?code=${pairing.userCode}`);
    const pending = await poll(pairing.deviceCode);
    assert.equal(pending.status, 400);
    assert.equal(pending.body.error, "authorization_pending");

    const context = await newContext(suite.browser, suite.server.url, DESKTOP);
    const page = await context.newPage();
    await page.goto(pairing.verificationUriComplete);
    await page.getByRole("heading", { level: 1, name: "Sign in to connect" }).waitFor();
    await page.getByRole("link", { name: "Sign in" }).click();
    await page.waitForURL(/\/sign-in\?/);
    await page.getByLabel("Email address").fill("extension-owner@example.com");
    await page.getByRole("button", { name: "Email me a sign-in link" }).click();
    await page.waitForURL(/\/check-email/);
    await openSignInLink(page, await signInLinkFor(suite.server.dataDir, "extension-owner@example.com"));
    await page.waitForURL(`**${pairing.verificationUriComplete}`);

    // The kind of device is the question; the name is the device's own words; the token's reach is listed whole.
    await page.getByRole("heading", { level: 1, name: "Connect TabVault for Chrome?" }).waitFor();
    await page.getByText("It calls itself “Chrome on Linux”.", { exact: false }).waitFor();
    await page.getByText(pairing.userCode, { exact: true }).waitFor();
    const reach = page.getByRole("region", { name: "What the extension can read and change" });
    await reach.getByText("read the open tabs of your other connected browsers and apps", { exact: false }).waitFor();
    await reach.getByText("Your backups: read every one (addresses, titles and saved form entries; sealed ones stay sealed)", { exact: false }).waitFor();
    await reach.getByText("Payments and subscriptions, changing your profile, your other devices' tokens", { exact: false }).waitFor();
    assert.equal(await reach.getByText("Analytics", { exact: false }).count(), 0, "a browser token reaches no analytics");
    assert.equal(await page.getByText("cannot see your other devices", { exact: false }).count(), 0);
    await screenshot(page, "connect-confirm-desktop");
    await page.getByRole("button", { name: "Connect", exact: true }).click();
    await page.getByRole("heading", { level: 1, name: "Connected" }).waitFor();
    await page.getByText("You can close this tab — the extension is now protecting this browser.", { exact: false }).waitFor();
    await screenshot(page, "connect-connected-desktop");

    const granted = await poll(pairing.deviceCode);
    assert.equal(granted.status, 200, JSON.stringify(granted.body));
    suite.secretsSeen.push(granted.body.accessToken ?? "");
    assert.match(granted.body.accessToken ?? "", /^tvd_/);
    assert.equal(granted.body.tokenType, "Bearer");
    assert.equal(granted.body.scope, "browser");
    assert.equal(granted.body.deviceName, "Chrome on Linux");
    assert.equal(granted.body.email, "extension-owner@example.com");

    await page.getByRole("link", { name: "See your devices on the dashboard" }).click();
    const devices = page.getByRole("region", { name: "Devices" });
    await devices.getByText("Chrome on Linux", { exact: true }).waitFor();
    await devices.getByRole("button", { name: "Revoke Chrome on Linux" }).waitFor();
    // The device-authorization server sends each token's scope: the browser is listed as what it is.
    await devices.getByText(/^Browser extension · Never used$/).waitFor();
    await screenshot(page, "connect-dashboard-devices-desktop");
    await context.close();
  });

  test("/connect: Cancel leaves the device unconnected, and its poll hears access_denied (390 px)", async (t) => {
    const pairing = await startPairing(t, "Firefox on Windows");
    if (!pairing) return;
    const context = await newContext(suite.browser, suite.server.url, MOBILE);
    const page = await context.newPage();
    await signInThroughMail(page, suite.server.dataDir, "careful@example.com", pairing.verificationUriComplete);
    await page.getByRole("heading", { level: 1, name: "Connect TabVault for Chrome?" }).waitFor();
    await page.getByText("It calls itself “Firefox on Windows”.", { exact: false }).waitFor();
    await screenshot(page, "connect-confirm-mobile");
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("heading", { level: 1, name: "Not connected" }).waitFor();
    await page.getByText(/Connect to TabVault/).first().waitFor();
    const refused = await poll(pairing.deviceCode);
    assert.equal(refused.status, 400);
    assert.equal(refused.body.error, "access_denied");
    await context.close();
  });

  test("/connect: a device that says it is the Windows app is asked about as the app, with the app token's whole reach; a hostile name stays its own words", async (t) => {
    const pairing = await startPairing(t, "TabVault security check – approve to keep your account", "windows");
    if (!pairing) return;
    const context = await newContext(suite.browser, suite.server.url, DESKTOP);
    const page = await context.newPage();
    await signInThroughMail(page, suite.server.dataDir, "app-connector@example.com", pairing.verificationUriComplete);
    await page.getByRole("heading", { level: 1, name: "Connect TabVault for Windows?" }).waitFor();
    await page.getByText("A device that says it is the TabVault app for Windows asks to join your account.", { exact: false }).waitFor();
    await page.getByText("It calls itself “TabVault security check – approve to keep your account”.", { exact: false }).waitFor();
    const reach = page.getByRole("region", { name: "What the app can read and change" });
    await reach.getByText("Analytics, history reports and backup summaries, as your plan allows.").waitFor();
    await reach.getByText("Your account: your name, email address and plan, read only.").waitFor();
    await reach.getByText("read the open tabs of your other connected browsers and apps", { exact: false }).waitFor();
    await screenshot(page, "connect-confirm-app-desktop");
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("heading", { level: 1, name: "Not connected" }).waitFor();
    await context.close();
  });

  test("/connect: a typed code is looked up; an unknown one, and one the server reports expired, say how to start again", async (t) => {
    const context = await newContext(suite.browser, suite.server.url, DESKTOP);
    const page = await context.newPage();
    await signInThroughMail(page, suite.server.dataDir, "typist@example.com", "/connect");
    await page.getByRole("heading", { level: 1, name: "Connect a device" }).waitFor();
    await page.getByLabel("Connection code").fill("bcd");
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByText("That is not a connection code.", { exact: false }).waitFor();

    // Never issued (or expired and cleaned up): the server does not know it.
    await page.getByLabel("Connection code").fill("zzzz zzzz");
    await page.getByRole("button", { name: "Continue" }).click();
    await page.waitForURL(/\/connect\?code=ZZZZ-ZZZZ$/);
    await page.getByRole("heading", { level: 1, name: "No connection request with this code" }).waitFor();
    await page.getByText(/then “Connect to TabVault”: it opens this page with the new code/).waitFor();
    await screenshot(page, "connect-unknown-code-desktop");

    const pairing = await startPairing(t, "Chrome on Windows");
    if (!pairing) return;
    // A typed code, lower case and without its dash, finds the request.
    await page.getByLabel("Connection code").fill(pairing.userCode.replace("-", "").toLowerCase());
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("heading", { level: 1, name: "Connect TabVault for Chrome?" }).waitFor();

    // A real process cannot be made to wait out the 10 minutes: the server's answer for an expired code is
    // played here, in the shape the server gives once the code's time has passed.
    await page.route("**/api/device-authorizations/*", async (route) => {
      if (route.request().method() !== "GET") return route.continue();
      const answer = await route.fetch();
      const body = (await answer.json()) as Record<string, unknown>;
      await route.fulfill({ response: answer, json: { ...body, status: "expired", expiresAt: new Date(Date.now() - 60_000).toISOString() } });
    });
    await page.reload();
    await page.getByRole("heading", { level: 1, name: "This code has expired" }).waitFor();
    await page.getByText("Connection codes work for 10 minutes", { exact: false }).waitFor();
    await page.getByLabel("Connection code").waitFor();
    await screenshot(page, "connect-expired-desktop");
    await context.close();
  });

  test("the Session Manager hands a restore to the installed extension instead of opening tabs", async () => {
    const context = await newContext(suite.browser, suite.server.url, DESKTOP);
    await pretendExtensionInstalled(context);
    const page = await context.newPage();
    await signInThroughMail(page, suite.server.dataDir, "restorer@example.com");
    await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
    const backup = await page.evaluate(async () => {
      const response = await fetch("/api/protection/android-clear-all", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          userEmail: "restorer@example.com",
          browserSession: { tabs: [1, 2, 3].map((n) => ({ url: `https://news.example/${n}`, title: `Story ${n}` })), browserType: "chrome" },
        }),
      });
      return (await response.json()) as { sessionId: string };
    });

    await page.goto("/sessions");
    await page.getByRole("list", { name: "Saved Sessions" }).getByRole("button").first().click();
    const opened: Page[] = [];
    context.on("page", (extra) => opened.push(extra));
    await page.getByRole("button", { name: "Restore in this browser" }).click();
    await page.getByText("Restoring in this browser…", { exact: true }).waitFor();
    await page.getByText("Restoring 3 tabs", { exact: true }).waitFor();
    assert.deepEqual(await page.evaluate(() => (window as unknown as { tabvaultRestoreRequests: string[] }).tabvaultRestoreRequests), [backup.sessionId]);
    await page.waitForTimeout(800);
    assert.equal(opened.length, 0, "no tab opened by the page: the extension restores");
    await context.close();
  });
});
