import { sql } from "drizzle-orm";
import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { rowsOf } from "./db/rows";
import { browserSession } from "./test/backup-payloads";
import { signIn, withSession } from "./test/sign-in";
import { testAdminEmail, useTestApp } from "./test/test-app";

/** Field names the API knows, so mutated bodies reach deep into the schemas instead of failing early. */
const knownFields = [
  "email", "source", "firstName", "lastName", "userEmail", "browserSession", "applications", "tabs", "url", "title",
  "formData", "scrollPosition", "enabled", "mode", "autoBackup", "eventType", "description", "method", "timestamp",
  "name", "amount", "planType", "priceId", "clientSecret", "card", "number", "expMonth", "expYear", "cvc", "platform",
  "version", "subject", "message", "sessionName",
];

const weirdString = fc.oneof(
  fc.string(),
  fc.string({ unit: "grapheme", maxLength: 50 }),
  fc.constantFrom("", " ", "null", "undefined", "../../etc/passwd", "%00", "\u0000", "<script>", "' or 1=1 --", "𝔘𝔫𝔦𝔠𝔬𝔡𝔢", "a".repeat(5000)),
  fc.uuid(),
  fc.emailAddress(),
  fc.webUrl(),
);
const weirdValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    weirdString,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom(...knownFields), tie("value"), { maxKeys: 5 }),
  ),
})).value;

/** A valid backup with one field replaced by something strange. */
const mutatedBackup = fc.record({ field: fc.constantFrom("url", "title", "formData", "scrollPosition", "isActive", "faviconUrl"), value: weirdValue }).map(
  ({ field, value }) => {
    const session = browserSession(2);
    (session.tabs[0] as Record<string, unknown>)[field] = value;
    return { userEmail: "fuzz@example.com", browserSession: session };
  },
);

const body = fc.oneof(weirdValue, fc.dictionary(fc.constantFrom(...knownFields), weirdValue, { maxKeys: 6 }), mutatedBackup, fc.json());
const query = fc.dictionary(fc.constantFrom("email", "next", "token", "limit", "cursor", "plan", "x"), weirdString, { maxKeys: 3 });

function fillPath(url: string, values: string[]): string {
  let index = 0;
  return url.replace(/:[A-Za-z]+/g, () => encodeURIComponent(values[index++ % values.length] ?? "x"));
}

describe("random and mutated input to every endpoint", () => {
  let seconds = 0;
  const start = Date.parse("2026-11-23T10:00:00Z");
  // Time moves a second per request, so rate limits let the fuzzer through to the handlers.
  const server = useTestApp({ clock: () => new Date(start + seconds++ * 1000) });

  async function apiRoutes(app: FastifyInstance) {
    // Sign-out is left out: it would end the fuzzer's own sessions (it takes no input to fuzz anyway).
    const skipped = new Set(["/api/stripe/webhook", "/api/logout"]);
    return app.routeTable.filter((route) => route.url.startsWith("/api/") && !skipped.has(route.url));
  }

  it("never answers 5xx, and every error has a {message}", async () => {
    const { cookie } = await signIn(server.app, server.mailDir, "fuzz@example.com");
    const admin = await signIn(server.app, server.mailDir, testAdminEmail);
    const routes = await apiRoutes(server.app);
    const statuses = new Map<number, number>();
    expect(routes.length).toBeGreaterThan(25);

    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.array(weirdString, { minLength: 1, maxLength: 2 }),
        query,
        body,
        fc.constantFrom("anonymous", "user", "admin"),
        fc.ipV4(),
        async (route, pathValues, queryValues, payload, who, ip) => {
          const url = `${fillPath(route.url, pathValues)}?${new URLSearchParams(queryValues as Record<string, string>).toString()}`;
          const session = who === "user" ? withSession(cookie) : who === "admin" ? withSession(admin.cookie) : {};
          const hasBody = !["GET", "DELETE"].includes(route.method);
          const response = await server.app.inject({
            method: route.method as "GET",
            url,
            remoteAddress: ip,
            ...session,
            ...(hasBody ? { payload: JSON.stringify(payload) ?? "null", headers: { "content-type": "application/json" } } : {}),
          });
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          if (response.statusCode >= 500) {
            throw new Error(`${route.method} ${url} answered ${response.statusCode}: ${response.body}`);
          }
          if (response.statusCode >= 400) {
            const parsed = JSON.parse(response.body) as { message?: unknown };
            if (typeof parsed.message !== "string" || parsed.message === "") {
              throw new Error(`${route.method} ${url} answered ${response.statusCode} without a message: ${response.body}`);
            }
          }
        },
      ),
      { numRuns: 3000, seed: Number(process.env.FUZZ_SEED ?? 4242) },
    );
    // The fuzzer must get past the front door: some requests succeed, most are refused for their input.
    const count = (predicate: (status: number) => boolean) =>
      [...statuses].filter(([status]) => predicate(status)).reduce((sum, [, n]) => sum + n, 0);
    expect(count((status) => status < 300)).toBeGreaterThan(300);
    expect(count((status) => status === 401)).toBeLessThan(1500);
    expect(count((status) => status === 400)).toBeGreaterThan(500);
    if (process.env.FUZZ_REPORT) console.log(Object.fromEntries(statuses));

    // And the database is intact: every backup whole, every email normalised, the accounts still work.
    const db = server.database.db;
    const broken = rowsOf<{ id: string }>(
      await db.execute(sql`select s.id from saved_sessions s left join session_tabs t on t.session_id = s.id
        group by s.id, s.tab_count having count(t.session_id) <> s.tab_count`),
    );
    expect(broken).toEqual([]);
    const badEmails = rowsOf<{ email: string }>(await db.execute(sql`select email from users where email <> lower(trim(email))`));
    expect(badEmails).toEqual([]);
    const me = await server.app.inject({ method: "GET", url: "/api/auth/user", ...withSession(admin.cookie) });
    expect(me.statusCode).toBe(200);
  }, 240_000);
});
