// The JavaScript and CSS a browser downloads before `/` can render, gzip-compressed.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { gzipSync } from "node:zlib";

const clientDir = "dist/client";

export async function initialClientSize() {
  const html = await readFile(path.join(clientDir, "index.html"), "utf8");
  const scripts = [...html.matchAll(/<script[^>]+src="([^"]+)"/g), ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map((m) => m[1]);
  const styles = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map((m) => m[1]);
  const gzipBytes = async (files) => {
    let total = 0;
    for (const file of new Set(files)) total += gzipSync(await readFile(path.join(clientDir, file))).length;
    return total;
  };
  return { jsGzipBytes: await gzipBytes(scripts), cssGzipBytes: await gzipBytes(styles) };
}
