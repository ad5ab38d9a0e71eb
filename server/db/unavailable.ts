/**
 * Tells "the database cannot be reached right now" (answered 503, worth retrying) apart from a
 * bug in our query (500). Drizzle wraps driver errors, so the whole cause chain is examined.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    if (matches(current)) return true;
    current = current.cause;
  }
  return false;
}

const networkCodes = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "ENOTFOUND", "EAI_AGAIN", "EPIPE", "EHOSTUNREACH"]);

/** SQLSTATE classes and codes that mean the server is unreachable, shutting down or overloaded. */
function isUnavailableSqlState(code: string): boolean {
  return (
    code.startsWith("08") || // connection exception
    code === "57014" || // query canceled (statement_timeout)
    code === "57P01" || // admin shutdown
    code === "57P02" || // crash shutdown
    code === "57P03" || // cannot connect now (starting up)
    code === "53300" // too many connections
  );
}

const unavailableMessages = [
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "Query read timeout",
  "Cannot use a pool after calling end on the pool",
  "Client was closed and is not queryable",
  "Client has encountered a connection error and is not queryable",
  "PGlite is closed",
  "Database did not answer in time",
];

function matches(error: Error): boolean {
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && (networkCodes.has(code) || isUnavailableSqlState(code))) return true;
  return unavailableMessages.some((message) => error.message.includes(message));
}
