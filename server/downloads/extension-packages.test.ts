import { mkdtempSync } from "node:fs";
import { cp, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, testExtensionDir } from "../test/test-app";

const publicUrl = "https://tabvault.example:8443";

function unzip(body: Buffer): Record<string, string> {
  return Object.fromEntries(Object.entries(unzipSync(new Uint8Array(body))).map(([path, bytes]) => [path, strFromU8(bytes)]));
}

describe("extension packages from the built extension directory", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({}, { publicUrl });
  });
  afterAll(() => app.close());

  it("lists both targets with the manifest's version, the package's size, its file name and install steps", async () => {
    const response = await app.inject({ method: "GET", url: "/api/downloads/extensions" });
    expect(response.statusCode).toBe(200);
    const { packages } = response.json<{ packages: Record<string, unknown>[] }>();
    expect(packages).toEqual([
      expect.objectContaining({
        target: "chromium",
        name: "TabVault for Chrome / Edge / Brave / Opera",
        version: "0.1.0",
        fileName: "tabvault-chromium-0.1.0.zip",
        size: expect.stringMatching(/^\d+ KB$/),
        sizeBytes: expect.any(Number),
        available: true,
        signed: false,
        installSteps: expect.arrayContaining([expect.stringContaining("Load unpacked"), expect.stringContaining("Connect to TabVault")]),
      }),
      expect.objectContaining({
        target: "firefox",
        name: "TabVault for Firefox",
        version: "0.1.0",
        fileName: "tabvault-firefox-0.1.0.xpi",
        available: true,
        signed: false,
        installSteps: expect.arrayContaining([expect.stringContaining("Load Temporary Add-on"), expect.stringContaining("Developer Edition, Nightly or ESR")]),
      }),
    ]);
  });

  it("serves the Chromium zip set up for this server: its address in server-config.json and in the host permissions", async () => {
    const response = await app.inject({ method: "GET", url: "/download/extension/chromium" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/zip");
    expect(response.headers["content-disposition"]).toBe('attachment; filename="tabvault-chromium-0.1.0.zip"');
    const listed = (await app.inject({ method: "GET", url: "/api/downloads/extensions" })).json<{ packages: { sizeBytes: number }[] }>();
    expect(Number(response.headers["content-length"])).toBe(listed.packages[0]?.sizeBytes);

    const files = unzip(response.rawPayload);
    expect(Object.keys(files).sort()).toEqual(["background.js", "manifest.json", "popup/index.html", "server-config.json"]);
    expect(JSON.parse(files["server-config.json"]!)).toEqual({ serverUrl: publicUrl });
    const manifest = JSON.parse(files["manifest.json"]!);
    // No port: Firefox refuses one in a match pattern, and Chromium matches every port without it.
    expect(manifest.host_permissions).toEqual(["http://localhost/*", "http://127.0.0.1/*", "https://tabvault.example/*"]);
    expect(manifest).toMatchObject({ manifest_version: 3, name: "TabVault", version: "0.1.0", background: { service_worker: "background.js" } });
    expect(files["background.js"]).toContain("TabVault background");
  });

  it("serves the Firefox package as an .xpi with the manifest at its root", async () => {
    const response = await app.inject({ method: "GET", url: "/download/extension/firefox" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/octet-stream");
    expect(response.headers["content-disposition"]).toBe('attachment; filename="tabvault-firefox-0.1.0.xpi"');
    const files = unzip(response.rawPayload);
    expect(JSON.parse(files["server-config.json"]!)).toEqual({ serverUrl: publicUrl });
    const manifest = JSON.parse(files["manifest.json"]!);
    expect(manifest.host_permissions).toContain("https://tabvault.example/*");
    expect(manifest.browser_specific_settings).toEqual({ gecko: { id: "extension@tabvault.app" } });
  });

  it("answers HEAD with the headers of the download and no body", async () => {
    const get = await app.inject({ method: "GET", url: "/download/extension/chromium" });
    const head = await app.inject({ method: "HEAD", url: "/download/extension/chromium" });
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-disposition"]).toBe('attachment; filename="tabvault-chromium-0.1.0.zip"');
    expect(head.headers["content-length"]).toBe(get.headers["content-length"]);
    expect(head.rawPayload.length).toBe(0);
  });

  it("refuses an unknown browser with 400 and a {message}, and another path under it with 404", async () => {
    const unknown = await app.inject({ method: "GET", url: "/download/extension/safari" });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ message: expect.stringContaining("Unknown browser") });
    const deeper = await app.inject({ method: "GET", url: "/download/extension/chromium/manifest.json" });
    expect(deeper.statusCode).toBe(404);
    expect(Object.keys(deeper.json())).toEqual(["message"]);
  });
});

describe("extension packages when the build is missing, broken or changes", () => {
  const extensionDir = mkdtempSync(join(tmpdir(), "tabvault-extension-"));
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ extensionDir }, { publicUrl: "http://localhost:3000" });
  });
  afterAll(async () => {
    await app.close();
    await rm(extensionDir, { recursive: true, force: true });
  });
  const list = async () => (await app.inject({ method: "GET", url: "/api/downloads/extensions" })).json<{ packages: { target: string; available: boolean; version: string | null; fileName: string | null }[] }>().packages;

  it("lists both targets as not available, never a 500, and their links answer 404 with a {message}", async () => {
    expect(await list()).toEqual([
      expect.objectContaining({ target: "chromium", available: false, version: null, fileName: null, size: null, sizeBytes: null }),
      expect.objectContaining({ target: "firefox", available: false, version: null, fileName: null }),
    ]);
    const response = await app.inject({ method: "GET", url: "/download/extension/firefox" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: "TabVault for Firefox is not built on this server yet" });
  });

  it("offers a build as soon as it appears, and a rebuilt one at once, without a restart", async () => {
    await cp(join(testExtensionDir, "chrome-mv3"), join(extensionDir, "chrome-mv3"), { recursive: true });
    expect((await list()).map((item) => item.available)).toEqual([true, false]);

    const manifestPath = join(extensionDir, "chrome-mv3", "manifest.json");
    await writeFile(manifestPath, JSON.stringify({ manifest_version: 3, name: "TabVault", version: "0.2.0" }));
    // A rebuild within the same second must still be noticed: the size changed, and so does the time.
    await utimes(manifestPath, new Date(), new Date(Date.now() + 5000));
    const [chromium] = await list();
    expect(chromium).toMatchObject({ available: true, version: "0.2.0", fileName: "tabvault-chromium-0.2.0.zip" });
    const files = unzip((await app.inject({ method: "GET", url: "/download/extension/chromium" })).rawPayload);
    expect(JSON.parse(files["manifest.json"]!).host_permissions).toEqual(["http://localhost/*"]);
  });

  it("does not offer a build whose manifest is broken or whose version would not make a plain file name", async () => {
    const manifestPath = join(extensionDir, "chrome-mv3", "manifest.json");
    await writeFile(manifestPath, "{ not json");
    await utimes(manifestPath, new Date(), new Date(Date.now() + 10_000));
    expect((await list())[0]).toMatchObject({ available: false });
    await writeFile(manifestPath, JSON.stringify({ manifest_version: 3, name: "TabVault", version: '1.0"; x=../../y' }));
    await utimes(manifestPath, new Date(), new Date(Date.now() + 15_000));
    expect((await list())[0]).toMatchObject({ available: false });
    expect((await app.inject({ method: "GET", url: "/download/extension/chromium" })).statusCode).toBe(404);
  });
});
