import { randomBytes } from "node:crypto";
import pg from "pg";
import { migratePostgres } from "../db/postgres";

/**
 * Runs `work` on a connection to the server's maintenance database (`postgres`), beside `url`'s: where the tests
 * create and drop their databases and templates, as a database cannot be dropped over a connection to itself.
 */
export async function withMaintenanceClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const maintenance = new URL(url);
  maintenance.pathname = "/postgres";
  const client = new pg.Client({ connectionString: maintenance.toString(), connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A database beside `url`'s with every migration applied, for test files to copy (`create database … template`,
 * decision 243), and a function that drops it. Nothing ever connects to it after the migration, as a template requires.
 */
export async function createMigratedTemplate(url: string): Promise<{ name: string; drop: () => Promise<void> }> {
  const name = `tv_template_${randomBytes(6).toString("hex")}`;
  await withMaintenanceClient(url, (client) => client.query(`create database ${name}`));
  const templateUrl = new URL(url);
  templateUrl.pathname = `/${name}`;
  const drop = () => withMaintenanceClient(url, (client) => client.query(`drop database if exists ${name} with (force)`)).then(() => undefined);
  try {
    await migratePostgres(templateUrl.toString());
  } catch (error) {
    await drop();
    throw error;
  }
  return { name, drop };
}
