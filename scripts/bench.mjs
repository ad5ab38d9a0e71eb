// `npm run bench`: starts the built server on a temporary DATA_DIR and a bare Fastify route, measures both
// with autocannon from this (separate) process, and writes docs/benchmarks.md.
import { fork, spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { initialClientSize } from "./bench/client-size.mjs";

const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function waitFor(url) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer within 30 s`);
}

function measure(title, options) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, duration: DURATION_SECONDS, ...options }, (error, result) => {
      if (error) return reject(error);
      const non2xx = result.non2xx ?? 0;
      resolve({
        title,
        requestsPerSecond: Math.round(result.requests.average),
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: result.errors + result.timeouts,
        non2xx,
      });
    });
  });
}

const dataDir = await mkdtemp(path.join(tmpdir(), "tabvault-bench-"));
const appPort = await freePort();
const barePort = await freePort();
const appUrl = `http://127.0.0.1:${appPort}`;
const app = spawn(process.execPath, ["dist/server/index.js"], {
  env: { ...process.env, PORT: String(appPort), HOST: "127.0.0.1", PUBLIC_URL: appUrl, DATA_DIR: dataDir, LOG_LEVEL: "warn" },
  stdio: ["ignore", "ignore", "inherit"],
});
const bare = fork("scripts/bench/bare-server.mjs", { env: { ...process.env, PORT: String(barePort) } });

try {
  await waitFor(`${appUrl}/api/health`);
  await waitFor(`http://127.0.0.1:${barePort}/bare`);

  const rows = [];
  const bareRow = await measure("bare Fastify route", { url: `http://127.0.0.1:${barePort}/bare` });
  rows.push(bareRow);
  rows.push(await measure("GET /api/health", { url: `${appUrl}/api/health` }));

  const size = await initialClientSize();
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  const table = [
    "| endpoint | requests/s | p50 ms | p99 ms | errors | non-2xx | ratio to bare |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...rows.map(
      (r) =>
        `| ${r.title} | ${r.requestsPerSecond} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.non2xx} | ${(r.requestsPerSecond / bareRow.requestsPerSecond).toFixed(2)} |`,
    ),
  ].join("\n");
  const report = `# Benchmarks

Written by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)} (${DURATION_SECONDS} s per row, ${CONNECTIONS} connections,
autocannon in a separate process from the server; the app runs on the embedded PGlite database).
The ratio to the bare Fastify route measured in the same run is the figure to compare between runs.

${table}

Initial client download for \`/\` (gzip): JavaScript ${kb(size.jsGzipBytes)}, CSS ${kb(size.cssGzipBytes)}.
`;
  await writeFile("docs/benchmarks.md", report);
  console.log(report);
} finally {
  app.kill("SIGTERM");
  bare.kill("SIGTERM");
  await new Promise((r) => app.once("exit", r));
  await rm(dataDir, { recursive: true, force: true });
}
