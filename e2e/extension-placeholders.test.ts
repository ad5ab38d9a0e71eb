import assert from "node:assert/strict";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import type { Page } from "playwright-core";
import { uploadBrowserBackup } from "../common/api/browser-backups";
import { endpointUrl } from "../common/api/endpoint";
import { bigBackupUploads, bigTabTitle, postFromPage } from "./support/big-backup";
import { ARTIFACTS_DIR, saveScreenshot } from "./support/browser";
import { connectExtension, type ExtensionBrowser, type ExtensionSetup, startWithExtension } from "./support/extension";
import { openSignInLink, signInLinkFor } from "./support/mail";
import { servePages, type TestPages } from "./support/pages";
import { waitFor } from "./support/wait-for";

/**
 * Decision 218 in Debian's Chromium: a restore of 200 tabs from the popup, every tab but the selected ones opened on
 * the placeholder page. Every one of them shows its saved title (drawn by the page from its own address, then
 * unloaded by the background), no placeholder sends anything to the extension's pages, and a placeholder selected
 * becomes its real page. No timing is asserted: how long it took is printed, and measured by `npm run bench:extension`.
 */

const EMAIL = "placeholders@example.com";
const TABS = 200;
const SHOTS = join(ARTIFACTS_DIR, "extension-placeholders");

interface TabInfo {
  id: number;
  url: string;
  title: string;
  status: string;
  discarded: boolean;
  active: boolean;
}

describe("200 restored tabs in Chromium, each drawn by a placeholder that calls nothing", () => {
  let setup: ExtensionSetup | undefined;
  let pages: TestPages | undefined;
  let extension: ExtensionBrowser;
  let popup: Page;
  let site: Page;
  const ext = <T>(code: string) => popup.evaluate(code) as Promise<T>;
  const restoredTabs = () => ext<TabInfo[]>(`chrome.tabs.query({}).then((tabs) => tabs.filter((tab) => /placeholder\\.html|\\/page\\//.test(tab.url || tab.pendingUrl || "")))`);
  const standsFor = (tab: TabInfo) => (tab.url.includes("/placeholder.html") ? (new URL(tab.url).searchParams.get("url") ?? tab.url) : tab.url);

  before(async () => {
    await mkdir(SHOTS, { recursive: true });
    // The real pages are titled as the backup saved them, so every tab, placeholder or loaded, has one title to show.
    pages = await servePages({ titleOf: (name) => bigTabTitle(Number(name ?? 0), TABS) });
    setup = await startWithExtension();
    ({ extension } = setup);
    const { server } = setup;
    popup = await extension.openPopup();
    site = await extension.context.newPage();
    await site.goto(`${server.url}/api/login?email=${encodeURIComponent(EMAIL)}`);
    await openSignInLink(site, await signInLinkFor(server.dataDir, EMAIL));
    await connectExtension(extension, popup, EMAIL);

    // A backup of 200 tabs on the local pages (an emergency: kept whole on every plan), tab n at /page/n.
    const [upload] = bigBackupUploads(TABS);
    const window = upload!.windows[0]!;
    window.tabs = window.tabs.map((tab, index) => ({ ...tab, url: `${pages!.url}/page/${index + 1}`, pinned: index === 0 }));
    await postFromPage(site, endpointUrl(uploadBrowserBackup), upload);
  });

  after(async () => {
    await setup?.close();
    await pages?.close();
  });

  test("every one of 200 restored tabs shows its saved title; no placeholder sends a message; a selected one loads its page", async () => {
    await popup.reload();
    // Every page of the extension hears every runtime message: the popup counts those a placeholder sends.
    await ext(`(window.fromPlaceholders = 0, chrome.runtime.onMessage.addListener((message, sender) => { if ((sender.url || "").includes("/placeholder.html")) window.fromPlaceholders += 1; }))`);
    const started = Date.now();
    await popup.getByRole("listitem").filter({ hasText: `${TABS} tabs` }).getByRole("button", { name: "Restore" }).click();

    const drawn = await waitFor(
      `all ${TABS} restored tabs showing their titles`,
      async () => {
        // Asked once a second, not ten times: the asking is work on the browser being measured.
        await new Promise((resolve) => setTimeout(resolve, 900));
        const tabs = await restoredTabs();
        if (tabs.length < TABS) return null;
        const shown = tabs.filter((tab) => tab.title === bigTabTitle(Number(/\/page\/(\d+)/.exec(standsFor(tab))?.[1]), TABS));
        return shown.length === TABS ? tabs : null;
      },
      600_000,
    );
    console.error(`[placeholders] ${TABS} restored tabs showed their titles ${((Date.now() - started) / 1000).toFixed(1)} s after the click`);
    assert.equal(new Set(drawn.map(standsFor)).size, TABS);
    // Lazily: only the window's first tab and its selected one load their pages.
    const onPlaceholder = drawn.filter((tab) => tab.url.includes("/placeholder.html"));
    assert.ok(onPlaceholder.length >= TABS - 2, `${onPlaceholder.length} tabs on the placeholder`);
    // Each placeholder is unloaded once drawn, its title kept.
    const unloaded = await waitFor("every placeholder unloaded", async () => {
      await new Promise((resolve) => setTimeout(resolve, 900));
      const tabs = (await restoredTabs()).filter((tab) => tab.url.includes("/placeholder.html") && !tab.active);
      return tabs.every((tab) => tab.discarded) ? tabs : null;
    }, 600_000);
    assert.ok(unloaded.every((tab) => tab.title.startsWith("Tab ")));
    assert.equal(await ext<number>("window.fromPlaceholders"), 0);

    // Selected, a placeholder becomes its page, in the same tab.
    const chosen = unloaded[Math.floor(unloaded.length / 2)]!;
    const target = standsFor(chosen);
    await ext(`chrome.tabs.update(${chosen.id}, { active: true })`);
    const loaded = await waitFor("the selected placeholder's page", async () => {
      const tab = await ext<TabInfo | undefined>(`chrome.tabs.get(${chosen.id}).catch(() => undefined)`);
      return tab?.url === target && tab.status === "complete" ? tab : null;
    }, 60_000);
    assert.equal(loaded.title, chosen.title);

    // How a placeholder looks when it is looked at before its page opens: one drawn in a page of its own.
    const look = await extension.context.newPage();
    await look.goto(chosen.url, { waitUntil: "load" }).catch(() => undefined);
    await saveScreenshot(look, { path: join(SHOTS, "placeholder.png") }).catch(() => undefined);
    await look.close().catch(() => undefined);
  });
});
