/// <reference lib="dom" />
import assert from "node:assert/strict";
import path from "node:path";
import { describe, test } from "node:test";
import type { Page } from "playwright-core";
import { clientRoutes } from "../common/routes";
import { DESKTOP, MOBILE, newContext, screenshot } from "./support/browser";
import { signInThroughMail } from "./support/mail";
import { useBrowserSuite } from "./support/suite";

/**
 * What a walk through both specification documents found to differ: protection modes and one
 * protection state, the in-page blocker for visitors, the status headline, the Android dashboard's demo
 * and settings, the plan cards of /download-android, document titles and the dashboard demo's storage.
 */

/** Marks the page, so a later check can tell that it was never reloaded. */
/** Screens that send a signed-out visitor to sign in, a second after saying so (`useRequireSignIn`). */
const sendsVisitorsToSignIn = new Set(["/checkout", "/subscribe"]);

/**
 * The address and title a screen settles on: read after the account query has answered, and for a screen that sends
 * visitors to sign in, after it has, or a loaded machine records the first screen's address with the second one's
 * title, or the move replaces the page while it is read.
 */
async function settledScreenAndTitle(page: Page, route: string): Promise<readonly [string, string]> {
  if (sendsVisitorsToSignIn.has(route)) await page.waitForURL((url) => url.pathname === "/sign-in");
  await page.waitForLoadState("networkidle");
  return page.evaluate(() => [location.pathname, document.title] as const);
}

async function markPage(page: Page): Promise<void> {
  await page.evaluate(() => Object.assign(window, { tabvaultNotReloaded: true }));
}

async function assertNotReloaded(page: Page): Promise<void> {
  assert.equal(await page.evaluate(() => "tabvaultNotReloaded" in window), true, "the page was not reloaded");
}

describe("spec conformance (issue 21)", () => {
  const suite = useBrowserSuite({ RELEASES_DIR: path.resolve("server/downloads/fixtures") });

  async function signInAs(page: Page, email: string) {
    await signInThroughMail(page, suite.server.dataDir, email);
    await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
  }

  test("Backup mode lets Clear All through and backs the page up instead; the Clear All Blocker says so", async () => {
    const context = await newContext(suite.browser, suite.server.url, DESKTOP);
    const page = await context.newPage();
    await signInAs(page, "backup-mode@example.com");
    await page.goto("/protection-settings");
    await page.getByRole("radio", { name: /Backup/ }).check();
    await page.getByRole("button", { name: "Save Settings" }).click();
    await page.getByText("Settings Saved", { exact: true }).waitFor();

    await page.getByRole("banner").getByRole("link", { name: "Block Clear All" }).click();
    await page.getByText("BACKUP MODE", { exact: true }).waitFor();
    assert.equal(await page.getByText("BLOCKING ACTIVE", { exact: true }).count(), 0);
    assert.equal(await page.getByRole("switch", { name: "Block Clear All Buttons" }).getAttribute("aria-checked"), "false");
    await page.getByText(/Clear All is let through in Backup mode/).waitFor();
    await screenshot(page, "spec-blocker-backup-mode-desktop");

    const backup = page.waitForResponse((response) => response.url().endsWith("/api/protection/android-clear-all") && response.request().method() === "POST");
    await page.keyboard.press("Control+Shift+W");
    assert.equal((await backup).status(), 201, "the shortcut backs the session up");
    await page.waitForTimeout(500);
    assert.equal(await page.getByText("Clear All Blocked!", { exact: true }).count(), 0, "nothing is blocked in Backup mode");

    await page.getByRole("button", { name: "Test (Would Clear Tabs)" }).click();
    await page.getByText("Clear All Would Work", { exact: true }).waitFor();
    await context.close();
  });

  test("one protection state: switched off on /android, every screen and the in-page blocker follow without a reload", async () => {
    const context = await newContext(suite.browser, suite.server.url, DESKTOP);
    const page = await context.newPage();
    await signInAs(page, "one-state@example.com");
    // Two more tabs of the same browser, already open on the other screens.
    const blockerTab = await context.newPage();
    await blockerTab.goto("/clear-all-blocker");
    await blockerTab.getByText("BLOCKING ACTIVE", { exact: true }).waitFor();
    const settingsTab = await context.newPage();
    await settingsTab.goto("/protection-settings");
    await settingsTab.getByText("ACTIVE - BLOCKING", { exact: true }).waitFor();

    await page.goto("/android");
    await markPage(page);
    const toggle = page.getByRole("switch", { name: /^Protection (on|off)$/ });
    await page.getByText("Protection on", { exact: true }).waitFor();
    await toggle.click();
    await page.getByText("Protection off", { exact: true }).waitFor();

    await blockerTab.getByText("PROTECTION OFF", { exact: true }).waitFor();
    await settingsTab.getByText("DISABLED", { exact: true }).waitFor();

    await page.getByRole("banner").getByRole("link", { name: "Block Clear All" }).click();
    await page.getByText("PROTECTION OFF", { exact: true }).waitFor();
    await page.keyboard.press("Control+Shift+W");
    await page.waitForTimeout(500);
    assert.equal(await page.getByText("Clear All Blocked!", { exact: true }).count(), 0, "protection is off: nothing is blocked");

    await page.getByRole("switch", { name: "Block Clear All Buttons" }).click();
    await page.getByText("BLOCKING ACTIVE", { exact: true }).waitFor();
    await page.keyboard.press("Control+Shift+W");
    await page.getByText("Clear All Blocked!", { exact: true }).first().waitFor();
    await page.getByRole("banner").getByRole("link", { name: "Dashboard" }).click();
    await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
    await page.goBack();
    await page.goBack();
    await page.getByText("Protection on", { exact: true }).waitFor();
    await settingsTab.getByText("ACTIVE - BLOCKING", { exact: true }).waitFor();
    await assertNotReloaded(page);
    await context.close();
  });

  test("/system-status's headline follows its rows: a degraded row is not 'All systems operational'", async () => {
    const context = await newContext(suite.browser, suite.server.url, MOBILE);
    const page = await context.newPage();
    await page.goto("/system-status");
    const services = page.getByRole("list", { name: "Services" });
    // The suite runs the sandbox payment provider: Payments says so.
    await services.getByRole("listitem").filter({ hasText: "Payments" }).getByText("Degraded", { exact: true }).waitFor();
    const statuses = await services.getByRole("listitem").evaluateAll((rows) => rows.map((row) => row.lastElementChild?.textContent?.trim()));
    assert.ok(!statuses.includes("Outage"), `only Payments is short of operational here: ${statuses.join(", ")}`);
    await page.getByText("Some systems are degraded: Payments", { exact: true }).waitFor();
    assert.equal(await page.getByText("All systems operational").count(), 0);
    await screenshot(page, "spec-system-status-mobile");
    await context.close();
  });

  test("a visitor's Clear All Blocker blocks from the moment the page loads", async () => {
    const context = await newContext(suite.browser, suite.server.url, MOBILE);
    const page = await context.newPage();
    await page.goto("/clear-all-blocker");
    await page.getByText("BLOCKING ACTIVE", { exact: true }).waitFor();
    await page.getByLabel("0 blocked attempts").waitFor();
    await page.keyboard.press("Control+Shift+W");
    await page.getByText("Clear All Blocked!", { exact: true }).waitFor();
    await page.getByLabel("1 blocked attempts").waitFor();
    await context.close();
  });

  test("a visitor is protected in the page: close-all shortcuts are blocked and counted, and leaving with typing asks first", async () => {
    const context = await newContext(suite.browser, suite.server.url, DESKTOP);
    const page = await context.newPage();
    const logged: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/protection/log-blocked")) logged.push(request.url());
    });
    await page.goto("/contact");
    await page.getByRole("heading", { level: 1 }).waitFor();
    // The blocker's chunk loads after the screen; a person's first shortcut comes later than a script's.
    await page.waitForLoadState("networkidle");
    await page.keyboard.press("Control+Alt+W");
    await page.getByText("Clear All Blocked!", { exact: true }).waitFor();
    assert.deepEqual(logged, [], "a visitor's block is counted in this browser, not sent");

    await page.getByRole("banner").getByRole("link", { name: "Block Clear All" }).click();
    await page.getByText("Clear All attempts blocked in this browser").waitFor();
    await page.getByLabel("1 blocked attempts").waitFor();

    await page.goBack();
    // A click first: a browser asks before unloading only a page the person has used.
    await page.getByLabel("Message").click();
    await page.getByLabel("Message").fill("A long question I do not want to type twice");
    // Answered before anything else closes: closing the context over an open beforeunload dialog can take
    // the whole browser down, and with it the tests after this one.
    const asked = new Promise<string>((resolve) => {
      page.once("dialog", (dialog) => {
        void dialog.dismiss().then(() => resolve(dialog.type()));
      });
    });
    await page.close({ runBeforeUnload: true });
    assert.equal(await asked, "beforeunload");
    // Dismissed, the page stays: it is closed without asking again, then the context.
    await page.close();
    await context.close();
  });

  for (const viewport of [MOBILE, DESKTOP]) {
    test(`/android has a simulated Clear All demo of the three ways it can go, at ${viewport.width} px`, async () => {
      const context = await newContext(suite.browser, suite.server.url, viewport);
      const page = await context.newPage();
      await page.goto("/android");
      const demo = page.getByRole("region", { name: "Simulated Clear All" });
      await demo.getByText("A simulation: no real tabs are touched.").waitFor();
      const tabs = demo.getByRole("list", { name: "Simulated browser tabs" }).getByRole("listitem");
      assert.equal(await tabs.count(), 4);
      // It starts from this browser's own protection: on, in Block mode.
      assert.equal(await demo.getByRole("radio", { name: "Block" }).isChecked(), true);

      await demo.getByRole("button", { name: "Tap Clear All" }).click();
      await demo.getByText("Blocked: your 4 tabs stay open.").waitFor();
      assert.equal(await tabs.count(), 4);

      await demo.getByRole("radio", { name: "Backup" }).check();
      await demo.getByRole("button", { name: "Tap Clear All" }).click();
      await demo.getByText("Clear All went through, and the 4 tabs were backed up first.").waitFor();
      assert.equal(await tabs.count(), 0);
      await screenshot(page, `spec-android-demo-backup-${viewport.width}`);
      await demo.getByRole("button", { name: "Restore 4 tabs" }).click();
      assert.equal(await tabs.count(), 4);

      await demo.getByRole("radio", { name: "Off" }).check();
      await demo.getByRole("button", { name: "Tap Clear All" }).click();
      await demo.getByText("All 4 tabs are gone.").waitFor();
      assert.equal(await tabs.count(), 0);
      await demo.getByRole("button", { name: "Start again" }).click();
      assert.equal(await tabs.count(), 4);
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), "nothing wider than the screen");
      await context.close();
    });
  }

  test("both settings screens say the one rule: settings are kept when Save Settings is clicked", async () => {
    const context = await newContext(suite.browser, suite.server.url, MOBILE);
    const page = await context.newPage();
    await signInAs(page, "settings-rule@example.com");
    const rule = "Changes are kept when you click Save Settings.";
    await page.goto("/protection-settings");
    await page.getByText(rule, { exact: true }).waitFor();
    await page.getByRole("radio", { name: /Backup/ }).check();
    await page.getByText("Not saved yet.", { exact: true }).waitFor();

    await page.goto("/android");
    await page.getByRole("tab", { name: "Settings" }).click();
    await page.getByText(rule, { exact: true }).waitFor();
    assert.equal(await page.getByRole("button", { name: "Save Settings" }).isDisabled(), true, "nothing to save yet");
    await screenshot(page, "spec-android-settings-mobile");
    // The unsaved Backup choice above was not kept.
    await page.goto("/protection-settings");
    await page.getByText("ACTIVE - BLOCKING", { exact: true }).waitFor();
    await context.close();
  });

  test("/download-android's plan cards show each plan's tab limit and app size", async () => {
    const context = await newContext(suite.browser, suite.server.url, MOBILE);
    const page = await context.newPage();
    await page.goto("/download-android");
    const card = (plan: string) => page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: plan, level: 2, exact: true }) });
    for (const [plan, tabs, size] of [
      ["Free", "Up to 5 tabs a day", "15 MB on your phone"],
      ["Basic", "Up to 20 tabs a day", "18 MB on your phone"],
      ["Pro", "Unlimited tabs", "22 MB on your phone"],
      ["Premium", "Unlimited tabs", "25 MB on your phone"],
    ] as const) {
      await card(plan).getByText(tabs, { exact: true }).waitFor();
      await card(plan).getByText(size, { exact: true }).waitFor();
    }
    await screenshot(page, "spec-download-android-mobile");
    await page.setViewportSize(DESKTOP);
    await screenshot(page, "spec-download-android-desktop");
    await context.close();
  });

  test("every screen has its own document title, also after moving between screens in the page", async () => {
    const context = await newContext(suite.browser, suite.server.url, DESKTOP);
    const page = await context.newPage();
    const titles = new Map<string, string>();
    for (const route of clientRoutes) {
      await page.goto(route);
      if (route !== "/") await page.waitForFunction(() => document.title.endsWith(" — TabVault"));
      const [screen, title] = await settledScreenAndTitle(page, route);
      assert.ok(title, `${route} has a title`);
      titles.set(screen, title);
    }
    const repeated = [...titles].filter(([, title]) => [...titles.values()].filter((other) => other === title).length > 1);
    assert.deepEqual(repeated, [], "no two screens share a title");
    assert.equal(titles.get("/clear-all-blocker"), "Clear All Blocker — TabVault");

    await page.goto("/no-such-page");
    await page.waitForFunction(() => document.title === "Page Not Found — TabVault");
    await page.goto("/");
    await page.getByRole("banner").getByRole("link", { name: "Documentation" }).click();
    await page.waitForFunction(() => document.title === "Documentation — TabVault");
    await page.goBack();
    await page.waitForFunction(() => document.title === "TabVault — never lose your tabs");
    await context.close();
  });

  test("the dashboard demo's Clear All moves the protected tabs to a storage list, and Recover brings them back", async () => {
    const context = await newContext(suite.browser, suite.server.url, MOBILE);
    const page = await context.newPage();
    await signInAs(page, "demo-storage@example.com");
    const demo = page.getByRole("region", { name: "Try it: Clear All with and without TabVault" });
    await demo.getByRole("button", { name: "Clear All" }).click();
    const storage = demo.getByRole("list", { name: "Safe in storage" });
    await storage.getByText("Flight booking — half filled", { exact: true }).waitFor();
    await storage.getByText("Research: tab hoarding study", { exact: true }).waitFor();
    assert.equal(await storage.getByRole("listitem").count(), 2);
    await screenshot(page, "spec-dashboard-demo-storage-mobile");
    await demo.getByRole("button", { name: "Recover" }).click();
    await storage.waitFor({ state: "detached" });
    await context.close();
  });
});
