import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../test/test-database";
import { buildTestApp } from "../test/test-app";
import { appendSystemLog, maxSystemLogMessageLength } from "./append";
import { systemLogs } from "./table";

describe("system log", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it("appends a line with its level and time", async () => {
    const before = Date.now();
    expect(await appendSystemLog(database.db, "success", "New sign-up: ada@example.com")).toBe(true);
    const [row] = await database.db.select().from(systemLogs).where(eq(systemLogs.message, "New sign-up: ada@example.com"));
    expect(row).toMatchObject({ level: "success", id: expect.any(Number) });
    expect(row!.createdAt.getTime()).toBeGreaterThanOrEqual(before - 5000);
  });

  it("cuts overlong messages", async () => {
    await appendSystemLog(database.db, "info", "x".repeat(maxSystemLogMessageLength + 100));
    const [row] = await database.db.select().from(systemLogs).orderBy(desc(systemLogs.id)).limit(1);
    expect(row!.message).toHaveLength(maxSystemLogMessageLength);
  });

  it("records unhandled errors of a request without their details leaking to the response", async () => {
    const app = await buildTestApp({ database: database.db });
    app.get("/api/test-failure", async () => {
      throw new TypeError("cannot read properties of undefined");
    });
    try {
      const response = await app.inject({ method: "GET", url: "/api/test-failure" });
      expect(response.json()).toEqual({ message: "Internal server error" });
      await expect
        .poll(async () => database.db.select().from(systemLogs).where(eq(systemLogs.level, "error")))
        .toEqual([expect.objectContaining({ message: "Unhandled error: TypeError: cannot read properties of undefined" })]);
    } finally {
      await app.close();
    }
  });

  it("database constraint refuses unknown levels", async () => {
    const failures: unknown[] = [];
    // @ts-expect-error an invalid level, as a caller with a bug would pass
    expect(await appendSystemLog(database.db, "other", "bad", (error) => failures.push(error))).toBe(false);
    expect(failures).toHaveLength(1);
  });

  it("never throws when the database is gone", async () => {
    const other = await createTestDatabase();
    await other.close();
    const failures: unknown[] = [];
    expect(await appendSystemLog(other.db, "error", "lost", (error) => failures.push(error))).toBe(false);
    expect(failures).toHaveLength(1);
  });
});
