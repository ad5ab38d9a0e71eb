import { createHash, randomBytes } from "node:crypto";

/** 32 random bytes, URL-safe: what a sign-in link carries. */
export function newSecretToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Tokens and session ids are looked up by this digest; the raw value is never stored. */
export function tokenDigest(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
