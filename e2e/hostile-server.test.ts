/// <reference lib="dom" />
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Page, Request } from "playwright-core";
import { turnOnEncryption } from "./support/encryption";
import { DESKTOP, newContext, screenshot } from "./support/browser";
import { signInThroughMail } from "./support/mail";
import { useBrowserSuite } from "./support/suite";

/**
 * Decision 220: the web app against a server that turned hostile. Playwright's `page.route` stands between the page
 * and the real server and rewrites its answers as a compromised server would; the page must neither send anything
 * plain, nor open an address that is not a web page, nor refill sealed form entries into a page they were not typed in.
 */
const TYPED = "typed-before-the-server-turned@example.com";

/** Types into the protection test page and presses the close-all shortcut: an emergency backup of the page. */
async function backUpTyping(page: Page, typed: string) {
  await page.goto("/protection-test");
  await page.getByLabel("Test email").fill(typed);
  await page.keyboard.press("Control+Shift+W");
  await page.getByText("Clear All Blocked!", { exact: true }).waitFor();
}

describe("the web app against a hostile server (decision 220)", () => {
  const suite = useBrowserSuite();

  test("an answer that encryption is off is not believed, a non-web address is not opened, a moved sealed form is not refilled", async () => {
    const context = await newContext(suite.browser, suite.server.url, DESKTOP);
    const page = await context.newPage();
    await signInThroughMail(page, suite.server.dataDir, "hostile@example.com");
    await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
    await turnOnEncryption(page);

    // The server now claims the account does not encrypt.
    await page.route("**/api/account/encryption", (route) => (route.request().method() === "GET" ? route.fulfill({ json: { enabled: false } }) : route.fallback()));
    await page.goto("/account");
    await page
      .getByRole("region", { name: "End-to-end encryption" })
      .getByRole("alert")
      .getByText("TabVault answered that encryption is off for your account, but this browser has seen it on.")
      .waitFor();
    await screenshot(page, "hostile-encryption-off-1280");

    // What this browser sends meanwhile holds the typed words only sealed.
    const sent: string[] = [];
    const watch = (request: Request) => {
      if (new URL(request.url()).pathname.startsWith("/api/") && request.method() !== "GET") sent.push(request.postData() ?? "");
    };
    page.on("request", watch);
    await backUpTyping(page, TYPED);
    for (let attempt = 0; attempt < 50 && !sent.some((body) => body.includes("tabvault:sealed")); attempt += 1) await page.waitForTimeout(100);
    page.off("request", watch);
    assert.ok(sent.some((body) => body.includes('"tabvault:sealed":"tv2.')), `no sealed upload among ${sent.length} requests`);
    assert.ok(!sent.some((body) => body.includes(TYPED)), "a request carried the typed words in the clear");

    // The restore answer is rewritten: the sealed form moved onto another page, and a javascript: tab added.
    await page.route("**/api/restore-session/*", async (route) => {
      const answer = await route.fetch();
      const body: { session: { tabs: { url: string; formData: Record<string, string> }[] } } = await answer.json();
      const [first] = body.session.tabs;
      assert.ok(first && "tabvault:sealed" in first.formData, "the backup's tab carries its sealed form");
      first.url = `${first.url.split("#")[0]}?moved=1`;
      body.session.tabs.push({ ...first, url: "javascript:document.title='pwned'", formData: {} });
      await route.fulfill({ response: answer, json: body });
    });
    await page.goto("/sessions");
    await page.getByRole("tab", { name: "Emergency Backups" }).click();
    await page.getByRole("list", { name: "Emergency Backups" }).getByRole("button").first().click();
    const opened: Page[] = [];
    context.on("page", (newPage) => void opened.push(newPage));
    await page.getByRole("button", { name: "Restore Session" }).click();
    await page.getByRole("region", { name: "Notifications (F8)" }).getByText("1 tab whose address is not a web page was left out.").first().waitFor();
    await screenshot(page, "hostile-restore-toast-1280");
    const moved = opened[0] ?? (await context.waitForEvent("page"));
    await moved.waitForURL(/moved=1/);
    await moved.getByLabel("Test email").waitFor();
    // The page fills in the account's address once its account query answers (seconds on a loaded machine); the refill
    // runs within a second of the page drawing. Give it three more, then the field must still hold the page's own
    // value, never what was typed on the other page.
    await moved.waitForFunction(() => document.querySelector<HTMLInputElement>('[name="testEmail"]')?.value === "hostile@example.com");
    await moved.waitForTimeout(3_000);
    assert.equal(await moved.getByLabel("Test email").inputValue(), "hostile@example.com");
    // The backup's other pages opened, 500 ms apart; the javascript: tab, last, never did.
    assert.ok(opened.length >= 1 && opened.every((each) => each.url().startsWith(`${suite.server.url}/`)), `pages opened: ${opened.map((each) => each.url()).join(", ")}`);
    await context.close();
  });

  test("with titles and addresses sealed, a name and a tag leave only sealed, open and are found here, and a name moved onto another backup is refused (decision 237)", async () => {
    const context = await newContext(suite.browser, suite.server.url, DESKTOP);
    const page = await context.newPage();
    await signInThroughMail(page, suite.server.dataDir, "label-sealer@example.com");
    await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
    await turnOnEncryption(page);
    const choice = page.getByRole("region", { name: "End-to-end encryption" }).getByRole("group", { name: "Titles and addresses" });
    await choice.getByRole("switch", { name: "Also encrypt titles and addresses" }).click();
    await choice.getByRole("button", { name: "Encrypt titles and addresses" }).click();
    await choice.getByText("On: every tab's title, address and icon is sealed").waitFor();
    await backUpTyping(page, TYPED);

    const sent: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "PATCH") sent.push(request.postData() ?? "");
    });
    await page.goto("/sessions");
    await page.getByRole("tab", { name: "Emergency Backups" }).click();
    const list = page.getByRole("list", { name: "Emergency Backups" });
    await list.getByRole("button").first().click();
    await page.getByRole("button", { name: "Rename" }).click();
    await page.getByLabel("Backup name").fill("Mortgage documents");
    await page.getByRole("button", { name: "Save name" }).click();
    await list.getByText("Mortgage documents", { exact: true }).waitFor();
    // The details show the new name once their own answer has come and opened: the organise panel starts afresh
    // then, so a tag typed before it would be typed into the panel it replaces.
    await page.getByRole("heading", { level: 2, name: "Mortgage documents" }).waitFor();
    await page.getByPlaceholder("New tag").fill("Finance");
    await page.getByRole("button", { name: "Add tag" }).click();
    await page.getByRole("list", { name: "Tags" }).getByText("Finance", { exact: true }).waitFor();
    assert.equal(sent.length, 2);
    assert.ok(sent.every((body) => /"tv2\./.test(body) && !/Mortgage|Finance/.test(body)), `sent: ${sent.join(" | ")}`);

    // Found in this browser by its sealed tag; the server's search says it cannot see them.
    await page.getByLabel("Find a backup by its name, tags or note").fill("finance");
    await list.getByText("Mortgage documents", { exact: true }).waitFor();
    assert.equal(await list.getByRole("listitem").count(), 1);
    await page.getByText("Encrypted tabs, names, tags and notes and your form entries are never searched there", { exact: false }).waitFor();
    await screenshot(page, "hostile-sealed-labels-1280");

    // The server lists the backup's sealed name on a second backup too: only the backup it was sealed for opens it.
    // The search typed above is not typing a backup keeps: leaving the page makes no emergency backup, which on Free
    // would have replaced the renamed one.
    const listed: string[][] = [];
    await page.route("**/api/saved-sessions", async (route) => {
      const answer = await route.fetch();
      const backups: { id: string; sessionName: string }[] = await answer.json();
      listed.push(backups.map((backup) => backup.sessionName));
      const sealed = backups.find((backup) => backup.sessionName.startsWith("tv2."));
      await route.fulfill({ response: answer, json: sealed ? [...backups, { ...sealed, id: "00000000-0000-4000-8000-00000000beef" }] : backups });
    });
    await page.reload();
    const all = page.getByRole("list", { name: "Saved Sessions" });
    await all.getByRole("listitem").first().waitFor();
    assert.ok(listed.length > 0 && listed.every((names) => names.length === 1 && names[0]?.startsWith("tv2.")), `the server listed: ${JSON.stringify(listed)}`);
    await all.getByText("Mortgage documents", { exact: true }).waitFor();
    await all.getByText("Encrypted: not for this backup", { exact: true }).first().waitFor();
    assert.equal(await all.getByText("Mortgage documents", { exact: true }).count(), 1);
    await context.close();
  });
});
