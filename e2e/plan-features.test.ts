/// <reference lib="dom" />
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { describe, test } from "node:test";
import type { Page } from "playwright-core";
import { catalogueFeatureIds, catalogueFeatures, planSupport, plans, supportPromiseText } from "../common/plan-catalogue";
import { ARTIFACTS_DIR, DESKTOP, MOBILE, newContext, saveScreenshot, screenshot } from "./support/browser";
import { signInThroughMail } from "./support/mail";
import { payWithSandboxCard } from "./support/payments";
import { useBrowserSuite } from "./support/suite";

/** Issue 16 point 2: each paid feature works on its plan and is absent below it; the pages sell only what exists. */
const ADMIN = "inbox-admin@example.com";
const { backupSummaries, analytics, reports } = catalogueFeatures;
const unavailable = catalogueFeatureIds.map((id) => catalogueFeatures[id]).filter((feature) => !feature.available);


/** Buys a plan in the sandbox from the subscribe page; the checkout summary is photographed at both widths first. */
async function upgrade(page: Page, plan: "basic" | "pro" | "premium", shots = false) {
  await page.goto(`/subscribe?plan=${plan}&price_id=sandbox_price_${plan}`);
  const summary = page.getByText("Order summary");
  await summary.waitFor();
  const main = page.getByRole("main");
  for (const bullet of plans[plan].bullets) await main.getByText(bullet, { exact: true }).first().waitFor();
  for (const feature of unavailable) assert.equal(await main.getByText(feature.name).count(), 0, `the checkout sells ${feature.name}`);
  if (shots) {
    await screenshot(page, `plan-features-checkout-${plan}-1280`);
    await page.setViewportSize(MOBILE);
    await summary.scrollIntoViewIfNeeded();
    await screenshot(page, `plan-features-checkout-${plan}-390`);
    await page.setViewportSize(DESKTOP);
  }
  await payWithSandboxCard(page);
  await page.getByText(`Welcome to ${plans[plan].name}`).first().waitFor({ timeout: 20_000 });
}

/** A manual save of three tabs through the API, as the web app's save does. */
async function saveBackup(page: Page) {
  const tab = (url: string, title: string, lastAccessed: string) => ({ url, title, faviconUrl: null, isActive: false, lastAccessed, formData: {}, scrollPosition: { x: 0, y: 0 } });
  const weeksAgo = new Date(Date.now() - 20 * 86_400_000).toISOString();
  const now = new Date().toISOString();
  const body = JSON.stringify({
    sessionName: "Research tabs",
    browserSession: {
      tabs: [
        tab("https://github.com/tabvault/issues/1", "Restore bug report", weeksAgo),
        tab("https://github.com/tabvault/issues/1#top", "Restore bug report", now),
        tab("https://docs.example/restore", "How restore works", now),
      ],
      windowId: 1,
      browserType: "chrome",
      sessionId: "e2e-plan-features",
      timestamp: Date.now(),
    },
  });
  // No named functions inside evaluate: the test runner's transpiler would wrap them in a helper the page lacks.
  const status = await page.evaluate(async (json) => (await fetch("/api/saved-sessions", { method: "POST", headers: { "content-type": "application/json" }, body: json })).status, body);
  assert.equal(status, 201);
}

async function openBackup(page: Page) {
  await page.goto("/sessions");
  await page.getByRole("list", { name: "Saved Sessions" }).getByText("Research tabs").first().click();
  return page.getByRole("region", { name: "Summary" });
}

async function signIn(page: Page, dataDir: string, email: string) {
  await signInThroughMail(page, dataDir, email);
  await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
}

describe("plan features: summaries (Basic), analytics (Pro), reports (Premium), support by plan", () => {
  const suite = useBrowserSuite({ ADMIN_EMAILS: ADMIN });

  for (const viewport of [DESKTOP, MOBILE]) {
    test(`pricing sells only what exists, with each plan's reply time (${viewport.width} px)`, async () => {
      const context = await newContext(suite.browser, suite.server.url, viewport);
      const page = await context.newPage();
      await page.goto("/#pricing");
      const pricing = page.locator("#pricing");
      await pricing.getByText(backupSummaries.name).waitFor();
      await pricing.getByText(analytics.name).waitFor();
      await pricing.getByText(reports.name).waitFor();
      for (const type of ["free", "basic", "pro", "premium"] as const) {
        await pricing.getByText(`Support replies within ${planSupport[type].replyHours} hours`).waitFor();
      }
      const text = (await page.getByRole("main").textContent()) ?? "";
      for (const feature of unavailable) assert.ok(!text.includes(feature.name), `the landing page sells ${feature.name}`);
      assert.doesNotMatch(text, /\bAI\b/);
      await saveScreenshot(pricing, { path: `${ARTIFACTS_DIR}/plan-features-pricing-${viewport.width}.png` });
      await saveScreenshot(page.locator("#compare"), { path: `${ARTIFACTS_DIR}/plan-features-comparison-${viewport.width}.png` });
      await page.goto("/contact");
      await page.getByText(supportPromiseText, { exact: false }).first().waitFor();
      await page.goto("/help-center");
      await page.getByText(supportPromiseText, { exact: false }).first().waitFor();
      await page.goto("/about");
      await page.getByText(supportPromiseText, { exact: false }).first().waitFor();
      await context.close();
    });
  }

  test("Free has none of them; Basic gets backup summaries, still without analytics; the inbox puts Pro first", async () => {
    const context = await newContext(suite.browser, suite.server.url, DESKTOP);
    const page = await context.newPage();
    const email = "plan-free@example.com";
    await signIn(page, suite.server.dataDir, email);
    const section = page.getByRole("region", { name: "Analytics" });
    await section.getByText(`Analytics needs the ${plans.pro.name} plan or higher; you are on Free.`).waitFor();
    await section.getByText(`Reports needs the ${plans.premium.name} plan or higher; you are on Free.`).waitFor();
    assert.equal(await section.getByRole("link", { name: "Download CSV" }).count(), 0);
    await saveBackup(page);
    const summary = await openBackup(page);
    await summary.getByText(`Backup summaries needs the ${plans.basic.name} plan or higher; you are on Free.`).waitFor();
    assert.equal(await summary.getByText("github.com (2)").count(), 0);

    await page.goto("/contact");
    await page.getByLabel("Name").fill("Free Person");
    await page.getByLabel("Subject").fill("Free question");
    await page.getByLabel("Message").fill("How do I restore?");
    await page.getByRole("button", { name: /Send/ }).click();
    await page.getByText(`Thanks! We reply within ${planSupport.free.replyHours} hours.`).first().waitFor();

    await upgrade(page, "basic", true);
    const basicSummary = await openBackup(page);
    await basicSummary.getByText("github.com (2), docs.example (1)").waitFor();
    await basicSummary.getByText("restore (3)", { exact: false }).waitFor();
    await basicSummary.getByText("Restore bug report (2×)").waitFor();
    await basicSummary.getByText("Restore bug report (20 days)").waitFor();
    await screenshot(page, "plan-features-summary-basic-1280");
    await page.setViewportSize(MOBILE);
    await saveScreenshot(basicSummary, { path: `${ARTIFACTS_DIR}/plan-features-summary-basic-390.png` });
    await page.setViewportSize(DESKTOP);
    await page.goto("/");
    await page.getByRole("region", { name: "Analytics" }).getByText(`you are on ${plans.basic.name}.`, { exact: false }).first().waitFor();
    await context.close();
  });

  test("Pro: charts of 30 and 90 days from its own events; reports stay Premium's", async () => {
    const context = await newContext(suite.browser, suite.server.url, DESKTOP);
    const page = await context.newPage();
    await signIn(page, suite.server.dataDir, "plan-pro@example.com");
    await upgrade(page, "pro");
    await saveBackup(page);
    await page.goto("/contact");
    await page.getByLabel("Name").fill("Pro Person");
    await page.getByLabel("Subject").fill("Pro question");
    await page.getByLabel("Message").fill("Where are my charts?");
    await page.getByRole("button", { name: /Send/ }).click();
    await page.getByText(`Thanks! We reply within ${planSupport.pro.replyHours} hours.`).first().waitFor();

    await page.goto("/");
    const section = page.getByRole("region", { name: "Analytics" });
    await section.getByText("1 in 30 days").first().waitFor();
    await section.getByText("3 in 30 days").waitFor();
    assert.equal(await section.locator(".recharts-responsive-container").count(), 4);
    await section.getByText(`Reports needs the ${plans.premium.name} plan or higher; you are on Pro.`).waitFor();
    await section.getByRole("button", { name: "90 days" }).click();
    await section.getByText("3 in 90 days").waitFor();
    await screenshot(page, "plan-features-analytics-pro-1280");
    await saveScreenshot(section, { path: `${ARTIFACTS_DIR}/plan-features-analytics-section-pro-1280.png` });
    await page.setViewportSize(MOBILE);
    await page.waitForTimeout(300);
    await saveScreenshot(section, { path: `${ARTIFACTS_DIR}/plan-features-analytics-section-pro-390.png` });
    await context.close();
  });

  test("Premium: the history downloads as CSV and JSON", async () => {
    const context = await newContext(suite.browser, suite.server.url, DESKTOP);
    const page = await context.newPage();
    await signIn(page, suite.server.dataDir, "plan-premium@example.com");
    await upgrade(page, "premium", true);
    await saveBackup(page);
    await page.goto("/");
    const section = page.getByRole("region", { name: "Analytics" });
    for (const [name, check] of [
      ["Download CSV", (text: string) => assert.match(text, /^createdAt,type,description\r\n.*manual_save/s)],
      ["Download JSON", (text: string) => assert.equal(JSON.parse(text).format, "tabvault-history-report")],
    ] as const) {
      const download = page.waitForEvent("download");
      await section.getByRole("link", { name }).click();
      const file = await (await download).path();
      check(await readFile(file, "utf8"));
    }
    await context.close();
  });

  test("the admin inbox lists the Pro message first, each with its plan's reply-by time", async () => {
    const context = await newContext(suite.browser, suite.server.url, DESKTOP);
    const page = await context.newPage();
    await signInThroughMail(page, suite.server.dataDir, ADMIN);
    await page.goto("/admin");
    const inbox = page.getByRole("list", { name: "Contact messages" });
    await inbox.getByText("Pro question").waitFor();
    const subjects = await inbox.locator("li").evaluateAll((items) => items.map((item) => item.textContent ?? ""));
    const pro = subjects.findIndex((text) => text.includes("Pro question"));
    const free = subjects.findIndex((text) => text.includes("Free question"));
    assert.ok(pro >= 0 && free > pro, `Pro before the Basic-now account's message: ${subjects.join(" | ")}`);
    assert.match(subjects[pro] ?? "", /Pro plan · Reply by /);
    await saveScreenshot(page.getByRole("region", { name: "Contact messages" }).or(inbox).first(), { path: `${ARTIFACTS_DIR}/plan-features-admin-inbox-1280.png` });
    await context.close();
  });
});
