import { mkdtempSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { FastifyInstance } from "fastify";
import pino from "pino";
import { afterAll, beforeAll } from "vitest";
import { drizzle } from "drizzle-orm/pglite";
import { buildApp, type AppConfig, type AppDeps } from "../app";
import type { Database } from "../db/database";
import * as schema from "../db/schema";
import { createMailer } from "../mail/create-mailer";
import type { Mailer } from "../mail/mailer";
import { createTestDatabase, type TestDatabase } from "./test-database";

export const testAppConfig: AppConfig = {
  publicUrl: "http://localhost:3000",
  logLevel: "silent",
  trustProxy: false,
  sessionSecret: "test-session-secret-that-is-long-enough-0123456789",
  adminEmails: ["admin@tabvault.test"],
  nodeEnv: "test",
  stripe: undefined,
  standIns: "local",
  releasesDir: fileURLToPath(new URL("../downloads/fixtures", import.meta.url)),
};

export const testAdminEmail = "admin@tabvault.test";

/** A tiny built extension (both targets), as `npm run build` leaves in dist/extension. */
export const testExtensionDir = fileURLToPath(new URL("../downloads/fixtures/extension", import.meta.url));

/** The real local mail adapter writing .eml files into a fresh directory, as `npm start` does. */
export function createTestMailer(): { mailer: Mailer; mailDir: string; remove: () => Promise<void> } {
  const dataDir = mkdtempSync(join(tmpdir(), "tabvault-mail-"));
  const mailer = createMailer(
    { smtpUrl: undefined, mailFrom: "TabVault <no-reply@tabvault.test>", dataDir },
    pino({ level: "silent" }),
  );
  return { mailer, mailDir: join(dataDir, "mail"), remove: () => rm(dataDir, { recursive: true, force: true }) };
}

/** For tests of HTTP behaviour that never reaches the database: no PGlite to start. */
export function databaseNeverUsed(): Database {
  return drizzle.mock({ schema }) as Database;
}

export async function buildTestApp(
  deps: Partial<AppDeps> = {},
  config: Partial<AppConfig> = {},
): Promise<FastifyInstance> {
  const outbox = deps.mailer ? undefined : createTestMailer();
  const mailer = deps.mailer ?? outbox?.mailer;
  if (!mailer) throw new Error("unreachable: a mailer is either given or created");
  const app = await buildApp(
    { ...testAppConfig, ...config },
    { database: databaseNeverUsed(), logger: false, extensionDir: testExtensionDir, ...deps, mailer },
  );
  if (outbox) app.addHook("onClose", outbox.remove);
  return app;
}

export interface TestAppHandle {
  /** The app built in beforeAll; call inside tests. */
  readonly app: FastifyInstance;
  /** Its private database, for arranging rows and checking what a request wrote. */
  readonly database: TestDatabase;
  /** Where the app's mail lands as .eml files (read them with server/test/mail-outbox.ts). */
  readonly mailDir: string;
  /** The outbox mailer the app sends with, for code the app runs in the background (announcement delivery). */
  readonly mailer: Mailer;
}

/**
 * Registers beforeAll/afterAll that give the calling test file a migrated private database and an
 * app on it, and close both afterwards, so every route's tests start the same way.
 */
export function useTestApp(deps: Partial<AppDeps> = {}, config: Partial<AppConfig> = {}): TestAppHandle {
  let app: FastifyInstance | undefined;
  let database: TestDatabase | undefined;
  const { mailer, mailDir, remove } = createTestMailer();
  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildTestApp({ database: database.db, mailer, ...deps }, config);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await remove();
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
    mailDir,
    mailer,
  };
}
