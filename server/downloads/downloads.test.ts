import { mkdtempSync } from "node:fs";
import { cp, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemLogs } from "../system-log/table";
import { openSignInLink, signIn, signInLinkFromMail, withSession } from "../test/sign-in";
import { testAppConfig, useTestApp } from "../test/test-app";
import { downloadTotals } from "./counts";
import { createLinkSigner } from "./signed-links";

const fixtures = fileURLToPath(new URL("./fixtures", import.meta.url));

function fakeClock() {
  let now = Date.parse("2026-11-23T10:00:00Z");
  return { clock: () => new Date(now), advance: (ms: number) => void (now += ms) };
}

describe("downloads", () => {
  const time = fakeClock();
  // RELEASES_DIR is the committed fixtures (server/test/test-app.ts).
  const server = useTestApp({ clock: time.clock });
  const app = () => server.app;

  async function verifiedEmail(email: string) {
    await app().inject({ method: "POST", url: "/api/capture-email", payload: { email, source: "direct_download_modal" } });
    await openSignInLink(app(), await signInLinkFromMail(server.mailDir, email));
    return email;
  }
  const generate = (payload: object, extra: object = {}) => app().inject({ method: "POST", url: "/api/generate-download", payload, ...extra });

  it("lists both platforms with the size read from the files", async () => {
    const response = await app().inject({ method: "GET", url: "/api/downloads/available" });
    expect(response.json()).toEqual({
      canDownload: false,
      downloads: [
        expect.objectContaining({ platform: "windows", version: "2.1.0", size: "146 KB", sizeBytes: 150000, filename: "TabVault-Setup-2.1.0.exe", available: true }),
        expect.objectContaining({ platform: "android", size: "88 KB", sizeBytes: 90000, filename: "TabVault-2.1.0.apk", available: true }),
      ],
    });
  });

  it("refuses a link for an unverified address with the verification message", async () => {
    await app().inject({ method: "POST", url: "/api/capture-email", payload: { email: "pending@example.com", source: "direct_download_modal" } });
    const response = await generate({ platform: "windows", email: "pending@example.com" });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: "Please check your email for verification before downloading" });
    expect((await app().inject({ method: "GET", url: "/api/downloads/available?email=pending@example.com" })).json().canDownload).toBe(false);
  });

  it("gives a verified address a signed link that streams the file whole, with length, ETag and attachment", async () => {
    const email = await verifiedEmail("verified@example.com");
    expect((await app().inject({ method: "GET", url: `/api/downloads/available?email=${email}` })).json().canDownload).toBe(true);
    const link = await generate({ platform: "windows", email });
    expect(link.statusCode).toBe(200);
    const { downloadUrl, message, platform } = link.json();
    expect(platform).toBe("windows");
    expect(message).toMatch(/24 hours/);
    expect(downloadUrl).toMatch(/^\/download\/file\/windows\/TabVault-Setup-2\.1\.0\.exe\?email=verified%40example\.com&expires=\d+&signature=/);

    const file = await app().inject({ method: "GET", url: downloadUrl });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-length"]).toBe("150000");
    expect(file.headers["content-disposition"]).toBe('attachment; filename="TabVault-Setup-2.1.0.exe"');
    expect(file.headers.etag).toBeDefined();
    expect(file.rawPayload.equals(await readFile(join(fixtures, "TabVault-Setup-2.1.0.exe")))).toBe(true);
  });

  it("answers a Range request with 206 and the bytes asked for", async () => {
    const { downloadUrl } = (await generate({ platform: "android", email: "verified@example.com" })).json();
    const part = await app().inject({ method: "GET", url: downloadUrl, headers: { range: "bytes=100-199" } });
    expect(part.statusCode).toBe(206);
    expect(part.headers["content-range"]).toBe("bytes 100-199/90000");
    expect(part.rawPayload.equals((await readFile(join(fixtures, "TabVault-2.1.0.apk"))).subarray(100, 200))).toBe(true);
  });

  it("counts completed downloads per platform and day, and logs them", async () => {
    const before = await downloadTotals(server.database.db, time.clock());
    const { downloadUrl } = (await generate({ platform: "android", email: "verified@example.com" })).json();
    await app().inject({ method: "GET", url: downloadUrl });
    await app().inject({ method: "GET", url: downloadUrl, headers: { range: "bytes=0-9" } });
    const after = await downloadTotals(server.database.db, time.clock());
    expect(after.total - before.total).toBe(1);
    expect(after.today - before.today).toBe(1);
    const logs = await server.database.db.select().from(systemLogs);
    expect(logs.some((log) => log.message === "Download completed: Android TabVault-2.1.0.apk")).toBe(true);
  });

  it("refuses a tampered link with 403 and an expired one with 410", async () => {
    const { downloadUrl } = (await generate({ platform: "windows", email: "verified@example.com" })).json();
    const url = new URL(downloadUrl, "http://x");
    const tamperedEmail = downloadUrl.replace("verified%40example.com", "other%40example.com");
    const tamperedExpiry = downloadUrl.replace(/expires=(\d+)/, (_m: string, n: string) => `expires=${Number(n) + 3600}`);
    const forged = downloadUrl.replace(/signature=[^&]+/, "signature=AAAA");
    for (const bad of [tamperedEmail, tamperedExpiry, forged]) {
      const response = await app().inject({ method: "GET", url: bad });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toMatch(/not valid/);
    }
    time.advance(24 * 3600_000 + 1000);
    const expired = await app().inject({ method: "GET", url: `${url.pathname}${url.search}` });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toMatch(/expired/);
  });

  it("does not turn a link for one file into another file", async () => {
    time.advance(0);
    const { downloadUrl } = (await generate({ platform: "windows", email: "verified@example.com" })).json();
    const otherFile = downloadUrl.replace("TabVault-Setup-2.1.0.exe", "TabVault-2.1.0.apk");
    expect((await app().inject({ method: "GET", url: otherFile })).statusCode).toBe(403);
    const otherPlatform = downloadUrl.replace("/windows/", "/android/");
    expect((await app().inject({ method: "GET", url: otherPlatform })).statusCode).toBe(403);
  });

  describe("path traversal, with links signed by the real key", () => {
    const signer = createLinkSigner(testAppConfig.sessionSecret);
    const email = "verified@example.com";
    const packageJson = fileURLToPath(new URL("../../package.json", import.meta.url));
    it.each([
      ["windows", "../../package.json"],
      ["windows", "..\\..\\package.json"],
      ["windows", packageJson],
      ["android", "../TabVault-Setup-2.1.0.exe"],
      ["windows", "sub/TabVault-Setup-2.1.0.exe"],
      ["windows", ".env"],
      ["windows", "manifest.json"],
      ["android", "TabVault-Setup-2.1.0.exe"],
    ] as const)("a valid signature over %s %j serves nothing but the manifest's file", async (platform, fileName) => {
      const url = signer.sign({ platform, fileName, email }, time.clock());
      const response = await app().inject({ method: "GET", url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: expect.stringMatching(/not available$/) });
      expect(response.headers["content-disposition"]).toBeUndefined();
    });

    it("a raw ../ in the path matches no file route", async () => {
      const response = await app().inject({ method: "GET", url: "/download/file/windows/../../package.json?email=a%40b.co&expires=9999999999&signature=x" });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('"name": "tabvault"');
    });

    it("the same signature over the manifest's own file does serve it, so the cases above are refused for their name", async () => {
      const response = await app().inject({ method: "GET", url: signer.sign({ platform: "windows", fileName: "TabVault-Setup-2.1.0.exe", email }, time.clock()) });
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.length).toBe(150000);
    });
  });

  it("a HEAD to a link or to the newest APK is not a download: nothing counted, nothing logged", async () => {
    const logLines = async () => (await server.database.db.select().from(systemLogs)).filter((log) => log.message.startsWith("Download completed")).length;
    const { downloadUrl } = (await generate({ platform: "android", email: "verified@example.com" })).json();
    const before = await downloadTotals(server.database.db, time.clock());
    const loggedBefore = await logLines();
    const head = await app().inject({ method: "HEAD", url: downloadUrl });
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-length"]).toBe("90000");
    expect((await app().inject({ method: "HEAD", url: "/download/android-apk" })).statusCode).toBe(200);
    expect(await downloadTotals(server.database.db, time.clock())).toEqual(before);
    expect(await logLines()).toBe(loggedBefore);

    await app().inject({ method: "GET", url: "/download/android-apk" });
    expect((await downloadTotals(server.database.db, time.clock())).total).toBe(before.total + 1);
    expect(await logLines()).toBe(loggedBefore + 1);
  });

  it("limits lookups of an address's verification per address, with Retry-After", async () => {
    const lookUp = (remoteAddress: string) => app().inject({ method: "GET", url: "/api/downloads/available?email=swept@example.com", remoteAddress });
    for (let index = 0; index < 20; index += 1) expect((await lookUp(`198.51.100.${index}`)).statusCode).toBe(200);
    const limited = await lookUp("198.51.100.200");
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many lookups of this address\. Try again in \d+ minutes?\.$/);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("limits one network's lookups across addresses, in the same budget as /api/verify-user, but not the bare list", async () => {
    const ip = "203.0.113.61";
    for (let index = 0; index < 50; index += 1) {
      const response = await app().inject({ method: "GET", url: `/api/downloads/available?email=sweep${index}@example.com`, remoteAddress: ip });
      expect(response.statusCode).toBe(200);
    }
    for (let index = 0; index < 10; index += 1) {
      const response = await app().inject({ method: "POST", url: "/api/verify-user", payload: { email: `verify${index}@example.com` }, remoteAddress: ip });
      expect(response.statusCode).toBe(200);
    }
    const limited = await app().inject({ method: "GET", url: "/api/downloads/available?email=one-more@example.com", remoteAddress: ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many lookups from your network\./);
    expect(limited.headers["retry-after"]).toBeDefined();
    // The list alone tells nothing about anyone, so it stays open.
    expect((await app().inject({ method: "GET", url: "/api/downloads/available", remoteAddress: ip })).statusCode).toBe(200);
  });

  it("limits download links per address whatever the case or spaces it is written with", async () => {
    const email = await verifiedEmail("many-links@example.com");
    const spellings = [email, "Many-Links@Example.com", " MANY-LINKS@EXAMPLE.COM "];
    for (let index = 0; index < 20; index += 1) {
      const response = await generate({ platform: "windows", email: spellings[index % spellings.length] }, { remoteAddress: `192.0.2.${index}` });
      expect(response.statusCode).toBe(200);
    }
    const limited = await generate({ platform: "windows", email: "MANY-links@example.COM" }, { remoteAddress: "192.0.2.99" });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many download links for this address\./);
  });

  it("a signed-in account can download for itself without a separate verification", async () => {
    const { cookie } = await signIn(app(), server.mailDir, "member@example.com");
    expect((await generate({ platform: "android", email: "member@example.com" }, withSession(cookie))).statusCode).toBe(200);
    expect((await generate({ platform: "android", email: "someone-else@example.com" }, withSession(cookie))).statusCode).toBe(403);
  });

  it.each([
    [{ platform: "linux", email: "verified@example.com" }, "platform must be windows or android"],
    [{ platform: "windows" }, "body.email"],
    [{ platform: "windows", email: "x".repeat(300) }, "body.email"],
  ])("refuses %j with 400", async (payload, message) => {
    const response = await generate(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
  });

  it("apk-info gives the size, and /download/android-apk streams the newest APK", async () => {
    expect((await app().inject({ method: "GET", url: "/api/apk-info" })).json()).toEqual({ size: 90000 });
    const apk = await app().inject({ method: "GET", url: "/download/android-apk" });
    expect(apk.statusCode).toBe(200);
    expect(apk.headers["content-type"]).toBe("application/vnd.android.package-archive");
    expect(apk.rawPayload.length).toBe(90000);
  });
});

describe("downloads with a release file missing", () => {
  const releasesDir = mkdtempSync(join(tmpdir(), "tabvault-releases-"));
  beforeAll(async () => {
    await cp(join(fixtures, "manifest.json"), join(releasesDir, "manifest.json"));
    await cp(join(fixtures, "TabVault-Setup-2.1.0.exe"), join(releasesDir, "TabVault-Setup-2.1.0.exe"));
  });
  afterAll(() => rm(releasesDir, { recursive: true, force: true }));
  const server = useTestApp({}, { releasesDir });

  it("lists the platform as unavailable, never a broken link, and apk-info answers 404", async () => {
    const list = (await server.app.inject({ method: "GET", url: "/api/downloads/available" })).json();
    expect(list.downloads.find((item: { platform: string }) => item.platform === "android")).toMatchObject({ available: false, size: null });
    const info = await server.app.inject({ method: "GET", url: "/api/apk-info" });
    expect(info.statusCode).toBe(404);
    expect(info.json()).toEqual({ message: "Android APK not available" });
    expect((await server.app.inject({ method: "GET", url: "/download/android-apk" })).statusCode).toBe(404);
  });
});

describe("a manifest that names a file outside RELEASES_DIR", () => {
  // root/secret.txt must never leave the server, whatever the manifest in root/releases says.
  const root = mkdtempSync(join(tmpdir(), "tabvault-traversal-"));
  const releasesDir = join(root, "releases");
  const secret = "TOP SECRET: outside RELEASES_DIR";
  beforeAll(async () => {
    await mkdir(join(releasesDir, "sub"), { recursive: true });
    await writeFile(join(root, "secret.txt"), secret);
    await writeFile(join(releasesDir, "sub", "secret.txt"), secret);
    await cp(join(fixtures, "TabVault-2.1.0.apk"), join(releasesDir, "TabVault-2.1.0.apk"));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));
  const server = useTestApp({}, { releasesDir });
  const signer = createLinkSigner(testAppConfig.sessionSecret);
  const good = { version: "2.1.0", fileName: "TabVault-2.1.0.apk", description: "Android", requirements: [] };
  let cookie = "";
  it("signs the owner in", async () => {
    cookie = (await signIn(server.app, server.mailDir, "owner@example.com")).cookie;
  });

  it.each(["../secret.txt", join(root, "secret.txt"), "sub/secret.txt", "sub\\secret.txt", "..", ".hidden"])(
    "a windows fileName of %j is left out, and no link, list or APK route serves it",
    async (fileName) => {
      await writeFile(join(releasesDir, "manifest.json"), JSON.stringify({ windows: { ...good, fileName }, android: good }));

      const list = await server.app.inject({ method: "GET", url: "/api/downloads/available" });
      expect(list.statusCode).toBe(200);
      expect(list.json().downloads.map((item: { platform: string }) => item.platform)).toEqual(["android"]);
      const link = await server.app.inject({ method: "POST", url: "/api/generate-download", payload: { platform: "windows", email: "owner@example.com" }, ...withSession(cookie) });
      expect(link.statusCode).toBe(404);

      const forged = await server.app.inject({ method: "GET", url: signer.sign({ platform: "windows", fileName, email: "owner@example.com" }, new Date()) });
      expect(forged.statusCode).toBe(404);
      expect(forged.body).not.toContain("TOP SECRET");
      // The valid platform beside it still works.
      expect((await server.app.inject({ method: "GET", url: "/download/android-apk" })).statusCode).toBe(200);
    },
  );

  it("an APK entry pointing outside is not served by /download/android-apk or /api/apk-info", async () => {
    await writeFile(join(releasesDir, "manifest.json"), JSON.stringify({ android: { ...good, fileName: "../secret.txt" } }));
    const apk = await server.app.inject({ method: "GET", url: "/download/android-apk" });
    expect(apk.statusCode).toBe(404);
    expect(apk.body).not.toContain("TOP SECRET");
    expect((await server.app.inject({ method: "GET", url: "/api/apk-info" })).statusCode).toBe(404);
  });
});

describe("a malformed RELEASES_DIR/manifest.json", () => {
  const releasesDir = mkdtempSync(join(tmpdir(), "tabvault-bad-manifest-"));
  beforeAll(async () => {
    await cp(fixtures, releasesDir, { recursive: true });
    await writeFile(join(releasesDir, "manifest.json"), '{ "windows": { "version": "2.1.0", ');
  });
  afterAll(() => rm(releasesDir, { recursive: true, force: true }));
  const server = useTestApp({}, { releasesDir });

  it("offers no release on any download endpoint, never a 500", async () => {
    const list = await server.app.inject({ method: "GET", url: "/api/downloads/available" });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({ downloads: [], canDownload: false });
    const { cookie } = await signIn(server.app, server.mailDir, "owner@example.com");
    const link = await server.app.inject({ method: "POST", url: "/api/generate-download", payload: { platform: "windows", email: "owner@example.com" }, ...withSession(cookie) });
    expect(link.statusCode).toBe(404);
    expect(link.json()).toEqual({ message: "Windows installer not available" });
    expect((await server.app.inject({ method: "GET", url: "/api/apk-info" })).json()).toEqual({ message: "Android APK not available" });
    expect((await server.app.inject({ method: "GET", url: "/download/android-apk" })).statusCode).toBe(404);
    const signed = createLinkSigner(testAppConfig.sessionSecret).sign({ platform: "windows", fileName: "TabVault-Setup-2.1.0.exe", email: "owner@example.com" }, new Date());
    expect((await server.app.inject({ method: "GET", url: signed })).statusCode).toBe(404);
  });

  it("says so once in the system log, and the status page shows downloads degraded", async () => {
    const warnings = (await server.database.db.select().from(systemLogs)).filter((log) => log.message.startsWith("Downloads: "));
    expect(warnings).toEqual([expect.objectContaining({ level: "warning", message: expect.stringMatching(/^Downloads: RELEASES_DIR\/manifest\.json is not valid JSON/) })]);
    const status = (await server.app.inject({ method: "GET", url: "/api/status" })).json();
    expect(status.services.find((service: { name: string }) => service.name === "Downloads")).toEqual({
      name: "Downloads",
      status: "degraded",
      detail: "The release list has errors, so some app downloads are not offered",
    });
  });
});
