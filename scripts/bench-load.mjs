// `npm run bench:load`: a mixed workload from this process against one server on PostgreSQL, with a bare
// Fastify route measured in the same run for the ratio. 70 % reads as signed-in people (GET /api/auth/user and
// GET /api/saved-sessions), 20 % 20-tab backups, 10 % public pages; 200 connections, 30 s as fast as it goes
// (capacity) and 30 s offered 1,500 requests/s (latency at the target). Writes the "load" section of
// docs/benchmarks.md.
import { readFile } from "node:fs/promises";
import { cpus } from "node:os";
import pg from "pg";
import { benchBrowserSession, signInAccounts } from "./bench/accounts.mjs";
import {
  BENCH_DATABASE_URL,
  createBenchDatabase,
  measure,
  measurePaced,
  resultTable,
  startBenchServers,
  writeReportSection,
} from "./bench/harness.mjs";

const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 30);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 200);
// People, not connections: each request goes out as the next of these accounts, so no one person sends
// backups faster than the per-account write limit allows (a real capture engine sends one every 30 s).
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 600);
const TARGET = { p99Ms: 100, requestsPerSecond: 1500, rssMb: 300 };

const database = await createBenchDatabase();
if (!database) {
  console.error(`bench:load needs PostgreSQL (BENCH_DATABASE_URL, default ${BENCH_DATABASE_URL}).`);
  process.exit(1);
}
const { app, appUrl, bareUrl, dataDir, stop } = await startBenchServers({
  DATABASE_URL: database.url,
  NODE_ENV: "production",
  SESSION_SECRET: "bench-load-secret-bench-load-secret-0123",
});

/** The server's resident memory, sampled from /proc while the load runs. */
function sampleRss(pid) {
  let peak = 0;
  const timer = setInterval(async () => {
    try {
      const status = await readFile(`/proc/${pid}/status`, "utf8");
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      peak = Math.max(peak, kb);
    } catch {
      // not on Linux, or the process is gone
    }
  }, 250);
  return { stop: () => (clearInterval(timer), Math.round(peak / 1024)) };
}

try {
  const accounts = await signInAccounts(appUrl, dataDir, ACCOUNTS, "load");
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  await client.query("update users set plan_type = 'pro'");
  await client.end();

  const backupBody = JSON.stringify({ browserSession: benchBrowserSession(20) });
  let nextAccount = 0;
  const mix = {
    url: appUrl,
    connections: CONNECTIONS,
    duration: DURATION_SECONDS,
    requests: [
      {
        setupRequest: (template) => {
          const account = accounts[nextAccount++ % accounts.length];
          const request = { ...template, headers: { ...template.headers, cookie: account.cookie, origin: appUrl } };
          const roll = Math.random();
          if (roll < 0.35) return { ...request, method: "GET", path: "/api/auth/user", body: undefined };
          if (roll < 0.7) return { ...request, method: "GET", path: "/api/saved-sessions", body: undefined };
          if (roll < 0.9) {
            return {
              ...request,
              method: "POST",
              path: "/api/saved-sessions",
              body: backupBody,
              headers: { ...request.headers, "content-type": "application/json" },
            };
          }
          return { ...request, method: "GET", path: "/", body: undefined, headers: { ...request.headers, accept: "text/html" } };
        },
      },
    ],
  };
  const bareRow = await measure("bare Fastify route", { url: bareUrl, connections: CONNECTIONS, duration: 10 });
  const rss = sampleRss(app.pid);
  // Capacity: every connection sends its next request as soon as the last is answered, so latency here is
  // mostly queueing (200 in flight / requests per second).
  const capacityRow = await measure("mix, as fast as it goes (capacity)", mix);
  // Latency at the target load: the same 200 connections offered 1,500 requests/s in all, paced over each second.
  const targetRow = await measurePaced(`mix at ${TARGET.requestsPerSecond} requests/s offered (latency at the target)`, mix, {
    rate: TARGET.requestsPerSecond,
  });
  const peakRssMb = rss.stop();

  const clean = (row) => row.errors + row.non2xx === 0;
  const verdict = [
    `capacity ${capacityRow.requestsPerSecond} requests/s (target at least ${TARGET.requestsPerSecond}): ${capacityRow.requestsPerSecond >= TARGET.requestsPerSecond ? "met" : "missed"}`,
    `p99 ${targetRow.p99} ms at ${targetRow.requestsPerSecond} requests/s (target under ${TARGET.p99Ms} ms at ${TARGET.requestsPerSecond}): ${targetRow.p99 < TARGET.p99Ms && targetRow.requestsPerSecond >= TARGET.requestsPerSecond * 0.98 ? "met" : "missed"}`,
    `errors and non-2xx answers in both runs: ${capacityRow.errors + targetRow.errors} and ${capacityRow.non2xx + targetRow.non2xx} (target 0): ${clean(capacityRow) && clean(targetRow) ? "met" : "missed"}`,
    `peak RSS ${peakRssMb} MB (target under ${TARGET.rssMb}): ${peakRssMb < TARGET.rssMb ? "met" : "missed"}`,
  ];
  const report = `## Load

Written by \`npm run bench:load\` on ${new Date().toISOString().slice(0, 10)}: one server process (NODE_ENV=production) on
PostgreSQL, ${CONNECTIONS} connections from a second process (autocannon), each request as the next of ${ACCOUNTS} signed-in Pro accounts; the
mix is 35 % \`GET /api/auth/user\`, 35 % \`GET /api/saved-sessions\`, 20 % 20-tab backups (\`POST /api/saved-sessions\`)
and 10 % the landing page. The bare route ran 10 s with the same connections first; each mix row ran ${DURATION_SECONDS} s, the
first as fast as the server answers (its latency is mostly waiting in line: ${CONNECTIONS} requests in flight), the second
offered ${TARGET.requestsPerSecond} requests/s in all, for the latency at the target load (ten autocannon instances of 20 connections
started 0.1 s apart: autocannon's own rate limit releases each connection's quota at the start of every second, so
one instance would send all of them at once). Server, PostgreSQL and autocannon
share the machine's ${cpus().length} cores.

${resultTable([bareRow, capacityRow, targetRow], bareRow)}

${verdict.map((line) => `- ${line}`).join("\n")}
`;
  await writeReportSection("load", report);
  console.log(report);
} finally {
  await stop();
  await database.drop();
}
