import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import closeWithGrace from "close-with-grace";
import pino from "pino";
import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config/config";
import { DataDirLockedError } from "./db/data-dir-lock";
import { openDatabase } from "./db/open-database";

/** In-flight requests get this long after SIGTERM before the process gives up on them. */
const shutdownGraceMs = 8000;

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const log = pino({ level: config.logLevel });
  const database = await openDatabase(config, {
    onPoolError: (error) => log.warn({ err: error }, "idle database connection failed"),
  });
  log.info(
    database.driver === "pglite" ? { driver: "pglite", dataDir: config.dataDir } : { driver: "postgres" },
    "database open and migrated",
  );
  // From source (server/index.ts) or the bundle (dist/server/index.js), the client is in dist/client.
  const here = fileURLToPath(new URL(".", import.meta.url));
  const clientDir = here.includes(`${"/dist/server"}`) ? resolve(here, "../client") : resolve(here, "../dist/client");
  const app = await buildApp(config, { database: database.db, clientDir });

  closeWithGrace({ delay: shutdownGraceMs, logger: log }, async ({ signal, err }) => {
    if (err) log.error({ err }, "shutting down after an uncaught error");
    else log.info({ signal }, "shutting down");
    try {
      await app.close();
    } finally {
      await database.close();
    }
  });

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  // Expected start-up failures get one readable line; anything else keeps its stack.
  const expected = error instanceof ConfigError || error instanceof DataDirLockedError;
  console.error(expected ? error.message : error);
  process.exit(1);
});
