// Runs after `vite build`: writes a Brotli (.br) and a gzip (.gz) copy beside every text file of dist/client,
// so the server sends them as they are (@fastify/static's preCompressed) instead of compressing per request.
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const clientDir = process.argv[2] ?? "dist/client";
const compressible = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
// Below this, the headers of a compressed response outweigh what it saves.
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

let written = 0;
for (const entry of await readdir(clientDir, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !compressible.test(entry.name)) continue;
  const file = path.join(entry.parentPath, entry.name);
  const content = await readFile(file);
  if (content.length < MIN_BYTES) continue;
  const [br, gz] = await Promise.all([
    brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
    gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  if (br.length < content.length) await writeFile(`${file}.br`, br);
  if (gz.length < content.length) await writeFile(`${file}.gz`, gz);
  written++;
}
console.log(`compressed ${written} files in ${clientDir} (.br and .gz beside each)`);
