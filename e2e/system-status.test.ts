/// <reference lib="dom" />
import { randomBytes } from "node:crypto";
import { after, describe, test } from "node:test";
import pg from "pg";
import type { Locator, Page } from "playwright-core";
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
/**
 * Reloads the page until `shown` is visible, within `timeoutMs`: the server re-runs its checks at most
 * every 5 s, so a change shows on some reload after it, never at a known moment.
 */
async function reloadUntil(page: Page, shown: Locator, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await page.reload();
    try {
      await shown.waitFor({ timeout: 1000 });
      return;
    } catch (error) {
      if (Date.now() >= deadline) throw error;
    }
  }
}

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
    await reloadUntil(page, database.getByText("Outage"));
    await screenshot(page, "system-status-database-outage");

    await relay.open();
    await reloadUntil(page, database.getByText("Operational"));
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
