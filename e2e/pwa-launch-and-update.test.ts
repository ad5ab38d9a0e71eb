/// <reference lib="dom" />
import assert from "node:assert/strict";
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, test } from "node:test";
import { eq } from "drizzle-orm";
import { chromium } from "playwright-core";
import { openPglite } from "../server/db/pglite";
import { appEvents } from "../server/events/table";
import { CHROMIUM_ARGS, CHROMIUM_PATH, MOBILE, newContext, screenshot } from "./support/browser";
import { serviceWorkerInControl, viewportScreenshot } from "./support/installed-app";
import { startServer } from "./support/server";

/*
 * The installed app launched in its own window, and a new version waiting behind the update notice. Apart from
 * pwa.test.ts so the two halves of the installable app run side by side (decision 200).
 */

describe("launched as an app", () => {
  test("in Chromium's app window (display-mode: standalone) TabVault shows it is installed and records one pwa_launch; a normal tab finds it installable", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "tabvault-e2e-pwa-"));
    const profile = await mkdtemp(path.join(tmpdir(), "tabvault-e2e-profile-"));
    const server = await startServer({ DATA_DIR: dataDir });
    try {
      // --app opens the URL in an app window, which Chromium renders with display-mode: standalone, as it
      // does for an installed web app: nothing in the page is overridden.
      const context = await chromium.launchPersistentContext(profile, {
        executablePath: CHROMIUM_PATH,
        args: [...CHROMIUM_ARGS, `--app=${server.url}/app-store`],
        viewport: MOBILE,
      });
      try {
        const app = context.pages().find((candidate) => candidate.url().includes("/app-store")) ?? (await context.waitForEvent("page"));
        await app.waitForLoadState();
        assert.equal(await app.evaluate(() => matchMedia("(display-mode: standalone)").matches), true, "the app window is standalone");
        await app.getByRole("heading", { level: 1, name: "TabVault" }).waitFor();
        await app.getByText("Running as App", { exact: true }).first().waitFor();
        await app.getByRole("status").filter({ hasText: "Installed" }).first().waitFor();
        assert.equal(await app.getByRole("button", { name: "Install App" }).count(), 0);
        await app.waitForFunction(() => sessionStorage.getItem("tabvault_pwa_launch_recorded") === "true");
        await screenshot(app, "app-store-standalone-mobile");

        // A reload is the same launch; a normal browser tab is no launch at all.
        await app.reload();
        await app.getByText("Running as App", { exact: true }).first().waitFor();
        await app.waitForFunction(() => performance.now() > 4000);
        const tab = await context.newPage();
        await tab.goto(`${server.url}/`);
        assert.equal(await tab.evaluate(() => matchMedia("(display-mode: standalone)").matches), false);
        await tab.waitForFunction(() => performance.now() > 4000);

        // In a normal (not incognito) profile Chromium finds the app installable: manifest, icons, worker.
        await serviceWorkerInControl(tab);
        const cdp = await context.newCDPSession(tab);
        const installability = (await cdp.send("Page.getInstallabilityErrors")) as { installabilityErrors: { errorId: string }[] };
        assert.deepEqual(installability.installabilityErrors, [], "Chromium does not consider the app installable");
      } finally {
        await context.close();
      }
    } finally {
      await server.stop();
    }
    const database = await openPglite({ dataDir, migrate: false });
    try {
      const rows = await database.db.select().from(appEvents).where(eq(appEvents.name, "pwa_launch"));
      assert.deepEqual(rows.map((row) => row.path), ["/app-store"], "exactly one pwa_launch, from the app window");
    } finally {
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
      await rm(profile, { recursive: true, force: true });
    }
  });
});

describe("a new version", () => {
  test("waits behind the update notice: it hides after 10 s, Later hides it, Update Now reloads into the new version", async () => {
    // A copy of the build the test can redeploy without touching dist/ of the working tree.
    const appRoot = await mkdtemp(path.join(tmpdir(), "tabvault-e2e-app-"));
    await cp("package.json", path.join(appRoot, "package.json"));
    await cp("dist", path.join(appRoot, "dist"), { recursive: true });
    await symlink(path.resolve("node_modules"), path.join(appRoot, "node_modules"), "dir");
    const server = await startServer({}, { appRoot });
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    try {
      const context = await newContext(browser, server.url);
      const page = await context.newPage();
      await page.goto("/");
      await serviceWorkerInControl(page);
      assert.equal(await page.locator('meta[name="tabvault-build"]').count(), 0);

      // "Deploy" a new version: a changed index.html, and so a changed precache revision in sw.js.
      const clientDir = path.join(appRoot, "dist", "client");
      const html = await readFile(path.join(clientDir, "index.html"), "utf8");
      await writeFile(path.join(clientDir, "index.html"), html.replace("</head>", '<meta name="tabvault-build" content="next"></head>'));
      const worker = await readFile(path.join(clientDir, "sw.js"), "utf8");
      const redeployed = worker.replace(/(\{url:"index\.html",revision:")[^"]+"/, '$1next-version"');
      assert.notEqual(redeployed, worker, "found index.html's revision in sw.js");
      await writeFile(path.join(clientDir, "sw.js"), redeployed);
      // A build writes compressed copies beside its files (scripts/compress-client.mjs); drop the old ones.
      for (const file of ["index.html", "sw.js"]) {
        for (const suffix of [".br", ".gz"]) await rm(path.join(clientDir, `${file}${suffix}`), { force: true });
      }

      // The next navigation finds the new worker; it waits, and the notice says so.
      await page.reload();
      const notice = page.getByRole("status", { name: "Update available" });
      await notice.getByText("A new version of TabVault is ready").waitFor({ timeout: 15_000 });
      const shownAt = Date.now();
      await viewportScreenshot(page, "pwa-update-notice-desktop");
      await notice.waitFor({ state: "detached", timeout: 13_000 });
      const shownFor = Date.now() - shownAt;
      assert.ok(shownFor >= 9_000, `the notice hid itself after ${shownFor} ms, not 10 s`);
      assert.equal(await page.locator('meta[name="tabvault-build"]').count(), 0, "still the old version");

      // Still waiting on the next visit; Later hides the notice.
      await page.reload();
      await notice.waitFor({ timeout: 15_000 });
      await notice.getByRole("button", { name: "Later" }).click();
      await notice.waitFor({ state: "detached" });

      await page.reload();
      await notice.waitFor({ timeout: 15_000 });
      await Promise.all([page.waitForEvent("load"), notice.getByRole("button", { name: "Update Now" }).click()]);
      await page.locator('meta[name="tabvault-build"]').waitFor({ state: "attached" });
      assert.equal(await page.locator('meta[name="tabvault-build"]').getAttribute("content"), "next");
      await context.close();
    } finally {
      await browser.close();
      await server.stop();
      await rm(appRoot, { recursive: true, force: true });
    }
  });
});
