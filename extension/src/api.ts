import { type Endpoint, type EndpointAnswer, endpointUrl, parseEndpointAnswer } from "@common/api/endpoint";

/** Why a call did not succeed, in the terms the queue and the popup act on. */
export type CallFailure =
  | { kind: "network"; message: string }
  | { kind: "unauthorized"; status: 401; message: string }
  | { kind: "server"; status: number; message: string; retryAfterMs: number | null }
  | { kind: "rate-limited"; status: 429; message: string; retryAfterMs: number | null }
  | { kind: "refused"; status: number; message: string; body: unknown };

export type CallResult<E extends Endpoint> = { ok: true; status: number; data: EndpointAnswer<E> } | ({ ok: false } & CallFailure);

export interface CallOptions {
  serverUrl: string;
  token?: string | null;
  /** Gzip the JSON body (CompressionStream) and say so with Content-Encoding. */
  gzip?: boolean;
  fetch: typeof fetch;
}

export async function gzipJson(value: unknown): Promise<Uint8Array<ArrayBuffer>> {
  const stream = new Blob([JSON.stringify(value)]).stream().pipeThrough(new CompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

function retryAfter(response: Response): number | null {
  const header = response.headers.get("retry-after");
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isFinite(date) ? Math.max(0, date - Date.now()) : null;
}

function messageOf(body: unknown, fallback: string): string {
  if (body && typeof body === "object" && "message" in body && typeof body.message === "string") return body.message;
  return fallback;
}

/**
 * Calls an endpoint of the contract on the extension's server with the device token: the URL comes
 * from {@link endpointUrl}, a 2xx answer is checked by {@link parseEndpointAnswer}, and every failure is
 * sorted into what the caller does next (retry later, disconnect, give up).
 */
export async function callEndpoint<E extends Endpoint>(
  endpoint: E,
  input: { params?: unknown; query?: unknown; body?: unknown },
  options: CallOptions,
): Promise<CallResult<E>> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  let body: BodyInit | undefined;
  if (input.body !== undefined) {
    headers["Content-Type"] = "application/json";
    if (options.gzip) {
      headers["Content-Encoding"] = "gzip";
      body = await gzipJson(input.body);
    } else {
      body = JSON.stringify(input.body);
    }
  }
  let response: Response;
  try {
    response = await options.fetch(new URL(endpointUrl(endpoint, input), options.serverUrl).toString(), {
      method: endpoint.method,
      headers,
      body,
      // The token is the only credential: no cookie of the person's signed-in tab rides along.
      credentials: "omit",
      cache: "no-store",
    });
  } catch (error) {
    return { ok: false, kind: "network", message: error instanceof Error ? error.message : String(error) };
  }
  const text = await response.text().catch(() => "");
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  if (response.status >= 200 && response.status < 300) {
    try {
      return { ok: true, status: response.status, data: parseEndpointAnswer(endpoint, response.status, parsed) };
    } catch (error) {
      // A server of another version: treated like a server error, so uploads wait and retry.
      return { ok: false, kind: "server", status: response.status, message: error instanceof Error ? error.message : String(error), retryAfterMs: null };
    }
  }
  const message = messageOf(parsed, `${response.status} ${response.statusText}`.trim());
  if (response.status === 401) return { ok: false, kind: "unauthorized", status: 401, message };
  if (response.status === 429) return { ok: false, kind: "rate-limited", status: 429, message, retryAfterMs: retryAfter(response) };
  // 408 and 5xx are the server's trouble, not the request's.
  if (response.status >= 500 || response.status === 408) return { ok: false, kind: "server", status: response.status, message, retryAfterMs: retryAfter(response) };
  return { ok: false, kind: "refused", status: response.status, message, body: parsed };
}
