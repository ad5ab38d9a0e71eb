// The JavaScript and CSS a browser downloads to show `/`, gzip-compressed: the files a real page load fetched
// (the Lighthouse run's requests), read from the build so the figure does not depend on the server's encoding.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { gzipSync } from "node:zlib";

const clientDir = "dist/client";

async function gzipBytes(urls, origin) {
  let total = 0;
  for (const url of new Set(urls)) {
    const { origin: from, pathname } = new URL(url);
    if (from !== origin) continue;
    total += gzipSync(await readFile(path.join(clientDir, decodeURIComponent(pathname)))).length;
  }
  return total;
}

export async function initialClientSize({ scripts, stylesheets }, origin) {
  return { jsGzipBytes: await gzipBytes(scripts, origin), cssGzipBytes: await gzipBytes(stylesheets, origin) };
}
