/**
 * The restore in real Firefox ESR (over WebDriver BiDi, as e2e/extension-firefox.test.ts drives it), measured the way
 * scripts/bench/extension-restore.ts measures Chromium (decision 228): in alternating rounds, each in a fresh
 * browser and profile with the extension installed from its .xpi,
 * - the floor: the same number of `browser.tabs.create` calls, 25 at a time with a 30 ms pause, each tab discarded
 *   with its title (Firefox's own lazy tab), asked from the extension's popup page;
 * - TabVault: the popup's restore of a server backup (the stand-in server) of the same tabs, which Firefox opens
 *   as discarded tabs with their titles (decision 218).
 * The probe (census, longest `windows.getCurrent` wait) runs in the popup for both.
 */
import { cp, mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { zipSync } from "fflate";
import { launchFirefoxWithExtension, type FirefoxWithExtension } from "../../e2e/support/firefox";
import { startExtensionStandIn } from "../extension-stand-in";
import { WINDOWS, backupOf, finishProbe, startProbe, type RoundFigures } from "./extension-restore";

const FIREFOX_BUILD = "dist/extension/firefox-mv3";

/** The Firefox build configured for one server, packed as the .xpi a person installs. */
async function xpiFor(serverUrl: string): Promise<Uint8Array> {
  const dir = await mkdtemp(join(tmpdir(), "tabvault-xpi-"));
  try {
    await cp(FIREFOX_BUILD, dir, { recursive: true });
    await writeFile(join(dir, "server-config.json"), JSON.stringify({ serverUrl }));
    const manifestPath = join(dir, "manifest.json");
    const manifest = JSON.parse(await readFile(manifestPath, "utf8")) as { host_permissions?: string[] };
    manifest.host_permissions = [...(manifest.host_permissions ?? []), `${new URL(serverUrl).origin}/*`];
    await writeFile(manifestPath, JSON.stringify(manifest));
    const files: Record<string, Uint8Array> = {};
    for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const path = join(entry.parentPath, entry.name);
      files[relative(dir, path)] = await readFile(path);
    }
    return zipSync(files);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function round(contestant: "firefox-floor" | "firefox-tabvault", tabs: number, roundNumber: number): Promise<RoundFigures> {
  const standIn = await startExtensionStandIn();
  let firefox: FirefoxWithExtension | undefined;
  try {
    firefox = await launchFirefoxWithExtension(await xpiFor(standIn.url));
    const backup = backupOf(tabs, standIn.url);
    standIn.stand.backups.unshift(backup);
    await firefox.ext(`browser.storage.local.set(${JSON.stringify({
      auth: { serverUrl: standIn.url, accessToken: standIn.stand.token, deviceId: "d1", deviceName: "Firefox on Linux", email: "ada@example.com" },
      connection: { state: "connected", email: "ada@example.com", planType: "pro", automaticBackups: true, message: null },
    })})`);
    await startProbe(firefox.popup, tabs, "/page/\\d", "browser");
    const marker = firefox.browser.process()?.pid ?? 0;
    const startedAt = Date.now();
    if (contestant === "firefox-tabvault") {
      await firefox.ext(`browser.runtime.sendMessage({ kind: "restore-backup", backupId: ${JSON.stringify(backup.id)} })`);
    } else {
      const windows = backup.windows.map((window) => window.tabs.map((tab) => ({ url: tab.url, title: tab.title })));
      // As text, for the reason given at startProbe.
      void firefox.ext(`(async () => {
        const windows = ${JSON.stringify(windows)};
        const ids = [];
        for (const tabs of windows) ids.push((await browser.windows.create({ url: tabs[0].url })).id);
        const rest = windows.flatMap((tabs, window) => tabs.slice(1).map((tab) => ({ ...tab, windowId: ids[window] })));
        for (let start = 0; start < rest.length; start += 25) {
          await Promise.all(rest.slice(start, start + 25).map((tab) => browser.tabs.create({ windowId: tab.windowId, url: tab.url, title: tab.title, discarded: true, active: false })));
          await new Promise((resolve) => setTimeout(resolve, 30));
        }
      })()`);
    }
    return await finishProbe(firefox.popup, startedAt, tabs, contestant, roundNumber, marker);
  } finally {
    await firefox?.close();
    await standIn.close();
  }
}

/** `rounds` rounds of the floor and TabVault, the order turned each round. */
export async function measureFirefoxRestore(tabs: number, rounds: number): Promise<RoundFigures[]> {
  const figures: RoundFigures[] = [];
  for (let roundNumber = 1; roundNumber <= rounds; roundNumber += 1) {
    const order = roundNumber % 2 === 1 ? (["firefox-floor", "firefox-tabvault"] as const) : (["firefox-tabvault", "firefox-floor"] as const);
    for (const contestant of order) figures.push(await round(contestant, tabs, roundNumber));
  }
  return figures;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // `node --import tsx scripts/bench/extension-restore-firefox.ts [tabs] [rounds]` (after `npm run build:extension`)
  console.log(JSON.stringify({ windows: WINDOWS, rounds: await measureFirefoxRestore(Number(process.argv[2] ?? 200), Number(process.argv[3] ?? 1)) }, null, 2));
}
