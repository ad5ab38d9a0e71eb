import { describe, expect, it } from "vitest";
import { statusIncidents } from "./table";
import { createTestDatabase } from "../test/test-database";
import { buildTestApp, useTestApp } from "../test/test-app";

describe("GET /api/status", () => {
  const server = useTestApp();

  it("reports each service from a real check, with uptime", async () => {
    const status = (await server.app.inject({ method: "GET", url: "/api/status" })).json();
    expect(status.services.map((service: { name: string }) => service.name)).toEqual(["Web app", "API", "Database", "Mail", "Payments", "Downloads"]);
    expect(status.services.find((service: { name: string }) => service.name === "Database")).toMatchObject({ status: "operational" });
    expect(status.services.find((service: { name: string }) => service.name === "Downloads")).toMatchObject({ status: "operational" });
    expect(status.services.find((service: { name: string }) => service.name === "Payments")).toMatchObject({ status: "degraded", detail: "Sandbox mode: no real charges" });
    expect(status.uptimeSeconds).toBeGreaterThanOrEqual(0);
    // The headline follows the rows: a degraded Payments row makes the whole "degraded".
    expect(status.status).toBe("degraded");
  });

  it("records an incident when a check fails and resolves it when it passes again", async () => {
    const database = await createTestDatabase();
    const app = await buildTestApp({ database: database.db }, { releasesDir: "/nonexistent-releases" });
    try {
      const status = (await app.inject({ method: "GET", url: "/api/status" })).json();
      expect(status.services.find((service: { name: string }) => service.name === "Downloads")).toMatchObject({ status: "outage" });
      expect(status.status).toBe("outage");
      expect(status.incidents).toEqual([expect.objectContaining({ service: "Downloads", status: "outage", resolvedAt: null })]);
      expect(await database.db.select().from(statusIncidents)).toHaveLength(1);
    } finally {
      await app.close();
      await database.close();
    }
  });

  it("answers from its last check for 5 s, then checks again", async () => {
    let now = Date.parse("2026-11-23T10:00:00Z");
    const database = await createTestDatabase();
    const app = await buildTestApp({ database: database.db, clock: () => new Date(now) });
    const checkedAt = async () => (await app.inject({ method: "GET", url: "/api/status" })).json().checkedAt;
    try {
      expect(await checkedAt()).toBe("2026-11-23T10:00:00.000Z");
      now += 5000;
      expect(await checkedAt()).toBe("2026-11-23T10:00:00.000Z");
      now += 1;
      expect(await checkedAt()).toBe("2026-11-23T10:00:05.001Z");
    } finally {
      await app.close();
      await database.close();
    }
  });

  it("reports the database as an outage when it is gone, and still answers", async () => {
    const database = await createTestDatabase();
    const app = await buildTestApp({ database: database.db });
    await database.close();
    try {
      const response = await app.inject({ method: "GET", url: "/api/status" });
      expect(response.statusCode).toBe(200);
      expect(response.json().services.find((service: { name: string }) => service.name === "Database")).toMatchObject({ status: "outage" });
    } finally {
      await app.close();
    }
  });
});
