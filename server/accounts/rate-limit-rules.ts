import type { FastifyRequest } from "fastify";
import { emailAddressSchema } from "@common/api/accounts";
import { clientAddress, type RateLimitRule } from "../rate-limits/rate-limits";
import { tokenDigest } from "./secret-token";

const minutes = (count: number) => count * 60_000;

/** The normalised email a request is about (body or query), or null when it has none that parses. */
export function requestedEmail(request: FastifyRequest): string | null {
  const source = (request.body ?? request.query) as { email?: unknown } | undefined;
  const parsed = emailAddressSchema.safeParse(source?.email);
  return parsed.success ? parsed.data : null;
}

/**
 * The rate limiter's key for the address a request is about: its SHA-256, never the address, so the counters
 * (in the database or Redis, for at most their window) hold no one's address (decision 216).
 */
export function requestedEmailKey(request: FastifyRequest): string | null {
  const email = requestedEmail(request);
  return email === null ? null : tokenDigest(email);
}

/**
 * Every endpoint that sends mail shares these counters, so switching endpoints buys no extra mail:
 * per address, to protect an inbox from being flooded; per IP, to stop one client spraying many.
 */
export const mailSendingLimits: readonly RateLimitRule[] = [
  {
    name: "mail-ip",
    max: 30,
    windowMs: minutes(15),
    // Only requests that name an address can send mail; a bare /api/login just shows the form.
    key: (request) => (requestedEmail(request) === null ? null : clientAddress(request)),
    message: (wait) => `Too many sign-up and sign-in requests from your network. Try again in ${wait}.`,
  },
  {
    name: "mail-email",
    max: 5,
    windowMs: minutes(15),
    key: requestedEmailKey,
    message: (wait) => `Too many emails requested for this address. Check your inbox, or try again in ${wait}.`,
  },
];

/**
 * Endpoints that tell whether an address has an account or is verified (`/api/verify-user`,
 * `/api/downloads/available?email=`): one budget, so nobody can sweep a list through either.
 */
export const emailLookupLimits: readonly RateLimitRule[] = [
  {
    name: "lookup-ip",
    max: 60,
    windowMs: minutes(15),
    // The download list without an email looks nobody up.
    key: (request) => (requestedEmail(request) === null ? null : clientAddress(request)),
    message: (wait) => `Too many lookups from your network. Try again in ${wait}.`,
  },
  {
    name: "lookup-email",
    max: 20,
    windowMs: minutes(15),
    key: requestedEmailKey,
    message: (wait) => `Too many lookups of this address. Try again in ${wait}.`,
  },
];
