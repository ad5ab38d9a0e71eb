import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RATE_LIMIT_LONGEST_WINDOW_MINUTES } from "@common/product";
import { tokenDigest } from "../accounts/secret-token";
import { useTestApp } from "../test/test-app";
import { rateLimitGuard } from "./rate-limits";

/** A clock the test moves forward, to reach the end of a window without waiting. */
function fakeClock() {
  let now = new Date("2026-11-23T10:00:00Z").getTime();
  return { clock: () => new Date(now), advance: (ms: number) => void (now += ms) };
}

const capture = (email: string, remoteAddress = "203.0.113.7") => ({
  method: "POST" as const,
  url: "/api/capture-email",
  payload: { email, source: "email_signup_modal" },
  remoteAddress,
});

describe("rate limits on endpoints that send mail (database counters)", () => {
  const time = fakeClock();
  const server = useTestApp({ clock: time.clock });

  it("answers 429 {message} with Retry-After after 5 requests for one address, and lifts after the window", async () => {
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await server.app.inject(capture("flood@example.com"))).statusCode).toBe(200);
    }
    const limited = await server.app.inject(capture("flood@example.com"));
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many emails requested for this address\. .*try again in 15 minutes\.$/);
    expect(Number(limited.headers["retry-after"])).toBe(900);

    // The same address from another network is still one inbox: still limited.
    expect((await server.app.inject(capture("flood@example.com", "198.51.100.1"))).statusCode).toBe(429);
    // Another address from the same network is not.
    expect((await server.app.inject(capture("other@example.com"))).statusCode).toBe(200);

    time.advance(15 * 60_000 + 1);
    expect((await server.app.inject(capture("flood@example.com"))).statusCode).toBe(200);
  });

  it("limits one network across many addresses, and counts sign-in links in the same budget", async () => {
    const ip = "192.0.2.50";
    for (let index = 0; index < 25; index += 1) {
      expect((await server.app.inject(capture(`spray${index}@example.com`, ip))).statusCode).toBe(200);
    }
    for (let index = 0; index < 5; index += 1) {
      const login = await server.app.inject({
        method: "GET",
        url: `/api/login?email=spray-login${index}@example.com`,
        remoteAddress: ip,
      });
      expect(login.statusCode).toBe(303);
    }
    const limited = await server.app.inject(capture("one-more@example.com", ip));
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/from your network/);
    expect(limited.headers["retry-after"]).toBeDefined();
  });

  it("sends a browser that hits the limit on /api/login to the sign-in screen with the wait", async () => {
    const ip = "192.0.2.99";
    for (let index = 0; index < 5; index += 1) {
      time.advance(61_000); // past the resend window
      await server.app.inject({ method: "GET", url: "/api/login?email=busy@example.com", remoteAddress: ip });
    }
    const navigation = await server.app.inject({
      method: "GET",
      url: "/api/login?email=busy@example.com",
      remoteAddress: ip,
      headers: { accept: "text/html,application/xhtml+xml" },
    });
    expect(navigation.statusCode).toBe(303);
    expect(navigation.headers.location).toMatch(/^\/sign-in\?error=rate-limited&retryAfter=\d+$/);
    const api = await server.app.inject({ method: "GET", url: "/api/login?email=busy@example.com", remoteAddress: ip });
    expect(api.statusCode).toBe(429);
    expect(api.json().message).toMatch(/Too many emails/);
  });

  it("limits lookups on /api/verify-user per address", async () => {
    const verify = () =>
      server.app.inject({ method: "POST", url: "/api/verify-user", payload: { email: "looked-up@example.com" } });
    for (let index = 0; index < 20; index += 1) expect((await verify()).statusCode).toBe(200);
    const limited = await verify();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/Too many lookups of this address/);
  });
});

const redisUrl = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

describe("rate limits with REDIS_URL: counters shared in Redis", () => {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  const prefix = `t${process.pid}${Date.now()}`;
  // Its own client IP too: CI runs this file on PGlite and on PostgreSQL at once against the one Redis (decision 214).
  const clientIp = `203.0.113.${1 + (process.pid % 254)}`;
  const server = useTestApp({ redis });
  beforeAll(async () => {
    await redis.connect();
  });
  afterAll(async () => {
    // Only this file's keys: another test file may be counting in the same Redis right now.
    const keys = [...(await redis.keys(`tabvault:rate-limit:*${prefix}*`)), ...(await redis.keys(`tabvault:rate-limit:*${clientIp}*`)), ...(await redis.keys(`tabvault:rate-limit:*${tokenDigest(`${prefix}@example.com`)}*`))];
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it("counts in Redis and answers 429 with Retry-After", async () => {
    const email = `${prefix}@example.com`;
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await server.app.inject(capture(email, clientIp))).statusCode).toBe(200);
    }
    const limited = await server.app.inject(capture(email, clientIp));
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    // The address is counted by its SHA-256, never kept in Redis as it is (decision 216).
    expect((await redis.keys(`tabvault:rate-limit:*${tokenDigest(email)}*`)).length).toBeGreaterThan(0);
    expect(await redis.keys(`tabvault:rate-limit:*${prefix}*`)).toEqual([]);
  });
});

describe("rate-limit windows", () => {
  const server = useTestApp();

  it(`refuses a rule whose window is longer than ${RATE_LIMIT_LONGEST_WINDOW_MINUTES} minutes (the privacy policy's promise)`, () => {
    const rule = { name: "too-long", max: 1, key: () => "k", message: () => "no" };
    expect(() => rateLimitGuard(server.app, [{ ...rule, windowMs: (RATE_LIMIT_LONGEST_WINDOW_MINUTES + 1) * 60_000 }])).toThrow(/window longer than/);
    expect(() => rateLimitGuard(server.app, [{ ...rule, windowMs: RATE_LIMIT_LONGEST_WINDOW_MINUTES * 60_000 }])).not.toThrow();
  });
});
