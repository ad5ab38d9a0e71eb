import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { BrowserContext } from "playwright-core";
import { DESKTOP, MOBILE, newContext, screenshot } from "./support/browser";
import { openSignInLink, signInLinkFor } from "./support/mail";
import { useBrowserSuite } from "./support/suite";

const ADMIN = "boss@tabvault.test";

describe("accounts: sign-up, sign-in by email link, sign-out", () => {
  const suite = useBrowserSuite({ ADMIN_EMAILS: ADMIN });

  async function sessionCookie(context: BrowserContext): Promise<string | undefined> {
    return (await context.cookies()).find((cookie) => cookie.name === "tabvault_session")?.value;
  }

  test("a new person signs up from the landing page, opens the mailed link, sees the dashboard and signs out", async () => {
    const context = await newContext(suite.browser, suite.server.url, DESKTOP);
    const page = await context.newPage();
    await page.goto("/");
    await page.getByRole("banner").getByRole("button", { name: "Get Started" }).click();

    const dialog = page.getByRole("dialog", { name: "Get started with TabVault" });
    await dialog.getByLabel("Email address").fill("nobody");
    await dialog.getByRole("button", { name: "Continue" }).click();
    await page.getByText("Please enter a valid email address", { exact: true }).waitFor();

    await dialog.getByLabel("Email address").fill("  Ada.Lovelace@Example.com ");
    await screenshot(page, "accounts-email-dialog-desktop");
    await dialog.getByRole("button", { name: "Continue" }).click();
    await page.getByText("Email Registered!", { exact: true }).waitFor();
    const registered = page.getByRole("dialog", { name: "You're registered" });
    await registered.getByText("ada.lovelace@example.com").waitFor();
    await registered.getByRole("button", { name: /View Plans/ }).click();
    await page.getByRole("dialog", { name: "Choose your plan" }).getByRole("button", { name: /Pro/ }).waitFor();
    await screenshot(page, "accounts-plans-step-desktop");
    await page.getByRole("button", { name: "Back" }).click();
    await page.getByRole("button", { name: "Change Email Address" }).click();
    await page.getByRole("dialog", { name: "Get started with TabVault" }).waitFor();
    await page.keyboard.press("Escape");

    // Opening the link asks first: another site could open a link of its own in this browser.
    await page.goto(await signInLinkFor(suite.server.dataDir, "ada.lovelace@example.com"));
    await page.getByRole("heading", { name: "Sign in as ada.lovelace@example.com?" }).waitFor();
    assert.equal(new URL(page.url()).hash, "", "the token is taken out of the address bar");
    assert.equal(await sessionCookie(context), undefined, "opening the link alone signs nobody in");
    await screenshot(page, "accounts-confirm-sign-in-desktop");
    await page.getByRole("main").getByRole("button", { name: "Sign in", exact: true }).click();
    await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
    await page.getByText("Signed in as ada.lovelace@example.com").waitFor();
    await page.getByRole("banner").getByText("ada.lovelace@example.com").waitFor();
    assert.equal(await page.getByRole("banner").getByRole("link", { name: "Admin" }).count(), 0);
    await screenshot(page, "accounts-dashboard-desktop");

    // Names set in the dashboard greet the person from then on.
    await page.getByRole("button", { name: "Edit profile" }).click();
    await page.getByLabel("First name").fill("Ada");
    await page.getByLabel("Last name").fill("Lovelace");
    await page.getByRole("button", { name: "Save profile" }).click();
    await page.getByText("Welcome to TabVault, Ada.").waitFor();
    await page.getByRole("banner").getByText("Ada", { exact: true }).waitFor();

    const cookie = await sessionCookie(context);
    assert.ok(cookie, "signed in: a session cookie is set");
    suite.secretsSeen.push(cookie);
    await page.getByRole("banner").getByRole("button", { name: "Sign Out" }).click();
    await page.getByRole("banner").getByRole("button", { name: "Sign In" }).waitFor();

    const replay = await fetch(`${suite.server.url}/api/auth/user`, { headers: { cookie: `tabvault_session=${cookie}` } });
    assert.equal(replay.status, 401, "the old cookie no longer works after sign-out");
    await context.close();
  });

  test("a known address is welcomed back and signs in through the check-email screen (390 px)", async () => {
    const context = await newContext(suite.browser, suite.server.url, MOBILE);
    const page = await context.newPage();
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("button", { name: "Sign In" }).click();
    const dialog = page.getByRole("dialog", { name: "Get started with TabVault" });
    await dialog.getByLabel("Email address").fill("ada.lovelace@example.com");
    await screenshot(page, "accounts-email-dialog-mobile");
    await dialog.getByRole("button", { name: "Continue" }).click();
    await page.getByText("Welcome Back!", { exact: true }).waitFor();
    await page.getByRole("heading", { name: "Check your email" }).waitFor();
    assert.match(page.url(), /\/check-email\?email=ada\.lovelace%40example\.com$/);
    await screenshot(page, "accounts-check-email-mobile");

    await page.goto(await signInLinkFor(suite.server.dataDir, "ada.lovelace@example.com"));
    await page.getByRole("heading", { name: "Sign in as ada.lovelace@example.com?" }).waitFor();
    await screenshot(page, "accounts-confirm-sign-in-mobile");
    await page.getByRole("main").getByRole("button", { name: "Sign in", exact: true }).click();
    await page.getByText("Welcome back, Ada.").waitFor();
    await context.close();
  });

  test("an expired or reused link explains itself on the sign-in screen", async () => {
    const context = await newContext(suite.browser, suite.server.url, DESKTOP);
    const page = await context.newPage();
    await page.goto("/api/auth/callback?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
    await page.getByRole("heading", { name: "Sign in to TabVault" }).waitFor();
    await page.getByRole("alert").getByText(/expired or was already used/).waitFor();
    await page.getByLabel("Email address").fill("grace@example.com");
    await page.getByRole("button", { name: "Email me a sign-in link" }).click();
    await page.getByRole("heading", { name: "Check your email" }).waitFor();
    await screenshot(page, "accounts-sign-in-desktop");
    await context.close();
  });

  test("the free plan's sign-up dialog creates the account and goes on to sign-in", async () => {
    const context = await newContext(suite.browser, suite.server.url, DESKTOP);
    const page = await context.newPage();
    await page.goto("/#pricing");
    await page.locator("#pricing").getByRole("button", { name: "Get Started" }).click();
    const dialog = page.getByRole("dialog", { name: "Create your free account" });
    const submit = dialog.getByRole("button", { name: "Create Free Account" });
    assert.equal(await submit.isDisabled(), true, "disabled while the email is blank");
    await dialog.getByLabel("Email address").fill("   ");
    assert.equal(await submit.isDisabled(), true, "blank after trimming is still blank");
    await dialog.getByLabel("Email address").fill("linus@example.com");
    await submit.click();
    await dialog.getByText(/Your free account is ready/).waitFor();
    await page.getByRole("heading", { name: "Check your email" }).waitFor();
    await signInLinkFor(suite.server.dataDir, "linus@example.com");
    await context.close();
  });

  test("/verify tells a verified account from an unknown one, and shows a stranger no plan", async () => {
    const context = await newContext(suite.browser, suite.server.url, DESKTOP);
    const page = await context.newPage();
    await page.goto("/verify");
    await page.getByLabel("Email address").fill("ghost@example.com");
    await page.getByRole("button", { name: "Verify Account" }).click();
    await page.getByText("User Not Found", { exact: true }).waitFor();
    await page.getByRole("heading", { name: "No verified account found" }).waitFor();
    await page.getByRole("button", { name: "Try Different Email" }).click();
    await page.getByLabel("Email address").fill("ada.lovelace@example.com");
    await page.getByRole("button", { name: "Verify Account" }).click();
    await page.getByRole("heading", { name: "Account verified" }).waitFor();
    await page.getByText("Sign in as this address to see its plan.").waitFor();
    assert.equal(await page.getByText("Free plan").count(), 0, "the plan is only for the owner or an admin");
    assert.equal(await page.getByText("Ada Lovelace").count(), 0, "names are only for the owner or an admin");
    await screenshot(page, "accounts-verified-desktop");
    await context.close();
  });

  test("signed-out visitors get the landing page on /sessions and /admin; a non-admin is turned away from /admin", async () => {
    const context = await newContext(suite.browser, suite.server.url, DESKTOP);
    const page = await context.newPage();
    for (const path of ["/sessions", "/protection-settings", "/admin"]) {
      await page.goto(path);
      await page.locator("#pricing").waitFor();
    }
    await page.goto("/sign-in");
    await page.getByLabel("Email address").fill("linus@example.com");
    await page.getByRole("button", { name: "Email me a sign-in link" }).click();
    await page.getByRole("heading", { name: "Check your email" }).waitFor();
    await openSignInLink(page, await signInLinkFor(suite.server.dataDir, "linus@example.com"));
    await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
    await page.goto("/admin");
    await page.getByText("You don't have admin privileges to access this page.", { exact: true }).waitFor();
    await page.waitForURL(`${suite.server.url}/`, { timeout: 5000 });
    await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
    await context.close();
  });

  test("an admin from ADMIN_EMAILS gets the Admin link and the admin screen", async () => {
    const context = await newContext(suite.browser, suite.server.url, DESKTOP);
    const page = await context.newPage();
    await page.goto(`/api/login?email=${encodeURIComponent(ADMIN)}&next=%2Fadmin`);
    await openSignInLink(page, await signInLinkFor(suite.server.dataDir, ADMIN));
    await page.waitForURL(`${suite.server.url}/admin`);
    await page.getByRole("banner").getByRole("link", { name: "Admin" }).waitFor();
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    assert.equal(await page.getByText("Access Denied").count(), 0);
    await context.close();
  });

  test("a session ended elsewhere: the next API call says 'Unauthorized' and starts sign-in again", async () => {
    const context = await newContext(suite.browser, suite.server.url, DESKTOP);
    const page = await context.newPage();
    await page.goto("/api/login?email=grace@example.com");
    await openSignInLink(page, await signInLinkFor(suite.server.dataDir, "grace@example.com"));
    await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
    const cookie = await sessionCookie(context);
    await fetch(`${suite.server.url}/api/logout`, { headers: { cookie: `tabvault_session=${cookie}` }, redirect: "manual" });

    await page.getByRole("button", { name: "Edit profile" }).click();
    await page.getByLabel("First name").fill("Grace");
    await page.getByRole("button", { name: "Save profile" }).click();
    await page.getByText("You are logged out. Logging in again...", { exact: true }).waitFor();
    await page.waitForURL(/\/sign-in\?next=%2F$/, { timeout: 5000 });
    await context.close();
  });

  test("a session ended elsewhere: a page that calls the API directly (Protection Test) says so too", async () => {
    const context = await newContext(suite.browser, suite.server.url, DESKTOP);
    const page = await context.newPage();
    await page.goto("/api/login?email=hopper@example.com");
    await openSignInLink(page, await signInLinkFor(suite.server.dataDir, "hopper@example.com"));
    await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
    await page.goto("/protection-test");
    await page.getByRole("heading", { name: "Protection Test", level: 1 }).waitFor();
    await page.getByLabel("Test email").fill("hopper@example.com");
    const cookie = await sessionCookie(context);
    await fetch(`${suite.server.url}/api/logout`, { headers: { cookie: `tabvault_session=${cookie}` }, redirect: "manual" });

    await page.getByRole("button", { name: "Status check" }).click();
    await page.getByText("You are logged out. Logging in again...", { exact: true }).waitFor();
    await page.getByText("Unauthorized", { exact: true }).waitFor();
    await screenshot(page, "accounts-unauthorized-direct-call-desktop");
    await page.waitForURL(/\/sign-in\?next=%2Fprotection-test$/, { timeout: 5000 });
    await context.close();
  });
});
