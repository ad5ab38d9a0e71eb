/// <reference lib="dom" />
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Locator, Page } from "playwright-core";
import { formatPrice, planList } from "../common/plan-catalogue";
import { ANDROID_REQUIREMENTS } from "../common/product";
import { TABVAULT_VERSION } from "../common/release";
import { notProtectedByEncryption, protectedByEncryption } from "../client/src/features/site/content/end-to-end-protection";
import { MOBILE, newContext, screenshot } from "./support/browser";
import { useBrowserSuite } from "./support/suite";

/** The two widths every public page must look right at. */
const WIDE = { width: 1440, height: 900 };
const viewports = [MOBILE, WIDE];

/** Claims the site must never make: it holds no certification (house rules). */
// "AES-256-GCM" names the cipher end-to-end encryption really uses (decision 177); a bare "AES-256" or "256-bit" is a badge.
const certificationClaims = /PCI[ -]?DSS|SOC ?2|ISO ?27001|256-bit|AES-256(?!-GCM)/i;

/** Text, links and controls in <main> that stick out past the right edge of the screen. */
async function overflowingElements(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const limit = window.innerWidth + 1;
    const selector = "h1, h2, h3, h4, p, a, button, input, li, dt, dd";
    return [...document.querySelectorAll(`main :is(${selector})`)]
      .filter((element) => !element.closest('[aria-hidden="true"]') && element.getBoundingClientRect().right > limit)
      .map((element) => `<${element.tagName.toLowerCase()}> ${(element.textContent ?? "").trim().slice(0, 50)}`);
  });
}

async function isInViewport(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.top >= 0 && box.top < window.innerHeight;
  });
}

/** Waits until a section a link or URL hash named has been scrolled to (smooth scrolling takes a moment). */
async function waitUntilScrolledTo(page: Page, locator: Locator): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!(await isInViewport(locator))) {
    if (Date.now() > deadline) assert.fail(`${await locator.textContent()} was not scrolled into view`);
    await page.waitForTimeout(100);
  }
}

interface PublicPage {
  route: string;
  h1: string;
  /** Key sections and controls, found by role and text; `wide` is true at 1440 px. */
  check: (page: Page, wide: boolean) => Promise<void>;
}

const pages: PublicPage[] = [
  {
    route: "/product",
    h1: "Your phone's tabs, back after Clear All",
    async check(page) {
      const nav = page.getByRole("navigation", { name: "Product" });
      for (const [name, href] of [
        ["Home", "/"],
        ["Product", "/product"],
        ["Download", "/download"],
        ["Get Started", "/subscribe"],
      ] as const) {
        assert.equal(await nav.getByRole("link", { name, exact: true }).getAttribute("href"), href, `product nav: ${name}`);
      }
      assert.equal(await nav.getByRole("link", { name: "Product", exact: true }).getAttribute("aria-current"), "page");

      const features = page.getByRole("region", { name: "One tap should never cost you a session" });
      for (const title of ["Backs up every tab", "Emergency backup when tabs vanish", "Restores in one tap"]) {
        await features.getByRole("heading", { level: 3, name: title }).waitFor();
      }
      assert.equal(await features.getByRole("listitem").count(), 3, "three feature cards");

      const steps = page.getByRole("region", { name: "How it works" });
      assert.equal(await steps.getByRole("heading", { level: 3, name: /^Step \d:/ }).count(), 3, "three steps");

      const plans = page.getByRole("region", { name: "Start free, upgrade when you need more" });
      for (const plan of planList) {
        const card = plans.locator("div").filter({ has: page.getByRole("heading", { level: 3, name: plan.name, exact: true }) }).last();
        await card.getByText(formatPrice(plan.priceCents), { exact: true }).waitFor();
      }
      assert.equal(await plans.getByRole("heading", { level: 3 }).count(), 4, "four plans");
      await plans.getByText("Most Popular").waitFor();

      await nav.getByRole("link", { name: "Get Started" }).click();
      await page.waitForURL("**/subscribe");
    },
  },
  {
    route: "/windows",
    h1: "TabVault on Windows",
    async check(page) {
      // No release files on this server: the extension and the web app, and no Windows app.
      const today = page.getByRole("region", { name: "What protects you today" });
      await today.getByText(/The TabVault browser extension for Chrome, Edge, Brave and Opera on Windows, macOS and Linux/).waitFor();
      await today.getByText("No TabVault app for Windows is published on this server.").waitFor();
      assert.equal(await page.getByRole("heading", { name: "What the Windows app adds" }).count(), 0);
      await page.getByRole("link", { name: "Get the browser extension" }).click();
      await page.waitForURL("**/download");
      await page.getByRole("heading", { level: 1, name: "Download TabVault" }).waitFor();
    },
  },
  {
    route: "/about",
    h1: "About TabVault",
    async check(page) {
      for (const heading of ["Why we built it", "What we make", "How we work"]) {
        await page.getByRole("heading", { level: 2, name: heading }).waitFor();
      }
      assert.equal(await page.getByRole("main").getByRole("link", { name: "Contact us" }).getAttribute("href"), "/contact");
      // What we make: the extension and the web app; no native app is published on this server.
      await page.getByRole("heading", { name: "The TabVault browser extension" }).waitFor();
      await page.getByRole("heading", { name: "The TabVault web app" }).waitFor();
      assert.equal(await page.getByRole("heading", { name: /TabVault for (Android|Windows)/ }).count(), 0);
      await page.getByText(/Its browser extension keeps a running snapshot of every open tab/).waitFor();
    },
  },
  {
    route: "/privacy",
    h1: "Privacy Policy",
    async check(page, wide) {
      const main = page.getByRole("main");
      await main.getByText("When you delete your account, its data is deleted at once, and your address is removed from everything else we hold; payment records are kept without your name or address.").waitFor();
      await main.getByText("TabVault is not for children under 13.").waitFor();
      await main.getByText("Rate-limit counters, which hold an IP address or a one-way hash of an email address, are deleted within 2 hours.").waitFor();
      await main.getByText("your address is replaced at once by an anonymous id such as “(deleted account 4f2a9c1e)”", { exact: false }).waitFor();
      await main.getByText(/One cookie keeps you signed in/).waitFor();
      await main.getByText(/Card details are typed into a form that Stripe serves/).waitFor();
      await main.getByText(/reply within 24 hours/).first().waitFor();
      for (const term of ["Tab backups", "What backups never hold"]) await main.getByRole("term").filter({ hasText: term }).waitFor();

      // The table of contents: a sticky column on wide screens, a fold-out list on phones.
      if (!wide) await page.locator("summary", { hasText: "On this page" }).click();
      await page.getByRole("navigation", { name: "On this page" }).getByRole("link", { name: "Children" }).click();
      // What end-to-end encryption protects, in the same sentences as the Security page's (C504–C513).
      await main.getByRole("heading", { level: 2, name: "What end-to-end encryption protects, and what it does not" }).waitFor();
      for (const { text } of [...protectedByEncryption, ...notProtectedByEncryption]) await main.getByText(text, { exact: true }).waitFor();
      await waitUntilScrolledTo(page, page.getByRole("heading", { level: 2, name: /Children/ }));
    },
  },
  {
    route: "/terms",
    h1: "Terms of Service",
    async check(page) {
      const refunds = page.getByRole("region", { name: /Refunds and the money-back guarantee/ });
      await refunds.getByText(/30-day money-back guarantee\. If TabVault is not right for you, ask for a refund within 30 days of your first payment/).waitFor();
      await refunds.getByText(/full refund within 14 days of buying it/).waitFor();
      await page.getByText(/You must be at least 13 years old/).first().waitFor();
      await page.getByText("Paid plans are priced per month: Basic $8, Pro $14 and Premium $20.", { exact: false }).first().waitFor();

      // Opened from elsewhere at /terms#refunds, the page scrolls to the refund rules once it has rendered.
      await page.goto("/about");
      await page.goto("/terms#refunds");
      await waitUntilScrolledTo(page, page.getByRole("heading", { level: 2, name: /Refunds and the money-back guarantee/ }));
    },
  },
  {
    route: "/security",
    h1: "How TabVault keeps your data safe",
    async check(page) {
      const practices = page.getByRole("list", { name: "Security practices" });
      for (const title of ["Sign-in without passwords", "Sessions kept on the server", "Encrypted connections", "Protections in your browser", "Limits against abuse", "Connected apps", "Payments"]) {
        await practices.getByRole("heading", { level: 2, name: title }).waitFor();
      }
      await practices.getByText(/expires after 15 minutes/).waitFor();
      await practices.getByText(/httpOnly .* SameSite=Lax/).waitFor();
      await practices.getByText(/HTTP Strict Transport Security/).waitFor();
      await practices.getByText(/Content Security Policy/).waitFor();
      await practices.getByText(/stored only as a SHA-256 hash/).waitFor();
      await practices.getByText(/the connect page lists everything that token can read and change before you confirm/).waitFor();
      await practices.getByText(/No device reaches these, only your signed-in browser: payments and subscriptions/).waitFor();
      await practices.getByText(/the owner sees everyone's connected devices and admins only members'/).waitFor();
      await practices.getByText(/They never touch ours/).waitFor();
      await page.getByRole("heading", { name: "What we do not claim" }).waitFor();
      // End-to-end encryption: what it protects and what it does not, each sentence a claim (C504–C513).
      const protection = page.getByRole("region", { name: "What end-to-end encryption protects, and what it does not" });
      for (const [label, statements] of [["Protected, even from us", protectedByEncryption], ["Not protected", notProtectedByEncryption]] as const) {
        const list = protection.getByRole("list", { name: label });
        for (const { text } of statements) await list.getByRole("listitem").filter({ hasText: text }).waitFor();
        assert.equal(await list.getByRole("listitem").count(), statements.length);
      }
      await protection.getByText(/padded to a size bucket/).waitFor();
      await protection.getByText(/Rotate key/).waitFor();
      assert.match((await page.getByRole("link", { name: "support@tabvault.app" }).getAttribute("href")) ?? "", /^mailto:support@tabvault\.app\?subject=Security/);
    },
  },
  {
    route: "/documentation",
    h1: "Documentation",
    async check(page) {
      const quick = page.getByRole("navigation", { name: "Documentation sections" });
      for (const name of ["Getting Started", "Configuration", "Troubleshooting"]) await quick.getByRole("link", { name }).waitFor();

      // Getting started is the extension's; the Android app's steps and browsers only while it is published (none here).
      await page.getByText("Click the TabVault icon and choose Connect.", { exact: false }).waitFor();
      assert.equal(await page.getByText(`TabVault for Android needs ${ANDROID_REQUIREMENTS.join(", ")}.`).count(), 0);
      assert.equal(await page.getByRole("heading", { name: /Install on Android|Android app protects/ }).count(), 0);
      await page.getByRole("heading", { level: 4, name: "The extension runs in" }).waitFor();
      for (const heading of ["Install the browser extension", "Core features", "Protection levels", "Privacy settings", "Frequently asked questions", "Supported browsers"]) {
        await page.getByRole("heading", { level: 3, name: heading }).waitFor();
      }
      for (const level of ["Basic", "Advanced", "Custom"]) await page.getByRole("heading", { level: 4, name: level, exact: true }).waitFor();

      // The FAQ says plainly what is and is not encrypted.
      await page.getByText("Are my backups encrypted?").click();
      await page.getByText(/the web app seals form entries with AES-256-GCM/).waitFor({ state: "visible" });

      await quick.getByRole("link", { name: "Troubleshooting" }).click();
      await waitUntilScrolledTo(page, page.getByRole("heading", { level: 2, name: "Troubleshooting" }));

      assert.equal(await page.getByRole("link", { name: "Contact Support" }).getAttribute("href"), "/contact");
    },
  },
  {
    route: "/changelog",
    h1: "Changelog",
    async check(page) {
      const releases = page.getByRole("list", { name: "Releases" });
      // TabVault's own release, its version from package.json, no invented native-app history.
      const versions = await releases.getByRole("heading", { level: 2 }).allTextContents();
      assert.deepEqual(versions, [`Version ${TABVAULT_VERSION}`]);
      const latest = releases.getByRole("article", { name: `Version ${TABVAULT_VERSION}` });
      await latest.getByText("Latest", { exact: true }).waitFor();
      const parts = releases.getByRole("list", { name: `Parts of ${TABVAULT_VERSION}` });
      await parts.getByText(`Web app ${TABVAULT_VERSION}`, { exact: true }).waitFor();
      await parts.getByText(`Browser extension ${TABVAULT_VERSION}`, { exact: true }).waitFor();
      await releases.getByText("New", { exact: true }).first().waitFor();
      assert.equal(await releases.getByText(/Android app|Windows app|Samsung Internet/).count(), 0);
    },
  },
  {
    route: "/help-center",
    h1: "Help Center",
    async check(page) {
      assert.equal(await page.getByRole("list", { name: "Help topics" }).getByRole("listitem").count(), 6, "six categories");
      const articles = page.getByRole("region", { name: "Popular articles" });
      for (const difficulty of ["Beginner", "Intermediate", "Advanced"]) await articles.getByText(`Difficulty: ${difficulty}`).first().waitFor();
      const more = page.getByRole("region", { name: "More ways to get help" });
      const hrefs = await more.getByRole("link").evaluateAll((links) => links.map((link) => link.getAttribute("href")));
      assert.deepEqual(hrefs, ["/download", "/contact", "/documentation"]);

      // An article opens the page that answers it, scrolled to the answer (here a client-side navigation).
      await articles.getByRole("link", { name: /Ask for a refund/ }).click();
      await page.waitForURL("**/terms#refunds");
      await waitUntilScrolledTo(page, page.getByRole("heading", { level: 2, name: /Refunds and the money-back guarantee/ }));
    },
  },
  {
    route: "/contact",
    h1: "Contact Us",
    async check(page) {
      for (const label of ["Name", "Email", "Subject", "Message"]) await page.getByLabel(label, { exact: true }).waitFor();
      const send = page.getByRole("button", { name: "Send Message" });
      await send.waitFor();
      // Every field is required: the form does not go out half-filled.
      assert.equal(await page.getByLabel("Message", { exact: true }).getAttribute("required"), "");
    },
  },
  {
    route: "/system-status",
    h1: "System Status",
    async check(page) {
      const services = page.getByRole("list", { name: "Services" });
      for (const service of ["Web app", "API", "Database", "Mail", "Payments", "Downloads"]) {
        await services.getByRole("listitem").filter({ hasText: service }).first().waitFor();
      }
      await page.getByRole("heading", { level: 2, name: "Incidents, last 30 days" }).waitFor();
    },
  },
];

describe("public pages at 390 px and 1440 px", () => {
  const suite = useBrowserSuite();

  for (const viewport of viewports) {
    const wide = viewport.width > 1000;
    for (const { route, h1, check } of pages) {
      test(`${route} at ${viewport.width} px: one h1, its sections and controls, nothing off-screen`, async () => {
        const context = await newContext(suite.browser, suite.server.url, viewport);
        const page = await context.newPage();
        const pageErrors: string[] = [];
        page.on("pageerror", (error) => pageErrors.push(error.message));
        await page.goto(route);

        await page.getByRole("heading", { level: 1, name: h1 }).waitFor();
        assert.equal(await page.getByRole("heading", { level: 1 }).count(), 1, "one h1");
        assert.equal(await page.getByRole("main").count(), 1, "one main landmark");
        assert.deepEqual(await overflowingElements(page), [], `nothing sticks out of the ${viewport.width} px screen`);
        assert.doesNotMatch((await page.getByRole("main").textContent()) ?? "", certificationClaims, "no certification claims");
        await screenshot(page, `public${route.replaceAll("/", "-")}-${viewport.width}`);

        await check(page, wide);
        assert.deepEqual(pageErrors, []);
        await context.close();
      });
    }
  }

  test("help center search filters the six categories by title or description, ignoring case", async () => {
    const context = await newContext(suite.browser, suite.server.url, MOBILE);
    const page = await context.newPage();
    await page.goto("/help-center");
    const search = page.getByRole("searchbox", { name: "Search help topics" });
    const topics = page.getByRole("list", { name: "Help topics" });
    const shown = () => topics.getByRole("heading", { level: 3 }).allTextContents();

    await search.fill("BILLING");
    await page.getByText("1 of 6 topics match “BILLING”").waitFor();
    assert.deepEqual(await shown(), ["Account & Billing"]);

    // "backup" is in one title and in one other description.
    await search.fill("backup");
    await page.getByText("2 of 6 topics match “backup”").waitFor();
    assert.deepEqual(await shown(), ["Clear All Protection", "Backups & Restore"]);
    await screenshot(page, "public-help-center-search-390");

    await search.fill("bluetooth");
    await page.getByRole("heading", { name: "No topics match “bluetooth”" }).waitFor();
    assert.equal(await topics.count(), 0, "no topic list when nothing matches");
    assert.equal(await page.getByRole("main").getByRole("link", { name: "Contact Support" }).first().getAttribute("href"), "/contact");
    await screenshot(page, "public-help-center-no-match-390");

    await page.getByRole("button", { name: "Show all topics" }).click();
    assert.equal(await search.inputValue(), "");
    assert.equal(await topics.getByRole("listitem").count(), 6);
    await context.close();
  });
});
