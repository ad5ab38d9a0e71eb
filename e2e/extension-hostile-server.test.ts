import assert from "node:assert/strict";
import { createServer, type IncomingHttpHeaders, request as forward } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { after, before, describe, test } from "node:test";
import { setFormEncryption, setTabLocationSealing } from "../common/api/encryption";
import { endpointUrl } from "../common/api/endpoint";
import { createBackupKey } from "../common/end-to-end-encryption";
import { ARTIFACTS_DIR, saveScreenshot } from "./support/browser";
import { connectExtension, type ExtensionBrowser, inWorker, launchForServer } from "./support/extension";
import { buyPlanAndSignIn } from "./support/payments";
import { servePages, type TestPages } from "./support/pages";
import { type RunningServer, startServer } from "./support/server";
import { waitFor } from "./support/wait-for";

/**
 * Decision 220: the extension against a server that turned hostile. The extension is built for a proxy in front of the
 * real server; the proxy passes everything through and, when told, rewrites answers as a compromised server would.
 */
const EMAIL = "hostile-extension@example.com";
const PASSPHRASE = "nine gulls over the grey breakwater";

interface Tampering {
  /** GET /api/account/encryption answers `{enabled: false}`. */
  encryptionOff: boolean;
  /** A backup read for a restore gains a `javascript:` tab. */
  javascriptTab: boolean;
  /** A backup read for a restore has its sealed form entries moved onto another page's tab (decision 220). */
  moveFormTo: string | null;
  /** A backup read for a restore has its first two sealed locations swapped (decision 225). */
  swapLocations: boolean;
}

type ReadTab = Record<string, unknown> & { url: string; sealedLocation?: string | null; formData?: Record<string, string> };

/** The backup with `change` applied to its tabs, all windows in order. */
function withTabs(body: string, change: (tabs: ReadTab[]) => void): string {
  const backup: { windows: { tabs: ReadTab[] }[] } = JSON.parse(body);
  change(backup.windows.flatMap((window) => window.tabs));
  return JSON.stringify(backup);
}

interface HostileProxy {
  url: string;
  close(): Promise<void>;
}

/** Rewrites one answer's JSON as `tamper` says, or answers null to pass it through untouched. */
function rewritten(method: string, path: string, body: string, tamper: Tampering): string | null {
  if (method !== "GET") return null;
  if (tamper.encryptionOff && path === "/api/account/encryption") return JSON.stringify({ enabled: false });
  const backupRead = /^\/api\/browser-backups\/[0-9a-f-]{36}$/.test(path);
  if (tamper.moveFormTo && backupRead) {
    const moveTo = tamper.moveFormTo;
    return withTabs(body, (tabs) => {
      const withForm = tabs.find((tab) => tab.formData?.["tabvault:sealed"]);
      if (withForm) withForm.url = moveTo;
    });
  }
  if (tamper.swapLocations && backupRead) {
    return withTabs(body, (tabs) => {
      // The tab with form entries and another: two tabs with neither and the same scroll could be swapped unseen (C511).
      const a = tabs.find((tab) => tab.sealedLocation && tab.formData?.["tabvault:sealed"]);
      const b = tabs.find((tab) => tab.sealedLocation && tab !== a);
      if (a && b) [a.sealedLocation, b.sealedLocation] = [b.sealedLocation, a.sealedLocation];
    });
  }
  if (tamper.javascriptTab && backupRead) {
    const backup: { windows: { tabs: Record<string, unknown>[] }[] } = JSON.parse(body);
    const first = backup.windows[0]?.tabs[0];
    if (first) backup.windows[0]?.tabs.push({ ...first, url: "javascript:document.title='pwned'", title: "Pwned", active: false, sealedLocation: null, formData: {} });
    return JSON.stringify(backup);
  }
  return null;
}

/** A pass-through proxy to `target` (the Host header kept: the server takes its own requests by it). */
async function startHostileProxy(target: string, tamper: Tampering, uploads: string[]): Promise<HostileProxy> {
  const upstream = new URL(target);
  const proxy = createServer((incoming, outgoing) => {
    // What the extension sends, as the server reads it, recorded once the server has answered (stored): the test
    // checks nothing left plain, and lists the backup only after that.
    const requestChunks: Buffer[] = [];
    const recorded = incoming.method === "POST" && (incoming.url ?? "").startsWith("/api/browser-backups");
    if (recorded) incoming.on("data", (chunk: Buffer) => requestChunks.push(chunk));
    const record = () => {
      const body = Buffer.concat(requestChunks);
      if (recorded) uploads.push((incoming.headers["content-encoding"] === "gzip" ? gunzipSync(body) : body).toString("utf8"));
    };
    const headers: IncomingHttpHeaders = { ...incoming.headers };
    delete headers["accept-encoding"];
    const method = incoming.method ?? "GET";
    const path = (incoming.url ?? "/").split("?")[0] ?? "/";
    const call = forward({ host: upstream.hostname, port: upstream.port, method, path: incoming.url, headers }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on("data", (chunk: Buffer) => chunks.push(chunk));
      answer.on("end", () => {
        const body = Buffer.concat(chunks);
        const changed = answer.statusCode === 200 ? rewritten(method, path, body.toString("utf8"), tamper) : null;
        const sent = changed === null ? body : Buffer.from(changed);
        record();
        outgoing.writeHead(answer.statusCode ?? 502, { ...answer.headers, "content-length": String(sent.length) }).end(sent);
      });
    });
    call.on("error", () => outgoing.writeHead(502).end());
    incoming.pipe(call);
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  const { port } = proxy.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => proxy.close(() => resolve())) };
}

describe("the extension against a hostile server (decision 220)", () => {
  const tamper: Tampering = { encryptionOff: false, javascriptTab: false, moveFormTo: null, swapLocations: false };
  const uploads: string[] = [];
  let server: RunningServer | undefined;
  let proxy: HostileProxy | undefined;
  let pages: TestPages | undefined;
  let extension: ExtensionBrowser | undefined;

  before(async () => {
    server = await startServer();
    proxy = await startHostileProxy(server.url, tamper, uploads);
    pages = await servePages();
    // Every page the test opens goes through the proxy, as the extension's own requests do.
    extension = await launchForServer(proxy.url, { baseURL: true });
  });

  after(async () => {
    await extension?.close();
    await pages?.close();
    await proxy?.close();
    await server?.stop();
  });

  test("an answer that encryption is off is refused and said; a javascript: tab of a backup is not opened", async () => {
    assert.ok(server && pages && extension);
    const [running, served, browser] = [server, pages, extension];
    const site = await browser.context.newPage();
    // Pro: the second test backs up more distinct tabs in a day than Free protects.
    await buyPlanAndSignIn(site, running.dataDir, "pro", EMAIL);
    const popup = await browser.openPopup();
    await connectExtension(browser, popup, EMAIL);

    const urls = [`${served.url}/page/1`, `${served.url}/page/2`];
    await inWorker(browser, `chrome.windows.create({ url: ${JSON.stringify(urls)} })`);
    await waitFor("the pages loaded", async () => {
      const loaded = await inWorker<number>(browser, `chrome.tabs.query({ status: "complete", url: "${served.url}/page/*" }).then((tabs) => tabs.length)`);
      return loaded === 2 || undefined;
    }, 20_000);
    await popup.reload();
    await popup.getByRole("button", { name: "Back up now" }).click();
    const latest = popup.getByRole("region", { name: "Latest backups" });
    await waitFor("the backup listed", async () => {
      await popup.reload();
      return (await latest.getByRole("button", { name: "Restore" }).count()) > 0 || undefined;
    }, 30_000);

    // Encryption on, as the Account page does it, and this browser unlocked in its options.
    const made = await createBackupKey(PASSPHRASE);
    assert.equal((await site.request.put(`${running.url}${endpointUrl(setFormEncryption)}`, { data: { key: made.stored } })).status(), 201);
    const options = await browser.context.newPage();
    await options.goto(`chrome-extension://${browser.extensionId}/options.html`);
    await options.getByLabel("Your passphrase").fill(PASSPHRASE);
    await options.getByRole("button", { name: "Unlock this browser" }).click();
    await options.getByText("On, and this browser is unlocked: form entries are sealed").waitFor({ timeout: 20_000 });

    // The server now claims the account does not encrypt: the options page says the answer was refused, still unlocked.
    tamper.encryptionOff = true;
    await options.reload();
    await options.getByRole("alert").getByText("TabVault's server answered that encryption is off for your account.").waitFor({ timeout: 20_000 });
    await options.getByText("On, and this browser is unlocked: form entries are sealed").waitFor();
    await saveScreenshot(options, { path: join(ARTIFACTS_DIR, "extension-hostile-encryption-off-options.png"), fullPage: true });
    await options.close();

    // A backup read for a restore gains a javascript: tab; the restore leaves it out and says so.
    tamper.javascriptTab = true;
    await popup.reload();
    await latest.getByRole("button", { name: "Restore" }).first().click();
    await popup.getByText(/1 tab whose address is not a web page left out/).first().waitFor({ timeout: 20_000 });
    await saveScreenshot(popup, { path: join(ARTIFACTS_DIR, "extension-hostile-restore-popup.png") });
    const tabs = await inWorker<{ url: string; pendingUrl?: string; title?: string }[]>(browser, "chrome.tabs.query({})");
    assert.ok(tabs.every((tab) => !/^javascript:/i.test(tab.pendingUrl || tab.url) && tab.title !== "pwned"), JSON.stringify(tabs.map((tab) => tab.pendingUrl || tab.url)));
  });

  test("after an 'off' answer nothing leaves plain; a sealed form moved to another page is not refilled; swapped sealed locations are refused", async () => {
    assert.ok(server && pages && extension);
    const [running, served, browser] = [server, pages, extension];
    tamper.javascriptTab = false;
    tamper.encryptionOff = true;
    const secret = "Account 4417-0093, transfer 2500";
    const urls = [`${served.url}/page/form`, `${served.url}/page/scrolled`];
    const windowId = await inWorker<number>(browser, `chrome.windows.create({ url: ${JSON.stringify(urls)} }).then((w) => w.id)`);
    const tabIds = await waitFor("the form pages loaded", async () => {
      const tabs = await inWorker<{ id: number; url: string; status: string }[]>(browser, `chrome.tabs.query({ windowId: ${windowId} })`);
      return tabs.length === 2 && tabs.every((tab) => tab.status === "complete" && urls.includes(tab.url)) ? tabs.map((tab) => tab.id) : undefined;
    }, 20_000);
    // What the form-capture content script reports: typing on the first page, a scroll on the second.
    await inWorker(
      browser,
      `chrome.storage.session.set({ ["page:${tabIds[0]}"]: { url: ${JSON.stringify(urls[0])}, formData: { note: ${JSON.stringify(secret)} }, scrollPosition: { x: 0, y: 0 } }, ["page:${tabIds[1]}"]: { url: ${JSON.stringify(urls[1])}, formData: {}, scrollPosition: { x: 0, y: 300 } } })`,
    );
    const popup = await browser.openPopup();
    const latest = popup.getByRole("region", { name: "Latest backups" });
    const backUp = async (what: string) => {
      const before = uploads.length;
      await popup.reload();
      await popup.getByRole("button", { name: "Back up now" }).click();
      return waitFor(what, async () => uploads.slice(before).find((body) => body.includes("page/form") || body.includes('"sealedLocation":"tv')), 30_000);
    };
    const sent = await backUp("a backup sent after the 'off' answer");
    assert.ok(sent.includes('"tabvault:sealed":"tv2.'), "the typed entries were not sent sealed");
    assert.ok(uploads.every((body) => !body.includes(secret)), "typed entries left plain");

    // The server moves the sealed form onto another page's tab: the restore opens it, unfilled, and says so.
    tamper.moveFormTo = `${served.url}/page/elsewhere`;
    await popup.reload();
    await latest.getByRole("button", { name: "Restore" }).first().click();
    await popup.getByText(/form entries of 1 tab not refilled: not sealed for that page/).first().waitFor({ timeout: 20_000 });
    tamper.moveFormTo = null;

    // Titles and addresses sealed too: the server swaps two tabs' sealed locations, and neither is opened.
    tamper.encryptionOff = false;
    assert.equal((await browser.context.request.put(`${running.url}${endpointUrl(setTabLocationSealing)}`, { data: { seal: true } })).status(), 200);
    const options = await browser.context.newPage();
    await options.goto(`chrome-extension://${browser.extensionId}/options.html`);
    await options.getByText("On, and this browser is unlocked: form entries, tab titles and addresses are sealed").waitFor({ timeout: 20_000 });
    await options.close();
    const sealed = await backUp("a backup of sealed tabs");
    assert.ok(!sealed.includes("page/form") && !sealed.includes(secret), "a sealed backup carries a readable address");
    tamper.swapLocations = true;
    await popup.reload();
    await latest.getByRole("button", { name: "Restore" }).first().click();
    await popup.getByText(/2 encrypted tabs this browser cannot open left out/).first().waitFor({ timeout: 20_000 });
    await popup.screenshot({ path: join(ARTIFACTS_DIR, "extension-hostile-swapped-locations-popup.png") });
    tamper.swapLocations = false;
  });
});
