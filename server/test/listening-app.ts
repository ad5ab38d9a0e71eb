import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll } from "vitest";
import { buildTestApp } from "./test-app";
import { createTestDatabase, type TestDatabase } from "./test-database";

/**
 * The test app listening on a free port of 127.0.0.1, for a file whose tests need a real socket (a plain client, a
 * slow one): built before the file's tests, closed after them.
 */
export function useListeningTestApp(): { readonly app: FastifyInstance; readonly port: number } {
  let app: FastifyInstance | undefined;
  let database: TestDatabase | undefined;
  let port = 0;
  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildTestApp({ database: database.db });
    await app.listen({ port: 0, host: "127.0.0.1" });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });
  return {
    get app() {
      if (!app) throw new Error("the listening test app is built in beforeAll");
      return app;
    },
    get port() {
      return port;
    },
  };
}
