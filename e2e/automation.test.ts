import assert from "node:assert/strict";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import type { Page } from "playwright-core";
import { listBackups } from "../common/api/backups";
import { endpointUrl } from "../common/api/endpoint";
import { ARTIFACTS_DIR, launchBrowser, MOBILE, newContext, saveScreenshot } from "./support/browser";
import { type ExtensionBrowser, type ExtensionSetup, signInAndConnect, startWithExtension } from "./support/extension";
import { signInThroughMail } from "./support/mail";
import { buyPlanAndSignIn } from "./support/payments";
import { servePages, type TestPages } from "./support/pages";
import { type RunningServer } from "./support/server";
import { waitFor } from "./support/wait-for";

/**
 * Workflow automation (decision 180) in real Chromium with the built extension against the real
 * server: a Premium person makes a window-close rule on /automation, the connected extension picks it up, a window of
 * enough tabs is closed, and a backup with the rule's name and tag is in the person's library. Below Premium the
 * screen says it needs Premium, with the upgrade.
 */

const EMAIL = "rules@example.com";
const SHOTS = join(ARTIFACTS_DIR, "automation");

describe("workflow automation: a rule made in the web app fires in the extension", () => {
  let server: RunningServer;
  let pages: TestPages | undefined;
  let setup: ExtensionSetup | undefined;
  let browser: ExtensionBrowser;
  let site: Page;
  let popup: Page;
  const ext = <T>(code: string) => popup.evaluate(code) as Promise<T>;

  before(async () => {
    await mkdir(SHOTS, { recursive: true });
    pages = await servePages();
    setup = await startWithExtension({ baseURL: true });
    ({ server, extension: browser } = setup);
    ({ site, popup } = await signInAndConnect(browser, EMAIL, (page) => buyPlanAndSignIn(page, server.dataDir, "premium", EMAIL)));
  });

  after(async () => {
    await setup?.close();
    await pages?.close();
  });

  test("a window-close rule made on /automation: the extension picks it up, and closing a window of 4 tabs saves it named and tagged", async () => {
    await site.bringToFront();
    await site.goto("/");
    await site.getByRole("link", { name: /^Automation/ }).click();
    await site.getByRole("heading", { name: "Automation", level: 1 }).waitFor();
    await site.getByText("No rules yet.", { exact: false }).waitFor();

    // Checked before it is sent, in words.
    const form = site.getByRole("form", { name: "New rule" });
    await form.getByRole("radio", { name: "When a window closes" }).click();
    await form.getByLabel("Tabs in the window, at least").fill("1");
    await form.getByRole("button", { name: "Add rule" }).click();
    await form.getByText("A window rule watches windows of 2 to 500 tabs").waitFor();
    await form.getByText("Give the backup a name").waitFor();
    await saveScreenshot(site, { path: join(SHOTS, "automation-validation-1280.png"), fullPage: true });

    await form.getByLabel("Tabs in the window, at least").fill("3");
    await form.getByLabel("Backup name").fill("Closed research");
    await form.getByLabel("Tag (optional)").fill("Research");
    await form.getByRole("button", { name: "Add rule" }).click();
    const rules = site.getByRole("region", { name: "Your rules" });
    await rules.getByText("When a window with 3 or more tabs closes, save it as “Closed research” tagged “research”.").waitFor();
    // A daily rule and the start-up offer beside it.
    await form.getByRole("radio", { name: "Every day" }).click();
    await form.getByLabel("Time of day").fill("07:30");
    await form.getByLabel("Backup name").fill("Morning tabs");
    await form.getByRole("button", { name: "Add rule" }).click();
    await rules.getByText("Every day at 07:30 (this browser's time), back up all windows as “Morning tabs”.").waitFor();
    await form.getByRole("radio", { name: "At browser start" }).click();
    await form.getByRole("button", { name: "Add rule" }).click();
    await rules.getByText("When the browser starts, offer to restore the last session.").waitFor();
    assert.equal(await form.getByRole("radio", { name: "At browser start" }).isDisabled(), true, "one start-up rule per account");
    await saveScreenshot(site, { path: join(SHOTS, "automation-rules-1280.png"), fullPage: true });
    await site.setViewportSize(MOBILE);
    await saveScreenshot(site, { path: join(SHOTS, "automation-rules-390.png"), fullPage: true });
    await site.setViewportSize({ width: 1280, height: 800 });

    // Switched off and on again, and the daily one deleted.
    const dailyRow = rules.getByRole("listitem").filter({ hasText: "Morning tabs" });
    await dailyRow.getByRole("switch").click();
    await dailyRow.getByText("Off", { exact: true }).first().waitFor();
    await dailyRow.getByRole("button", { name: /^Delete/ }).click();
    await dailyRow.waitFor({ state: "detached" });

    // The popup opening reads the rules again: the extension has the rule now.
    await popup.bringToFront();
    await popup.reload();
    const automation = popup.getByRole("region", { name: "Automation" });
    await automation.getByText("When a window of 3+ tabs closes: “Closed research” #research").waitFor({ timeout: 20_000 });
    await automation.getByText("At browser start: offer the last session").waitFor();
    await saveScreenshot(popup, { path: join(SHOTS, "popup-automation.png") });

    const urls = [21, 22, 23, 24].map((n) => `${pages!.url}/page/${n}`);
    const windowId = await ext<number>(`chrome.windows.create({ url: ${JSON.stringify(urls)} }).then((w) => w.id)`);
    await waitFor("the four pages loaded", async () => (await ext<number>(`chrome.tabs.query({ status: "complete", url: "${pages!.url}/page/2*" }).then((t) => t.length)`)) === 4, 20_000);
    // The running snapshot follows a second after the last change; the rule backs up the window as it was then.
    await waitFor("a snapshot with the window", async () => {
      const status = await ext<{ lastSnapshot: { uploadableTabCount: number } | null }>(`chrome.runtime.sendMessage({ kind: "status" })`);
      return (status.lastSnapshot?.uploadableTabCount ?? 0) >= 4 ? true : undefined;
    }, 15_000);
    await ext(`chrome.windows.remove(${windowId})`);

    const backup = await waitFor("the rule's backup in the library", async () => {
      const response = await site.request.get(`${server.url}${endpointUrl(listBackups)}`);
      const backups = listBackups.responses[200].parse(await response.json());
      return backups.find((candidate) => candidate.sessionName === "Closed research");
    }, 30_000);
    assert.deepEqual(backup.tags, ["research"]);
    assert.equal(backup.tabCount, 4);
    assert.equal(backup.triggerEvent, "auto_backup");

    // The person finds it in the Session Manager under that name.
    await site.bringToFront();
    await site.goto("/sessions");
    await site.getByText("Closed research").first().waitFor();
    await saveScreenshot(site, { path: join(SHOTS, "sessions-with-rule-backup-1280.png") });
  });

  test("below Premium, /automation says it needs Premium and offers the upgrade; nothing can be made", async () => {
    const plain = await launchBrowser();
    try {
      const context = await newContext(plain, server.url);
      const page = await context.newPage();
      await signInThroughMail(page, server.dataDir, "free-rules@example.com");
      await page.goto("/automation");
      await page.getByText("Workflow automation needs the Premium plan or higher; you are on Free.").waitFor();
      const upgrade = page.getByRole("link", { name: "Get Workflow automation with Premium" });
      assert.match((await upgrade.getAttribute("href")) ?? "", /plan=premium/);
      assert.equal(await page.getByRole("form", { name: "New rule" }).count(), 0);
      await page.getByText("No rules yet.").waitFor();
      await saveScreenshot(page, { path: join(SHOTS, "automation-free-1280.png"), fullPage: true });
    } finally {
      await plain.close();
    }
  });
});
