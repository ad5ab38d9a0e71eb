import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Page } from "playwright-core";
import { DESKTOP, MOBILE, newContext, screenshot } from "./support/browser";
import { openSignInLink, signInLinkFor, signInThroughMail } from "./support/mail";
import { payWithSandboxCard } from "./support/payments";
import { useBrowserSuite } from "./support/suite";

/** The widest layout the screens are checked at. */
const WIDE = { width: 1440, height: 900 };


/** Makes the page look hidden (as when its browser tab is in the background) or visible again. */
async function setHidden(page: Page, hidden: boolean) {
  await page.evaluate((hide) => {
    if (hide) {
      Object.defineProperty(document, "visibilityState", { configurable: true, value: "hidden" });
      Object.defineProperty(document, "hidden", { configurable: true, value: true });
    } else {
      Reflect.deleteProperty(document, "visibilityState");
      Reflect.deleteProperty(document, "hidden");
    }
    document.dispatchEvent(new Event("visibilitychange", { bubbles: true }));
  }, hidden);
}

describe("backups: saving, restore, blocker, settings, devices", () => {
  const suite = useBrowserSuite();

  async function signInAs(page: Page, email: string) {
    await signInThroughMail(page, suite.server.dataDir, email);
    await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
  }

  /** A device token made with the page's own session, as a person does on the dashboard. */
  async function deviceTokenOf(page: Page, name: string): Promise<string> {
    const token = await page.evaluate(async (deviceName) => {
      const response = await fetch("/api/device-tokens", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name: deviceName }),
      });
      return ((await response.json()) as { token: string }).token;
    }, name);
    suite.secretsSeen.push(token);
    return token;
  }

  /** What the Android app sends when it stops a Clear All in the phone's browser. */
  async function logBlockFromPhone(token: string) {
    const response = await fetch(`${suite.server.url}/api/protection/log-blocked`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ method: "Android Clear All", timestamp: Date.now(), url: "https://news.example/" }),
    });
    assert.equal(response.status, 204);
  }

  test("Ctrl+Shift+W backs up the page with its form and scroll; Session Manager shows, restores and deletes it", async () => {
    const context = await newContext(suite.browser, suite.server.url, DESKTOP);
    const page = await context.newPage();
    await signInAs(page, "keeper@example.com");

    await page.goto("/protection-test");
    await page.getByLabel("Test email").fill("typed-before-the-crash@example.com");
    await page.evaluate(() => window.scrollTo(0, 400));
    await page.waitForFunction(() => window.scrollY >= 399);
    await page.keyboard.press("Control+Shift+W");
    await page.getByText("Clear All Blocked!", { exact: true }).waitFor();

    await page.goto("/sessions");
    await page.getByRole("heading", { name: "Session Manager" }).waitFor();
    await page.getByRole("tab", { name: "Emergency Backups" }).click();
    const list = page.getByRole("list", { name: "Emergency Backups" });
    await list.getByRole("button").first().click();
    const details = page.getByText("Form values:");
    await details.waitFor();
    await page.getByText("“typed-before-the-crash@example.com”").waitFor();
    await page.getByText(/Scroll position: 40\dpx down/).waitFor();
    await screenshot(page, "backups-manager-desktop");

    const opened = context.waitForEvent("page");
    await page.getByRole("button", { name: "Restore Session" }).click();
    await page.getByText("Session Restored", { exact: true }).waitFor();
    const restored = await opened;
    // A new tab loads the app afresh: beside a 200-tab restore in the other file running (decision 231) it took over
    // the default 30 s once.
    const restoredWithin = { timeout: 90_000 };
    await restored.waitForLoadState("load", restoredWithin);
    // The person looks at the tab that opened: a page left behind the Session Manager draws no frames, and the
    // waits below poll on frames (this run saw the field present and visible while a wait on it timed out).
    await restored.bringToFront();
    await restored.getByLabel("Test email").waitFor(restoredWithin);
    await restored.waitForFunction(
      () => (document.querySelector<HTMLInputElement>('[name="testEmail"]')?.value ?? "") === "typed-before-the-crash@example.com",
      undefined,
      restoredWithin,
    );
    await restored.waitForFunction(() => window.scrollY >= 399, undefined, restoredWithin);
    assert.ok(!restored.url().includes("tabvault-restore"), "the hand-off fragment is removed after use");
    await restored.close();

    // A link from anywhere else cannot fill the form: a hand-off is only what this browser's restore wrote.
    const crafted = Buffer.from(JSON.stringify({ formData: { testEmail: "planted@evil.example" }, scroll: { x: 0, y: 0 } })).toString("base64url");
    const planted = await context.newPage();
    await planted.goto(`/protection-test#tabvault-restore=${crafted}`);
    const field = planted.getByLabel("Test email");
    await field.waitFor();
    // The hand-off is applied within ~100 ms of the field appearing; give it far longer to prove it is not.
    await planted.waitForTimeout(1500);
    // The page pre-fills the signed-in address; the planted one never arrives.
    assert.equal(await field.inputValue(), "keeper@example.com", "a crafted hand-off fills nothing");
    await planted.close();

    await page.getByRole("button", { name: "Delete session" }).click();
    await page.getByText("Session Deleted", { exact: true }).waitFor();
    await page.getByText("No emergency backups found").waitFor();
    await context.close();
  });

  test("the Clear All Blocker's switch, counter and toasts work; a test is counted apart; leaving asks first", async () => {
    const context = await newContext(suite.browser, suite.server.url, MOBILE);
    const page = await context.newPage();
    await page.goto("/clear-all-blocker");
    // A visitor's count is this browser's own.
    await page.getByText("Clear All attempts blocked in this browser").waitFor();
    await page.getByLabel("0 blocked attempts").waitFor();
    await page.getByRole("button", { name: "Test Clear All Block" }).click();
    // Issue 16 point 4: a test is not an attempt.
    await page.getByText("Tests blocked on this page: 1 (not counted above)").waitFor();
    await page.getByLabel("0 blocked attempts").waitFor();
    // A real one (the close-all shortcut) is.
    await page.keyboard.press("Control+Shift+W");
    await page.getByLabel("1 blocked attempts").waitFor();
    // Leaving while it blocks asks first.
    const asked = new Promise<string>((resolve) => {
      page.once("dialog", (dialog) => {
        resolve(dialog.type());
        void dialog.dismiss();
      });
    });
    await page.close({ runBeforeUnload: true });
    assert.equal(await asked, "beforeunload");
    const second = await context.newPage();
    await second.goto("/clear-all-blocker");
    await second.getByText("BLOCKING ACTIVE", { exact: true }).waitFor();
    await context.close();
  });

  test("signed in, the blocker counts the account's attempts, and its tests apart", async () => {
    const context = await newContext(suite.browser, suite.server.url, MOBILE);
    const page = await context.newPage();

    await signInAs(page, "blocker@example.com");
    await page.goto("/clear-all-blocker");
    await page.getByText("BLOCKING ACTIVE", { exact: true }).waitFor();
    // Signed in, the count is the account's, and the visitor's block above was not the account's.
    await page.getByText("Clear All attempts blocked on all your devices").waitFor();
    await page.getByLabel("0 blocked attempts").waitFor();
    await page.getByRole("button", { name: "Test Clear All Block" }).click();
    await page.getByText("Test blocked", { exact: true }).waitFor();
    await page.getByText("Tests blocked on this page: 1 (not counted above)").waitFor();
    await page.waitForTimeout(1500);
    await page.getByLabel("0 blocked attempts").waitFor();
    await screenshot(page, "backups-blocker-on-mobile");

    await page.getByRole("switch", { name: "Block Clear All Buttons" }).click();
    await page.getByText("Clear All Blocking Disabled", { exact: true }).waitFor();
    await page.getByText("PROTECTION OFF", { exact: true }).waitFor();
    await page.getByText("Your tabs are vulnerable.").waitFor();
    await page.getByRole("button", { name: "Test (Would Clear Tabs)" }).click();
    await page.getByText("Clear All Would Work", { exact: true }).waitFor();
    await screenshot(page, "backups-blocker-off-mobile");

    await page.getByRole("switch", { name: "Block Clear All Buttons" }).click();
    await page.getByText("Clear All Blocking Enabled", { exact: true }).waitFor();
    await context.close();
  });

  test("the blocker's count shows a block the Android app logged, polling only while the page is visible", async () => {
    const context = await newContext(suite.browser, suite.server.url, WIDE);
    const page = await context.newPage();
    await signInAs(page, "two-devices@example.com");
    const phone = await deviceTokenOf(page, "Pixel 9");
    await page.goto("/clear-all-blocker");
    await page.getByLabel("0 blocked attempts").waitFor();

    await logBlockFromPhone(phone);
    await page.getByLabel("1 blocked attempts").waitFor({ timeout: 3000 });
    await page.getByText(/0 backups saved/).waitFor();
    await screenshot(page, "backups-blocker-wide");

    let polls = 0;
    page.on("request", (request) => {
      if (request.url().endsWith("/api/protection/blocked-attempts")) polls += 1;
    });
    await setHidden(page, true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    polls = 0;
    await logBlockFromPhone(phone);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    assert.equal(polls, 0, "no polling while the page is hidden");
    await page.getByLabel("1 blocked attempts").waitFor();

    await setHidden(page, false);
    await page.getByLabel("2 blocked attempts").waitFor({ timeout: 3000 });
    await new Promise((resolve) => setTimeout(resolve, 2500));
    assert.ok(polls >= 2 && polls <= 5, `polls about once a second while visible (${polls} in about 3 s)`);
    await context.close();
  });

  test("protection settings survive a reload and a new sign-in", async () => {
    const context = await newContext(suite.browser, suite.server.url, DESKTOP);
    const page = await context.newPage();
    await signInAs(page, "settings@example.com");
    await page.goto("/protection-settings");
    await page.getByText("ACTIVE - BLOCKING", { exact: true }).waitFor();
    assert.equal(await page.getByRole("switch", { name: /Automatic Backup/ }).isDisabled(), true, "disabled in block mode");
    await page.getByRole("radio", { name: /Backup/ }).check();
    await page.getByText("ACTIVE - BACKUP MODE", { exact: true }).waitFor();
    await screenshot(page, "backups-settings-desktop");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await page.getByText("Settings Saved", { exact: true }).waitFor();

    await page.reload();
    await page.getByText("ACTIVE - BACKUP MODE", { exact: true }).waitFor();

    await page.getByRole("banner").getByRole("button", { name: "Sign Out" }).click();
    await page.getByRole("banner").getByRole("button", { name: "Sign In" }).waitFor();
    await page.goto(`/api/login?email=settings%40example.com`);
    await openSignInLink(page, await signInLinkFor(suite.server.dataDir, "settings@example.com"));
    await page.goto("/protection-settings");
    await page.getByText("ACTIVE - BACKUP MODE", { exact: true }).waitFor();
    assert.equal(await page.getByRole("radio", { name: /Backup/ }).isChecked(), true);
    await context.close();
  });

  test("a device token made on the dashboard backs up for the app and stops working when revoked", async () => {
    const context = await newContext(suite.browser, suite.server.url, DESKTOP);
    const page = await context.newPage();
    await signInAs(page, "phone-owner@example.com");
    await page.getByLabel("Device name").fill("Pixel 9");
    await page.getByRole("button", { name: "Create token" }).click();
    const token = (await page.locator("code").first().textContent())?.trim() ?? "";
    assert.match(token, /^tvd_/);
    suite.secretsSeen.push(token);
    await screenshot(page, "backups-dashboard-desktop");

    const backup = await fetch(`${suite.server.url}/api/protection/android-clear-all`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({
        userEmail: "phone-owner@example.com",
        browserSession: { tabs: [{ url: "https://news.example/story", title: "A story" }], browserType: "samsung" },
      }),
    });
    assert.equal(backup.status, 201);
    const status = await fetch(`${suite.server.url}/api/protection/status/phone-owner%40example.com`, { headers: { authorization: `Bearer ${token}` } });
    assert.equal(((await status.json()) as { sessionCount: number }).sessionCount, 1);

    await page.getByRole("button", { name: "Revoke Pixel 9" }).click();
    await page.getByText("Device token revoked", { exact: true }).waitFor();
    const after = await fetch(`${suite.server.url}/api/protection/status/phone-owner%40example.com`, { headers: { authorization: `Bearer ${token}` } });
    assert.equal(after.status, 401);
    await context.close();
  });

  test("the dashboard's quick actions really back up this browser and restore the backup, each recorded as one event", async () => {
    const context = await newContext(suite.browser, suite.server.url, WIDE);
    const page = await context.newPage();
    await signInAs(page, "quick@example.com");
    await page.getByText(/Nothing yet/).waitFor();

    await page.getByRole("button", { name: "Back up this session" }).click();
    await page.getByText("Backup Saved", { exact: true }).waitFor();
    const events = page.getByRole("region", { name: "Recent protection events" });
    await events.getByText("Manual save of 1 tab").waitFor();
    await screenshot(page, "backups-dashboard-wide");

    await page.goto("/sessions");
    await page.getByRole("tab", { name: "Manual Saves" }).click();
    const saves = page.getByRole("list", { name: "Manual Saves" });
    await saves.getByText(/^Dashboard backup /).click();
    await page.getByText(`${suite.server.url}/`, { exact: true }).waitFor();

    await page.goto("/");
    const opened = context.waitForEvent("page");
    await page.getByRole("button", { name: "Restore latest backup" }).click();
    await page.getByText("Session Restored", { exact: true }).waitFor();
    const restored = await opened;
    await restored.waitForLoadState();
    assert.equal(new URL(restored.url()).pathname, "/");
    await restored.close();
    await events.getByText(/^Restored "Dashboard backup /).waitFor();
    assert.equal(await events.getByRole("listitem").count(), 2, "a backup and a restore: two events");
    await context.close();
  });

  test("the quick actions at 390 px, and a restore with no backup yet says so", async () => {
    const context = await newContext(suite.browser, suite.server.url, MOBILE);
    const page = await context.newPage();
    await signInAs(page, "quick-mobile@example.com");
    await page.getByRole("button", { name: "Restore latest backup" }).click();
    await page.getByText("Restore Failed", { exact: true }).waitFor();
    await page.getByText("No backup to restore yet", { exact: true }).waitFor();
    await screenshot(page, "backups-dashboard-mobile");
    await context.close();
  });

  test("Basic: the Android dashboard's plan-gated switches, and automatic backups labelled as such", async () => {
    const context = await newContext(suite.browser, suite.server.url, MOBILE);
    const page = await context.newPage();
    await signInAs(page, "android-owner@example.com");

    // Free: every plan-gated switch is locked and says which plan it needs.
    await page.goto("/android");
    await page.getByRole("tab", { name: "Settings" }).click();
    const smart = page.getByRole("switch", { name: /Smart Detection/ });
    const prediction = page.getByRole("switch", { name: /^Prediction/ });
    const sharing = page.getByRole("switch", { name: /Team Sharing/ });
    await page.getByRole("switch", { name: "Smart Detection Basic plan" }).waitFor();
    await page.getByRole("switch", { name: "Prediction Pro plan" }).waitFor();
    await page.getByRole("switch", { name: "Team Sharing Premium plan" }).waitFor();
    for (const toggle of [smart, prediction, sharing]) assert.equal(await toggle.isDisabled(), true);
    await screenshot(page, "backups-android-settings-free-mobile");

    await page.goto("/subscribe?plan=basic&price_id=sandbox_price_basic");
    await payWithSandboxCard(page);
    await page.getByText("Welcome to Basic!", { exact: true }).waitFor();

    // Basic: Smart Detection can be switched on; it is kept only when Save Settings is clicked.
    await page.goto("/android");
    await page.getByRole("tab", { name: "Settings" }).click();
    await page.waitForFunction(() => {
      const toggle = [...document.querySelectorAll('[role="switch"]')].find((element) => element.getAttribute("aria-labelledby") === "smartDetection-label");
      return toggle instanceof HTMLButtonElement && !toggle.disabled;
    });
    assert.equal(await prediction.isDisabled(), true, "Prediction needs Pro");
    assert.equal(await sharing.isDisabled(), true, "Team Sharing needs Premium");

    await smart.click();
    assert.equal(await smart.getAttribute("aria-checked"), "true");
    await page.getByText("Not saved yet.", { exact: true }).waitFor();
    await page.route("**/api/protection/settings", (route) =>
      route.request().method() === "PUT"
        ? route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ message: "Service unavailable" }) })
        : route.fallback(),
    );
    const save = page.getByRole("button", { name: "Save Settings" });
    await save.click();
    await page.getByText("Service unavailable", { exact: true }).waitFor();
    // A failed save keeps the change on screen, still unsaved, to try again.
    await page.getByText("Not saved yet.", { exact: true }).waitFor();
    await page.unroute("**/api/protection/settings");

    await save.click();
    await page.getByText("Settings Saved", { exact: true }).waitFor();
    await page.getByText("Not saved yet.", { exact: true }).waitFor({ state: "detached" });
    assert.equal(await smart.getAttribute("aria-checked"), "true");
    await screenshot(page, "backups-android-settings-basic-mobile");
    await page.setViewportSize(WIDE);
    await screenshot(page, "backups-android-settings-basic-wide");
    await page.setViewportSize(MOBILE);
    await page.reload();
    await page.getByRole("tab", { name: "Settings" }).click();
    await page.waitForFunction(() => document.querySelector('[aria-labelledby="smartDetection-label"]')?.getAttribute("aria-checked") === "true");

    // Backup mode with Automatic Backup on: history navigation sends an automatic backup.
    await page.goto("/protection-settings");
    await page.getByRole("radio", { name: /Backup/ }).check();
    await page.getByRole("switch", { name: /Automatic Backup/ }).click();
    await page.getByRole("button", { name: "Save Settings" }).click();
    await page.getByText("Settings Saved", { exact: true }).waitFor();
    await screenshot(page, "backups-settings-basic-mobile");
    await page.setViewportSize(WIDE);
    await screenshot(page, "backups-settings-basic-wide");
    await page.getByRole("link", { name: "Upgrade" }).click();
    await page.waitForURL(/\/subscribe/);
    const automatic = page.waitForResponse((response) => response.url().endsWith("/api/saved-sessions") && response.request().method() === "POST");
    await page.goBack();
    assert.equal((await automatic).status(), 201);

    await page.goto("/sessions");
    const all = page.getByRole("list", { name: "Saved Sessions" });
    await all.getByText("Automatic Backup", { exact: true }).waitFor();
    await all.getByText(/^Automatic backup/).click();
    await page.getByText("Automatic Backup", { exact: true }).nth(1).waitFor();
    await screenshot(page, "backups-manager-automatic-wide");
    await page.getByRole("tab", { name: "Manual Saves" }).click();
    await page.getByText("No manual saves found").waitFor();
    await page.getByRole("tab", { name: "Emergency Backups" }).click();
    await page.getByText("No emergency backups found").waitFor();
    await page.setViewportSize(MOBILE);
    await page.getByRole("tab", { name: "Saved Sessions" }).click();
    await page.getByText("Automatic Backup", { exact: true }).nth(1).waitFor();
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), "nothing wider than the phone's screen");
    await screenshot(page, "backups-manager-automatic-mobile");
    await context.close();
  });
});
