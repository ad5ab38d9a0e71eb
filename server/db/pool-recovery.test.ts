import { createServer, connect, type Server, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp } from "../test/test-app";
import { createPostgresDatabase, testDatabaseUrl } from "../test/test-database";
import { openPostgres } from "./postgres";

/** A TCP relay to PostgreSQL that the test can cut, to play a database that goes away and returns. */
class Relay {
  private server: Server | undefined;
  private sockets = new Set<Socket>();
  port = 0;
  constructor(private target: { host: string; port: number }) {}

  async start(): Promise<void> {
    this.server = createServer((client) => {
      const upstream = connect(this.target.port, this.target.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on("close", () => this.sockets.delete(socket));
        socket.on("error", () => undefined);
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, "127.0.0.1", resolve));
    const address = this.server.address();
    if (address && typeof address !== "string") this.port = address.port;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise((resolve) => this.server?.close(resolve));
  }
}

describe.runIf(testDatabaseUrl)("the PostgreSQL pool", () => {
  let relay: Relay;
  let url: string;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ url, drop } = await createPostgresDatabase());
    const target = new URL(url);
    relay = new Relay({ host: target.hostname, port: Number(target.port || 5432) });
    await relay.start();
  });
  afterAll(async () => {
    await relay.stop();
    await drop();
  });

  it("answers 503 while the database is away and recovers when it is back", async () => {
    const relayed = new URL(url);
    relayed.host = `127.0.0.1:${relay.port}`;
    const poolErrors: Error[] = [];
    const database = await openPostgres(relayed.toString(), {
      connectionTimeoutMillis: 1000,
      queryTimeoutMillis: 1000,
      onPoolError: (error) => poolErrors.push(error),
    });
    const app = await buildTestApp({ database: database.db });
    const write = () => app.inject({ method: "POST", url: "/api/events", payload: { name: "pwa_launch" } });
    try {
      expect((await write()).statusCode).toBe(204);

      await relay.stop();
      const whileAway = await write();
      expect(whileAway.statusCode).toBe(503);
      expect((await app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(503);

      await relay.start();
      await expect.poll(async () => (await write()).statusCode, { timeout: 5000 }).toBe(204);
      expect((await app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
