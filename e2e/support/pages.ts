import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface TestPages {
  port: number;
  /** `http://127.0.0.1:<port>`. */
  url: string;
  close(): Promise<void>;
}

/**
 * A local web server of plain pages for the extension's browser tests: `/page/<name>` answers a page whose title
 * and heading are `titleOf(name)` ("Page <name>" unless told). `host` 0.0.0.0 serves every loopback address.
 */
export async function servePages(options: { host?: string; titleOf?: (name: string | undefined) => string } = {}): Promise<TestPages> {
  const titleOf = options.titleOf ?? ((name) => `Page ${name ?? "0"}`);
  const pages = createServer((request, response) => {
    const title = titleOf(/^\/page\/(\w+)/.exec(request.url ?? "")?.[1]);
    response.writeHead(200, { "content-type": "text/html" }).end(`<!doctype html><title>${title}</title><h1>${title}</h1>`);
  });
  await new Promise<void>((resolve) => pages.listen(0, options.host ?? "127.0.0.1", resolve));
  const port = (pages.address() as AddressInfo).port;
  return { port, url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => pages.close(() => resolve())) };
}
