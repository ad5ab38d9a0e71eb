/// <reference lib="dom" />
import path from "node:path";
import { describe, test } from "node:test";
import type { Page } from "playwright-core";
import { assertNoSeriousViolations } from "./support/accessibility";
import { DESKTOP, MOBILE, newContext } from "./support/browser";
import { signInThroughMail } from "./support/mail";
import { useBrowserSuite } from "./support/suite";

const ADMIN = "access@tabvault.test";

/** Scrolls to the bottom and back, so sections loaded on approach are there for the check. */
async function scrollThrough(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    window.scrollTo(0, 0);
  });
}

describe("accessibility (axe-core)", () => {
  const suite = useBrowserSuite({ ADMIN_EMAILS: ADMIN, RELEASES_DIR: path.resolve("server/downloads/fixtures") });

  for (const [label, viewport] of [
    ["desktop", DESKTOP],
    ["390 px", MOBILE],
  ] as const) {
    test(`/, /download and /sessions for a visitor (${label})`, async () => {
      const context = await newContext(suite.browser, suite.server.url, viewport);
      const page = await context.newPage();
      await page.goto("/");
      await page.locator("#pricing").waitFor();
      await scrollThrough(page);
      await page.getByRole("figure", { name: /Preview of the dashboard/ }).waitFor();
      await assertNoSeriousViolations(page, `/ (${label})`);

      // The demo mid-play: closed and recovered tabs, a current step.
      await page.getByRole("group", { name: "Demo controls" }).getByRole("button", { name: "Start", exact: true }).click();
      await page.locator("#demo").getByRole("status").filter({ hasText: "step 3 of 5" }).waitFor();
      await assertNoSeriousViolations(page, `/ with the demo playing (${label})`);

      await page.goto("/download");
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      await page.getByRole("img", { name: /QR code/i }).first().waitFor();
      await assertNoSeriousViolations(page, `/download (${label})`);

      // A signed-in-only screen for a visitor: the sign-in prompt above the landing page.
      await page.goto("/sessions");
      await page.getByRole("region", { name: "Sign in to open the Session Manager" }).waitFor();
      await page.locator("#pricing").waitFor();
      await assertNoSeriousViolations(page, `/sessions for a visitor (${label})`);
      await context.close();
    });

    test(`/sessions signed in and /admin as an admin (${label})`, async () => {
      const context = await newContext(suite.browser, suite.server.url, viewport);
      const page = await context.newPage();
      await signInThroughMail(page, suite.server.dataDir, ADMIN, "/sessions");
      await page.waitForURL(`${suite.server.url}/sessions`);
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      await page.waitForLoadState("networkidle");
      await assertNoSeriousViolations(page, `/sessions (${label})`);

      await page.goto("/admin");
      await page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
      await page.waitForLoadState("networkidle");
      await assertNoSeriousViolations(page, `/admin (${label})`);
      await context.close();
    });
  }
});
