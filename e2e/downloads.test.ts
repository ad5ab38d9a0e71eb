import assert from "node:assert/strict";
import { cpSync, mkdtempSync } from "node:fs";
import { readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, describe, test } from "node:test";
import type { Download } from "playwright-core";
import { firefoxPackage, signLikeMozilla } from "../server/test/signed-xpi";
import { DESKTOP, MOBILE, newContext, screenshot } from "./support/browser";
import { openSignInLink, signInLinkFor } from "./support/mail";
import { useBrowserSuite } from "./support/suite";

const fixtures = path.resolve("server/downloads/fixtures");

async function savedBytes(download: Download): Promise<Buffer> {
  const file = await download.path();
  return readFile(file);
}

describe("downloads with a fixture RELEASES_DIR", () => {
  // A copy of the fixtures, since one test removes the APK.
  const releasesDir = mkdtempSync(path.join(tmpdir(), "tabvault-e2e-releases-"));
  cpSync(fixtures, releasesDir, { recursive: true });
  const suite = useBrowserSuite({ RELEASES_DIR: releasesDir });
  after(() => rm(releasesDir, { recursive: true, force: true }));

  test("a visitor confirms an address and downloads the Windows file from /download, byte for byte", async () => {
    const context = await newContext(suite.browser, suite.server.url, DESKTOP);
    const page = await context.newPage();
    await page.goto("/download");
    await page.getByRole("heading", { name: "Download TabVault" }).waitFor();
    await page.getByRole("img", { name: "QR code of this page's address" }).waitFor();
    await page.getByRole("button", { name: "Download for Windows" }).click();
    const gate = page.getByRole("dialog", { name: "Get the TabVault app" });
    await gate.getByLabel("Email address").fill("win-visitor@example.com");
    await gate.getByRole("button", { name: "Continue" }).click();
    await page.getByText("Verification Required", { exact: true }).waitFor();
    await screenshot(page, "downloads-page-desktop");

    await openSignInLink(page, await signInLinkFor(suite.server.dataDir, "win-visitor@example.com"));
    await page.goto("/download");
    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download for Windows" }).click();
    const download = await downloading;
    assert.equal(download.suggestedFilename(), "TabVault-Setup-2.1.0.exe");
    assert.ok((await savedBytes(download)).equals(await readFile(path.join(fixtures, "TabVault-Setup-2.1.0.exe"))));
    await page.getByText("TabVault-Setup-2.1.0.exe downloaded.").waitFor();
    await page.getByRole("button", { name: "Download Again" }).waitFor();
    await context.close();
  });

  test("the Android file from the email dialog's free download, once the address is confirmed", async () => {
    const context = await newContext(suite.browser, suite.server.url, MOBILE);
    const page = await context.newPage();
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("button", { name: "Get Started" }).click();
    await page.getByLabel("Email address").fill("droid@example.com");
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("button", { name: /Free download/ }).click();
    const dialog = page.getByRole("dialog", { name: "Download TabVault" });
    await dialog.getByRole("button", { name: "Download for Android" }).click();
    await page.getByText("Verification Required", { exact: true }).waitFor();

    const verify = await context.newPage();
    await openSignInLink(verify, await signInLinkFor(suite.server.dataDir, "droid@example.com"));
    await verify.close();

    const downloading = page.waitForEvent("download");
    await dialog.getByRole("button", { name: "Download for Android" }).click();
    const download = await downloading;
    assert.ok((await savedBytes(download)).equals(await readFile(path.join(fixtures, "TabVault-2.1.0.apk"))));
    await page.getByText("Download Started", { exact: true }).waitFor();
    await page.getByText("Installation Guide", { exact: true }).waitFor({ timeout: 5000 });
    await screenshot(page, "downloads-dialog-mobile");
    await context.close();
  });

  test("once a release Mozilla signed for this server is published, the Firefox card offers it: “Signed by Mozilla”, “Add to Firefox”", async () => {
    // What `npm run release:extension` leaves in RELEASES_DIR (decision 211); the signature files are stand-ins.
    const signed = signLikeMozilla(firefoxPackage({ serverUrl: suite.server.url }));
    const fileName = "tabvault-firefox-0.1.0-signed.xpi";
    await writeFile(path.join(releasesDir, fileName), signed);
    const record = { firefox: { version: "0.1.0", fileName, serverUrl: suite.server.url, addonId: "extension@tabvault.app", signedAt: "2026-11-28T10:00:00.000Z" } };
    await writeFile(path.join(releasesDir, "signed-extensions.json"), JSON.stringify(record));
    try {
      const context = await newContext(suite.browser, suite.server.url, DESKTOP);
      const page = await context.newPage();
      await page.goto("/download");
      const firefox = page.getByRole("region", { name: "Protect your browser" }).getByRole("article", { name: "TabVault for Firefox" });
      await firefox.getByText("Signed by Mozilla", { exact: true }).waitFor();
      await firefox.getByText("(click “Continue to Installation”), then whether to add TabVault: click Add.", { exact: false }).waitFor();
      assert.equal(await firefox.getByText("xpinstall.signatures.required", { exact: false }).count(), 0);
      await screenshot(page, "extension-download-signed-desktop");
      // Headless Chromium cannot install it, so it saves the file: the signed bytes, under their own name.
      const downloading = page.waitForEvent("download");
      await firefox.getByRole("link", { name: "Add to Firefox" }).click();
      const download = await downloading;
      assert.equal(download.suggestedFilename(), fileName);
      assert.ok((await savedBytes(download)).equals(Buffer.from(signed)));
      await context.close();
    } finally {
      await rm(path.join(releasesDir, "signed-extensions.json"), { force: true });
    }
  });

  test("/download-android downloads the APK from a plan card", async () => {
    const context = await newContext(suite.browser, suite.server.url, DESKTOP);
    const page = await context.newPage();
    await page.goto("/download-android");
    await page.getByText("Recommended", { exact: true }).waitFor();
    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download APK" }).nth(1).click();
    const download = await downloading;
    assert.ok((await savedBytes(download)).equals(await readFile(path.join(fixtures, "TabVault-2.1.0.apk"))));
    await page.getByText("Download Complete!", { exact: true }).waitFor();
    await screenshot(page, "downloads-android-desktop");
    await context.close();
  });

  test("the list failing says 'Download Error' in a toast and on the page, and Try again loads it", async () => {
    const context = await newContext(suite.browser, suite.server.url, MOBILE);
    const page = await context.newPage();
    await page.route("**/api/downloads/available*", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: '{"message":"Internal server error"}' }),
    );
    await page.goto("/download");
    const toasts = page.getByRole("region", { name: /Notifications/ });
    await toasts.getByText("Download Error", { exact: true }).waitFor();
    await toasts.getByText("Failed to fetch available downloads. Please try again.", { exact: true }).waitFor();
    const inline = page.getByRole("alert").filter({ hasText: "Failed to fetch available downloads. Please try again." });
    await inline.waitFor();
    await screenshot(page, "downloads-list-error-mobile");
    await page.setViewportSize({ width: 1440, height: 900 });
    await screenshot(page, "downloads-list-error-desktop");
    await page.unroute("**/api/downloads/available*");
    await inline.getByRole("button", { name: "Try again" }).click();
    await page.getByRole("button", { name: "Download for Windows" }).waitFor();
    assert.equal(await inline.count(), 0);
    await context.close();
  });

  test("the email dialog's download list failing says 'Download Error' too, and Try again loads it", async () => {
    const context = await newContext(suite.browser, suite.server.url, MOBILE);
    const page = await context.newPage();
    await page.route("**/api/downloads/available*", (route) => route.fulfill({ status: 503, contentType: "application/json", body: '{"message":"Service temporarily unavailable"}' }));
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("button", { name: "Get Started" }).click();
    await page.getByLabel("Email address").fill("list-down@example.com");
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("button", { name: /Free download/ }).click();
    const dialog = page.getByRole("dialog", { name: "Download TabVault" });
    // The open dialog hides the rest of the page (the toasts too) from the accessibility tree.
    await page.getByText("Download Error", { exact: true }).waitFor();
    const inline = dialog.getByRole("alert").filter({ hasText: "Failed to fetch available downloads. Please try again." });
    await inline.waitFor();
    await screenshot(page, "downloads-dialog-list-error-mobile");
    await page.unroute("**/api/downloads/available*");
    await inline.getByRole("button", { name: "Try again" }).click();
    await dialog.getByRole("button", { name: "Download for Android" }).waitFor();
    await context.close();
  });

  test("a transfer that breaks off says 'Failed to complete download' and offers Retry", async () => {
    const context = await newContext(suite.browser, suite.server.url, DESKTOP);
    const page = await context.newPage();
    await page.goto("/api/login?email=cut-off@example.com");
    await openSignInLink(page, await signInLinkFor(suite.server.dataDir, "cut-off@example.com"));
    // The server announces the whole file and the connection ends after its first bytes.
    await page.route("**/download/file/**", async (route) => {
      const response = await route.fetch();
      const bytes = await response.body();
      await route.fulfill({ status: 200, headers: { ...response.headers(), "content-length": String(bytes.length) }, body: bytes.subarray(0, 1000) });
    });
    await page.goto("/download");
    await page.getByRole("button", { name: "Download for Windows" }).click();
    const toasts = page.getByRole("region", { name: /Notifications/ });
    await toasts.getByText("Download Failed", { exact: true }).waitFor();
    await toasts.getByText("Failed to complete download", { exact: true }).waitFor();
    await page.getByText("Download failed. Please try again. (Failed to complete download)").waitFor();
    await screenshot(page, "downloads-incomplete-desktop");
    await page.unroute("**/download/file/**");
    await page.getByRole("button", { name: "Retry" }).click();
    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download for Windows" }).click();
    assert.ok((await savedBytes(await downloading)).equals(await readFile(path.join(fixtures, "TabVault-Setup-2.1.0.exe"))));
    await context.close();
  });

  test("with the APK removed: /download-android and /download offer no Android app", async () => {
    await rm(path.join(releasesDir, "TabVault-2.1.0.apk"));
    const context = await newContext(suite.browser, suite.server.url, DESKTOP);
    const page = await context.newPage();
    await page.goto("/download-android");
    await page.getByText("No TabVault app for Android is published on this server.", { exact: true }).waitFor();
    const buttons = page.getByRole("button", { name: "Not published" });
    assert.equal(await buttons.count(), 4);
    for (const button of await buttons.all()) assert.equal(await button.isDisabled(), true);
    await page.goto("/download");
    // A native app is offered only while its file is published: Windows stays, Android is gone.
    await page.getByRole("heading", { level: 2, name: "Windows app" }).waitFor();
    await page.getByRole("button", { name: "Download for Windows" }).waitFor();
    assert.equal(await page.getByRole("button", { name: /Android/ }).count(), 0);
    await context.close();
  });
});
