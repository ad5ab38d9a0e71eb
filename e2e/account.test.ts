import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { describe, test } from "node:test";
import { DESKTOP, MOBILE, newContext, screenshot } from "./support/browser";
import { deletionLinkFor, signInThroughMail } from "./support/mail";
import { useBrowserSuite } from "./support/suite";

const EMAIL = "leaving@example.com";

describe("the Account page (/account)", () => {
  const suite = useBrowserSuite();

  test("signs in, sees its browsers and devices, exports its data, and deletes the account by the emailed link", async () => {
    const desktop = await newContext(suite.browser, suite.server.url, DESKTOP);
    const page = await desktop.newPage();
    await signInThroughMail(page, suite.server.dataDir, EMAIL, "/account");
    await page.getByRole("heading", { level: 1, name: "Account" }).waitFor();
    const firstId = await page.evaluate(async () => ((await (await fetch("/api/auth/user")).json()) as { id: string }).id);
    // A backup with a form value, for the export to carry.
    const saved = await page.evaluate(async () => {
      const response = await fetch("/api/saved-sessions", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          sessionName: "Before the trip",
          browserSession: {
            tabs: [{ url: "https://example.com/notes", title: "Notes", isActive: true, formData: { "#packing": "charger, passport" }, scrollPosition: { x: 0, y: 40 } }],
            windowId: 1,
            browserType: "chrome",
            sessionId: "e2e-session",
            timestamp: Date.now(),
          },
        }),
      });
      return response.status;
    });
    assert.equal(saved, 201);

    // A second browser (a phone) signed in to the same account.
    const phone = await newContext(suite.browser, suite.server.url, MOBILE);
    const phonePage = await phone.newPage();
    await signInThroughMail(phonePage, suite.server.dataDir, EMAIL, "/account");
    await phonePage.getByRole("heading", { level: 1, name: "Account" }).waitFor();
    await phonePage.getByRole("heading", { name: "Signed-in browsers" }).waitFor();
    await phonePage.getByRole("region", { name: "Signed-in browsers" }).getByText("This browser", { exact: true }).waitFor();
    await screenshot(phonePage, "account-390");
    const wide = await phonePage.evaluate(() =>
      [...document.querySelectorAll("body *")]
        .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
        .map((element) => `${element.tagName}.${element.className}`.slice(0, 120)),
    );
    assert.deepEqual(wide, [], "nothing runs off a 390 px screen");

    // Devices: a token for the Windows app, listed with its last use.
    await page.reload();
    await page.getByLabel("Device name").fill("Work laptop");
    await page.getByRole("button", { name: "Create token" }).click();
    await page.getByText("Copy it now: it will not be shown again.", { exact: false }).waitFor();
    const devices = page.getByRole("region", { name: "Devices" });
    await devices.getByRole("listitem").getByText("Work laptop").waitFor();
    await devices.getByText("Never used").waitFor();

    // Browsers: both listed, this one marked; the phone is signed out from here.
    const browsers = page.getByRole("region", { name: "Signed-in browsers" });
    await browsers.getByText("This browser").waitFor();
    assert.equal(await browsers.getByRole("listitem").count(), 2);
    await browsers.getByText(/^Signed in .* · Last used /).first().waitFor();
    await screenshot(page, "account-1280");
    await browsers.getByRole("button", { name: "Sign out Chrome on Linux", exact: true }).click();
    await page.getByText("Chrome on Linux is signed out.").first().waitFor();
    await browsers.getByRole("listitem").nth(1).waitFor({ state: "detached" });
    assert.equal(await phonePage.evaluate(async () => (await fetch("/api/auth/user")).status), 401, "the phone is signed out");

    // Export: one JSON file with the account, the backup with its form data, settings, events and devices.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export all my data" }).click()]);
    assert.match(download.suggestedFilename(), /^tabvault-export-\d{4}-\d{2}-\d{2}\.json$/);
    const text = await readFile((await download.path())!, "utf8");
    const data = JSON.parse(text) as {
      format: string;
      version: number;
      account: { email: string; id: string };
      backups: { name: string; tabs: { url: string; formData: Record<string, string> }[] }[];
      settings: { enabled: boolean };
      events: { type: string }[];
      payments: unknown[];
      devices: { name: string; scope: string }[];
      sessions: unknown[];
    };
    assert.equal(data.format, "tabvault-account-export");
    assert.equal(data.version, 1);
    assert.equal(data.account.email, EMAIL);
    assert.equal(data.backups.length, 1);
    assert.equal(data.backups[0]?.name, "Before the trip");
    assert.deepEqual(data.backups[0]?.tabs[0]?.formData, { "#packing": "charger, passport" });
    assert.equal(data.settings.enabled, true);
    assert.ok(data.events.some((event) => event.type === "manual_save"));
    assert.deepEqual(data.payments, []);
    assert.deepEqual(
      data.devices.map((device) => [device.name, device.scope]),
      [["Work laptop", "app"]],
    );
    assert.equal(data.sessions.length, 1);
    assert.doesNotMatch(text, /hash/i, "no token or session hash in the export");

    // Delete: the button only mails a link; the link asks, and the click deletes.
    const before = Date.now();
    await page.getByRole("button", { name: "Email me a deletion link" }).click();
    await page.getByText(`We sent a link to ${EMAIL}.`, { exact: false }).waitFor();
    const link = await deletionLinkFor(suite.server.dataDir, EMAIL, before - 1000);
    await page.goto(link);
    await page.getByRole("heading", { name: `Delete the account of ${EMAIL}?` }).waitFor();
    assert.equal(new URL(page.url()).hash, "", "the token is taken out of the address bar");
    await screenshot(page, "account-delete-confirm-1280");
    await page.getByRole("main").getByRole("button", { name: "Delete my account" }).click();
    await page.getByRole("heading", { name: "Your account is deleted" }).waitFor();
    assert.equal(await page.evaluate(async () => (await fetch("/api/auth/user")).status), 401, "signed out with the account");

    // The link is spent; signing in with the address starts a new, empty account.
    const reopened = await desktop.newPage();
    await reopened.goto(link);
    await reopened.getByRole("heading", { name: "This deletion link can't be used" }).waitFor();
    await reopened.getByRole("link", { name: "Go to my account" }).waitFor();
    await reopened.close();
    await signInThroughMail(page, suite.server.dataDir, EMAIL, "/account");
    await page.getByRole("heading", { level: 1, name: "Account" }).waitFor();
    const fresh = await page.evaluate(async () => {
      const user = (await (await fetch("/api/auth/user")).json()) as { id: string; planType: string };
      const backups = (await (await fetch("/api/saved-sessions")).json()) as unknown[];
      const devices = (await (await fetch("/api/device-tokens")).json()) as unknown[];
      return { id: user.id, plan: user.planType, backups: backups.length, devices: devices.length };
    });
    assert.notEqual(fresh.id, firstId, "a new account");
    assert.deepEqual({ plan: fresh.plan, backups: fresh.backups, devices: fresh.devices }, { plan: "free", backups: 0, devices: 0 });
    await page.getByText("Backups use 0 MB of 50 MB").waitFor();
    await phone.close();
    await desktop.close();
  });
});
