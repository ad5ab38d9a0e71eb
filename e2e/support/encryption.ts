import type { Page } from "playwright-core";

/** The passphrase the browser tests turn end-to-end encryption on with. */
export const PASSPHRASE = "blue heron over the quiet lake";

/** Turns end-to-end encryption on from the Account page, as a person does, and waits until this browser is unlocked. */
export async function turnOnEncryption(page: Page, passphrase = PASSPHRASE): Promise<void> {
  await page.goto("/account");
  const section = page.getByRole("region", { name: "End-to-end encryption" });
  await section.getByLabel("Passphrase", { exact: true }).fill(passphrase);
  await section.getByLabel("Repeat the passphrase").fill(passphrase);
  await section.getByLabel("I understand that a lost passphrase means lost form entries.").check();
  await section.getByRole("button", { name: "Turn on encryption" }).click();
  await section.getByText("Encryption is on, and this browser is unlocked.").waitFor({ timeout: 20_000 });
}
