import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { users } from "../accounts/table";
import { systemLogs } from "../system-log/table";
import { useTestApp } from "../test/test-app";

/**
 * Query parameters hold tabs, form data and addresses, and PostgreSQL repeats values in its messages
 * ("invalid input syntax …: "<value>"", "Key (email)=(<address>) already exists"). None of it may reach
 * the log or the admin's system log: a database error is known there by its code and constraint.
 */
describe("a database error is logged by code and constraint, never with its parameters", () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const server = useTestApp({ logger: { stream } }, { logLevel: "trace" });
  const formValue = "typed-into-a-form-4f2a9c";
  const address = "taken-address-7d1e@example.com";

  beforeAll(async () => {
    const db = server.database.db;
    await db.insert(users).values({ email: address });
    // Two failures a query can have, each carrying a private value: a value of the wrong type, a duplicate.
    server.app.post("/test/wrong-type", async () => db.execute(sql`select ${formValue}::integer`));
    server.app.post("/test/duplicate", async () => db.insert(users).values({ email: address }));
  });

  it("answers 500 without detail, and logs the code and constraint only", async () => {
    const wrongType = await server.app.inject({ method: "POST", url: "/test/wrong-type" });
    const duplicate = await server.app.inject({ method: "POST", url: "/test/duplicate" });
    for (const response of [wrongType, duplicate]) {
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ message: "Internal server error" });
    }
    const log = lines.join("");
    expect(log).toContain('"code":"22P02"');
    expect(log).toContain('"code":"23505"');
    expect(log).toContain('"constraint":"users_email_unique"');
    expect(log).not.toContain(formValue);
    expect(log).not.toContain(address);
    expect(log).not.toMatch(/params|insert into|select \$1/i);
  });

  it("writes the same, and nothing more, to the admin's system log", async () => {
    // The error handler writes the system log without holding up the answer, so the second line may land
    // a moment after the first test has its responses.
    const written = await vi.waitFor(async () => {
      const messages = (await server.database.db.select({ message: systemLogs.message }).from(systemLogs)).map((row) => row.message);
      const text = messages.join("\n");
      expect(text).toContain("22P02");
      expect(text).toContain("23505");
      return text;
    });
    expect(written).toContain("users_email_unique");
    expect(written).not.toContain(formValue);
    expect(written).not.toContain(address);
  });
});
