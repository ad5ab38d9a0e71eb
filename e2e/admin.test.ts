import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, test } from "node:test";
import Papa from "papaparse";
import { DESKTOP, newContext, screenshot } from "./support/browser";
import { latestMailTo } from "../server/test/mail-outbox";
import { signInThroughMail } from "./support/mail";
import { useBrowserSuite } from "./support/suite";

const ADMIN = "chief@tabvault.test";

describe("the admin dashboard", () => {
  const suite = useBrowserSuite({ ADMIN_EMAILS: ADMIN, RELEASES_DIR: path.resolve("server/downloads/fixtures") });

  async function post(url: string, body: unknown) {
    const response = await fetch(`${suite.server.url}${url}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    return (await response.json()) as Record<string, unknown>;
  }

  async function pay(email: string, card: string) {
    const { clientSecret } = await post("/api/create-payment-intent", { amount: 14, planType: "pro", email });
    return post("/api/sandbox/confirm", { clientSecret, card: { number: card, expMonth: 12, expYear: 2030, cvc: "123" } });
  }

  test("shows figures that match what happened, exports the payments as CSV, and clears the log", async () => {
    // Two sign-ups, one succeeded and one failed payment.
    await post("/api/capture-email", { email: "first@example.com", source: "email_signup_modal" });
    await post("/api/capture-email", { email: "second@example.com", source: "plan_selection_pro" });
    assert.equal((await pay("first@example.com", "4242424242424242")).status, "succeeded");
    assert.equal((await pay("second@example.com", "4000000000000002")).status, "failed");

    // A visitor writes through the contact form; the admin reads it below.
    const visitor = await newContext(suite.browser, suite.server.url, DESKTOP);
    const form = await visitor.newPage();
    await form.goto("/contact");
    await form.getByLabel("Name").fill("Vera Visitor");
    await form.getByLabel("Email").fill("vera@example.com");
    await form.getByLabel("Subject").fill("Where is my backup?");
    await form.getByLabel("Message").fill("I pressed Clear All on my phone.\nCan you help?");
    await form.getByRole("button", { name: "Send Message" }).click();
    await form.getByText("Message Sent", { exact: true }).waitFor();
    await visitor.close();

    const context = await newContext(suite.browser, suite.server.url, DESKTOP);
    const page = await context.newPage();
    await signInThroughMail(page, suite.server.dataDir, ADMIN, "/admin");
    await page.waitForURL(`${suite.server.url}/admin`);

    // One download, by the (verified) admin.
    const downloaded = await page.evaluate(async (email) => {
      const link = (await (await fetch("/api/generate-download", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ platform: "android", email }) })).json()) as { downloadUrl: string };
      return (await fetch(link.downloadUrl)).arrayBuffer().then((bytes) => bytes.byteLength);
    }, ADMIN);
    assert.equal(downloaded, 90000);
    await page.reload();

    await page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
    for (const figure of ["Total users: 3", "Revenue this month: $14.00", "Failed payments this month: 1", "App downloads: 1", "Downloads today: 1", "Monthly growth: +100%"]) {
      await page.getByLabel(figure).waitFor();
    }
    await page.getByRole("cell", { name: "failed" }).waitFor();
    await page.getByRole("list", { name: "Contact messages" }).getByText("Where is my backup?").waitFor();
    await page.getByRole("cell", { name: "succeeded" }).waitFor();
    await screenshot(page, "admin-desktop");

    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export CSV" }).click();
    const download = await downloading;
    assert.match(download.suggestedFilename(), /^tabvault-payments-\d{4}-\d{2}-\d{2}\.csv$/);
    const rows = Papa.parse<Record<string, string>>((await readFile(await download.path(), "utf8")).trim(), { header: true }).data;
    const api = (await page.evaluate(async () => (await fetch("/api/admin/payments?limit=50")).json())) as {
      payments: { id: string; amount: number; status: string; user: { email: string } }[];
    };
    assert.deepEqual(
      rows.map((row) => [row.id, row.amount, row.status, row.userEmail]),
      api.payments.map((payment) => [payment.id, payment.amount.toFixed(2), payment.status, payment.user.email]),
    );
    assert.equal(rows.length, 2);
    // The export is an admin action: the server logged it with the admin's email.
    await page.reload();
    await page.getByRole("list", { name: "System log entries" }).getByText(`Payments exported as CSV by ${ADMIN}: 2 payments`).waitFor();

    await page.getByRole("button", { name: "Clear logs" }).click();
    await page.getByText("System log cleared", { exact: true }).waitFor();
    const log = page.getByRole("list", { name: "System log entries" });
    await log.getByText(`System log cleared by ${ADMIN}`).waitFor();
    assert.equal(await log.getByRole("listitem").count(), 1);
    await context.close();
  });

  test("an announcement is emailed to every account with a verified address, and the list counts what went out", async () => {
    const reader = await newContext(suite.browser, suite.server.url, DESKTOP);
    await signInThroughMail(await reader.newPage(), suite.server.dataDir, "announcement-reader@example.com");
    const context = await newContext(suite.browser, suite.server.url, DESKTOP);
    const page = await context.newPage();
    await signInThroughMail(page, suite.server.dataDir, ADMIN, "/admin");
    const section = page.getByRole("region", { name: "Announcements" });
    await section.getByLabel("Subject").fill("Premium's price changes on 1 January");
    await section.getByLabel("Announcement", { exact: true }).fill("From 1 January Premium is $22 a month.\n\nNothing changes for you before then.");
    page.once("dialog", (dialog) => void dialog.accept());
    await section.getByRole("button", { name: "Email every account" }).click();
    await page.getByText(/^It goes to \d+ accounts by email over the next minutes\.$/).first().waitFor();
    // Sent in the background by the server's delivery loop: the list counts up to every recipient.
    const sent = page.getByRole("list", { name: "Announcements sent" });
    await sent.getByText("Premium's price changes on 1 January").waitFor();
    await sent.getByText(/emailed to (\d+) of \1 accounts/).waitFor({ timeout: 30_000 });
    const mail = await latestMailTo(path.join(suite.server.dataDir, "mail"), "announcement-reader@example.com");
    assert.equal(mail?.subject, "TabVault: Premium's price changes on 1 January");
    assert.match(mail?.text ?? "", /From 1 January Premium is \$22 a month\./);
    await screenshot(page, "admin-announcements");
    await context.close();
    await reader.close();
  });
});
