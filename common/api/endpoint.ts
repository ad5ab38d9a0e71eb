import type { z } from "zod";

/** HTTP methods the API uses. */
export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * One endpoint of the API, declared once and read by both sides: the server registers its route from
 * it (the domain supplies the handler), the web app and the extension call it with {@link endpointUrl}
 * and check the answer with {@link parseEndpointAnswer}. `path` uses Fastify's `:name` parameters.
 */
export interface Endpoint {
  readonly method: HttpMethod;
  readonly path: string;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** The schema of every answer by status; the 2xx ones describe success. */
  readonly responses: Readonly<Partial<Record<number, z.ZodType>>>;
  /**
   * What a 2xx answer is when it is not JSON: a file, a CSV export or a redirect. Such endpoints are
   * reached by URL (a link, a navigation), never parsed.
   */
  readonly answers?: "json" | "file" | "csv" | "redirect";
}

/** Declares an endpoint; `const` keeps its literal method, path and exact schemas for inference. */
export function defineEndpoint<const E extends Endpoint>(endpoint: E): E {
  return endpoint;
}

type SchemaInput<S> = S extends z.ZodType ? z.input<S> : never;
type SuccessStatus = 200 | 201 | 202 | 204;

/** What a caller passes: only the parts the endpoint declares, each in its input (pre-parse) shape. */
export type EndpointInput<E extends Endpoint> = (E["params"] extends z.ZodType ? { params: SchemaInput<E["params"]> } : { params?: never }) &
  (E["query"] extends z.ZodType ? { query: SchemaInput<E["query"]> } : { query?: never }) &
  (E["body"] extends z.ZodType ? { body: SchemaInput<E["body"]> } : { body?: never });

/** True when a call needs no input at all, so `call(endpoint)` may leave it out. */
export type InputOptional<E extends Endpoint> = E["params"] extends z.ZodType
  ? false
  : E["query"] extends z.ZodType
    ? false
    : E["body"] extends z.ZodType
      ? false
      : true;

/** The parsed answer of a successful call: the union of the endpoint's 2xx schemas' outputs. */
export type EndpointAnswer<E extends Endpoint> = {
  [S in keyof E["responses"]]: S extends SuccessStatus ? (E["responses"][S] extends z.ZodType ? z.output<E["responses"][S]> : never) : never;
}[keyof E["responses"]];

/**
 * The URL of a call: `:name` parameters filled in (each encoded as one segment) and the query string
 * appended, without origin, so the same value works in the web app and, prefixed with the server's
 * origin, in the extension. Undefined and null query values are left out.
 */
export function endpointUrl<E extends Endpoint>(endpoint: E, input?: { params?: unknown; query?: unknown }): string {
  const params = (input?.params ?? {}) as Record<string, unknown>;
  const path = endpoint.path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) throw new Error(`${endpoint.method} ${endpoint.path}: missing parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries((input?.query ?? {}) as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    query.append(name, String(value));
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/** An answer that does not match the endpoint's declared schema: the two sides disagree. */
export class EndpointAnswerError extends Error {
  constructor(
    readonly endpoint: Pick<Endpoint, "method" | "path">,
    readonly status: number,
    detail: string,
  ) {
    super(`Unexpected answer from ${endpoint.method} ${endpoint.path} (${status}): ${detail}`);
    this.name = "EndpointAnswerError";
  }
}

/**
 * Checks a successful answer's body against the schema declared for its status. A status the endpoint
 * does not declare, or a body that does not match, is an {@link EndpointAnswerError}: never cast.
 */
export function parseEndpointAnswer<E extends Endpoint>(endpoint: E, status: number, body: unknown): EndpointAnswer<E> {
  const schema = endpoint.responses[status];
  if (!schema) throw new EndpointAnswerError(endpoint, status, "status not declared");
  const parsed = schema.safeParse(status === 204 ? null : body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? `${issue.path.join(".")}: ` : "";
    throw new EndpointAnswerError(endpoint, status, `${where}${issue?.message ?? "invalid body"}`);
  }
  return parsed.data as EndpointAnswer<E>;
}
