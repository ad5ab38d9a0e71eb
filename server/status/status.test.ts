import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { coveredMilliseconds } from "./incidents";
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

  it("counts no published app as operational: the extension is what a server offers from the start", async () => {
    const database = await createTestDatabase();
    const app = await buildTestApp({ database: database.db }, { releasesDir: "/nonexistent-releases" });
    try {
      const status = (await app.inject({ method: "GET", url: "/api/status" })).json();
      expect(status.services.find((service: { name: string }) => service.name === "Downloads")).toEqual({
        name: "Downloads",
        status: "operational",
        detail: "The browser extension is offered; no Windows or Android app is published",
      });
      expect(status.incidents).toEqual([]);
    } finally {
      await app.close();
      await database.close();
    }
  });

  it("records an incident when a check fails and resolves it when it passes again", async () => {
    const database = await createTestDatabase();
    // A manifest whose files are missing: every app it lists is unavailable.
    const releasesDir = await mkdtemp(join(tmpdir(), "tabvault-releases-"));
    await writeFile(join(releasesDir, "manifest.json"), JSON.stringify({ windows: { version: "1.0.0", fileName: "missing.exe", description: "Windows", requirements: [] } }));
    const app = await buildTestApp({ database: database.db }, { releasesDir });
    try {
      const status = (await app.inject({ method: "GET", url: "/api/status" })).json();
      expect(status.services.find((service: { name: string }) => service.name === "Downloads")).toMatchObject({ status: "outage" });
      expect(status.status).toBe("outage");
      expect(status.incidents).toEqual([expect.objectContaining({ service: "Downloads", status: "outage", resolvedAt: null })]);
      expect(await database.db.select().from(statusIncidents)).toHaveLength(1);
    } finally {
      await app.close();
      await database.close();
      await rm(releasesDir, { recursive: true, force: true });
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

  it("says when this server started and how long it has been up, both through the injected clock", async () => {
    let now = Date.parse("2026-11-23T10:00:00Z");
    const database = await createTestDatabase();
    const app = await buildTestApp({ database: database.db, clock: () => new Date(now) });
    try {
      now += 3 * 3_600_000 + 120_000;
      const status = (await app.inject({ method: "GET", url: "/api/status" })).json();
      expect(status.startedAt).toBe("2026-11-23T10:00:00.000Z");
      expect(status.uptimeSeconds).toBe(3 * 3600 + 120);
    } finally {
      await app.close();
      await database.close();
    }
  });

  it("computes the last 90 days from the recorded incidents: outages counted once, degraded time apart, older ones left out", async () => {
    const now = Date.parse("2026-11-23T10:00:00Z");
    const hour = 3_600_000;
    const database = await createTestDatabase();
    await database.db.insert(statusIncidents).values([
      // Two services down at once for 2 h in all: one outage of 2 h, not 3 h.
      { service: "Database", status: "outage", message: "refused", startedAt: new Date(now - 10 * hour), resolvedAt: new Date(now - 8 * hour) },
      { service: "Mail", status: "outage", message: "refused", startedAt: new Date(now - 9 * hour), resolvedAt: new Date(now - 8.5 * hour) },
      // Degraded for 1 h, half of it inside the outage above.
      { service: "Downloads", status: "degraded", message: "slow", startedAt: new Date(now - 8.5 * hour), resolvedAt: new Date(now - 7.5 * hour) },
      // Before the window: not counted.
      { service: "Mail", status: "outage", message: "old", startedAt: new Date(now - 100 * 24 * hour), resolvedAt: new Date(now - 95 * 24 * hour) },
    ]);
    const app = await buildTestApp({ database: database.db, clock: () => new Date(now) });
    try {
      const status = (await app.inject({ method: "GET", url: "/api/status" })).json();
      const window = 90 * 24 * hour;
      expect(status.recordedUptime).toEqual({
        from: new Date(now - window).toISOString(),
        outageSeconds: 2 * 3600,
        degradedSeconds: 1800,
        percent: Math.floor(((window - 2 * hour) / window) * 10_000) / 100,
      });
      expect(status.recordedUptime.percent).toBe(99.9);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe("coveredMilliseconds", () => {
  it("clips to the window and counts overlaps once", () => {
    expect(coveredMilliseconds([{ start: 0, end: 10 }, { start: 5, end: 15 }, { start: 20, end: 30 }], 2, 25)).toBe(13 + 5);
    expect(coveredMilliseconds([], 0, 10)).toBe(0);
    expect(coveredMilliseconds([{ start: 0, end: 5 }], 5, 10)).toBe(0);
  });
});
