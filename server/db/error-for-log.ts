import pino from "pino";

/** What a log may say of a database error: the SQLSTATE and the names of what it hit, never a value. */
export interface DatabaseErrorSummary {
  type: string;
  /** SQLSTATE, e.g. 23505 (unique violation), or a network code (ECONNREFUSED). */
  code: string | undefined;
  constraint: string | undefined;
  table: string | undefined;
  column: string | undefined;
}

const sqlState = /^[0-9A-Z]{5}$/;

/**
 * The first error in the cause chain that came from the database: Drizzle's wrapper (which carries the
 * query and its parameters) or the driver's own (whose message and detail repeat values:
 * `Key (email)=(…) already exists`).
 */
function databaseErrorIn(error: unknown): Error | null {
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    const fields = current as Error & { query?: unknown; params?: unknown; code?: unknown; severity?: unknown };
    if (current.name === "DrizzleQueryError" || "params" in fields) return current;
    if (typeof fields.code === "string" && sqlState.test(fields.code) && fields.severity !== undefined) return current;
    current = current.cause;
  }
  return null;
}

function driverFields(error: unknown): Partial<Record<"code" | "constraint" | "table" | "column", string>> {
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    const { code, constraint, table, column } = current as Error & Record<string, unknown>;
    if (typeof code === "string") {
      const text = (value: unknown) => (typeof value === "string" ? value : undefined);
      return { code, constraint: text(constraint), table: text(table), column: text(column) };
    }
    current = current.cause;
  }
  return {};
}

/** A database error as it may be logged, or null when the error did not come from the database. */
export function databaseErrorSummary(error: unknown): DatabaseErrorSummary | null {
  if (databaseErrorIn(error) === null) return null;
  const { code, constraint, table, column } = driverFields(error);
  return { type: "DatabaseError", code, constraint, table, column };
}

/** One line for the admin's system log: code and constraint, as the log has them. */
export function databaseErrorText(summary: DatabaseErrorSummary): string {
  const where = [summary.table && `table ${summary.table}`, summary.column && `column ${summary.column}`, summary.constraint && `constraint ${summary.constraint}`]
    .filter(Boolean)
    .join(", ");
  return `Database error ${summary.code ?? "(no code)"}${where ? ` on ${where}` : ""}`;
}

/** The stack's own frames (file and line, never a value), without the message lines and causes that repeat values. */
function framesOnly(error: Error): string {
  const frames: string[] = [];
  for (const line of (error.stack ?? "").split("\n")) {
    if (line.startsWith("    at ")) frames.push(line);
    else if (frames.length > 0) break;
  }
  return frames.join("\n");
}

/** What every logger of the server writes for an `err`. */
export interface ErrorForLog {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/**
 * pino's `err` serializer for every logger of the server: a database error (anywhere in the cause chain)
 * is logged by its {@link DatabaseErrorSummary}, its message made from that and its stack from our own
 * frames, with no query, parameters or driver message, since those hold tabs, form data and addresses.
 * Every other error is serialized as pino does.
 */
export function errorForLog(error: Error): ErrorForLog {
  const summary = databaseErrorSummary(error);
  if (!summary) return pino.stdSerializers.err(error);
  return { ...summary, message: databaseErrorText(summary), stack: `${databaseErrorText(summary)}\n${framesOnly(error)}` };
}
