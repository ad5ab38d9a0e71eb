// What both benchmarks share: free ports, waiting for a server, a throwaway PostgreSQL database, measuring with
// autocannon, and writing one section of docs/benchmarks.md without touching the others.
import { fork, spawn } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createServer } from "node:net";
import autocannon from "autocannon";
import pg from "pg";

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

export async function waitFor(url) {
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

/**
 * The session rows need plans set on accounts, which only PostgreSQL lets this process do while the
 * server runs; a throwaway database is created for the run and dropped after it.
 */
export const BENCH_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export async function createBenchDatabase() {
  const admin = new pg.Client({ connectionString: BENCH_DATABASE_URL, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `tv_bench_${process.pid}`;
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(BENCH_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: BENCH_DATABASE_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** autocannon with the figures the reports need. */
export function measure(title, options) {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => {
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

/**
 * `connections` connections offered `rate` requests/s in all, evenly over each second. autocannon's own
 * rate limit lets every connection send its whole quota at the start of each second and then wait, so
 * with one instance all connections burst together and the latency is that of a full queue. Here the
 * connections are split into `groups` autocannon instances started 1/groups of a second apart, so the
 * bursts interleave; every response time is recorded and the percentiles taken over all of them.
 */
export async function measurePaced(title, options, { rate, groups = 10 }) {
  const times = [];
  let errors = 0;
  let non2xx = 0;
  const perGroup = Math.round(options.connections / groups);
  const runs = Array.from({ length: groups }, (_, group) =>
    new Promise((resolve) => setTimeout(resolve, (1000 / groups) * group)).then(
      () =>
        new Promise((resolve, reject) => {
          const instance = autocannon({ ...options, connections: perGroup, overallRate: Math.round(rate / groups) }, (error, result) =>
            error ? reject(error) : resolve(result),
          );
          instance.on("response", (_client, statusCode, _bytes, responseTime) => {
            times.push(responseTime);
            if (statusCode < 200 || statusCode > 299) non2xx += 1;
          });
          instance.on("reqError", () => (errors += 1));
        }),
    ),
  );
  const results = await Promise.all(runs);
  times.sort((a, b) => a - b);
  const percentile = (p) => Math.round(times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] ?? 0);
  return {
    title,
    requestsPerSecond: Math.round(results.reduce((sum, result) => sum + result.requests.average, 0)),
    p50: percentile(50),
    p99: percentile(99),
    errors: errors + results.reduce((sum, result) => sum + result.timeouts, 0),
    non2xx,
  };
}

export function resultTable(rows, bare) {
  return [
    "| endpoint | requests/s | p50 ms | p99 ms | errors | non-2xx | ratio to bare |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...rows.map(
      (r) =>
        `| ${r.title} | ${r.requestsPerSecond} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.non2xx} | ${(r.requestsPerSecond / bare.requestsPerSecond).toFixed(2)} |`,
    ),
  ].join("\n");
}

/** Replaces the section between `<!-- name:start -->` and `<!-- name:end -->`, or appends it. */
export async function writeReportSection(name, content, file = "docs/benchmarks.md") {
  const text = await readFile(file, "utf8").catch(() => "# Benchmarks\n");
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const block = `${start}\n${content.trim()}\n${end}`;
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  const next = from !== -1 && to !== -1 ? `${text.slice(0, from)}${block}${text.slice(to + end.length)}` : `${text.trimEnd()}\n\n${block}\n`;
  await writeFile(file, next);
}

/**
 * Starts the built app (on a fresh DATA_DIR, with `env` on top) and the bare Fastify route beside it, and
 * waits until both answer. Accounts sign in from distinct forwarded addresses, so TRUST_PROXY is on.
 */
export async function startBenchServers(env = {}) {
  const dataDir = await mkdtemp(path.join(tmpdir(), "tabvault-bench-"));
  const appPort = await freePort();
  const barePort = await freePort();
  const appUrl = `http://127.0.0.1:${appPort}`;
  // BENCH_PROFILE=DIR writes a V8 CPU profile of the app server there when it stops (open it in Chrome's DevTools).
  const profile = process.env.BENCH_PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  const app = spawn(process.execPath, [...profile, "dist/server/index.js"], {
    env: { ...process.env, PORT: String(appPort), HOST: "127.0.0.1", PUBLIC_URL: appUrl, DATA_DIR: dataDir, LOG_LEVEL: "warn", TRUST_PROXY: "true", ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const bare = fork("scripts/bench/bare-server.mjs", { env: { ...process.env, PORT: String(barePort) } });
  const stop = async () => {
    app.kill("SIGTERM");
    bare.kill("SIGTERM");
    if (app.exitCode === null) await new Promise((resolve) => app.once("exit", resolve));
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor(`${appUrl}/api/health`);
    await waitFor(`http://127.0.0.1:${barePort}/bare`);
  } catch (error) {
    await stop();
    throw error;
  }
  return { app, appUrl, bareUrl: `http://127.0.0.1:${barePort}/bare`, dataDir, stop };
}
