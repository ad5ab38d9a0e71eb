/// <reference lib="dom" />
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { clientRoutes } from "../common/routes";
import { DESKTOP, MOBILE, newContext, screenshot } from "./support/browser";
import { useBrowserSuite } from "./support/suite";

describe("app shell", () => {
  const suite = useBrowserSuite();

  test("every route of both documents renders its screen, not the not-found card", async () => {
    const context = await newContext(suite.browser, suite.server.url);
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on("pageerror", (error) => pageErrors.push(error.message));
    for (const route of clientRoutes) {
      await page.goto(route);
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      assert.equal(await page.getByText("Page Not Found").count(), 0, `${route} showed Page Not Found`);
    }
    assert.deepEqual(pageErrors, []);
    await context.close();
  });

  test("/system-status shows live checks from the server", async () => {
    const context = await newContext(suite.browser, suite.server.url);
    const page = await context.newPage();
    await page.goto("/system-status");
    const services = page.getByRole("list", { name: "Services" });
    await services.getByText("Database").waitFor();
    await services.getByText(/Answered in \d+ ms/).waitFor();
    await page.getByText(/this server up for/).waitFor();
    await screenshot(page, "system-status-desktop");
    await context.close();
  });

  test("an unknown path shows the Page Not Found card and links home", async () => {
    const context = await newContext(suite.browser, suite.server.url);
    const page = await context.newPage();
    const response = await page.goto("/no-such-page");
    assert.equal(response?.status(), 200, "the SPA fallback serves the shell");
    await page.getByText("Page Not Found").waitFor();
    await screenshot(page, "not-found-desktop");
    await context.close();
  });

  test("the landing page at desktop width: navigation, sections, footer", async () => {
    const context = await newContext(suite.browser, suite.server.url, DESKTOP);
    const page = await context.newPage();
    await page.goto("/");
    const nav = page.getByRole("navigation").first();
    for (const name of ["Block Clear All", "Download", "Documentation", "Support", "Verify Account"]) {
      await nav.getByRole("link", { name, exact: true }).waitFor();
    }
    await page.getByRole("button", { name: "Get Started" }).first().waitFor();
    assert.equal(await nav.getByRole("link", { name: "Admin" }).count(), 0, "no Admin link for visitors");
    await page.locator("#features").waitFor();
    await page.locator("#pricing").waitFor();
    for (const plan of ["Free", "Basic", "Pro", "Premium"]) {
      await page.locator("#pricing").getByRole("heading", { name: plan, exact: true }).waitFor();
    }
    await page.getByText("Most Popular").first().waitFor();
    await screenshot(page, "landing-desktop");

    await page.getByRole("contentinfo").getByRole("link", { name: "System Status" }).click();
    await page.waitForURL("**/system-status");
    await page.getByRole("heading", { level: 1, name: "System Status" }).waitFor();
    await context.close();
  });

  test("section links from another page go to /#pricing and scroll there", async () => {
    const context = await newContext(suite.browser, suite.server.url, DESKTOP);
    const page = await context.newPage();
    await page.goto("/about");
    await page.getByRole("navigation").first().getByRole("link", { name: "Pricing" }).click();
    await page.waitForURL("**/#pricing");
    await page.waitForFunction(() => {
      const section = document.getElementById("pricing");
      return section !== null && Math.abs(section.getBoundingClientRect().top) < 200;
    });
    await context.close();
  });

  test("the mobile menu at 390 px opens, lists the links and closes on navigation", async () => {
    const context = await newContext(suite.browser, suite.server.url, MOBILE);
    const page = await context.newPage();
    await page.goto("/");
    await page.locator("#pricing").waitFor();
    await screenshot(page, "landing-mobile");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `page is ${overflow}px wider than the 390px screen`);
    await page.getByRole("button", { name: /menu/i }).click();
    const menu = page.getByRole("dialog");
    await menu.getByRole("link", { name: "Documentation" }).click();
    await page.waitForURL("**/documentation");
    await page.getByRole("heading", { level: 1, name: "Documentation" }).waitFor();
    assert.equal(await page.getByRole("dialog").count(), 0, "menu closed after navigating");
    await context.close();
  });
});
