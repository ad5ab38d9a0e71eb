import assert from "node:assert/strict";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import pg from "pg";
import { setFormEncryption, setTabLocationSealing } from "../common/api/encryption";
import { endpointUrl } from "../common/api/endpoint";
import { createBackupKey } from "../common/end-to-end-encryption";
import { ARTIFACTS_DIR, saveScreenshot } from "./support/browser";
import { connectExtension, type ExtensionBrowser, type ExtensionSetup, inWorker, startWithExtension } from "./support/extension";
import { signInThroughMail } from "./support/mail";
import { servePages, type TestPages } from "./support/pages";
import { type RunningServer } from "./support/server";
import { waitFor } from "./support/wait-for";

/**
 * Issue 18 point 5, decision 199: an account that seals titles and addresses, and its extension unlocked in its
 * options page. The extension's backup reaches `session_tabs` as ciphertext only, and the popup's restore opens the
 * real pages again. On PostgreSQL, so the test reads the table itself.
 */
const ADMIN_URL = process.env.E2E_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const DATABASE = "tabvault_e2e_sealed_tabs";
const DATABASE_URL = ADMIN_URL.replace(/\/[^/]*$/, `/${DATABASE}`);
const EMAIL = "sealed-tabs@example.com";
const PASSPHRASE = "seven lanterns along the harbour wall";
const SECRET_TITLE = "Secret page";

async function withClient<T>(connectionString: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

interface StoredTab {
  url: string;
  title: string;
  favicon_url: string | null;
  sealed_location: string | null;
}

describe("the extension seals titles and addresses when the account chooses (decision 199)", () => {
  let server: RunningServer;
  let pages: TestPages;
  let setup: ExtensionSetup | undefined;
  let extension: ExtensionBrowser;

  before(async () => {
    await withClient(ADMIN_URL, async (client) => {
      await client.query(`drop database if exists ${DATABASE} with (force)`);
      await client.query(`create database ${DATABASE}`);
    });
    pages = await servePages({ titleOf: (name) => `${SECRET_TITLE} ${name ?? "0"}` });
    setup = await startWithExtension({ env: { DATABASE_URL }, baseURL: true });
    ({ server, extension } = setup);
  });

  after(async () => {
    await setup?.close();
    await pages?.close();
    await withClient(ADMIN_URL, (client) => client.query(`drop database if exists ${DATABASE} with (force)`));
  });

  test("locked, the backup waits on the device; unlocked, the table holds only sealed tabs, and the popup restores the real pages", async () => {
    const site = await extension.context.newPage();
    await signInThroughMail(site, server.dataDir, EMAIL);
    await site.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
    // Encryption and the sealing of locations turned on through the API, as the Account page does.
    const made = await createBackupKey(PASSPHRASE);
    assert.equal((await site.request.put(`${server.url}${endpointUrl(setFormEncryption)}`, { data: { key: made.stored } })).status(), 201);
    assert.equal((await site.request.put(`${server.url}${endpointUrl(setTabLocationSealing)}`, { data: { seal: true } })).status(), 200);

    const popup = await extension.openPopup();
    await connectExtension(extension, popup, EMAIL);
    const urls = [`${pages.url}/page/1`, `${pages.url}/page/2`];
    await inWorker(extension, `chrome.windows.create({ url: ${JSON.stringify(urls)} })`);
    await waitFor("the pages loaded", async () => {
      const loaded = await inWorker<number>(extension, `chrome.tabs.query({ status: "complete", url: "${pages.url}/page/*" }).then((tabs) => tabs.length)`);
      return loaded === 2 || undefined;
    }, 20_000);

    // Locked: the backup is kept on the device and said to wait; nothing reaches the table.
    await popup.reload();
    await popup.getByRole("button", { name: "Back up now" }).click();
    await popup.getByText("Locked: unlock to send backups").waitFor({ timeout: 20_000 });
    await saveScreenshot(popup, { path: join(ARTIFACTS_DIR, "extension-sealed-tabs-locked-popup.png") });
    const storedTabs = () =>
      withClient(DATABASE_URL, async (client) => {
        const { rows } = await client.query<StoredTab>(
          "select t.url, t.title, t.favicon_url, t.sealed_location from session_tabs t join saved_sessions s on s.id = t.session_id join users u on u.id = s.user_id where u.email = $1",
          [EMAIL],
        );
        return rows;
      });
    assert.deepEqual(await storedTabs(), []);

    const options = await extension.context.newPage();
    await options.goto(`chrome-extension://${extension.extensionId}/options.html`);
    await options.getByText("Locked: unlock to send backups", { exact: true }).waitFor({ timeout: 20_000 });
    await saveScreenshot(options, { path: join(ARTIFACTS_DIR, "extension-sealed-tabs-locked-options.png") });
    await options.getByLabel("Your passphrase").fill(PASSPHRASE);
    await options.getByRole("button", { name: "Unlock this browser" }).click();
    await options.getByText("On, and this browser is unlocked: form entries, tab titles and addresses are sealed").waitFor({ timeout: 20_000 });
    await options.close();

    // What waited goes up sealed: no readable title, address or favicon of the pages in the table.
    const stored = await waitFor("the sealed backup in the table", async () => {
      const rows = await storedTabs();
      return rows.length >= 2 ? rows : undefined;
    }, 20_000);
    for (const row of stored) {
      assert.equal(row.url, "");
      assert.equal(row.title, "");
      assert.equal(row.favicon_url, null);
      assert.match(row.sealed_location ?? "", /^tv2\./);
    }
    const everything = JSON.stringify(stored);
    assert.ok(!everything.includes(pages.url) && !everything.includes(SECRET_TITLE), `readable tabs in the table: ${everything}`);

    // The popup restores it: the extension opens the sealed tabs to the real pages. A window still open is never
    // opened twice (decision 210), so the pages' window goes first.
    await inWorker(extension, `chrome.tabs.query({}).then((tabs) => chrome.windows.remove(tabs.find((tab) => (tab.pendingUrl || tab.url).startsWith(${JSON.stringify(pages.url)})).windowId))`);
    await waitFor("the pages' window closed", async () => {
      const tabs = await inWorker<{ url: string; pendingUrl?: string }[]>(extension, "chrome.tabs.query({})");
      return tabs.every((tab) => !(tab.pendingUrl || tab.url).startsWith(pages.url)) || undefined;
    }, 20_000);
    // Closing it was an emergency backup, which on Free replaces the manual save: restore it once the list has it.
    const latest = popup.getByRole("region", { name: "Latest backups" });
    await waitFor("the emergency backup listed in its place", async () => {
      await popup.reload();
      const listed = await latest.getByText(/encrypted/).first().waitFor({ timeout: 5_000 }).then(() => true, () => false);
      return (listed && (await latest.getByText(/^Manual save/).count()) === 0) || undefined;
    }, 30_000);
    await saveScreenshot(popup, { path: join(ARTIFACTS_DIR, "extension-sealed-tabs-popup.png") });
    await latest.getByRole("button", { name: "Restore" }).first().click();
    await waitFor("the restored pages", async () => {
      const tabs = await inWorker<{ url: string; pendingUrl?: string }[]>(extension, "chrome.tabs.query({})");
      const shown = tabs.map((tab) => {
        const url = tab.pendingUrl || tab.url;
        return url.includes("/placeholder.html") ? (new URL(url).searchParams.get("url") ?? url) : url;
      });
      // Each page open again, from its sealed location.
      return urls.every((url) => shown.filter((item) => item === url).length === 1) || undefined;
    }, 20_000);
  });
});
