import { sql } from "drizzle-orm";
import fc from "fast-check";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { AUTOMATION_LIMITS } from "@common/api/automation";
import { labelsAfter } from "@common/api/encryption-rotation-labels";
import { sealPlainLabels } from "@common/plain-label-sealing";
import { asSealedFormData, backupKeyFrom, createBackupKey, MIN_KDF_ITERATIONS, sealFormData, sealLabel } from "@common/end-to-end-encryption";
import { rotateKey } from "@common/key-rotation";
import { plans } from "@common/plans";
import type { RouteEntry } from "./app";
import { sessionCookieName } from "./accounts/authentication";
import { rowsOf } from "./db/rows";
import { browserSession } from "./test/backup-payloads";
import { latestMailTo } from "./test/mail-outbox";
import {
  arrangeResources,
  catalogueStripeConfig,
  endpointExamples,
  type ExampleRequest,
  requestUrl,
  routeKey,
  useAppWithStripe,
} from "./test/endpoint-catalogue";
import { pairDevice } from "./test/pair-device";
import { signIn, withSession } from "./test/sign-in";
import { arrangeTeam, invitationTokenFromMail, type TeamPerson } from "./test/team";
import { useTestApp } from "./test/test-app";
import { testDatabaseUrl } from "./test/test-database";

/**
 * Requests per route: ~55 routes make ~5,500 requests, about 10 s on PGlite. The PostgreSQL pass is
 * there for the driver's differences; every write there waits for a real commit, so it sends ~2,200.
 */
const runsPerRoute = Number(process.env.FUZZ_RUNS ?? (testDatabaseUrl ? 40 : 100));
const seed = Number(process.env.FUZZ_SEED ?? 4242);

/** Field names the API knows, so added keys land on real fields as often as on unknown ones. */
const knownFields = [
  "email", "source", "firstName", "lastName", "userEmail", "browserSession", "applications", "tabs", "url", "title",
  "formData", "scrollPosition", "enabled", "mode", "autoBackup", "eventType", "description", "method", "timestamp",
  "name", "amount", "planType", "priceId", "clientSecret", "card", "number", "expMonth", "expYear", "cvc", "platform",
  "version", "subject", "message", "sessionName", "processName", "deviceInfo", "windowId", "sessionId", "__proto__",
  "constructor",
];

const weirdString = fc.oneof(
  fc.string(),
  fc.string({ unit: "grapheme", maxLength: 50 }),
  fc.string({ unit: "binary", maxLength: 30 }),
  fc.constantFrom(
    "", " ", "null", "undefined", "0", "-1", "1e309", "NaN", "true", "[]", "{}", "../../etc/passwd", "%00", "%", "%zz", "\u0000",
    "<script>alert(1)</script>", "' or 1=1 --", "\"; drop table users; --", "𝔘𝔫𝔦𝔠𝔬𝔡𝔢", "\u202e", "a".repeat(5000),
    "//evil.example", "https://evil.example/", "/\\evil.example", "javascript:alert(1)", "ADMIN@TABVAULT.TEST",
    "00000000-0000-0000-0000-000000000000",
  ),
  fc.uuid(),
  fc.emailAddress(),
  fc.webUrl(),
);
const weirdNumber = fc.oneof(fc.integer(), fc.double(), fc.constantFrom(0, -0, 2 ** 53, -(2 ** 63), 1e308, Number.MAX_SAFE_INTEGER + 2));
const weirdValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    weirdString,
    weirdNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.constantFrom(...knownFields), fc.string({ maxLength: 8 })), tie("value"), { maxKeys: 5 }),
  ),
})).value;

type JsonPath = (string | number)[];

/** Every place in a JSON value, the root included. */
function pathsOf(value: unknown, prefix: JsonPath = []): JsonPath[] {
  const here = [prefix];
  if (Array.isArray(value)) return here.concat(value.flatMap((item, index) => pathsOf(item, [...prefix, index])));
  if (value && typeof value === "object") {
    return here.concat(Object.entries(value).flatMap(([key, item]) => pathsOf(item, [...prefix, key])));
  }
  return here;
}

type Mutation = { pick: number; action: "replace" | "delete" | "add" | "splice"; key: string; value: unknown; odd: string };

/** Characters that are valid JSON but hard on storage and rendering: NUL, lone surrogates, bidi overrides… */
const oddCharacters = fc.constantFrom("\u0000", "\ud800", "\udfff", "\uffff", "\ufeff", "\u202e", "\u2028", "\r\n", "\\", "\"", "😀", "e\u0301");

/** The example with one place replaced, removed, given an extra field, or with odd characters spliced into a string. */
function mutate(example: unknown, { pick, action, key, value, odd }: Mutation): unknown {
  const copy: unknown = structuredClone(example ?? {});
  const paths = pathsOf(copy);
  const path = paths[pick % paths.length] ?? [];
  if (path.length === 0) return action === "replace" ? value : copy;
  const parent = path.slice(0, -1).reduce<unknown>((node, step) => (node as Record<string | number, unknown>)[step], copy) as Record<
    string | number,
    unknown
  >;
  const last = path.at(-1)!;
  if (action === "delete") {
    if (Array.isArray(parent)) parent.splice(Number(last), 1);
    else delete parent[last];
  } else if (action === "splice") {
    const text = parent[last];
    if (typeof text === "string") parent[last] = `${text.slice(0, pick % (text.length + 1))}${odd}${text.slice(pick % (text.length + 1))}`;
    else parent[last] = odd;
  } else if (action === "add") {
    const target = parent[last];
    if (target && typeof target === "object" && !Array.isArray(target)) (target as Record<string, unknown>)[key] = value;
    else parent[last] = value;
  } else {
    parent[last] = value;
  }
  return copy;
}

const mutation: fc.Arbitrary<Mutation> = fc.record({
  pick: fc.nat(),
  action: fc.constantFrom("replace", "delete", "add", "splice"),
  key: fc.oneof(fc.constantFrom(...knownFields), fc.string({ maxLength: 8 })),
  value: weirdValue,
  odd: oddCharacters,
});

interface Body {
  payload: string;
  contentType: string | undefined;
}
const json = (value: unknown): Body => ({ payload: JSON.stringify(value) ?? "null", contentType: "application/json" });

function bodyFor(examples: unknown[]): fc.Arbitrary<Body | undefined> {
  const example = fc.constantFrom(...examples);
  return fc.oneof(
    { weight: 6, arbitrary: fc.tuple(example, mutation).map(([body, change]) => json(mutate(body, change))) },
    { weight: 1, arbitrary: example.map((body) => (body === undefined ? undefined : json(body))) },
    { weight: 2, arbitrary: weirdValue.map(json) },
    { weight: 1, arbitrary: fc.json().map((payload) => ({ payload, contentType: "application/json" })) },
    {
      weight: 1,
      arbitrary: fc.record({
        payload: fc.oneof(fc.string(), fc.constantFrom("{", "{\"a\":", "[1,2", "\u0000", "{\"__proto__\":{\"admin\":true}}", "a=1&b=2")),
        contentType: fc.constantFrom(
          "application/json", "application/json; charset=latin1", "text/plain", "application/x-www-form-urlencoded",
          "multipart/form-data; boundary=x", "application/xml", undefined,
        ),
      }),
    },
  );
}

/** Query keys the route declares, its example's, and a few it does not know. */
function queryFor(route: RouteEntry, example: ExampleRequest): fc.Arbitrary<string> {
  const declared = Object.keys((route.schema?.querystring as { shape?: object } | undefined)?.shape ?? {});
  const keys = [...new Set([...declared, ...Object.keys(example.query ?? {}), "x", "limit", "cursor", "__proto__"])];
  const asQuery = (values: Record<string, string>) => new URLSearchParams(values).toString();
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant(asQuery(example.query ?? {})) },
    {
      weight: 3,
      arbitrary: fc
        .record({ key: fc.constantFrom(...keys), value: weirdString, drop: fc.boolean() })
        .map(({ key, value, drop }) => {
          const query = { ...example.query };
          if (drop) delete query[key];
          else query[key] = value;
          return asQuery(query);
        }),
    },
    { weight: 2, arbitrary: fc.dictionary(fc.constantFrom(...keys), weirdString, { maxKeys: 4 }).map(asQuery) },
    // Repeated keys arrive as arrays; raw text tests the query string parser itself.
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(...keys), weirdString, weirdString)
        .map(([key, first, second]) => `${asQuery({ [key]: first })}&${asQuery({ [key]: second })}`),
    },
    { weight: 1, arbitrary: fc.stringMatching(/^[!-"$-~]{0,80}$/) },
  );
}

function paramsFor(route: RouteEntry, example: ExampleRequest): fc.Arbitrary<Record<string, string>> {
  const names = [...route.url.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]!);
  return fc.record(
    Object.fromEntries(
      names.map((name) => [name, fc.oneof(fc.constant(example.params?.[name] ?? "x"), weirdString, fc.uuid(), fc.constant(""))]),
    ),
  );
}

const stripeWebhooks = new Stripe("sk_test_fuzz").webhooks;

/** One event of each type the webhook handles, shaped as Stripe sends them, for the fuzzer to bend. */
const stripeEvents = [
  { id: "evt_1", type: "payment_intent.succeeded", created: 1795420800, data: { object: { id: "pi_1", metadata: { paymentId: "00000000-0000-4000-8000-000000000000" } } } },
  { id: "evt_2", type: "payment_intent.payment_failed", created: 1795420800, data: { object: { id: "pi_2", metadata: {}, last_payment_error: { message: "declined" } } } },
  {
    id: "evt_3",
    type: "invoice.paid",
    created: 1795420800,
    data: { object: { id: "in_1", parent: { subscription_details: { metadata: { paymentId: "00000000-0000-4000-8000-000000000000" } } } } },
  },
  {
    id: "evt_4",
    type: "customer.subscription.updated",
    created: 1795420800,
    data: { object: { id: "sub_1", status: "active", cancel_at_period_end: false, metadata: { planType: "pro" }, items: { data: [{ current_period_end: 1798000000 }] } } },
  },
  { id: "evt_5", type: "customer.subscription.deleted", created: 1795420800, data: { object: { id: "sub_1", status: "canceled", metadata: {} } } },
];

type Identity = "anonymous" | "owner" | "ownerToken" | "admin" | "forged";

/** A stack frame, a source path, SQL or a driver's words: what must never reach a client. */
const stackFrame = /\n\s+at |\(\/[^)]*:\d+:\d+\)/;
const internalText =
  /node_modules|\/work\/|file:\/\/|\.ts:\d+|Failed query|DrizzleQueryError|TypeError|ReferenceError|RangeError|Cannot read prop|is not a function|SQLSTATE|duplicate key|violates .* constraint|relation "|PGlite|ECONNREFUSED|FST_ERR/i;

/** Why a response breaks the rules, or null when it keeps them. */
function problemWith(response: LightMyRequestResponse): string | null {
  if (response.statusCode >= 500) return `answered ${response.statusCode}`;
  if (stackFrame.test(response.body)) return "has a stack trace";
  const location = response.headers.location;
  if (typeof location === "string" && !/^\/(?![/\\])/.test(location)) return `redirects off the site to ${location}`;
  if (response.statusCode < 400) return null;
  if (internalText.test(response.body)) return "shows internal text";
  if (!String(response.headers["content-type"]).startsWith("application/json")) return "error is not JSON";
  let parsed: unknown;
  try {
    parsed = JSON.parse(response.body);
  } catch {
    return "error body does not parse";
  }
  const keys = parsed && typeof parsed === "object" ? Object.keys(parsed) : [];
  const message = (parsed as { message?: unknown } | null)?.message;
  // The device-authorization poll adds RFC 8628's error code (and the interval) to its message.
  const rfc8628 = (parsed as { error?: unknown } | null)?.error !== undefined && keys.every((key) => ["message", "error", "interval"].includes(key));
  if ((keys.join() !== "message" && !rfc8628) || typeof message !== "string" || message.trim() === "") return "error is not exactly {message}";
  return null;
}

/**
 * Routes that end the caller's session (confirming a sign-in replaces it): fuzzed signed out and with
 * A's token, and the sign-outs signed in on throwaway sessions at the end.
 */
const endsSignInSessions = new Set(["GET /api/logout", "POST /api/auth/sign-out-everywhere", "POST /api/auth/callback", "POST /api/team/invitations/accept"]);
/**
 * The team's own routes (teams, invitations, members, the audit log, the policy) run as a real team's owner (for "owner") and a
 * Premium account in no team (for "admin"); A is a plain member. Shared sessions and insights run as A.
 */
const isTeamRoute = (key: string) => / \/api\/team(\/invitations|\/members|\/audit-log|\/policy|$)/.test(key);
/** Routes only a device token gets through (a sign-in session is refused): their valid example runs as A's device too. */
const devicesOnly = new Set(["PUT /api/open-tabs"]);

describe("random and mutated input to every endpoint, signed out and signed in", () => {
  // Two seconds pass per request and 16 minutes before each route, so every route starts with its
  // rate limits fresh (the valid examples that open each route get through), the limits still bite
  // within a route, and the signed download link (24 hours) stays valid to the end.
  let now = Date.parse("2026-11-23T10:00:00Z");
  const clock = () => new Date(now);
  const server = useTestApp({ clock });
  const stripeTwin = useAppWithStripe(server, clock);

  it("never answers 5xx, a stack trace or internal text; every error is a {message}; the database stays intact", async () => {
    const db = server.database.db;
    const owner = await arrangeResources(server.app, server.mailDir, db, "fuzz@example.com");
    // A team whose owner the team routes run as, with members, a connected browser and pending invitations to act on.
    const team = await arrangeTeam(server.app, server.mailDir, db, {
      name: "Fuzzed",
      owner: "fuzz-team-owner@example.com",
      members: ["fuzz-team-m1@example.com", "fuzz-team-m2@example.com"],
    });
    const [firstMember, secondMember] = team.members as [TeamPerson, TeamPerson];
    await pairDevice(server.app, secondMember.cookie);
    const [secondMembersDevice] = (
      await server.app.inject({ method: "GET", url: `/api/team/members/${secondMember.userId}/devices`, ...withSession(team.owner.cookie) })
    ).json<{ id: string }[]>();
    const invite = async (email: string) => {
      const invited = await server.app.inject({ method: "POST", url: "/api/team/invitations", payload: { email }, ...withSession(team.owner.cookie) });
      return { id: invited.json<{ id: string }>().id, token: await invitationTokenFromMail(server.mailDir, email) };
    };
    const joining = await invite("fuzz-team-joiner@example.com");
    const cancelled = await invite("fuzz-team-cancelled@example.com");
    const soloPremium = await signIn(server.app, server.mailDir, "fuzz-team-solo@example.com");
    await db.execute(sql`update users set plan_type = 'premium' where email = 'fuzz-team-solo@example.com'`);
    const examples: Record<string, ExampleRequest> = {
      ...endpointExamples(owner),
      "POST /api/team/invitations/describe": { body: { token: joining.token } },
      "POST /api/team/invitations/accept": { body: { token: joining.token } },
      "DELETE /api/team/invitations/:id": { params: { id: cancelled.id } },
      "PATCH /api/team/members/:userId": { params: { userId: firstMember.userId }, body: { role: "admin" } },
      "DELETE /api/team/members/:userId": { params: { userId: firstMember.userId } },
      "GET /api/team/members/:userId/devices": { params: { userId: secondMember.userId } },
      "DELETE /api/team/members/:userId/devices/:deviceId": { params: { userId: secondMember.userId, deviceId: secondMembersDevice!.id } },
    };
    // Someone the fuzzer never signs in as: whatever it sends, their account and backup stay as they are.
    const bystander = await signIn(server.app, server.mailDir, "bystander@example.com");
    const bystanderBackup = await server.app.inject({
      method: "POST",
      url: "/api/protection/android-clear-all",
      payload: { userEmail: "bystander@example.com", browserSession: browserSession(4) },
      ...withSession(bystander.cookie),
    });
    const bystanderBefore = await server.app.inject({ method: "GET", url: `/api/saved-sessions/${bystanderBackup.json().sessionId}`, ...withSession(bystander.cookie) });
    expect(bystanderBefore.statusCode).toBe(200);
    const tablesBefore = rowsOf<{ name: string }>(
      await db.execute(sql`select table_name as name from information_schema.tables where table_schema = 'public' order by 1`),
    );

    // Every route of the app as it runs on the sandbox, plus the payment routes as they run with Stripe.
    const targets: { app: FastifyInstance; route: RouteEntry }[] = [
      ...server.app.routeTable.map((route) => ({ app: server.app, route })),
      ...stripeTwin.app.routeTable
        .filter((route) => /stripe|payment|subscription/.test(route.url))
        .map((route) => ({ app: stripeTwin.app, route })),
    ];
    // Deleting runs last, so A's backup and token are there for every other route's examples.
    // The signed download link runs first, well within its 24 hours however many routes come before the rest;
    // deleting the team runs after everything that acts on it.
    const rank = ({ route }: { route: RouteEntry }) =>
      route.url.startsWith("/download/file/") ? -1 : routeKey(route) === "DELETE /api/team" ? 2 : Number(route.method === "DELETE");
    targets.sort((first, second) => rank(first) - rank(second));
    const keys = new Set(targets.map(({ route }) => routeKey(route)));
    const missing = [...keys].filter((key) => !examples[key]);
    expect(missing, "routes without an example in server/test/endpoint-catalogue.ts").toEqual([]);

    const identities: Record<Exclude<Identity, "forged">, Pick<InjectOptions, "headers" | "cookies">> = {
      anonymous: {},
      owner: withSession(owner.ownerCookie),
      ownerToken: { headers: { authorization: `Bearer ${owner.ownerDeviceToken}` } },
      admin: withSession(owner.adminCookie),
    };
    const teamIdentities: Record<Exclude<Identity, "forged" | "anonymous">, Pick<InjectOptions, "headers" | "cookies">> = {
      owner: withSession(team.owner.cookie),
      ownerToken: identities.ownerToken,
      admin: withSession(soloPremium.cookie),
    };
    const headerValue = fc.stringMatching(/^[!-~]{0,120}$/);
    const statuses = new Map<string, Map<number, number>>();

    for (const [index, { app, route }] of targets.entries()) {
      const key = routeKey(route);
      const example = examples[key]!;
      const counts = new Map<number, number>();
      statuses.set(`${key}${app === stripeTwin.app ? " (Stripe)" : ""}`, counts);
      // Signing out (here or everywhere) with A's or the admin's cookie would end the sessions the
      // other runs use; signed-in sign-out is fuzzed on throwaway sessions below.
      const who: Identity[] = endsSignInSessions.has(key) ? ["anonymous", "ownerToken", "forged"] : ["anonymous", "owner", "ownerToken", "admin", "forged"];
      const hasBody = !["GET", "HEAD"].includes(route.method);
      now += 16 * 60_000;
      // Each route opens with its valid example, as A (or signed out, for sign-out) and as the admin:
      // whatever the random runs do, the fuzzer checks that it reached the handlers.
      const exampleBody = key === "POST /api/stripe/webhook" ? json(stripeEvents[0]) : example.body === undefined ? undefined : json(example.body);
      type Run = [Record<string, string>, string, Body | undefined, Identity, { cookie: string; authorization: string }, string, boolean];
      const valid = (identity: Identity): Run => [
        example.params ?? {},
        new URLSearchParams(example.query ?? {}).toString(),
        hasBody ? exampleBody : undefined,
        identity,
        { cookie: "", authorization: "" },
        "10.0.0.1",
        true,
      ];
      const examplesToRun = endsSignInSessions.has(key)
        ? [valid("anonymous"), valid("ownerToken")]
        : [valid("owner"), valid("admin"), ...(devicesOnly.has(key) ? [valid("ownerToken")] : [])];
      await fc.assert(
        fc.asyncProperty(
          paramsFor(route, example),
          queryFor(route, example),
          hasBody ? bodyFor(key === "POST /api/stripe/webhook" ? stripeEvents : [example.body]) : fc.constant(undefined),
          fc.constantFrom(...who),
          fc.record({ cookie: headerValue, authorization: headerValue }),
          fc.ipV4(),
          fc.boolean(),
          async (params, query, body, identity, forged, ip, signWebhook) => {
            now += 2000;
            const credentials =
              identity === "forged"
                ? { headers: { authorization: forged.authorization }, cookies: { [sessionCookieName]: forged.cookie } }
                : isTeamRoute(key) && identity !== "anonymous"
                  ? teamIdentities[identity]
                  : identities[identity];
            const url = requestUrl(route.url, params, query);
            // Half the webhook's bodies carry a good signature, to reach the event handlers too.
            const signature =
              key === "POST /api/stripe/webhook" && signWebhook && body
                ? { "stripe-signature": stripeWebhooks.generateTestHeaderString({ payload: body.payload, secret: catalogueStripeConfig.webhookSecret }) }
                : {};
            const headers = {
              ...example.headers,
              ...signature,
              ...credentials.headers,
              ...(body?.contentType ? { "content-type": body.contentType } : {}),
            };
            const response = await app.inject({
              method: route.method as InjectOptions["method"],
              url,
              remoteAddress: ip,
              headers,
              ...(credentials.cookies ? { cookies: credentials.cookies } : {}),
              ...(body ? { payload: body.payload } : {}),
            });
            counts.set(response.statusCode, (counts.get(response.statusCode) ?? 0) + 1);
            const problem = problemWith(response);
            if (problem) {
              throw new Error(`${route.method} ${url} as ${identity} ${problem}: ${response.statusCode} ${response.body.slice(0, 500)}`);
            }
          },
        ),
        // A seed of its own per route, so the routes do not all get the same sequence of shapes.
        { numRuns: runsPerRoute, seed: seed + index, examples: examplesToRun },
      );
    }

    // Signed-in sign-out, with odd queries, on sessions of its own: it ends exactly that session.
    for (const [index, query] of ["", "next=//evil.example", "x=%zz", `next=${"a".repeat(3000)}`].entries()) {
      const throwaway = await signIn(server.app, server.mailDir, `leaving-${index}@example.com`);
      const out = await server.app.inject({ method: "GET", url: `/api/logout?${query}`, ...withSession(throwaway.cookie) });
      expect(problemWith(out), `sign-out ?${query}`).toBeNull();
      expect((await server.app.inject({ method: "GET", url: "/api/auth/user", ...withSession(throwaway.cookie) })).statusCode).toBe(401);
    }
    // Signed-in sign-out everywhere, with odd bodies, on an account of its own.
    for (const [index, payload] of [undefined, "{}", "not json", JSON.stringify({ everywhere: false })].entries()) {
      const throwaway = await signIn(server.app, server.mailDir, `everywhere-${index}@example.com`);
      const out = await server.app.inject({
        method: "POST",
        url: "/api/auth/sign-out-everywhere",
        ...(payload === undefined ? {} : { payload, headers: { "content-type": "application/json" } }),
        ...withSession(throwaway.cookie),
      });
      expect(problemWith(out), `sign-out everywhere with ${String(payload)}`).toBeNull();
      statuses.get("POST /api/auth/sign-out-everywhere")?.set(out.statusCode, 1);
    }
    // The reports need Premium (A is Pro): odd queries on a Premium account of their own (decision 145).
    const premium = await signIn(server.app, server.mailDir, "reports-premium@example.com");
    await server.database.db.execute(sql`update users set plan_type = 'premium' where email = 'reports-premium@example.com'`);
    for (const url of ["/api/user/history-report", "/api/user/history-report.csv"]) {
      for (const query of ["", "?format=xml", `?x=${"%zz".repeat(100)}`]) {
        const out = await server.app.inject({ method: "GET", url: `${url}${query}`, ...withSession(premium.cookie) });
        expect(problemWith(out), `${url}${query}`).toBeNull();
        statuses.get(`GET ${url}`)?.set(out.statusCode, 1);
      }
    }
    // Making and changing automation rules needs Premium (A is Pro): mutated bodies on a Premium account of its own,
    // which holds one rule of each kind to change (decision 180).
    const automating = await signIn(server.app, server.mailDir, "automation-premium@example.com");
    await server.database.db.execute(sql`update users set plan_type = 'premium' where email = 'automation-premium@example.com'`);
    const ruleIds: string[] = [];
    for (const body of [{ kind: "startup" }, { kind: "daily", time: "07:30", backupName: "Morning" }, examples["POST /api/automation/rules"]!.body]) {
      const made = await server.app.inject({ method: "POST", url: "/api/automation/rules", payload: body as object, ...withSession(automating.cookie) });
      expect(made.statusCode).toBe(201);
      ruleIds.push(made.json<{ id: string }>().id);
    }
    for (const [key, url] of [
      ["POST /api/automation/rules", () => "/api/automation/rules"],
      ["PATCH /api/automation/rules/:id", (pick: number) => `/api/automation/rules/${ruleIds[pick % ruleIds.length]}`],
    ] as const) {
      const counts = statuses.get(key)!;
      await fc.assert(
        fc.asyncProperty(bodyFor([examples[key]!.body, { enabled: true }, { kind: "daily", time: "23:59", backupName: "Late", tag: null }]), fc.nat(), async (body, pick) => {
          now += 2000;
          const out = await server.app.inject({
            method: key.startsWith("POST") ? "POST" : "PATCH",
            url: url(pick),
            headers: body?.contentType ? { "content-type": body.contentType } : {},
            ...(body ? { payload: body.payload } : {}),
            ...withSession(automating.cookie),
          });
          counts.set(out.statusCode, (counts.get(out.statusCode) ?? 0) + 1);
          const problem = problemWith(out);
          if (problem) throw new Error(`${key} on Premium ${problem}: ${out.statusCode} ${out.body.slice(0, 500)}`);
        }),
        { numRuns: runsPerRoute, seed },
      );
    }
    // Every rule is whole: its kind's parameters and nothing else (the table's checks), and at most the cap.
    const badRules = rowsOf<{ id: string }>(
      await db.execute(sql`select user_id as id from automation_rules group by user_id having count(*) > ${AUTOMATION_LIMITS.rulesPerAccount}`),
    );
    expect(badRules).toEqual([]);
    // Deleting an account with its mailed link, on accounts of their own (A's example names no account),
    // with odd headers and cookies beside the token: it deletes exactly that account.
    for (const [index, extra] of [{}, { cookies: { "tabvault.sid": "x".repeat(300) } }, { headers: { "x-forwarded-for": "::1, 999.1.1.1" } }].entries()) {
      const email = `deleting-${index}@example.com`;
      const throwaway = await signIn(server.app, server.mailDir, email);
      await server.app.inject({ method: "POST", url: "/api/account/deletion-request", ...withSession(throwaway.cookie) });
      const link = (await latestMailTo(server.mailDir, email))?.links.find((candidate) => candidate.includes("/account/delete#token="));
      const token = new URLSearchParams(new URL(link ?? "http://localhost/#").hash.slice(1)).get("token") ?? "";
      const out = await server.app.inject({ method: "POST", url: "/api/account/delete", payload: { token }, ...extra });
      expect(problemWith(out), `account deletion ${index}`).toBeNull();
      expect(out.statusCode).toBe(204);
      statuses.get("POST /api/account/delete")?.set(out.statusCode, 1);
    }

    // A key rotation on an account of its own (decision 239), through every rotation route in turn: each has a happy
    // path the mutated bodies above cannot reach (a real key, a real sealed tab).
    const rotating = await signIn(server.app, server.mailDir, "rotating@example.com");
    const made = await createBackupKey("correct horse battery staple", MIN_KDF_ITERATIONS);
    const sealedForm = asSealedFormData(await sealFormData(await backupKeyFrom(made.rawKey), { note: "typed" }, "https://example.com/article/0"));
    const asRotating = (method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", url: string, payload?: object) =>
      server.app.inject({ method, url, ...(payload ? { payload } : {}), ...withSession(rotating.cookie) }).then((out) => {
        const route = `${method} ${url.split("?")[0]}`;
        statuses.get(route)?.set(out.statusCode, (statuses.get(route)?.get(out.statusCode) ?? 0) + 1);
        expect(problemWith(out), route).toBeNull();
        return out.json();
      });
    await asRotating("PUT", "/api/account/encryption", { key: made.stored });
    const saved = (await asRotating("POST", "/api/saved-sessions", { sessionName: "Sealed", browserSession: browserSession(1, { tabs: [{ ...browserSession(1).tabs[0]!, formData: sealedForm }] }) })) as { sessionId: string };
    const sealedName = await sealLabel(await backupKeyFrom(made.rawKey), "Sealed", { kind: "backup-name", backupId: saved.sessionId });
    expect((await asRotating("PATCH", `/api/library/backups/${saved.sessionId}`, { sessionName: sealedName })).backupId).toBe(saved.sessionId);
    // A second change keeps the sealed name for its Undo: the rotation re-seals it there too (decision 247).
    expect((await asRotating("PATCH", `/api/library/backups/${saved.sessionId}`, { addTags: ["kept"] })).backupId).toBe(saved.sessionId);
    const rotated = await rotateKey(
      {
        read: () => asRotating("GET", "/api/account/encryption"),
        start: async (body) => void (await asRotating("POST", "/api/account/encryption/rotation", body)),
        list: (after) => asRotating("GET", `/api/account/encryption/rotation/contents?after=${after}`),
        write: async (contents) => void (await asRotating("PUT", "/api/account/encryption/rotation/contents", { contents })),
        listLabels: (after) => asRotating("GET", `/api/account/encryption/rotation/labels?${new URLSearchParams(Object.entries(labelsAfter(after)).map(([name, value]) => [name, String(value)]))}`),
        writeLabels: async (labels) => void (await asRotating("PUT", "/api/account/encryption/rotation/labels", { labels })),
        listUndo: (after) => asRotating("GET", `/api/account/encryption/rotation/undo?after=${after}`),
        writeUndo: async (values) => void (await asRotating("PUT", "/api/account/encryption/rotation/undo", values)),
        finish: async () => void (await asRotating("DELETE", "/api/account/encryption/rotation")),
      },
      "correct horse battery staple",
    );
    expect(rotated).toMatchObject({ finished: true, resealed: 3 });
    // Labels stored readable, sealed once titles and addresses are (decision 246): the tag "kept" above and a note set
    // before the switch.
    await asRotating("PATCH", `/api/library/backups/${saved.sessionId}`, { note: "Set in the clear" });
    await asRotating("PUT", "/api/account/encryption/tab-locations", { seal: true });
    const labelsSealed = await sealPlainLabels(
      {
        list: (after) => asRotating("GET", `/api/account/encryption/tab-locations/labels?${new URLSearchParams(Object.entries(labelsAfter(after)).map(([name, value]) => [name, String(value)]))}`),
        write: (labels) => asRotating("PUT", "/api/account/encryption/tab-locations/labels", { labels }),
      },
      rotated.key,
    );
    expect(labelsSealed).toEqual({ sealed: 2, remaining: 0 });

    if (process.env.FUZZ_REPORT) {
      for (const [key, counts] of statuses) console.log(key, Object.fromEntries(counts));
    }
    // The fuzzer gets past the front door: every route with a happy path answered some requests
    // with success, not only with refusals.
    const neverSucceeded = [...statuses]
      .filter(([, counts]) => ![...counts.keys()].some((status) => status < 400))
      .map(([key, counts]) => `${key} ${JSON.stringify(Object.fromEntries(counts))}`);
    expect(neverSucceeded).toEqual([]);
    const total = [...statuses.values()].flatMap((counts) => [...counts.values()]).reduce((sum, n) => sum + n, 0);
    expect(total).toBeGreaterThanOrEqual(targets.length * runsPerRoute);

    // The database is intact: every backup whole, every email normalised, every payment priced by
    // the catalogue, the same tables, the bystander untouched, and the accounts still signed in.
    const broken = rowsOf<{ id: string }>(
      await db.execute(sql`select s.id from saved_sessions s
        left join (select session_id, count(*) as n from session_tabs group by session_id) t on t.session_id = s.id
        left join (select session_id, count(*) as n from session_applications group by session_id) a on a.session_id = s.id
        where coalesce(t.n, 0) <> s.tab_count or coalesce(a.n, 0) <> s.app_count`),
    );
    expect(broken).toEqual([]);
    // Every device's open tabs are one whole row: the count it shows is the tabs it holds.
    const brokenOpenTabs = rowsOf<{ id: string }>(
      await db.execute(sql`select device_id as id from open_tabs o
        where o.tab_count <> (select coalesce(sum(jsonb_array_length(w -> 'tabs')), 0) from jsonb_array_elements(o.windows) w)
        or o.window_count <> jsonb_array_length(o.windows)`),
    );
    expect(brokenOpenTabs).toEqual([]);
    const badEmails = rowsOf<{ email: string }>(await db.execute(sql`select email from users where email <> lower(trim(email))`));
    expect(badEmails).toEqual([]);
    const prices = Object.values(plans).map((plan) => plan.priceCents);
    const badAmounts = rowsOf<{ amount: number }>(await db.execute(sql`select amount_cents as amount from payments`)).filter(
      (row) => !prices.includes(Number(row.amount)),
    );
    expect(badAmounts).toEqual([]);
    const tablesAfter = rowsOf<{ name: string }>(
      await db.execute(sql`select table_name as name from information_schema.tables where table_schema = 'public' order by 1`),
    );
    expect(tablesAfter).toEqual(tablesBefore);
    const bystanderAfter = await server.app.inject({ method: "GET", url: `/api/saved-sessions/${bystanderBackup.json().sessionId}`, ...withSession(bystander.cookie) });
    expect(bystanderAfter.json()).toEqual(bystanderBefore.json());
    for (const cookie of [owner.ownerCookie, owner.adminCookie, bystander.cookie]) {
      expect((await server.app.inject({ method: "GET", url: "/api/auth/user", ...withSession(cookie) })).statusCode).toBe(200);
    }
  // A limit for a hung run only (CI runs this beside the browser tests, decision 214); nothing here measures speed.
  }, 600_000);
});
