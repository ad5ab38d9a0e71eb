import { createServer, type Server, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { healthResponseSchema } from "@common/api/health";
import packageJson from "../../package.json" with { type: "json" };
import { openPostgres } from "../db/postgres";
import { buildTestApp, useTestApp } from "../test/test-app";

describe("GET /api/health and /api/ready", () => {
  const server = useTestApp();

  it("reports ok with version, uptime and database latency", async () => {
    const response = await server.app.inject({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(200);
    const body = healthResponseSchema.parse(response.json());
    expect(body).toMatchObject({ status: "ok", version: packageJson.version, database: { ok: true } });
    expect(body.database.latencyMs).toBeGreaterThanOrEqual(0);
    expect(body.uptimeSeconds).toBeGreaterThanOrEqual(0);
  });

  it("reports ready", async () => {
    const response = await server.app.inject({ method: "GET", url: "/api/ready" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ready: true });
  });

  // Last in this file: it closes the file's database.
  it("stays live (200) but reports the database down, and is not ready (503), when the database is closed", async () => {
    await server.database.close();
    const health = await server.app.inject({ method: "GET", url: "/api/health" });
    expect(health.statusCode).toBe(200);
    expect(healthResponseSchema.parse(health.json())).toMatchObject({
      status: "degraded",
      database: { ok: false, latencyMs: null },
    });
    const ready = await server.app.inject({ method: "GET", url: "/api/ready" });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ message: expect.any(String) });
    const write = await server.app.inject({ method: "POST", url: "/api/events", payload: { name: "pwa_launch" } });
    expect(write.statusCode).toBe(503);
    expect(write.json()).toEqual({ message: "Service temporarily unavailable" });
  });
});

describe("a PostgreSQL server that stops answering", () => {
  // Accepts connections and never replies: what a hung or partitioned database looks like.
  let silentServer: Server;
  const sockets = new Set<Socket>();
  let url: string;
  beforeAll(async () => {
    silentServer = createServer((socket) => {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => silentServer.listen(0, "127.0.0.1", resolve));
    const address = silentServer.address();
    if (!address || typeof address === "string") throw new Error("no port");
    url = `postgres://tabvault@127.0.0.1:${address.port}/tabvault`;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silentServer.close(resolve));
  });

  it("reports the database down within the check timeout and answers writes 503 within the connection timeout", async () => {
    const database = await openPostgres(url, { migrate: false, connectionTimeoutMillis: 1500, queryTimeoutMillis: 1500 });
    const app = await buildTestApp({ database: database.db });
    try {
      let started = Date.now();
      const health = await app.inject({ method: "GET", url: "/api/health" });
      expect(health.json()).toMatchObject({ status: "degraded", database: { ok: false } });
      expect(Date.now() - started).toBeLessThan(2800);

      started = Date.now();
      const write = await app.inject({ method: "POST", url: "/api/events", payload: { name: "pwa_launch" } });
      expect(write.statusCode).toBe(503);
      expect(write.json()).toEqual({ message: "Service temporarily unavailable" });
      expect(Date.now() - started).toBeLessThan(2800);
    } finally {
      await app.close();
      await database.close().catch(() => undefined);
    }
  });

  it("gives 503 at once when connections are refused", async () => {
    const database = await openPostgres("postgres://tabvault@127.0.0.1:1/tabvault", { migrate: false });
    const app = await buildTestApp({ database: database.db });
    try {
      const started = Date.now();
      const write = await app.inject({ method: "POST", url: "/api/events", payload: { name: "pwa_launch" } });
      expect(write.statusCode).toBe(503);
      expect(Date.now() - started).toBeLessThan(1000);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
