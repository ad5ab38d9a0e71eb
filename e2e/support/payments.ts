import type { Page } from "playwright-core";
import { signInThroughMail } from "./mail";

/** The sandbox provider's test card that always succeeds. */
export const SANDBOX_CARD_OK = "4242 4242 4242 4242";

/** Fills the sandbox card form on the page showing it and presses Pay, as a buyer does. */
export async function payWithSandboxCard(page: Page, number = SANDBOX_CARD_OK): Promise<void> {
  await page.getByText("Sandbox — no real charge.").waitFor();
  await page.getByLabel("Card number").fill(number);
  await page.getByLabel("Expiry").fill("12 / 30");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: /^Pay \$/ }).click();
}

/**
 * Buys a plan for an address from /payment (signed out, as a visitor does), then signs that address in
 * through the mailed link and waits for the dashboard.
 */
export async function buyPlanAndSignIn(page: Page, dataDir: string, plan: "basic" | "pro" | "premium", email: string): Promise<void> {
  await page.goto(`/payment?plan=${plan}&email=${encodeURIComponent(email)}`);
  await payWithSandboxCard(page);
  await page.getByText("Payment Successful!", { exact: true }).waitFor();
  // The panel takes the buyer home after PAYMENT_REDIRECT_MS; on a loaded machine that navigation lands in the
  // middle of the sign-in's and aborts it, so the sign-in starts once the buyer is home.
  await page.waitForURL((url) => url.pathname === "/");
  await signInThroughMail(page, dataDir, email);
  await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
}
