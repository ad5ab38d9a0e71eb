import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Page } from "playwright-core";
import { DESKTOP, MOBILE, newContext, screenshot } from "./support/browser";
import { signInLinkFor, signInThroughMail } from "./support/mail";
import { useBrowserSuite } from "./support/suite";

describe("sessions: backup, restore, blocker, settings, devices", () => {
  const suite = useBrowserSuite();

  async function signInAs(page: Page, email: string) {
    await signInThroughMail(page, suite.server.dataDir, email);
    await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
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
    await screenshot(page, "sessions-manager-desktop");

    const opened = context.waitForEvent("page");
    await page.getByRole("button", { name: "Restore Session" }).click();
    await page.getByText("Session Restored", { exact: true }).waitFor();
    const restored = await opened;
    await restored.waitForLoadState();
    await restored.getByLabel("Test email").waitFor();
    await restored.waitForFunction(
      () => (document.querySelector<HTMLInputElement>('[name="testEmail"]')?.value ?? "") === "typed-before-the-crash@example.com",
    );
    await restored.waitForFunction(() => window.scrollY >= 399);
    assert.ok(!restored.url().includes("tabvault-restore"), "the hand-off fragment is removed after use");
    await restored.close();

    await page.getByRole("button", { name: "Delete session" }).click();
    await page.getByText("Session Deleted", { exact: true }).waitFor();
    await page.getByText("No emergency backups found").waitFor();
    await context.close();
  });

  test("the Clear All Blocker's switch, counter and toasts work", async () => {
    const context = await newContext(suite.browser, suite.server.url, MOBILE);
    const page = await context.newPage();
    await signInAs(page, "blocker@example.com");
    await page.goto("/clear-all-blocker");
    await page.getByText("BLOCKING ACTIVE", { exact: true }).waitFor();
    await page.getByLabel("0 blocked attempts").waitFor();
    await page.getByRole("button", { name: "Test Clear All Block" }).click();
    await page.getByText("Clear All Blocked!", { exact: true }).waitFor();
    await page.getByLabel("1 blocked attempts").waitFor();
    await screenshot(page, "sessions-blocker-on-mobile");

    await page.getByRole("switch", { name: "Block Clear All Buttons" }).click();
    await page.getByText("Clear All Blocking Disabled", { exact: true }).waitFor();
    await page.getByText("PROTECTION OFF", { exact: true }).waitFor();
    await page.getByText("Your tabs are vulnerable.").waitFor();
    await page.getByRole("button", { name: "Test (Would Clear Tabs)" }).click();
    await page.getByText("Clear All Would Work", { exact: true }).waitFor();
    await screenshot(page, "sessions-blocker-off-mobile");

    await page.getByRole("switch", { name: "Block Clear All Buttons" }).click();
    await page.getByText("Clear All Blocking Enabled", { exact: true }).waitFor();
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
    await screenshot(page, "sessions-settings-desktop");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await page.getByText("Settings Saved", { exact: true }).waitFor();

    await page.reload();
    await page.getByText("ACTIVE - BACKUP MODE", { exact: true }).waitFor();

    await page.getByRole("banner").getByRole("button", { name: "Sign Out" }).click();
    await page.getByRole("banner").getByRole("button", { name: "Sign In" }).waitFor();
    await page.goto(`/api/login?email=settings%40example.com`);
    await page.goto(await signInLinkFor(suite.server.dataDir, "settings@example.com"));
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
    await screenshot(page, "sessions-dashboard-desktop");

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
});
