/// <reference lib="dom" />
import { randomBytes } from "node:crypto";
import { after, describe, test } from "node:test";
import pg from "pg";
import { Relay } from "../server/test/tcp-relay";
import { newContext, screenshot } from "./support/browser";
import { useBrowserSuite } from "./support/suite";

/** The PostgreSQL server CI runs; the database itself is a fresh one, reached through a relay the test can cut. */
const adminUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

const databaseName = `tv_e2e_${randomBytes(5).toString("hex")}`;
const postgres = await adminQuery(`create database ${databaseName}`).then(
  () => true,
  () => false,
);
const target = new URL(adminUrl);
const relay = new Relay({ host: target.hostname, port: Number(target.port || 5432) });
if (postgres) await relay.open();
const relayedUrl = new URL(adminUrl);
relayedUrl.host = `127.0.0.1:${relay.port}`;
relayedUrl.pathname = `/${databaseName}`;

describe("/system-status with the database going away", { skip: postgres ? false : `no PostgreSQL at ${adminUrl}` }, () => {
  const suite = useBrowserSuite(postgres ? { DATABASE_URL: relayedUrl.toString() } : {});
  after(async () => {
    await relay.stop();
    if (postgres) await adminQuery(`drop database if exists ${databaseName} with (force)`);
  });

  test("shows the database operational, then as an outage while PostgreSQL is unreachable, then back with the incident recorded", async () => {
    const context = await newContext(suite.browser, suite.server.url);
    const page = await context.newPage();
    const database = page.getByRole("list", { name: "Services" }).getByRole("listitem").filter({ hasText: "Database" });

    await page.goto("/system-status");
    await database.getByText("Operational").waitFor();

    await relay.stop();
    // The server caches its checks for 5 s; the page asks again on reload.
    await page.waitForTimeout(5500);
    await page.reload();
    await database.getByText("Outage").waitFor({ timeout: 15_000 });
    await screenshot(page, "system-status-database-outage");

    await relay.open();
    await page.waitForTimeout(5500);
    await page.reload();
    await database.getByText("Operational").waitFor({ timeout: 15_000 });
    // The outage could not be stored while the database was away; it is recorded, resolved, once it is back.
    await page
      .getByRole("region", { name: "Incidents, last 30 days" })
      .getByRole("listitem")
      .filter({ hasText: "Database: The database does not answer" })
      .getByText(/resolved/)
      .waitFor();
    await screenshot(page, "system-status-database-back");
    await context.close();
  });
});
