import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { Page } from "playwright-core";
import { latestMailTo } from "../../server/test/mail-outbox";

/**
 * The link containing `marker` in the newest message to `email` in the server's outbox (DATA_DIR/mail),
 * waiting briefly for it: the server writes the .eml before it answers, but a redirect may still be on its way.
 */
export async function mailedLinkFor(dataDir: string, email: string, marker: string, after: number): Promise<string> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const mail = await latestMailTo(path.join(dataDir, "mail"), email);
    const link = mail?.links.find((candidate) => candidate.includes(marker));
    if (mail && link && (mail.date?.getTime() ?? Date.now()) >= after) return link;
    if (Date.now() > deadline) throw new Error(`no mail to ${email} with ${marker} in ${dataDir}/mail`);
    await sleep(100);
  }
}

/** The sign-in link of the newest message to `email` in the server's outbox. */
export function signInLinkFor(dataDir: string, email: string, after = 0): Promise<string> {
  return mailedLinkFor(dataDir, email, "/api/auth/callback?token=", after);
}

/** The account-deletion link of the newest message to `email` in the server's outbox. */
export function deletionLinkFor(dataDir: string, email: string, after = 0): Promise<string> {
  return mailedLinkFor(dataDir, email, "/account/delete#token=", after);
}

/**
 * Opens a mailed sign-in link as a person does: the link asks "Sign in as …?" and signing in is the click
 * on "Sign in" there. Waits until the browser has left the confirmation for the page the link goes to.
 */
export async function openSignInLink(page: Page, link: string): Promise<void> {
  await page.goto(link);
  const main = page.getByRole("main");
  await main.getByRole("heading", { name: /^Sign in as .+\?$/ }).waitFor();
  await main.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL((url) => url.pathname !== "/sign-in/confirm");
}

/** Signs a browser page in as a person does: ask for a link, then open it from the outbox and confirm. */
export async function signInThroughMail(page: Page, dataDir: string, email: string, next?: string): Promise<void> {
  const query = new URLSearchParams({ email, ...(next ? { next } : {}) });
  await page.goto(`/api/login?${query.toString()}`);
  await openSignInLink(page, await signInLinkFor(dataDir, email));
}
