import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll } from "vitest";
import { drizzle } from "drizzle-orm/pglite";
import { buildApp, type AppConfig, type AppDeps } from "../app";
import type { Database } from "../db/database";
import * as schema from "../db/schema";
import { createTestDatabase, type TestDatabase } from "./test-database";

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

export interface TestAppHandle {
  /** The app built in beforeAll; call inside tests. */
  readonly app: FastifyInstance;
  /** Its private database, for arranging rows and checking what a request wrote. */
  readonly database: TestDatabase;
}

/**
 * Registers beforeAll/afterAll that give the calling test file a migrated private database and an
 * app on it, and close both afterwards, so every route's tests start the same way.
 */
export function useTestApp(deps: Partial<AppDeps> = {}, config: Partial<AppConfig> = {}): TestAppHandle {
  let app: FastifyInstance | undefined;
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildTestApp({ database: database.db, ...deps }, config);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });
  return {
    get app() {
      if (!app) throw new Error("useTestApp: the app is built in beforeAll; use it inside a test");
      return app;
    },
    get database() {
      if (!database) throw new Error("useTestApp: the database is created in beforeAll; use it inside a test");
      return database;
    },
  };
}
