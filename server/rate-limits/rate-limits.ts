import fastifyRateLimit, { normalizeIP } from "@fastify/rate-limit";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { Redis } from "ioredis";
import type { ErrorResponse } from "@common/api/errors";
import { RATE_LIMIT_LONGEST_WINDOW_MINUTES } from "@common/product";
import type { Database } from "../db/database";
import { unavailableMessage } from "../http/errors";
import { databaseRateLimitStore } from "./database-store";

export interface RateLimitOptions {
  db: Database;
  clock: () => Date;
  /** Counters live in Redis when it is configured (REDIS_URL), else in the database. */
  redis?: Redis;
}

/** Registers @fastify/rate-limit with no global limit: routes opt in with {@link rateLimitGuard}. */
export const rateLimits = fp<RateLimitOptions>(
  async (app, { db, clock, redis }) => {
    await app.register(fastifyRateLimit, {
      global: false,
      ...(redis ? { redis, nameSpace: "tabvault:rate-limit:" } : { store: databaseRateLimitStore(db, clock) }),
    });
  },
  { name: "rate-limits" },
);

/** One limit: at most `max` hits per `windowMs` for each key the rule derives from a request. */
export interface RateLimitRule {
  /** Names the counter; two rules with one name share it. */
  name: string;
  max: number;
  windowMs: number;
  /** What is counted, e.g. the client IP or the email in the body; null skips the rule. */
  key: (request: FastifyRequest) => string | null;
  /** The 429 message, given the wait in words ("2 minutes"). */
  message: (wait: string) => string;
}

export interface ExceededLimit {
  message: string;
  retryAfterSeconds: number;
}

/** The client's address (after TRUST_PROXY), IPv6 grouped by /64 as one subscriber's network. */
export function clientAddress(request: FastifyRequest): string {
  return normalizeIP(request.ip);
}

/**
 * A preHandler that counts the request against every rule and answers 429 {message} with
 * Retry-After when one is exceeded. Limiters are created once here, not per request.
 */
export function rateLimitGuard(
  app: FastifyInstance,
  rules: readonly RateLimitRule[],
  options: { onExceeded?: (request: FastifyRequest, reply: FastifyReply, limit: ExceededLimit) => FastifyReply } = {},
) {
  for (const rule of rules) {
    // The privacy policy promises counters are gone within RATE_LIMIT_COUNTER_HOURS; a longer window would break it.
    if (rule.windowMs > RATE_LIMIT_LONGEST_WINDOW_MINUTES * 60_000) throw new Error(`rate limit ${rule.name}: window longer than ${RATE_LIMIT_LONGEST_WINDOW_MINUTES} minutes`);
  }
  const limiters = rules.map((rule) => ({
    rule,
    check: app.createRateLimit({
      max: rule.max,
      timeWindow: rule.windowMs,
      keyGenerator: (request) => `${rule.name}:${rule.key(request) ?? ""}`,
    }),
  }));
  return async function enforceRateLimits(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    for (const { rule, check } of limiters) {
      if (rule.key(request) === null) continue;
      let result: Awaited<ReturnType<typeof check>>;
      try {
        result = await check(request);
      } catch (error) {
        request.log.warn({ err: error }, "rate limit store unavailable");
        return reply.code(503).send({ message: unavailableMessage } satisfies ErrorResponse);
      }
      if (!result.isAllowed && result.isExceeded) {
        const seconds = Math.max(1, result.ttlInSeconds);
        request.log.info({ limit: rule.name }, "rate limit reached");
        const exceeded: ExceededLimit = { message: rule.message(waitInWords(seconds)), retryAfterSeconds: seconds };
        if (options.onExceeded) return options.onExceeded(request, reply, exceeded);
        return reply
          .code(429)
          .header("retry-after", String(seconds))
          .send({ message: exceeded.message } satisfies ErrorResponse);
      }
    }
  };
}

export function waitInWords(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? "1 second" : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}
