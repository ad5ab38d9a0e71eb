import type { FastifyInstance } from "fastify";

/**
 * PostgreSQL's text and jsonb cannot hold U+0000, so a NUL anywhere in a request failed the insert
 * with a 500. Before validation, every NUL in the JSON body and the query (keys and values) becomes
 * U+FFFD, as an HTML parser does: a backup with one odd form value is kept rather than refused,
 * and fields with a format (emails, ids) still fail their own validation with a 400.
 */
export function replaceNulCharacters(app: FastifyInstance): void {
  app.addHook("preValidation", async (request) => {
    // Raw bodies (the Stripe webhook's Buffer) are checked by their own signature, not stored as text.
    if (request.body !== undefined && !Buffer.isBuffer(request.body)) request.body = withoutNul(request.body);
    request.query = withoutNul(request.query);
  });
}

const nul = "\u0000";
const replacement = "\ufffd";

/** The value with every NUL in its strings and keys replaced; the same object when it has none. */
export function withoutNul<T>(value: T): T {
  if (typeof value === "string") return (value.includes(nul) ? value.replaceAll(nul, replacement) : value) as T;
  if (Array.isArray(value)) {
    let changed = false;
    const items = value.map((item: unknown) => {
      const clean = withoutNul(item);
      changed ||= clean !== item;
      return clean;
    });
    return (changed ? items : value) as T;
  }
  if (value !== null && typeof value === "object") {
    let changed = false;
    const entries = Object.entries(value).map(([key, item]: [string, unknown]) => {
      const clean: [string, unknown] = [withoutNul(key), withoutNul(item)];
      changed ||= clean[0] !== key || clean[1] !== item;
      return clean;
    });
    return (changed ? Object.fromEntries(entries) : value) as T;
  }
  return value;
}
