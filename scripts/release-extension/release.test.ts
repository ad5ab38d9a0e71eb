import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { firefoxPackage } from "../../server/test/signed-xpi";
import { createSignedExtensionReader, SIGNED_EXTENSIONS_FILE } from "../../server/downloads/signed-extension";
import { signWithMozilla } from "./amo-sign";
import type { StorePackages } from "./build";
import { chromeStandIn } from "./chrome-stand-in";
import { amoStandIn } from "./amo-stand-in";
import { readReleaseConfig, type ReleaseConfig } from "./config";
import { releaseExtension, type ReleaseDeps } from "./release";
import { startStandInServer } from "./stand-in-server";

const serverUrl = "https://tabvault.example";
const amoKeys = { apiKey: "user:12345:67", apiSecret: "amo-secret-0123456789abcdef", addonId: "extension@tabvault.app" };
const chromeKeys = { clientId: "client-1.apps.googleusercontent.com", clientSecret: "GOCSPX-secret", refreshToken: "1//refresh", publisherId: "pub-1", extensionId: "abcdefghijklmnopabcdefghijklmnop" };
const root = fileURLToPath(new URL("../..", import.meta.url));

/**
 * The packages `wxt zip` would write, built for `builtFor`: the test plays the build step only (it takes a minute
 * and is checked by hand, see decision 211); signing, uploading and publishing run for real against the stand-ins.
 */
async function packagesIn(dir: string, builtFor = serverUrl): Promise<StorePackages> {
  const firefoxDir = join(dir, "firefox-mv3");
  const firefoxZip = firefoxPackage({ serverUrl: builtFor });
  await mkdir(firefoxDir, { recursive: true });
  for (const [name, bytes] of Object.entries(unzipSync(firefoxZip))) await writeFile(join(firefoxDir, name), bytes);
  const chromeZip = zipSync({
    "manifest.json": strToU8(JSON.stringify({ manifest_version: 3, name: "TabVault", version: "0.1.0", host_permissions: [`${builtFor}/*`] })),
    "server-config.json": strToU8(JSON.stringify({ serverUrl: builtFor })),
  });
  const sourcesZip = zipSync({ "extension/BUILDING.md": strToU8("# Building\n"), "package.json": strToU8("{}") });
  await writeFile(join(dir, "tabvault-0.1.0-firefox.zip"), firefoxZip);
  await writeFile(join(dir, "tabvault-0.1.0-chrome.zip"), chromeZip);
  await writeFile(join(dir, "tabvault-0.1.0-sources.zip"), sourcesZip);
  return {
    version: "0.1.0",
    firefoxDir,
    firefoxZip: join(dir, "tabvault-0.1.0-firefox.zip"),
    chromeZip: join(dir, "tabvault-0.1.0-chrome.zip"),
    sourcesZip: join(dir, "tabvault-0.1.0-sources.zip"),
  };
}

describe("npm run release:extension against local stand-ins of addons.mozilla.org and the Chrome Web Store", () => {
  const work = mkdtempSync(join(tmpdir(), "tabvault-release-"));
  const amo = amoStandIn(amoKeys);
  const chrome = chromeStandIn(chromeKeys);
  let standIn: Awaited<ReturnType<typeof startStandInServer>>;
  let run = 0;
  beforeAll(async () => {
    standIn = await startStandInServer([amo.handler, chrome.handler]);
  });
  afterAll(async () => {
    await standIn.close();
    await rm(work, { recursive: true, force: true });
  });

  function configFor(releasesDir: string, overrides: { apiSecret?: string; refreshToken?: string } = {}): ReleaseConfig {
    return {
      serverUrl,
      releasesDir,
      firefox: { apiKey: amoKeys.apiKey, apiSecret: overrides.apiSecret ?? amoKeys.apiSecret, amoBaseUrl: `${standIn.origin}/api/v5/` },
      chrome: { ...chromeKeys, refreshToken: overrides.refreshToken ?? chromeKeys.refreshToken, apiUrl: standIn.origin, tokenUrl: `${standIn.origin}/token` },
    };
  }
  async function release(config: ReleaseConfig, builtFor = serverUrl) {
    const dir = join(work, `run-${(run += 1)}`);
    const log: string[] = [];
    const deps: ReleaseDeps = {
      buildPackages: () => packagesIn(dir, builtFor),
      signFirefox: (keys, build) => signWithMozilla(keys, build, (line) => log.push(line)),
      chrome: { fetch, sleep: async () => {}, log: (line) => log.push(line) },
      now: () => new Date("2026-11-28T10:00:00.000Z"),
      log: (line) => log.push(line),
    };
    return releaseExtension(config, deps);
  }

  it("signs the Firefox package through AMO (JWT, unlisted upload, source archive) and publishes it where /download offers it; submits the Chrome zip", async () => {
    const releasesDir = join(work, "releases-ok");
    const before = standIn.requests.length;
    const outcome = await release(configFor(releasesDir));
    expect(outcome.results).toEqual([
      { store: "firefox", ok: true, message: `signed by Mozilla and published as ${releasesDir}/tabvault-firefox-0.1.0-signed.xpi; /download offers it now` },
      { store: "chrome", ok: true, message: `version 0.1.0 submitted to item ${chromeKeys.extensionId} (PENDING_REVIEW)` },
    ]);

    // AMO saw a fresh, short-lived JWT from the API key on every call, an unlisted upload and the source archive.
    expect(amo.seen.jwtPayloads.length).toBeGreaterThanOrEqual(5);
    for (const payload of amo.seen.jwtPayloads) expect(payload).toMatchObject({ iss: amoKeys.apiKey });
    expect(amo.seen.channels).toEqual(["unlisted"]);
    expect(amo.seen.sources.map((file) => file.name)).toEqual(["tabvault-0.1.0-sources.zip"]);
    expect(Object.keys(unzipSync(new Uint8Array(await amo.seen.sources[0]!.arrayBuffer())))).toContain("extension/BUILDING.md");

    // The signed file and its record are in RELEASES_DIR, and the server's own check offers them.
    const record = JSON.parse(await readFile(join(releasesDir, SIGNED_EXTENSIONS_FILE), "utf8"));
    expect(record).toEqual({ firefox: { version: "0.1.0", fileName: "tabvault-firefox-0.1.0-signed.xpi", serverUrl, addonId: amoKeys.addonId, signedAt: "2026-11-28T10:00:00.000Z" } });
    const signed = unzipSync(new Uint8Array(await readFile(join(releasesDir, "tabvault-firefox-0.1.0-signed.xpi"))));
    expect(Object.keys(signed)).toEqual(expect.arrayContaining(["META-INF/mozilla.rsa", "META-INF/cose.sig", "manifest.json"]));
    expect(JSON.parse(strFromU8(signed["server-config.json"]!))).toEqual({ serverUrl });
    const offered = await createSignedExtensionReader({ releasesDir, publicUrl: serverUrl }).signedFirefox();
    expect(offered.built).toMatchObject({ signed: true, fileName: "tabvault-firefox-0.1.0-signed.xpi" });

    // Google got a refresh-token grant, then the zip and a publish with the access token it gave.
    expect(chrome.seen.tokenGrants.at(-1)).toEqual({ client_id: chromeKeys.clientId, client_secret: chromeKeys.clientSecret, refresh_token: chromeKeys.refreshToken, grant_type: "refresh_token" });
    expect(chrome.seen.uploads.at(-1)).toEqual({ version: "0.1.0", files: ["manifest.json", "server-config.json"] });
    expect(chrome.seen.published).toBe(1);
    const paths = standIn.requests.slice(before).map((request) => `${request.method} ${request.url.split("?")[0]}`);
    expect(paths.filter((path) => path.includes("chromewebstore") || path.includes("/v2/") || path === "POST /token")).toEqual([
      "POST /token",
      `POST /upload/v2/publishers/${chromeKeys.publisherId}/items/${chromeKeys.extensionId}:upload`,
      `GET /v2/publishers/${chromeKeys.publisherId}/items/${chromeKeys.extensionId}:fetchStatus`,
      `POST /v2/publishers/${chromeKeys.publisherId}/items/${chromeKeys.extensionId}:publish`,
    ]);
  }, 60_000);

  it("a wrong AMO secret fails Firefox with AMO's answer and publishes nothing; Chrome still goes", async () => {
    const releasesDir = join(work, "releases-bad-secret");
    const outcome = await release(configFor(releasesDir, { apiSecret: "not-the-secret" }));
    expect(outcome.results[0]).toMatchObject({ store: "firefox", ok: false, message: expect.stringContaining("Error decoding signature.") });
    expect(outcome.results[1]).toMatchObject({ store: "chrome", ok: true });
    await expect(readFile(join(releasesDir, SIGNED_EXTENSIONS_FILE))).rejects.toThrow(/ENOENT/);
  }, 60_000);

  it("a revoked refresh token fails Chrome, naming the variables to check; Firefox still goes", async () => {
    const outcome = await release(configFor(join(work, "releases-bad-token"), { refreshToken: "1//revoked" }));
    expect(outcome.results).toEqual([
      expect.objectContaining({ store: "firefox", ok: true }),
      {
        store: "chrome",
        ok: false,
        message: "Chrome Web Store: Google refused the refresh token (invalid_grant: Token has been expired or revoked.); check CWS_CLIENT_ID, CWS_CLIENT_SECRET and CWS_REFRESH_TOKEN",
      },
    ]);
  }, 60_000);

  it("a signed package built for another server is not published, and the previous record stays", async () => {
    const releasesDir = join(work, "releases-other-server");
    await release({ ...configFor(releasesDir), chrome: null });
    const published = await readFile(join(releasesDir, SIGNED_EXTENSIONS_FILE), "utf8");
    const outcome = await release({ ...configFor(releasesDir), chrome: null }, "https://elsewhere.example");
    expect(outcome.results).toEqual([
      { store: "firefox", ok: false, message: expect.stringContaining("it was built for https://elsewhere.example, and this server is https://tabvault.example") },
    ]);
    expect(await readFile(join(releasesDir, SIGNED_EXTENSIONS_FILE), "utf8")).toBe(published);
  }, 60_000);

  it("without keys, names every missing variable and exits 1 before building or sending anything", async () => {
    const before = standIn.requests.length;
    const env = { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", AMO_BASE_URL: `${standIn.origin}/api/v5/`, CWS_API_URL: standIn.origin, CWS_TOKEN_URL: `${standIn.origin}/token` };
    const all = await runCommand([], env);
    expect(all.code).toBe(1);
    expect(all.stderr.split("\n").filter((line) => line.startsWith("  ")).map((line) => line.trim().split(":")[0])).toEqual([
      "PUBLIC_URL",
      "WEB_EXT_API_KEY",
      "WEB_EXT_API_SECRET",
      "CWS_CLIENT_ID",
      "CWS_CLIENT_SECRET",
      "CWS_REFRESH_TOKEN",
      "CWS_PUBLISHER_ID",
      "CWS_EXTENSION_ID",
    ]);
    expect(all.stderr).toContain("release:extension: nothing was built, signed or uploaded.");

    const firefoxOnly = await runCommand(["--store", "firefox"], { ...env, PUBLIC_URL: serverUrl, WEB_EXT_API_KEY: amoKeys.apiKey });
    expect(firefoxOnly.code).toBe(1);
    expect(firefoxOnly.stderr).toContain("  WEB_EXT_API_SECRET: addons.mozilla.org API secret");
    expect(firefoxOnly.stderr).not.toContain("CWS_");
    expect(firefoxOnly.stderr).not.toContain("WEB_EXT_API_KEY");
    expect(standIn.requests.length).toBe(before);
  }, 60_000);
});

describe("the release configuration", () => {
  it("wants an https PUBLIC_URL: a store package is for everyone, never for this machine", () => {
    const result = readReleaseConfig({ PUBLIC_URL: "http://localhost:3000" }, ["firefox"], { packageOnly: true });
    expect(result).toEqual({ ok: false, missing: [], invalid: ['PUBLIC_URL must be an https address, not "http://localhost:3000"'] });
  });

  it("builds packages only with PUBLIC_URL alone, and keeps the store endpoints that are set", () => {
    expect(readReleaseConfig({ PUBLIC_URL: "https://tabvault.example/path" }, ["firefox", "chrome"], { packageOnly: true })).toEqual({
      ok: true,
      config: { serverUrl: "https://tabvault.example", releasesDir: "./releases", firefox: null, chrome: null },
    });
    const full = readReleaseConfig(
      { PUBLIC_URL: serverUrl, WEB_EXT_API_KEY: "k", WEB_EXT_API_SECRET: "s", AMO_BASE_URL: "http://127.0.0.1:9/api/v5/", RELEASES_DIR: "/srv/releases" },
      ["firefox"],
      { packageOnly: false },
    );
    expect(full).toEqual({ ok: true, config: { serverUrl, releasesDir: "/srv/releases", firefox: { apiKey: "k", apiSecret: "s", amoBaseUrl: "http://127.0.0.1:9/api/v5/" }, chrome: null } });
  });
});

function runCommand(args: string[], env: Record<string, string>): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", join(root, "scripts", "release-extension.ts"), ...args], { cwd: root, env, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? 1, stderr }));
  });
}
