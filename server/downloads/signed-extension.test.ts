import { mkdtempSync } from "node:fs";
import { rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { strToU8, zipSync } from "fflate";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { firefoxPackage, signLikeMozilla } from "../test/signed-xpi";
import { buildTestApp } from "../test/test-app";
import { SIGNED_EXTENSIONS_FILE } from "./signed-extension";

const publicUrl = "https://tabvault.example";
const fileName = "tabvault-firefox-0.1.0-signed.xpi";

interface Listed {
  target: string;
  available: boolean;
  signed: boolean;
  version: string | null;
  fileName: string | null;
  sizeBytes: number | null;
  installSteps: string[];
}

describe("a signed Firefox package published in RELEASES_DIR", () => {
  const releasesDir = mkdtempSync(join(tmpdir(), "tabvault-signed-"));
  let app: FastifyInstance;
  let bumped = 0;
  beforeAll(async () => {
    app = await buildTestApp({}, { publicUrl, releasesDir });
  });
  afterAll(async () => {
    await app.close();
    await rm(releasesDir, { recursive: true, force: true });
  });

  /** Publishes as `npm run release:extension` does: the file, then the record naming it. */
  async function publish(bytes: Uint8Array, record: unknown = { firefox: { version: "0.1.0", fileName, serverUrl: publicUrl, addonId: "extension@tabvault.app", signedAt: "2026-11-28T10:00:00.000Z" } }) {
    const path = join(releasesDir, fileName);
    await writeFile(path, bytes);
    // Several publications within one test second must still be noticed.
    bumped += 5000;
    await utimes(path, new Date(), new Date(Date.now() + bumped));
    await writeFile(join(releasesDir, SIGNED_EXTENSIONS_FILE), typeof record === "string" ? record : JSON.stringify(record));
  }
  const firefox = async () => (await app.inject({ method: "GET", url: "/api/downloads/extensions" })).json<{ packages: Listed[] }>().packages[1]!;

  beforeEach(async () => {
    await rm(join(releasesDir, SIGNED_EXTENSIONS_FILE), { force: true });
  });

  it("with nothing published, offers this server's own build, says it is not signed and how to install it anyway", async () => {
    const listed = await firefox();
    expect(listed).toMatchObject({ available: true, signed: false, fileName: "tabvault-firefox-0.1.0.xpi" });
    expect(listed.installSteps).toEqual([
      expect.stringContaining("It is not signed by Mozilla"),
      expect.stringContaining("Developer Edition, Nightly or ESR: open about:config, set xpinstall.signatures.required to false"),
      expect.stringContaining("Load Temporary Add-on"),
      expect.stringContaining("Connect to TabVault"),
    ]);
    const download = await app.inject({ method: "GET", url: "/download/extension/firefox" });
    expect(download.headers["content-type"]).toBe("application/octet-stream");
    expect(download.headers["content-disposition"]).toBe('attachment; filename="tabvault-firefox-0.1.0.xpi"');
  });

  it("offers the signed package, byte for byte, as application/x-xpinstall so Firefox asks to add it", async () => {
    const signed = signLikeMozilla(firefoxPackage({ serverUrl: publicUrl }));
    await publish(signed);
    const listed = await firefox();
    expect(listed).toMatchObject({ available: true, signed: true, version: "0.1.0", fileName, sizeBytes: signed.length });
    expect(listed.installSteps[0]).toContain("click “Add to Firefox”");
    expect(listed.installSteps.join(" ")).not.toContain("xpinstall.signatures.required");

    const download = await app.inject({ method: "GET", url: "/download/extension/firefox" });
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-type"]).toBe("application/x-xpinstall");
    expect(download.headers["content-disposition"]).toBe(`inline; filename="${fileName}"`);
    expect(Buffer.compare(download.rawPayload, Buffer.from(signed))).toBe(0);
    // Chromium is not Mozilla's to sign: its package stays this server's build.
    const chromium = await app.inject({ method: "GET", url: "/download/extension/chromium" });
    expect(chromium.headers["content-type"]).toBe("application/zip");
  });

  it.each([
    ["built for another server", signLikeMozilla(firefoxPackage({ serverUrl: "https://elsewhere.example" }))],
    ["not signed (no META-INF signature files)", firefoxPackage({ serverUrl: publicUrl })],
    ["of another add-on id", signLikeMozilla(firefoxPackage({ serverUrl: publicUrl, addonId: "other@example.com" }))],
    ["of another version than its record", signLikeMozilla(firefoxPackage({ serverUrl: publicUrl, version: "0.2.0" }))],
    ["not a zip", strToU8("<html>not an add-on</html>")],
    ["a zip without a manifest", signLikeMozilla(zipSync({ "background.js": strToU8("x") }))],
  ])("does not offer a signed package %s: the unsigned build stays, said to be unsigned", async (_case, bytes) => {
    await publish(bytes);
    expect(await firefox()).toMatchObject({ available: true, signed: false, fileName: "tabvault-firefox-0.1.0.xpi" });
    const download = await app.inject({ method: "GET", url: "/download/extension/firefox" });
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-type"]).toBe("application/octet-stream");
  });

  it.each([
    ["not JSON", "{ not json"],
    ["a file name that leaves RELEASES_DIR", { firefox: { version: "0.1.0", fileName: "../../etc/passwd", serverUrl: publicUrl, addonId: "extension@tabvault.app", signedAt: "2026-11-28T10:00:00.000Z" } }],
    ["a hidden file", { firefox: { version: "0.1.0", fileName: ".env", serverUrl: publicUrl, addonId: "extension@tabvault.app", signedAt: "2026-11-28T10:00:00.000Z" } }],
    ["a file that is not there", { firefox: { version: "0.1.0", fileName: "missing.xpi", serverUrl: publicUrl, addonId: "extension@tabvault.app", signedAt: "2026-11-28T10:00:00.000Z" } }],
    ["a version that would not make a header", { firefox: { version: '1"; x=y', fileName, serverUrl: publicUrl, addonId: "extension@tabvault.app", signedAt: "2026-11-28T10:00:00.000Z" } }],
    ["an array", [1, 2]],
  ])("a record that is %s offers the unsigned build, never a 500", async (_case, record) => {
    await publish(signLikeMozilla(firefoxPackage({ serverUrl: publicUrl })), record);
    expect(await firefox()).toMatchObject({ available: true, signed: false });
    expect((await app.inject({ method: "GET", url: "/download/extension/firefox" })).statusCode).toBe(200);
  });
});
