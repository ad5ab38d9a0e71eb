import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { FakeServer } from "../extension/test/fake-server";

/**
 * The in-memory server of the extension's unit tests behind node:http, for runs in real Chromium that
 * measure the browser rather than TabVault's server: it answers the extension's API and serves small
 * test pages at /page/N. Opening /connect confirms a pairing at once.
 */
export async function startExtensionStandIn(): Promise<{ stand: FakeServer; url: string; close(): Promise<void> }> {
  const stand = new FakeServer();
  stand.keepUploads = true;
  const http: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      void (async () => {
        const url = new URL(request.url ?? "/", `http://${request.headers.host}`);
        const page = /^\/page\/(\d+)/.exec(url.pathname);
        if (page) {
          response.writeHead(200, { "content-type": "text/html" }).end(`<!doctype html><title>Page ${page[1]}</title><h1>Page ${page[1]}</h1>`);
          return;
        }
        if (url.pathname === "/connect") {
          // A signed-in person confirms at once: the next poll gets the token.
          stand.pollAnswers.push({
            status: 200,
            body: { accessToken: stand.token, tokenType: "Bearer", scope: "browser", deviceId: "d1", deviceName: "Chromium on Linux", email: "ada@example.com" },
          });
          response.writeHead(200, { "content-type": "text/html" }).end(`<!doctype html><title>Connect</title><h1>Connected ${url.searchParams.get("code")}</h1>`);
          return;
        }
        const headers = new Headers();
        for (const [name, value] of Object.entries(request.headers)) if (typeof value === "string") headers.set(name, value);
        const body = chunks.length > 0 ? new Uint8Array(Buffer.concat(chunks)) : undefined;
        try {
          const answer = await stand.fetch(url.toString(), { method: request.method, headers, body });
          response.writeHead(answer.status, { "content-type": "application/json" }).end(await answer.text());
        } catch {
          response.destroy();
        }
      })();
    });
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  // The extension derives the origin from server-config.json; the stand-in answers on that origin.
  Object.defineProperty(stand, "origin", { value: url });
  return { stand, url, close: () => new Promise((resolve) => http.close(() => resolve())) };
}
