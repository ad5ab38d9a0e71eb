// `npm run bench`: starts the built server on a temporary DATA_DIR and a bare Fastify route, measures both
// with autocannon from this (separate) process, measures the landing page with Lighthouse, and writes
// docs/benchmarks.md. `npm run bench:landing` (this script with `landing`) measures the landing page only.
import pg from "pg";
import { benchBrowserSession, signInAccounts } from "./bench/accounts.mjs";
import { measureLanding } from "./bench/landing.mjs";
import {
  BENCH_DATABASE_URL,
  createBenchDatabase,
  measure as measureWith,
  resultTable,
  startBenchServers,
  writeReportSection,
} from "./bench/harness.mjs";

const measure = (title, options) => measureWith(title, { connections: CONNECTIONS, duration: DURATION_SECONDS, ...options });

const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 400);

const landingOnly = process.argv.includes("landing");
const benchDatabase = landingOnly ? null : await createBenchDatabase();
const { appUrl, bareUrl, dataDir, stop } = await startBenchServers({
  ADMIN_EMAILS: "admin-0@bench.tabvault.test",
  ...(benchDatabase ? { DATABASE_URL: benchDatabase.url } : {}),
});

try {
  if (!landingOnly) await measureEndpoints();
  const landing = await measureLanding(appUrl);
  await writeReportSection("landing", landing.report);
  console.log(landing.report);
  if (!landing.met) process.exitCode = 1;
} finally {
  await stop();
  await benchDatabase?.drop();
}

async function measureEndpoints() {
  const rows = [];
  const bareRow = await measure("bare Fastify route", { url: bareUrl });
  rows.push(bareRow);
  rows.push(await measure("GET /api/health", { url: `${appUrl}/api/health` }));

  if (benchDatabase) {
    // Accounts on the Pro plan so a 50-tab backup is stored whole; each request goes out as the next of
    // them, so no one account outruns the per-account write limit (120 a minute) during a row.
    const accounts = await signInAccounts(appUrl, dataDir, ACCOUNTS);
    const database = new pg.Client({ connectionString: benchDatabase.url });
    await database.connect();
    await database.query("update users set plan_type = 'pro'");
    await database.end();
    const body = JSON.stringify({ browserSession: benchBrowserSession(50) });
    let nextAccount = 0;
    const accountFor = () => accounts[nextAccount++ % accounts.length];
    rows.push(
      await measure("POST /api/saved-sessions (50-tab backup)", {
        url: `${appUrl}/api/saved-sessions`,
        requests: [
          {
            setupRequest: (request) => ({
              ...request,
              method: "POST",
              body,
              headers: { ...request.headers, cookie: accountFor().cookie, "content-type": "application/json", origin: appUrl },
            }),
          },
        ],
      }),
    );
    rows.push(
      await measure("GET /api/saved-sessions (list)", {
        url: `${appUrl}/api/saved-sessions`,
        setupClient: (client) => client.setHeaders({ cookie: accountFor().cookie }),
      }),
    );

    // The admin's figures and payment pages over 100,000 seeded payments.
    const [admin] = await signInAccounts(appUrl, dataDir, 1, "admin");
    const seed = new pg.Client({ connectionString: benchDatabase.url });
    await seed.connect();
    await seed.query(`
      insert into payments (user_id, email, plan_type, amount_cents, status, kind, provider, provider_payment_id, created_at)
      select u.id, u.email, (array['basic','pro','premium'])[1 + n % 3], (array[800,1400,2000])[1 + n % 3],
             case when n % 10 = 0 then 'failed' else 'succeeded' end, 'one_time', 'sandbox', 'sandbox_pi_bench_' || n,
             now() - (n || ' minutes')::interval
      from generate_series(1, 100000) as n cross join lateral (select id, email from users order by email limit 1) as u`);
    await seed.query("analyze payments");
    await seed.end();
    rows.push(await measure("GET /api/admin/stats (100,000 payments)", { url: `${appUrl}/api/admin/stats`, headers: { cookie: admin.cookie } }));
    rows.push(
      await measure("GET /api/admin/payments?limit=50 (100,000 payments)", { url: `${appUrl}/api/admin/payments?limit=50`, headers: { cookie: admin.cookie } }),
    );
  } else {
    console.warn(`PostgreSQL at ${BENCH_DATABASE_URL} is not reachable: the session and admin rows are skipped.`);
  }

  const table = resultTable(rows, bareRow);
  const report = `## Endpoints

Written by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)} (${DURATION_SECONDS} s per row, ${CONNECTIONS} connections,
autocannon in a separate process from the server; the app runs on ${benchDatabase ? "PostgreSQL" : "the embedded PGlite database"}).
Session rows: each request as the next of ${ACCOUNTS} signed-in Pro accounts; the backup row stores 50 tabs per request. Admin rows: one
admin session, 100,000 payments seeded.
The ratio to the bare Fastify route measured in the same run is the figure to compare between runs.

${table}
`;
  await writeReportSection("endpoints", report);
  console.log(report);
}
