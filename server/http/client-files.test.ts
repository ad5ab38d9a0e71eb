import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp } from "../test/test-app";

const indexHtml = "<!doctype html><title>TabVault</title><div id=root></div>";

describe("serving the built client", () => {
  let clientDir: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    clientDir = mkdtempSync(join(tmpdir(), "tabvault-client-"));
    mkdirSync(join(clientDir, "assets"));
    writeFileSync(join(clientDir, "index.html"), indexHtml);
    writeFileSync(join(clientDir, "assets", "index-Ab12Cd.js"), "console.log('app')");
    writeFileSync(join(clientDir, "robots.txt"), "User-agent: *");
    writeFileSync(join(clientDir, "sw.js"), "self.addEventListener('fetch', () => {})");
    writeFileSync(join(clientDir, "manifest.webmanifest"), '{"name":"TabVault"}');
    // What scripts/compress-client.mjs writes beside a built file.
    const script = "console.log('compressed app')";
    writeFileSync(join(clientDir, "assets", "main-Zz99.js"), script);
    writeFileSync(join(clientDir, "assets", "main-Zz99.js.br"), brotliCompressSync(script));
    writeFileSync(join(clientDir, "assets", "main-Zz99.js.gz"), gzipSync(script));
    writeFileSync(join(clientDir, "index.html.br"), brotliCompressSync(indexHtml));
    app = await buildTestApp({ clientDir });
  });
  afterAll(async () => {
    await app.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  it("serves hashed assets with a year-long immutable cache", async () => {
    const response = await app.inject({ method: "GET", url: "/assets/index-Ab12Cd.js" });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe("console.log('app')");
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("sends the precompressed copy a browser accepts, with the original's type and cache rules", async () => {
    const br = await app.inject({ method: "GET", url: "/assets/main-Zz99.js", headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toMatch(/^text\/javascript|^application\/javascript/);
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload).toEqual(brotliCompressSync("console.log('compressed app')"));

    const gz = await app.inject({ method: "GET", url: "/assets/main-Zz99.js", headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gz.rawPayload).toEqual(gzipSync("console.log('compressed app')"));

    const plain = await app.inject({ method: "GET", url: "/assets/main-Zz99.js", headers: { "accept-encoding": "identity" } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe("console.log('compressed app')");
  });

  it("sends the SPA fallback compressed too", async () => {
    const response = await app.inject({ method: "GET", url: "/sessions", headers: { accept: "text/html", "accept-encoding": "br" } });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["content-type"]).toMatch(/^text\/html/);
    expect(response.headers["cache-control"]).toBe("no-cache");
  });

  it("serves index.html and other files with no-cache", async () => {
    for (const url of ["/", "/robots.txt", "/index.html"]) {
      const response = await app.inject({ method: "GET", url, headers: { accept: "text/html" } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["cache-control"], url).toBe("no-cache");
    }
  });

  it("serves the service worker and the manifest revalidated, with their types, under a CSP that allows them", async () => {
    const worker = await app.inject({ method: "GET", url: "/sw.js", headers: { accept: "*/*", "service-worker": "script" } });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers["content-type"]).toMatch(/^(text|application)\/javascript/);
    expect(worker.headers["cache-control"]).toBe("no-cache");
    const manifest = await app.inject({ method: "GET", url: "/manifest.webmanifest", headers: { accept: "*/*" } });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers["content-type"]).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers["cache-control"]).toBe("no-cache");
    const page = await app.inject({ method: "GET", url: "/", headers: { accept: "text/html" } });
    const csp = String(page.headers["content-security-policy"]);
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
  });

  it("answers client routes with index.html", async () => {
    for (const url of ["/sessions", "/protection-settings?tab=2", "/no/such/page"]) {
      const response = await app.inject({
        method: "GET",
        url,
        headers: { accept: "text/html,application/xhtml+xml,*/*;q=0.8" },
      });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(indexHtml);
      expect(response.headers["cache-control"], url).toBe("no-cache");
      expect(response.headers["content-security-policy"], url).toContain("default-src 'self'");
    }
  });

  it("answers a client route with the page to a GET that does not ask for JSON only, as curl's does", async () => {
    const asks: (string | undefined)[] = [undefined, "*/*", "text/*", "application/json, text/plain, */*", "text/html;q=0.9, application/json"];
    for (const accept of asks) {
      for (const method of ["GET", "HEAD"] as const) {
        const response = await app.inject({ method, url: "/download", headers: accept === undefined ? {} : { accept } });
        expect(response.statusCode, `${method} ${accept}`).toBe(200);
        expect(response.headers["content-type"], `${method} ${accept}`).toMatch(/^text\/html/);
      }
    }
    const withQuery = await app.inject({ method: "GET", url: "/sessions?tab=manual" });
    expect(withQuery.statusCode).toBe(200);
    expect(withQuery.body).toBe(indexHtml);
  });

  it("answers a client route asked for JSON only with the 404 {message} an API client expects", async () => {
    for (const accept of ["application/json", "application/json, application/problem+json", "application/json, text/html;q=0"]) {
      const response = await app.inject({ method: "GET", url: "/download", headers: { accept } });
      expect(response.statusCode, accept).toBe(404);
      expect(response.json(), accept).toEqual({ message: "Not found: GET /download" });
    }
  });

  it("answers a path that is no client route with the page only when HTML is asked for", async () => {
    const plain = await app.inject({ method: "GET", url: "/no/such/page" });
    expect(plain.statusCode).toBe(404);
    expect(plain.json()).toEqual({ message: "Not found: GET /no/such/page" });
    const missingFile = await app.inject({ method: "GET", url: "/favicon-gone.png", headers: { accept: "*/*" } });
    expect(missingFile.statusCode).toBe(404);
  });

  it("never falls back for /api/* or /download/*", async () => {
    for (const url of ["/api/unknown", "/api", "/api?page=1", "/download/file.apk"]) {
      const response = await app.inject({ method: "GET", url, headers: { accept: "text/html" } });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ message: expect.any(String) });
    }
  });

  it("answers a missing asset with 404 rather than the page", async () => {
    const response = await app.inject({ method: "GET", url: "/assets/gone-123.js", headers: { accept: "*/*" } });
    expect(response.statusCode).toBe(404);
  });

  it("does not fall back for non-GET requests", async () => {
    const response = await app.inject({ method: "POST", url: "/sessions", headers: { accept: "text/html" } });
    expect(response.statusCode).toBe(404);
  });

  it("serves the API only when there is no built client", async () => {
    const apiOnly = await buildTestApp({ clientDir: join(clientDir, "missing") });
    try {
      const response = await apiOnly.inject({ method: "GET", url: "/sessions", headers: { accept: "text/html" } });
      expect(response.statusCode).toBe(404);
    } finally {
      await apiOnly.close();
    }
  });
});
