import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rowsOf } from "../db/rows";
import { browserSession, tab } from "../test/backup-payloads";
import { signIn, withSession } from "../test/sign-in";
import { useTestApp } from "../test/test-app";
import { withoutNul } from "./nul-characters";

describe("NUL characters in requests (PostgreSQL text cannot hold them)", () => {
  const server = useTestApp();

  it("are replaced with U+FFFD, so a backup with one odd form value is kept whole", async () => {
    const { cookie } = await signIn(server.app, server.mailDir, "nul@example.com");
    const tabs = [tab(0, { title: "Draft\u0000", formData: { "note\u0000": "a\u0000b" } })];
    const saved = await server.app.inject({
      method: "POST",
      url: "/api/protection/android-clear-all",
      payload: { userEmail: "nul@example.com", browserSession: browserSession(0, { tabs }) },
      ...withSession(cookie),
    });
    expect(saved.statusCode).toBe(201);
    const detail = await server.app.inject({ method: "GET", url: `/api/saved-sessions/${saved.json().sessionId}`, ...withSession(cookie) });
    const stored = detail.json().browserTabs[0];
    expect(stored.title).toBe("Draft\ufffd");
    expect(stored.formData).toEqual({ "note\ufffd": "a\ufffdb" });
  });

  it("in names, messages and events are stored with U+FFFD instead of failing with a 500", async () => {
    const { cookie } = await signIn(server.app, server.mailDir, "nul-names@example.com");
    const profile = await server.app.inject({ method: "PATCH", url: "/api/auth/user", payload: { firstName: "A\u0000nn" }, ...withSession(cookie) });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().firstName).toBe("A\ufffdnn");
    const contact = await server.app.inject({
      method: "POST",
      url: "/api/contact",
      payload: { name: "N\u0000", email: "nul-names@example.com", subject: "S\u0000", message: "M\u0000" },
    });
    expect(contact.statusCode).toBe(201);
    const event = await server.app.inject({ method: "POST", url: "/api/events", payload: { name: "pwa_launch", path: "/\u0000" } });
    expect(event.statusCode).toBe(204);
    const [stored] = rowsOf<{ name: string }>(await server.database.db.execute(sql`select name from contact_messages`));
    expect(stored?.name).toBe("N\ufffd");
  });

  it("in a field with a format still fail its validation with 400", async () => {
    const response = await server.app.inject({ method: "POST", url: "/api/verify-user", payload: { email: "a\u0000@example.com" } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^body\.email/);
  });

  it("leaves values without NUL as the same objects", () => {
    const body = { a: ["x", { b: 1 }], c: null };
    expect(withoutNul(body)).toBe(body);
    expect(withoutNul({ a: ["x\u0000"] })).toEqual({ a: ["x\ufffd"] });
  });
});
