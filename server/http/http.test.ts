import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverLimits } from "../app";
import { buildTestApp } from "../test/test-app";

describe("HTTP behaviour shared by every route", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it("answers unknown /api paths with 404 JSON", async () => {
    for (const [method, url] of [
      ["GET", "/api/nothing-here"],
      ["POST", "/api/nothing/here?x=1"],
      ["DELETE", "/api"],
    ] as const) {
      const response = await app.inject({ method, url, headers: { accept: "text/html" } });
      expect(response.statusCode).toBe(404);
      expect(response.headers["content-type"]).toContain("application/json");
      expect(response.json()).toEqual({ message: expect.stringContaining("Not found") });
    }
  });

  it("answers invalid JSON with 400 and a clear message", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/events",
      headers: { "content-type": "application/json" },
      payload: '{"name": "pwa_launch"',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: "Request body is not valid JSON" });
  });

  it("answers a body over the limit with 413", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/events",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ name: "pwa_launch", path: `/${"a".repeat(serverLimits.bodyLimit)}` }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: "Request body is too large" });
  });

  it("answers an unsupported content type with 415 {message}", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/events",
      headers: { "content-type": "application/xml" },
      payload: "<event/>",
    });
    expect(response.statusCode).toBe(415);
    expect(Object.keys(response.json())).toEqual(["message"]);
  });
});

describe("URLs the router cannot take", () => {
  it("answer {message} (not Fastify's own body, which names its error code) with nosniff", async () => {
    const app = await buildTestApp();
    try {
      const cases = [
        { url: `/api/saved-sessions/${"a".repeat(serverLimits.maxParamLength + 1)}`, status: 414, message: "A path segment of the URL is too long" },
        { url: "/api/saved-sessions/%E0%A4%A", status: 400, message: "The URL has a path segment that does not decode" },
      ];
      for (const { url, status, message } of cases) {
        const response = await app.inject({ method: "GET", url });
        expect(response.statusCode, url).toBe(status);
        expect(response.json()).toEqual({ message });
        expect(response.headers["x-content-type-options"], url).toBe("nosniff");
      }
    } finally {
      await app.close();
    }
  });
});

describe("unexpected errors", () => {
  it("answer 500 without internals", async () => {
    const app = await buildTestApp();
    app.get("/api/test-failure", async () => {
      throw new Error("secret connection string postgres://user:pw@db");
    });
    try {
      const response = await app.inject({ method: "GET", url: "/api/test-failure" });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ message: "Internal server error" });
      expect(response.body).not.toContain("secret");
    } finally {
      await app.close();
    }
  });
});
