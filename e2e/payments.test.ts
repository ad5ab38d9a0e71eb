import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Page } from "playwright-core";
import { DESKTOP, MOBILE, newContext, screenshot } from "./support/browser";
import { signInThroughMail } from "./support/mail";
import { payWithSandboxCard } from "./support/payments";
import { useBrowserSuite } from "./support/suite";
import { formatDate } from "../client/src/lib/dates";

const ADMIN = "money@tabvault.test";


describe("plans and payments in the sandbox", () => {
  const suite = useBrowserSuite({ ADMIN_EMAILS: ADMIN });

  const signInAs = (page: Page, email: string) => signInThroughMail(page, suite.server.dataDir, email);

  test("a visitor buys Pro from the landing page's pricing and lands home with the toast and the install dialog", async () => {
    const context = await newContext(suite.browser, suite.server.url, DESKTOP);
    const page = await context.newPage();
    await page.goto("/#pricing");
    const choosePro = page.locator("#pricing").getByRole("link", { name: "Choose Pro" });
    // spec 1 §2: the button carries the provider's price id once the payment config is known.
    await page.locator('#pricing a[href*="price_id=sandbox_price_pro"]').waitFor();
    await choosePro.click();
    await page.waitForURL(/\/payment\?plan=pro&price_id=sandbox_price_pro&amount=14$/);
    await page.getByRole("heading", { name: "Get TabVault Pro" }).waitFor();
    await page.getByLabel("Email address").fill("buyer@example.com");
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await page.getByText("Order summary").waitFor();
    await screenshot(page, "payments-payment-desktop");
    await payWithSandboxCard(page);
    await page.getByText("Payment Successful!", { exact: true }).waitFor();
    await page.waitForURL(`${suite.server.url}/`, { timeout: 5000 });
    await page.getByText("Welcome to Pro!", { exact: true }).waitFor();
    await page.getByRole("dialog", { name: "Install TabVault" }).waitFor();
    await screenshot(page, "payments-install-dialog-desktop");

    // The plan is the account's to see: the buyer signs in and asks.
    await signInAs(page, "buyer@example.com");
    const me = await page.request.get("/api/auth/user");
    assert.equal(((await me.json()) as { planType: string }).planType, "pro");
    await context.close();
  });

  test("a declined card shows 'Payment Failed' and the failed payment is recorded (390 px)", async () => {
    const context = await newContext(suite.browser, suite.server.url, MOBILE);
    const page = await context.newPage();
    await page.goto("/payment?plan=basic&email=declined%40example.com");
    await payWithSandboxCard(page, "4000 0000 0000 0002");
    await page.getByText("Payment Failed", { exact: true }).waitFor();
    await page.getByText("Your card was declined.", { exact: true }).waitFor();
    await screenshot(page, "payments-declined-mobile");

    const admin = await newContext(suite.browser, suite.server.url, DESKTOP);
    const adminPage = await admin.newPage();
    await signInAs(adminPage, ADMIN);
    const logs = await adminPage.evaluate(async () => (await fetch("/api/admin/logs?limit=50")).json());
    const messages = (logs as { entries: { level: string; message: string }[] }).entries;
    assert.ok(messages.some((entry) => entry.level === "error" && entry.message.includes("Payment failed: Basic by declined@example.com")));
    await admin.close();
    await context.close();
  });

  test("a network failure while paying shows 'Payment Error', not 'Payment Failed', and the button is usable again", async () => {
    const context = await newContext(suite.browser, suite.server.url, DESKTOP);
    const page = await context.newPage();
    await page.goto("/payment?plan=basic&email=unlucky%40example.com");
    await page.route("**/api/sandbox/confirm", (route) => route.abort("connectionfailed"));
    await payWithSandboxCard(page);
    await page.getByText("Payment Error", { exact: true }).waitFor();
    await page.getByText("An unexpected error occurred while processing your payment.", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Pay $8" }).waitFor();
    assert.equal(await page.getByText("Payment Failed", { exact: true }).count(), 0);
    await screenshot(page, "payments-error-desktop");

    // A server error is unexpected too; once the network is back the same form pays.
    await page.unroute("**/api/sandbox/confirm");
    await page.route("**/api/sandbox/confirm", (route) => route.fulfill({ status: 500, contentType: "application/json", body: '{"message":"Internal server error"}' }));
    await page.getByRole("button", { name: "Pay $8" }).click();
    await page.getByRole("button", { name: "Pay $8" }).waitFor();
    assert.equal(await page.getByText("Payment Failed", { exact: true }).count(), 0);
    await page.unroute("**/api/sandbox/confirm");
    await page.getByRole("button", { name: "Pay $8" }).click();
    await page.getByText("Payment Successful!", { exact: true }).waitFor();
    await context.close();
  });

  test("checkout asks a visitor to sign in first", async () => {
    const context = await newContext(suite.browser, suite.server.url, DESKTOP);
    const page = await context.newPage();
    await page.goto("/checkout?plan=premium");
    await page.getByText("Please sign in to continue with your purchase.", { exact: true }).waitFor();
    await page.waitForURL(/\/sign-in\?next=%2Fcheckout%3Fplan%3Dpremium$/, { timeout: 5000 });
    await context.close();
  });

  test("a signed-in person subscribes to Basic from /subscribe and the dashboard shows the renewal", async () => {
    const context = await newContext(suite.browser, suite.server.url, DESKTOP);
    const page = await context.newPage();
    await signInAs(page, "subscriber@example.com");
    await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
    await page.goto("/subscribe?plan=basic&price_id=sandbox_price_basic");
    await page.getByRole("heading", { name: "Subscribe to Basic" }).waitFor();
    await screenshot(page, "payments-subscribe-desktop");
    await payWithSandboxCard(page);
    await page.waitForURL(`${suite.server.url}/`, { timeout: 5000 });
    await page.getByText("Welcome to Basic!", { exact: true }).waitFor();
    await page.getByRole("dialog", { name: "Install TabVault" }).getByRole("button", { name: "Later" }).click();
    await page.getByText(/Basic renews on/).waitFor();
    await page.getByRole("button", { name: "Cancel subscription" }).click();
    await page.getByRole("dialog", { name: "Cancel your Basic subscription?" }).getByRole("button", { name: "Cancel subscription" }).click();
    await page.getByText(/Basic ends on [A-Z][a-z]{2} \d{1,2}, \d{4}/).waitFor();
    await screenshot(page, "payments-dashboard-desktop");
    await context.close();
  });

  test("a Basic subscriber upgrades to Pro from the dashboard, paying the prorated difference (390 px)", async () => {
    const context = await newContext(suite.browser, suite.server.url, MOBILE);
    const page = await context.newPage();
    await signInAs(page, "upgrader@example.com");
    await page.goto("/subscribe?plan=basic");
    await payWithSandboxCard(page);
    await page.waitForURL(`${suite.server.url}/`, { timeout: 5000 });
    await page.getByRole("dialog", { name: "Install TabVault" }).getByRole("button", { name: "Later" }).click();

    const upgrade = page.getByRole("link", { name: "Upgrade to Pro" });
    // Once the price ids have loaded; the analytics panel's "Get Analytics with Pro" goes to the same page.
    await upgrade.and(page.locator('a[href="/subscribe?plan=pro&price_id=sandbox_price_pro&amount=14"]')).waitFor();
    await upgrade.click();
    await page.getByRole("heading", { name: "Change to Pro" }).waitFor();
    await page.getByText("Prorated difference").waitFor();
    await screenshot(page, "payments-change-mobile");
    // At the start of the month the difference is the whole $14 − $8.
    await page.getByRole("button", { name: "Pay $6" }).waitFor();
    await payWithSandboxCard(page);
    await page.getByText("Payment Successful!", { exact: true }).waitFor();
    await page.waitForURL(`${suite.server.url}/`, { timeout: 5000 });
    await page.getByRole("dialog", { name: "Install TabVault" }).getByRole("button", { name: "Later" }).click();
    await page.getByText(/Pro renews on [A-Z][a-z]{2} \d{1,2}, \d{4}/).waitFor();
    await page.getByText("Current plan").locator("..").getByText("Pro", { exact: true }).waitFor();
    await screenshot(page, "payments-upgraded-mobile");
    // Pro again: nothing to pay, and the screen says why rather than a setup failure.
    await page.goto("/subscribe?plan=pro");
    await page.getByText("You already have an active Pro subscription.", { exact: true }).waitFor();
    await page.getByRole("link", { name: "Go to your dashboard" }).waitFor();
    assert.equal(await page.getByText("Setup Error", { exact: true }).count(), 0);
    await context.close();
  });

  test("a one-time month from /checkout shows on the dashboard with its end date", async () => {
    const context = await newContext(suite.browser, suite.server.url, DESKTOP);
    const page = await context.newPage();
    await signInAs(page, "one-month@example.com");
    await page.goto("/checkout?plan=premium");
    await page.getByText("One month of Premium").waitFor();
    await payWithSandboxCard(page);
    await page.waitForURL(`${suite.server.url}/`, { timeout: 5000 });
    await page.getByRole("dialog", { name: "Install TabVault" }).getByRole("button", { name: "Later" }).click();
    const me = (await page.evaluate(async () => (await fetch("/api/auth/user")).json())) as { planType: string; planExpiresAt: string };
    assert.equal(me.planType, "premium");
    const days = (Date.parse(me.planExpiresAt) - Date.now()) / 86_400_000;
    assert.ok(days > 27 && days <= 31, `a month from now, not ${days} days`);
    await page.getByText(`Premium until ${formatDate(me.planExpiresAt)}`).waitFor();
    await screenshot(page, "payments-one-month-desktop");
    await context.close();
  });
});
