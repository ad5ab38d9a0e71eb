import { join } from "node:path";
import closeWithGrace from "close-with-grace";
import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import pino from "pino";
import { buildApp } from "./app";
import { findAppRoot } from "./config/app-root";
import { ConfigError, loadConfig } from "./config/config";
import { DataDirLockedError } from "./db/data-dir-lock";
import type { DatabaseConnection } from "./db/database";
import { openDatabase } from "./db/open-database";
import { isDatabaseUnavailable } from "./db/unavailable";
import { databaseErrorSummary, databaseErrorText, errorForLog } from "./db/error-for-log";
import { createMailer } from "./mail/create-mailer";
import type { Mailer } from "./mail/mailer";

/** In-flight requests get this long after SIGTERM before the process gives up on them. */
const shutdownGraceMs = 8000;

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const log = pino({ level: config.logLevel, serializers: { err: errorForLog } });
  const opened: { database?: DatabaseConnection; app?: FastifyInstance; mailer?: Mailer; redis?: Redis } = {};

  // Installed before the database opens, so a signal during start-up still closes it cleanly.
  closeWithGrace({ delay: shutdownGraceMs, logger: log }, async ({ signal, err }) => {
    if (err) log.error({ err }, "shutting down after an uncaught error");
    else log.info({ signal }, "shutting down");
    try {
      await opened.app?.close();
    } finally {
      await Promise.allSettled([opened.mailer?.close(), opened.redis?.quit()]);
      await opened.database?.close();
    }
  });

  const database = await openDatabase(config, {
    onPoolError: (error) => log.warn({ err: error }, "idle database connection failed"),
  });
  opened.database = database;
  log.info(
    database.driver === "pglite" ? { driver: "pglite", dataDir: config.dataDir } : { driver: "postgres" },
    "database open and migrated",
  );
  // Links go to the log only on this machine: on a demo server that allowed the outbox they stay in DATA_DIR/mail.
  const mailer = createMailer({ ...config, logLinks: config.nodeEnv === "development" && config.standIns === "local" }, log.child({ module: "mail" }));
  opened.mailer = mailer;
  log.info(config.smtpUrl ? { mail: "smtp" } : { mail: "outbox", dir: join(config.dataDir, "mail") }, "mail ready");
  const redis = config.redisUrl ? await connectRedis(config.redisUrl, log) : undefined;
  opened.redis = redis;

  const appRoot = findAppRoot();
  const app = await buildApp(config, {
    database: database.db,
    mailer,
    redis,
    clientDir: join(appRoot, "dist", "client"),
    extensionDir: join(appRoot, "dist", "extension"),
  });
  opened.app = app;
  await app.listen({ port: config.port, host: config.host });
}

/**
 * Commands fail fast while Redis is unreachable (instead of queueing), so a request answers 503 at
 * once; the client keeps reconnecting in the background and serves again when Redis is back.
 */
async function connectRedis(url: string, log: pino.Logger): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    connectTimeout: 2000,
  });
  redis.on("error", (error) => log.warn({ err: error }, "redis connection error"));
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw new ConfigError(`Cannot reach Redis at start-up (REDIS_URL): ${String(error)}`);
  }
  log.info("redis connected");
  return redis;
}

main().catch((error: unknown) => {
  // Expected start-up failures get one readable line; anything else keeps its stack.
  // A database error is told by its code, never its query's words (they may repeat stored values).
  const database = databaseErrorSummary(error);
  if (error instanceof ConfigError || error instanceof DataDirLockedError) console.error(error.message);
  else if (isDatabaseUnavailable(error)) console.error(`Cannot reach the database at start-up (DATABASE_URL): ${database ? databaseErrorText(database) : String(error)}`);
  else if (database) console.error(`Start-up failed: ${databaseErrorText(database)}`);
  else console.error(error);
  process.exit(1);
});
