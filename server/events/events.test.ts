import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../test/test-app";
import { appEvents } from "./table";

describe("POST /api/events", () => {
  const server = useTestApp();

  function postEvent(payload: unknown) {
    return server.app.inject({ method: "POST", url: "/api/events", payload: payload as object });
  }

  it("records a pwa_launch with its path", async () => {
    const response = await postEvent({ name: "pwa_launch", path: "/sessions" });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe("");
    const rows = await server.database.db.select().from(appEvents).where(eq(appEvents.path, "/sessions"));
    expect(rows).toEqual([{ id: expect.any(Number), name: "pwa_launch", path: "/sessions", createdAt: expect.any(Date) }]);
  });

  it("records an event without a path", async () => {
    const response = await postEvent({ name: "pwa_launch" });
    expect(response.statusCode).toBe(204);
  });

  it.each([
    ["an unknown name", { name: "page_view" }, 'body.name: Invalid input: expected "pwa_launch"'],
    ["a missing name", {}, "body.name: Invalid input"],
    [
      "a path too long",
      { name: "pwa_launch", path: `/${"x".repeat(2000)}` },
      "body.path: Too big: expected string to have <=2000 characters",
    ],
    ["a relative path", { name: "pwa_launch", path: "sessions" }, "body.path: Invalid string"],
    ["a path of the wrong type", { name: "pwa_launch", path: 42 }, "body.path: Invalid input: expected string"],
    ["an unknown field", { name: "pwa_launch", extra: true }, "body: Unrecognized key"],
    ["an array", [], "body: Invalid input: expected object"],
  ])("refuses %s with 400 naming the field", async (_label, payload, message) => {
    const response = await postEvent(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: expect.stringContaining(message) });
  });
});
