import { mkdtempSync } from "node:fs";
import { cp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemLogs } from "../system-log/table";
import { signIn, signInLinkFromMail, withSession } from "../test/sign-in";
import { useTestApp } from "../test/test-app";
import { downloadTotals } from "./counts";

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
    await app().inject({ method: "GET", url: await signInLinkFromMail(server.mailDir, email) });
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
    await new Promise((resolve) => setTimeout(resolve, 50));
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

  it.each([
    "/download/file/windows/..%2F..%2Fpackage.json?email=a%40b.co&expires=9999999999&signature=x",
    "/download/file/windows/%2Fetc%2Fpasswd?email=a%40b.co&expires=9999999999&signature=x",
    "/download/file/linux/x.exe?email=a%40b.co&expires=9999999999&signature=x",
    "/download/file/windows/.env?email=a%40b.co&expires=9999999999&signature=x",
  ])("refuses a path-traversal or unknown name: %s", async (url) => {
    const response = await app().inject({ method: "GET", url });
    expect([400, 403, 404]).toContain(response.statusCode);
    expect(response.json().message).toBeTruthy();
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
