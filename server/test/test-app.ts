import type { FastifyInstance } from "fastify";
import { drizzle } from "drizzle-orm/pglite";
import { buildApp, type AppConfig, type AppDeps } from "../app";
import type { Database } from "../db/database";
import * as schema from "../db/schema";

export const testAppConfig: AppConfig = {
  publicUrl: "http://localhost:3000",
  logLevel: "silent",
  trustProxy: false,
};

/** For tests of HTTP behaviour that never reaches the database: no PGlite to start. */
export function databaseNeverUsed(): Database {
  return drizzle.mock({ schema }) as Database;
}

export function buildTestApp(
  deps: Partial<AppDeps> = {},
  config: Partial<AppConfig> = {},
): Promise<FastifyInstance> {
  return buildApp({ ...testAppConfig, ...config }, { database: databaseNeverUsed(), logger: false, ...deps });
}
